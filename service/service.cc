#include "service/service.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <future>
#include <random>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "bank/batch.h"
#include "bank/hint.h"
#include "bank/records.h"
#include "bank/step_output.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/status_macros.h"
#include "deduction/brute_force.h"
#include "deduction/step_solver.h"
#include "generator/generator.h"
#include "generator/symmetry.h"
#include "google/protobuf/util/json_util.h"
#include "rater/solver_features.h"
#include "render/grid_render.h"
#include "service/request.h"
#include "solvers/solver.h"
#include "storage/cli_output.pb.h"
#include "storage/deduction_output.pb.h"
#include "storage/json.h"
#include "storage/service.pb.h"

namespace sudoku::service {
namespace {

// The request body as `message`; the error text when it is not one.
std::string ParseJson(absl::string_view body,
                      google::protobuf::Message& message) {
  return ParseRequestJson(body, message);
}

Answer JsonAnswer(int status, const google::protobuf::Message& message) {
  Answer a;
  a.status = status;
  a.body = ToJson(message);
  return a;
}

cairo_status_t AppendToString(void* closure, const unsigned char* data,
                              unsigned int length) {
  static_cast<std::string*>(closure)->append(
      reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// The grid as render's WriteGridImage draws it (the same cell size rule:
// a 9x9 grid 360 units wide, at least 18 units a cell; half a cell of
// margin), into memory.
absl::StatusOr<std::string> RenderToString(const Grid& puzzle, bool pdf) {
  const int n = puzzle.size();
  const double cell = std::max(18.0, 360.0 / n);
  const double margin = 0.5 * cell;
  const double side = n * cell + 2 * margin;
  std::string out;
  cairo_surface_t* surface = pdf ? cairo_pdf_surface_create_for_stream(
                                       AppendToString, &out, side, side)
                                 : cairo_svg_surface_create_for_stream(
                                       AppendToString, &out, side, side);
  cairo_t* cr = cairo_create(surface);
  DrawGrid(cr, puzzle, nullptr, GridBox{margin, margin, n * cell}, GridStyle{});
  const cairo_status_t drawn = cairo_status(cr);
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  const cairo_status_t finished = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (drawn != CAIRO_STATUS_SUCCESS) return CairoStatus(drawn, "drawing");
  if (finished != CAIRO_STATUS_SUCCESS)
    return CairoStatus(finished, "writing the image");
  return out;
}

// Seconds from now to `deadline` (negative once it has passed).
double SecondsLeft(std::chrono::steady_clock::time_point deadline) {
  return std::chrono::duration<double>(deadline -
                                       std::chrono::steady_clock::now())
      .count();
}

std::string Param(const std::map<std::string, std::string>& params,
                  const std::string& name, const std::string& fallback = "") {
  auto it = params.find(name);
  return it == params.end() || it->second.empty() ? fallback : it->second;
}

}  // namespace

Answer ErrorAnswer(int status, absl::string_view error, absl::string_view limit,
                   int retry_after) {
  ErrorOutput out;
  out.set_error(std::string(error));
  out.set_status(static_cast<uint32_t>(status));
  out.set_limit(std::string(limit));
  out.set_retry_after(static_cast<uint32_t>(std::max(0, retry_after)));
  Answer a = JsonAnswer(status, out);
  a.retry_after = retry_after;
  return a;
}

absl::StatusOr<std::unique_ptr<Service>> Service::Create(
    const ServiceOptions& options) {
  if (options.workers < 1 || options.workers > 256)
    return absl::InvalidArgumentError("--threads must be 1..256");
  if (options.express_workers < 0 || options.express_workers > 256)
    return absl::InvalidArgumentError("--express-threads must be 0..256");
  if (options.queue < 0)
    return absl::InvalidArgumentError("--queue must be at least 0");
  if (!(options.max_seconds > 0))
    return absl::InvalidArgumentError("--max-seconds must be positive");
  if (options.max_nodes < 1)
    return absl::InvalidArgumentError("--max-nodes must be at least 1");
  for (const std::string& s : options.shapes) {
    absl::StatusOr<const Shape*> shape = Shape::FromSpec(s);
    if (!shape.ok())
      return absl::InvalidArgumentError(
          absl::StrCat("--shapes: ", shape.status().message()));
  }
  RaterOptions rate_options = WithSolverFeatures({});
  rate_options.top_work = options.top_work;
  rate_options.stochastic =
      options.stochastic ? StochasticUse::kAlways : StochasticUse::kIfModelUses;
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(rate_options);
  if (!rater.ok()) return rater.status();
  RaterOptions judge_options = WithSolverFeatures({});
  judge_options.top_work = options.top_work;
  absl::StatusOr<std::unique_ptr<Rater>> judge = Rater::Create(judge_options);
  if (!judge.ok()) return judge.status();
  std::vector<Worker> workers(
      static_cast<size_t>(options.workers + options.express_workers));
  if (!options.db_path.empty()) {
    for (Worker& w : workers) {
      absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
          SqlitePuzzleStore::Open(options.db_path);
      if (!store.ok()) return store.status();
      w.store = *std::move(store);
      w.bank =
          std::make_unique<bank::RatingBank>(*w.store, **rater, options.source);
    }
  }
  return std::unique_ptr<Service>(
      new Service(options, rate_options, *std::move(rater), *std::move(judge),
                  std::move(workers)));
}

Service::Service(const ServiceOptions& options,
                 const RaterOptions& rate_options, std::unique_ptr<Rater> rater,
                 std::unique_ptr<Rater> judge, std::vector<Worker> workers)
    : options_(options),
      rate_options_(rate_options),
      rater_(std::move(rater)),
      judge_(std::move(judge)),
      workers_(std::move(workers)),
      queue_(options.workers, options.express_workers, options.queue) {}

Service::~Service() { Shutdown(); }

void Service::Shutdown() {
  queue_.Shutdown();
  for (Worker& w : workers_) {
    w.bank.reset();
    w.store.reset();  // closes the connection (WAL checkpoint on the last)
  }
}

std::string Service::MetricsText() const {
  return metrics_.Text(queue_.Depth(), queue_.Busy(),
                       options_.workers + options_.express_workers);
}

Answer Service::RunJob(std::function<Answer(Worker&, Clock::time_point)> fn,
                       bool light) {
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(options_.max_seconds));
  auto promise = std::make_shared<std::promise<Answer>>();
  std::future<Answer> future = promise->get_future();
  const bool queued = queue_.TrySubmit(
      [this, promise, deadline, fn = std::move(fn)](int worker) {
        if (options_.job_hook) options_.job_hook();
        Answer a;
        if (Clock::now() >= deadline) {
          // Its request has been answered 503 (or soon will be): no one waits
          // for this work, so the worker moves on.
          a = ErrorAnswer(503,
                          "work budget exceeded while waiting for a worker",
                          "seconds", 1);
        } else {
          try {
            a = fn(workers_[static_cast<size_t>(worker)], deadline);
          } catch (const std::exception& e) {
            a = ErrorAnswer(500, absl::StrCat("internal error: ", e.what()));
          }
        }
        promise->set_value(std::move(a));
      },
      light);
  if (!queued) {
    return ErrorAnswer(503,
                       absl::StrCat("the server is busy: ",
                                    options_.workers + options_.express_workers,
                                    " workers running and ", options_.queue,
                                    " requests waiting (--queue); retry later"),
                       "queue", 1);
  }
  // The engine stops at the deadline between two steps (or every 256
  // search nodes); the grace lets a job that ran out of time say so itself.
  const auto grace = std::chrono::milliseconds(
      static_cast<int64_t>(std::min(2000.0, 250 + 100 * options_.max_seconds)));
  if (future.wait_until(deadline + grace) == std::future_status::timeout) {
    metrics_.BudgetExceeded();
    return ErrorAnswer(
        503,
        absl::StrCat("work budget exceeded: no answer within ",
                     options_.max_seconds,
                     " s (--max-seconds), waiting for a worker included; "
                     "retry later"),
        "seconds", static_cast<int>(options_.max_seconds) + 1);
  }
  return future.get();
}

Answer Service::SecondsBudgetAnswer(absl::string_view what) {
  metrics_.BudgetExceeded();
  return ErrorAnswer(
      503,
      absl::StrCat("work budget exceeded: the request's ", options_.max_seconds,
                   " s (--max-seconds) ran out; ", what),
      "seconds", static_cast<int>(options_.max_seconds) + 1);
}

absl::StatusOr<Grid> Service::ParsePuzzle(const std::string& text,
                                          const std::string& shape) const {
  return ParseRequestPuzzle(text, shape);
}

std::string Service::ShapeRefusal(const std::string& shape_name) const {
  if (options_.shapes.empty()) return "";
  for (const std::string& s : options_.shapes) {
    absl::StatusOr<const Shape*> allowed = Shape::FromSpec(s);
    if (allowed.ok() && (*allowed)->name() == shape_name) return "";
  }
  return absl::StrCat("shape ", shape_name, " is not served here (allowed: ",
                      absl::StrJoin(options_.shapes, ", "), "; --shapes)");
}

bool IsLight(const Grid& puzzle) {
  // The exact search settles an ordinary puzzle (one the singles nearly
  // solve) in a handful of nodes; a hard one needs more (magictour top1465:
  // median 23 backtrack nodes, qqwing easy: 1). A guess only: it chooses a
  // lane, never an answer.
  constexpr int64_t kLightNodes = 4;
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  if (!board.ok()) return true;  // clashing givens: answered at once
  return !BruteForceSolve(*board, kLightNodes).limit_hit;
}

int Service::CountSolutions(const Grid& puzzle, Clock::time_point deadline,
                            int64_t* nodes, SolveResult* known) const {
  absl::StatusOr<Board> board = Board::FromGrid(puzzle);
  if (!board.ok()) return 0;  // clashing givens: no solution
  BruteForceResult r = BruteForceSolve(*board, options_.max_nodes, deadline);
  *nodes = r.nodes;
  if (known != nullptr) {
    known->num_solutions = r.num_solutions;
    known->limit_hit = r.limit_hit;
    known->solutions = std::move(r.solutions);
    known->nodes = r.nodes;
  }
  if (!r.limit_hit) return r.num_solutions;
  return options_.max_nodes > 0 && r.nodes >= options_.max_nodes ? -1 : -2;
}

Answer Service::CountBudgetAnswer(int count, int64_t nodes) {
  if (count == -1) return NodeBudgetAnswer(nodes);
  return SecondsBudgetAnswer(absl::StrCat("the uniqueness check stopped after ",
                                          nodes, " search nodes"));
}

Answer Service::NodeBudgetAnswer(int64_t nodes) {
  metrics_.BudgetExceeded();
  return ErrorAnswer(
      422,
      absl::StrCat("work budget exceeded: the uniqueness check stopped after ",
                   nodes,
                   " search nodes (--max-nodes) without settling whether the "
                   "puzzle has one solution"),
      "nodes");
}

Answer Service::RateOnWorker(Worker& w, const Grid& puzzle,
                             const std::string& label,
                             Clock::time_point deadline) {
  RateOutput out;
  // The canonical form once, for the bank's key, the answer's and the
  // rater (ResourceExhausted for some near-empty large grids).
  const absl::StatusOr<Canonical> canonical = Canonicalize(puzzle);
  const absl::StatusOr<std::string> key =
      canonical.ok() ? absl::StatusOr<std::string>(CanonicalKeyOf(*canonical))
                     : canonical.status();
  // The bank first: a stored puzzle was proven unique when it was stored.
  if (w.bank != nullptr) {
    // Without a minlex key the store matches the puzzle as written
    // (SqlitePuzzleStore's "raw:" keys): its own lookup knows how.
    absl::StatusOr<std::optional<RateOutput>> stored =
        key.ok() ? w.bank->Lookup(puzzle, *key) : w.bank->Lookup(puzzle);
    if (!stored.ok())
      return ErrorAnswer(500,
                         absl::StrCat("bank: ", stored.status().message()));
    if (stored->has_value()) {
      out = **std::move(stored);
      metrics_.RatingFromBank();
    }
  }
  if (out.status() != RateOutput::RATED) {
    int64_t nodes = 0;
    SolveResult known;
    const int count = CountSolutions(puzzle, deadline, &nodes, &known);
    if (count < 0) return CountBudgetAnswer(count, nodes);
    // The rater gets what is left of the budget (RaterOptions::max_seconds,
    // its walk's and its exact search's bound).
    const double left = SecondsLeft(deadline);
    if (left <= 0) return SecondsBudgetAnswer("before the rating started");
    RaterOptions bounded = rate_options_;
    bounded.max_seconds = left;
    absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(bounded);
    if (!rater.ok())
      return ErrorAnswer(500,
                         absl::StrCat("rater: ", rater.status().message()));
    // The count above is the rater's verdict, and the canonical form its
    // form (neither made twice).
    const RatingResult result =
        canonical.ok() ? (*rater)->Rate(puzzle, std::move(known), *canonical)
                       : (*rater)->Rate(puzzle, std::move(known));
    if (result.status == RateStatus::kOutOfTime)
      return SecondsBudgetAnswer("the rating stopped unfinished");
    out = bank::RateOutputOf(puzzle, **rater, result, /*explain=*/false);
    if (out.status() == RateOutput::RATED) {
      metrics_.RatingComputed();
      if (w.bank != nullptr) {
        std::lock_guard<std::mutex> lock(write_mu_);
        absl::StatusOr<int64_t> id =
            w.bank->Store(puzzle, result, label, key.ok() ? *key : "");
        if (!id.ok()) {
          return ErrorAnswer(
              500, absl::StrCat("storing failed: ", id.status().message()));
        }
        out.set_puzzle_id(static_cast<uint64_t>(*id));
      }
    }
  }
  if (out.status() == RateOutput::RATED && key.ok())
    out.set_canonical_key(*key);
  Answer a = JsonAnswer(out.status() == RateOutput::RATED ? 200 : 422, out);
  a.canonical_key = out.canonical_key();
  return a;
}

Answer Service::Rate(absl::string_view body) {
  PuzzleRequest request;
  if (std::string e = ParseJson(body, request); !e.empty())
    return ErrorAnswer(400, e);
  absl::StatusOr<Grid> puzzle = ParsePuzzle(request.puzzle(), request.shape());
  if (!puzzle.ok()) {
    RateOutput out;
    out.set_status(RateOutput::INVALID);
    out.set_error(std::string(puzzle.status().message()));
    return JsonAnswer(422, out);
  }
  if (std::string refusal = ShapeRefusal(puzzle->shape().name());
      !refusal.empty()) {
    return ErrorAnswer(422, refusal, "shape");
  }
  const bool light = IsLight(*puzzle);
  return RunJob(
      [this, grid = *puzzle, label = request.label()](
          Worker& w, Clock::time_point deadline) {
        return RateOnWorker(w, grid, label, deadline);
      },
      light);
}

Answer Service::Explain(absl::string_view body) {
  PuzzleRequest request;
  if (std::string e = ParseJson(body, request); !e.empty())
    return ErrorAnswer(400, e);
  absl::StatusOr<Grid> puzzle = ParsePuzzle(request.puzzle(), request.shape());
  if (!puzzle.ok()) {
    ExplainOutput out;
    out.set_status(ExplainOutput::INVALID);
    out.set_error(std::string(puzzle.status().message()));
    return JsonAnswer(422, out);
  }
  if (std::string refusal = ShapeRefusal(puzzle->shape().name());
      !refusal.empty()) {
    return ErrorAnswer(422, refusal, "shape");
  }
  return RunJob(
      [this, grid = *puzzle](Worker&, Clock::time_point deadline) {
        int64_t nodes = 0;
        const int solutions = CountSolutions(grid, deadline, &nodes);
        if (solutions < 0) return CountBudgetAnswer(solutions, nodes);
        if (solutions != 1) {
          // The verdict without the walk-through (which on a near-empty grid
          // runs for minutes); the words of ExplainToOutput.
          ExplainOutput out;
          out.set_puzzle(ToLine(grid));
          out.set_status(solutions == 0 ? ExplainOutput::NONE
                                        : ExplainOutput::MULTIPLE);
          out.set_error(solutions == 0
                            ? "the puzzle has no solution"
                            : "the puzzle has several solutions; uniqueness "
                              "techniques were not used");
          return JsonAnswer(422, out);
        }
        absl::StatusOr<std::unique_ptr<StepSolver>> steps =
            BoundedSteps(deadline);
        if (!steps.ok()) return SecondsBudgetAnswer("before the explanation");
        ExplainOutput out = bank::ExplainToOutput(**steps, grid);
        if (out.status() == ExplainOutput::OUT_OF_TIME) {
          return SecondsBudgetAnswer(absl::StrCat(
              "the explanation stopped after ", out.steps_size(), " steps"));
        }
        Answer a = JsonAnswer(200, out);
        absl::StatusOr<std::string> key = CanonicalKey(grid);
        if (key.ok()) a.canonical_key = *key;
        return a;
      },
      IsLight(*puzzle));
}

Answer Service::Hint(absl::string_view body) {
  HintRequest request;
  if (std::string e = ParseJson(body, request); !e.empty())
    return ErrorAnswer(400, e);
  absl::StatusOr<Grid> puzzle = ParsePuzzle(request.puzzle(), request.shape());
  if (!puzzle.ok()) {
    return JsonAnswer(422, bank::InvalidHint(absl::StrCat(
                               "puzzle: ", puzzle.status().message())));
  }
  if (std::string refusal = ShapeRefusal(puzzle->shape().name());
      !refusal.empty()) {
    return ErrorAnswer(422, refusal, "shape");
  }
  return RunJob(
      [this, grid = *puzzle, request](Worker&, Clock::time_point deadline) {
        int64_t nodes = 0;
        const int count = CountSolutions(grid, deadline, &nodes);
        if (count < 0) return CountBudgetAnswer(count, nodes);
        absl::StatusOr<std::unique_ptr<StepSolver>> steps =
            BoundedSteps(deadline);
        if (!steps.ok()) return SecondsBudgetAnswer("before the hint");
        HintOutput out =
            bank::Hint(**steps, grid, request.grid(), request.pencil());
        return JsonAnswer(out.error().empty() ? 200 : 422, out);
      },
      IsLight(*puzzle));
}

absl::StatusOr<std::unique_ptr<StepSolver>> Service::BoundedSteps(
    Clock::time_point deadline) const {
  const double left = SecondsLeft(deadline);
  if (left <= 0)
    return absl::DeadlineExceededError("the request's budget ran out");
  DeductionOptions options;
  options.max_seconds = left;
  return StepSolver::Create("", options);
}

absl::StatusOr<std::optional<GeneratedOutput>> Service::TakeFromStock(
    Worker& w, const Shape& shape, Level level) {
  std::optional<GeneratedOutput> taken;
  // One write transaction (BEGIN IMMEDIATE) from the query to the mark,
  // so no other connection, in this process or another, takes the same
  // puzzle; write_mu_ keeps this process's workers from waiting on
  // SQLite's lock.
  std::lock_guard<std::mutex> lock(write_mu_);
  const absl::Status done = w.store->RunInTransaction([&]() -> absl::Status {
    PuzzleQuery query;
    query.level = std::string(LevelName(level));
    query.shape = shape.name();
    query.unused_in_books = true;
    query.limit = 500;
    SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> stock,
                            w.store->Query(query));
    // Unrated or unsolved entries cannot be handed out: skip them.
    std::erase_if(
        stock, [](const StoredPuzzle& p) { return !p.solution.has_value(); });
    if (stock.empty()) return absl::OkStatus();
    std::random_device device;
    const StoredPuzzle& p = stock[device() % stock.size()];
    SUDOKU_ASSIGN_OR_RETURN(std::vector<proto::Rating> ratings,
                            w.store->Ratings(p.id));
    if (ratings.empty()) return absl::OkStatus();
    SUDOKU_RETURN_IF_ERROR(w.store->MarkUsed(options_.served_book, {p.id}));
    const RateOutput r =
        bank::RateOutputOfStored(p.givens, ratings.back(), p.id);
    GeneratedOutput out;
    out.set_shape(shape.name());
    out.set_symmetry("");  // stock puzzles: not known
    out.set_puzzle(ToLine(p.givens));
    out.set_solution(ToLine(*p.solution));
    out.set_clues(static_cast<uint32_t>(p.givens.NumFilled()));
    out.set_score(r.score());
    out.set_level(r.level());
    out.set_er(r.er());
    out.set_hardest_technique(r.hardest_technique());
    out.set_top_er(r.top_er());
    taken = std::move(out);
    return absl::OkStatus();
  });
  if (!done.ok()) return done;
  return taken;
}

Answer Service::GenerateOnWorker(Worker& w, const Shape& shape,
                                 const std::string& symmetry, Level level,
                                 std::optional<uint64_t> seed) {
  // The bank's unused stock first (unless a seed asks for one puzzle).
  if (w.store != nullptr && !seed.has_value()) {
    absl::StatusOr<std::optional<GeneratedOutput>> stock =
        TakeFromStock(w, shape, level);
    if (!stock.ok())
      return ErrorAnswer(500, absl::StrCat("bank: ", stock.status().message()));
    if (stock->has_value()) {
      return JsonAnswer(200, **stock);
    }
  }
  GeneratorOptions options;
  options.shape = &shape;
  absl::StatusOr<Symmetry> sym = ParseSymmetry(symmetry);
  if (!sym.ok()) return ErrorAnswer(400, sym.status().message());
  options.symmetry = *sym;
  const uint64_t s = seed.has_value() ? *seed : std::random_device{}();
  // Not under write_mu_: generating takes long, and the store's own write
  // transaction (SQLite's lock, with its busy timeout) serialises the one
  // write at the end with the submissions'.
  absl::StatusOr<std::vector<bank::MadePuzzle>> made = bank::MakeLevelPuzzles(
      options, level, *judge_, s, 1, w.store.get(), "serve");
  if (!made.ok() || made->empty()) {
    return ErrorAnswer(
        made.ok() || absl::IsResourceExhausted(made.status()) ? 503 : 500,
        made.ok() ? "no puzzle made" : made.status().message(), "", 1);
  }
  if (w.store != nullptr && made->front().puzzle_id > 0) {
    // Handed out: not stock for the next client.
    std::lock_guard<std::mutex> lock(write_mu_);
    const absl::Status marked =
        w.store->MarkUsed(options_.served_book, {made->front().puzzle_id});
    if (!marked.ok())
      return ErrorAnswer(500, absl::StrCat("bank: ", marked.message()));
  }
  return JsonAnswer(200, bank::GeneratedOutputOf(made->front(), *sym));
}

Answer Service::Generate(const std::map<std::string, std::string>& params) {
  absl::StatusOr<Level> level = ParseLevel(Param(params, "level", "medium"));
  if (!level.ok()) return ErrorAnswer(400, level.status().message());
  absl::StatusOr<const Shape*> shape =
      Shape::FromSpec(Param(params, "shape", "3x3"));
  if (!shape.ok())
    return ErrorAnswer(400, absl::StrCat("shape: ", shape.status().message()));
  if (std::string refusal = ShapeRefusal((*shape)->name()); !refusal.empty())
    return ErrorAnswer(422, refusal, "shape");
  const std::string symmetry = Param(params, "symmetry", "none");
  if (absl::StatusOr<Symmetry> sym = ParseSymmetry(symmetry); !sym.ok())
    return ErrorAnswer(400, sym.status().message());
  std::optional<uint64_t> seed;
  if (std::string text = Param(params, "seed"); !text.empty()) {
    uint64_t v = 0;
    if (!absl::SimpleAtoi(text, &v))
      return ErrorAnswer(400, absl::StrCat("seed: not a number: '", text, "'"));
    seed = v;
  }
  const Shape* s = *shape;
  const Level l = *level;
  return RunJob([this, s, symmetry, l, seed](Worker& w, Clock::time_point) {
    return GenerateOnWorker(w, *s, symmetry, l, seed);
  });
}

Answer Service::Puzzle(const std::string& key) {
  const Shape* shape = Shape::ForCellCount(static_cast<int>(key.size()));
  if (shape == nullptr) {
    return ErrorAnswer(
        400, absl::StrCat("not a canonical key: ", key.size(),
                          " characters (a key is the puzzle's minlex form "
                          "as one line)"));
  }
  if (workers_.empty() || workers_[0].store == nullptr)
    return ErrorAnswer(404, "no bank: the server runs without --db");
  return RunJob([key, shape](Worker& w, Clock::time_point) {
    absl::StatusOr<std::optional<StoredPuzzle>> found =
        w.store->FindByCanonicalKey(shape->name(), key);
    if (!found.ok())
      return ErrorAnswer(500, absl::StrCat("bank: ", found.status().message()));
    if (!found->has_value())
      return ErrorAnswer(404, absl::StrCat("no stored puzzle has the "
                                           "canonical key ",
                                           key));
    const StoredPuzzle& p = **found;
    StoredPuzzleOutput out;
    out.set_id(static_cast<uint64_t>(p.id));
    out.set_puzzle(ToLine(p.givens));
    if (p.solution.has_value()) out.set_solution(ToLine(*p.solution));
    out.set_canonical_key(p.canonical_key);
    out.set_shape(p.givens.shape().name());
    out.set_source(p.source);
    out.set_label(p.label);
    out.set_created(p.created);
    absl::StatusOr<std::vector<proto::Rating>> ratings = w.store->Ratings(p.id);
    if (ratings.ok() && !ratings->empty()) {
      *out.mutable_rating() =
          bank::RateOutputOfStored(p.givens, ratings->back(), p.id);
      out.mutable_rating()->set_canonical_key(p.canonical_key);
    }
    Answer a = JsonAnswer(200, out);
    a.canonical_key = p.canonical_key;
    return a;
  });
}

Answer Service::Render(const std::map<std::string, std::string>& params) {
  const std::string format = Param(params, "format", "svg");
  if (format != "svg" && format != "pdf") {
    return ErrorAnswer(
        400, absl::StrCat("format: '", format, "' (expected svg or pdf)"));
  }
  absl::StatusOr<Grid> puzzle =
      ParsePuzzle(Param(params, "puzzle"), Param(params, "shape"));
  if (!puzzle.ok()) return ErrorAnswer(422, puzzle.status().message());
  if (std::string refusal = ShapeRefusal(puzzle->shape().name());
      !refusal.empty()) {
    return ErrorAnswer(422, refusal, "shape");
  }
  absl::StatusOr<std::string> image = RenderToString(*puzzle, format == "pdf");
  if (!image.ok()) return ErrorAnswer(500, image.status().message());
  Answer a;
  a.body = *std::move(image);
  a.content_type = format == "pdf" ? "application/pdf" : "image/svg+xml";
  return a;
}

}  // namespace sudoku::service
