// The rating service behind `sudoku-forge serve`, without the HTTP layer:
// each endpoint is one method taking the request (JSON body or query
// parameters) and returning the answer (HTTP status, JSON body). It adds no
// engine code: it makes the same library calls as the CLI's rate, explain,
// hint, generate and render commands (bank/, render/), in the same protobuf
// JSON mapping (storage/cli_output.proto, deduction_output.proto,
// service.proto).
//
// Compute runs on a fixed pool of workers behind a bounded queue
// (work_queue.h); each worker has its own bank connection (SQLite in WAL
// mode: readers concurrent), writes are serialised by one mutex, and a
// submission's rating is committed before its answer is returned.
//
// Limits: shapes allowed, an exact-search node budget checked before any
// deduction runs (a near-empty 25x25 grid is answered "several solutions"
// or refused, never explained for minutes), a wall-clock budget per request
// whose deadline (arrival + max_seconds) is passed down to the engine: the
// uniqueness check (BruteForceSolve's deadline), the rater's and the step
// solver's max_seconds (set to what is left of the budget when the job
// starts), so an over-budget job stops and frees its worker; a job that
// starts after its deadline is dropped unrun; a bounded queue (503 with
// Retry-After).
#ifndef SUDOKU_SERVICE_SERVICE_H_
#define SUDOKU_SERVICE_SERVICE_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "bank/rating_bank.h"
#include "deduction/step_solver.h"
#include "rater/rater.h"
#include "service/metrics.h"
#include "service/work_queue.h"
#include "storage/cli_output.pb.h"
#include "storage/sqlite_puzzle_store.h"

namespace sudoku::service {

struct ServiceOptions {
  // The bank (SQLite file); "" = no bank (nothing stored or looked up,
  // /api/v1/puzzles answers 404, generate always generates).
  std::string db_path;
  int workers = 2;  // compute threads
  // Threads that run only light requests (IsLight): an ordinary puzzle
  // does not wait behind hard ones on the `workers`.
  int express_workers = 0;
  int queue = 16;  // jobs that may wait for a worker beyond those
  // Shape names allowed ("3x3", "4x4"); empty = every shape.
  std::vector<std::string> shapes;
  // Exact-search nodes allowed for the uniqueness check that precedes any
  // rating, explanation or hint.
  int64_t max_nodes = 2'000'000;
  // Seconds a request may take, queue wait included; the engine gets what
  // is left of it when the job starts.
  double max_seconds = 10;
  // The work budget of each search of SE's nested forcing chains when a
  // rating walks them (RaterOptions::top_work): the hardest 9x9 puzzles
  // (SE 9.0 and up) take seconds of CPU there, some more than max_seconds
  // allows; a smaller budget gives them the trial estimate instead of an
  // out-of-time answer. A rating parameter (stored with ratings).
  int64_t top_work = DeductionOptions::kDefaultMaxNodes;
  // Run the stochastic solvers when rating (solver_success in the answer).
  bool stochastic = true;
  // Provenance source of submitted puzzles.
  std::string source = "submission";
  // The book (bank collection) that generate's answers join, so the bank's
  // unused stock hands each puzzle out once.
  std::string served_book = "served";
  // Tests only: called by each job before it runs.
  std::function<void()> job_hook;
};

// One answer: HTTP status, body and its type.
struct Answer {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
  std::string canonical_key;  // for the log line, when known
  int retry_after = 0;        // seconds, sent as Retry-After when > 0
};

// Whether `puzzle` is likely cheap to rate, explain or hint: the exact
// search settles it within a few nodes (clashing givens count as light).
// It picks the express lane (ServiceOptions::express_workers), never an
// answer.
bool IsLight(const Grid& puzzle);

// An error answer: ErrorOutput {error, status, retry_after, limit}.
Answer ErrorAnswer(int status, absl::string_view error,
                   absl::string_view limit = "", int retry_after = 0);

class Service {
 public:
  // Opens the bank (when options.db_path is set) once per worker; the
  // store's errors (NotFound, FailedPrecondition...) and bad options
  // (InvalidArgument) are returned.
  static absl::StatusOr<std::unique_ptr<Service>> Create(
      const ServiceOptions& options);
  ~Service();  // Shutdown()

  // POST /api/v1/rate: PuzzleRequest -> RateOutput.
  Answer Rate(absl::string_view body);
  // POST /api/v1/explain: PuzzleRequest -> ExplainOutput.
  Answer Explain(absl::string_view body);
  // POST /api/v1/hint: HintRequest -> HintOutput.
  Answer Hint(absl::string_view body);
  // GET /api/v1/generate?level=&shape=&symmetry=&seed= -> GeneratedOutput.
  Answer Generate(const std::map<std::string, std::string>& params);
  // GET /api/v1/puzzles/{key} -> StoredPuzzleOutput.
  Answer Puzzle(const std::string& key);
  // GET /api/v1/render?puzzle=&format=svg|pdf&shape= -> the image.
  Answer Render(const std::map<std::string, std::string>& params);
  // GET /metrics.
  std::string MetricsText() const;
  Metrics& metrics() { return metrics_; }

  // Finishes the queued jobs, then closes the bank. Idempotent.
  void Shutdown();

 private:
  using Clock = std::chrono::steady_clock;
  struct Worker {
    std::unique_ptr<SqlitePuzzleStore> store;  // null without a bank
    std::unique_ptr<bank::RatingBank> bank;    // over `store`, with rater_
  };
  Service(const ServiceOptions& options, const RaterOptions& rate_options,
          std::unique_ptr<Rater> rater, std::unique_ptr<Rater> judge,
          std::vector<Worker> workers);

  // Runs `fn` on a worker with the request's deadline (now + max_seconds);
  // a job that starts after it is not run.
  // `light` puts it in the express lane (WorkQueue).
  Answer RunJob(std::function<Answer(Worker&, Clock::time_point)> fn,
                bool light = false);
  // The puzzle of a request, or the error answer (which `ok` reports).
  absl::StatusOr<Grid> ParsePuzzle(const std::string& text,
                                   const std::string& shape) const;
  // "" when `shape` is allowed, else the error text.
  std::string ShapeRefusal(const std::string& shape_name) const;
  // The uniqueness check within max_nodes and the deadline: 0, 1 or 2
  // solutions, -1 when max_nodes ran out, -2 at the deadline. `known`
  // (optional) gets the search's result for Rater::Rate(puzzle, known).
  int CountSolutions(const Grid& puzzle, Clock::time_point deadline,
                     int64_t* nodes, SolveResult* known = nullptr) const;
  // The answer to a count of -1 or -2.
  Answer CountBudgetAnswer(int count, int64_t nodes);
  Answer NodeBudgetAnswer(int64_t nodes);
  Answer SecondsBudgetAnswer(absl::string_view what);
  // Stores a submission (source options_.source, the client's label) and
  // its rating in one transaction; returns the puzzle's id. A puzzle whose
  // isomorph is stored keeps that one's provenance.
  // A step solver (default ladder) bounded by what is left until
  // `deadline`; DeadlineExceeded when nothing is.
  absl::StatusOr<std::unique_ptr<StepSolver>> BoundedSteps(
      Clock::time_point deadline) const;
  Answer RateOnWorker(Worker& w, const Grid& puzzle, const std::string& label,
                      Clock::time_point deadline);
  // A stock puzzle of that level and shape, taken (marked used) in one
  // transaction, or nullopt when the stock is empty.
  absl::StatusOr<std::optional<GeneratedOutput>> TakeFromStock(
      Worker& w, const Shape& shape, Level level);
  Answer GenerateOnWorker(Worker& w, const Shape& shape,
                          const std::string& symmetry, Level level,
                          std::optional<uint64_t> seed);

  const ServiceOptions options_;
  // The rater's options; each rating job gets a rater with max_seconds set
  // to what is left of its request's budget.
  const RaterOptions rate_options_;
  // rate_options_ with the default bound: the bank's rating parameters
  // (max_seconds is not one).
  const std::unique_ptr<Rater> rater_;
  const std::unique_ptr<Rater> judge_;  // generate's judge (without them)
  std::vector<Worker> workers_;
  std::mutex write_mu_;  // one writer at a time
  Metrics metrics_;
  WorkQueue queue_;
};

}  // namespace sudoku::service

#endif  // SUDOKU_SERVICE_SERVICE_H_
