// sudoku_forge._core: the Python package's bridge to the engine. Every
// function is a thin adapter over the same library call as the matching CLI
// command (cli/*_command.cc): text in, one library call, the CLI's protobuf
// answer out as JSON (storage/json.h ToJson), which sudoku_forge/__init__.py
// turns into Python objects and exceptions. The GIL is released while the
// engine works. Nothing here may throw past pybind11 except Python errors.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "bank/batch.h"
#include "bank/hint.h"
#include "bank/rating_bank.h"
#include "bank/records.h"
#include "bank/step_output.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/parallel.h"
#include "core/shape.h"
#include "generator/generator.h"
#include "generator/level_target.h"
#include "generator/symmetry.h"
#include "rater/rater.h"
#include "rater/solver_features.h"
#include "solvers/solver.h"
#include "storage/cli_output.pb.h"
#include "storage/deduction_output.pb.h"
#include "storage/json.h"
#include "storage/sqlite_puzzle_store.h"
#include "storage/sudoku.pb.h"

namespace py = pybind11;

namespace sudoku::python {
namespace {

// A usage error (bad option value): raised as ValueError.
[[noreturn]] void ThrowValue(const absl::Status& status) {
  throw py::value_error(std::string(status.message()));
}

// The parse options for a shape spec ("" = inferred from the cell count).
ParseOptions OptionsFor(const std::string& shape_spec) {
  ParseOptions options;
  if (!shape_spec.empty()) {
    absl::StatusOr<const Shape*> shape = Shape::FromSpec(shape_spec);
    if (!shape.ok()) ThrowValue(shape.status());
    options.shape = *shape;
  }
  return options;
}

// The raters of `rate` (the CLI's default ladder): with and without the
// stochastic solvers (rate / rate --no-stochastic), per work budget of the
// exact search (--max-nodes) and of each search of SE's nested forcing chains
// in the walk for top_er (--top-work). Made once each, shared by every thread
// (Rater::Rate is const and thread-compatible). A budget RaterOptions::Validate
// refuses (a negative one) raises ValueError with its words.
const Rater& SharedRater(
    bool stochastic, int64_t max_nodes = DeductionOptions::kDefaultMaxNodes,
    int64_t top_work = DeductionOptions::kDefaultMaxNodes) {
  static std::mutex mu;
  static std::map<std::tuple<bool, int64_t, int64_t>, std::unique_ptr<Rater>>
      raters;
  const std::tuple<bool, int64_t, int64_t> key{stochastic, max_nodes, top_work};
  const std::lock_guard<std::mutex> lock(mu);
  auto it = raters.find(key);
  if (it == raters.end()) {
    RaterOptions options = WithSolverFeatures({});
    options.stochastic =
        stochastic ? StochasticUse::kAlways : StochasticUse::kIfModelUses;
    options.max_nodes = max_nodes;
    options.top_work = top_work;
    if (absl::Status valid = options.Validate(); !valid.ok()) ThrowValue(valid);
    absl::StatusOr<std::unique_ptr<Rater>> made = Rater::Create(options);
    if (!made.ok()) throw std::runtime_error("the rater failed to start");
    it = raters.emplace(key, *std::move(made)).first;
  }
  return *it->second;
}

// The step solver of explain and hint (the default ladder unless
// `techniques`), with the work budget `max_nodes`.
std::unique_ptr<StepSolver> BudgetedSteps(const std::string& techniques,
                                          DeductionOptions deduction,
                                          int64_t max_nodes) {
  deduction.max_nodes = max_nodes;
  absl::StatusOr<std::unique_ptr<StepSolver>> solver =
      StepSolver::Create(techniques, deduction);
  if (!solver.ok()) ThrowValue(solver.status());
  return *std::move(solver);
}

// rate --json's answer for a text that did not parse.
std::string InvalidJson(const absl::Status& parse_error) {
  RateOutput out;
  out.set_status(RateOutput::INVALID);
  out.set_error(std::string(parse_error.message()));
  return ToJson(out);
}

// rate --json for one puzzle text (the CLI's RateOne without `where`).
std::string RateText(const std::string& text, const ParseOptions& options,
                     const Rater& rater, bool explain) {
  absl::StatusOr<Grid> grid = ParseGrid(text, options);
  if (!grid.ok()) return InvalidJson(grid.status());
  return ToJson(bank::RateOutputOf(*grid, rater, rater.Rate(*grid), explain));
}

// The answer of `rate` for one puzzle, kept as the engine returned it: the
// protobuf answer and its JSON (what the CLI prints) are built only when
// asked for, so sf.rate(p).score costs the engine call and not the JSON.
// The scalar fields read the rating directly; they equal the JSON's.
class RateAnswer {
 public:
  RateAnswer(Grid puzzle, const Rater& rater, RatingResult result, bool explain)
      : puzzle_(std::move(puzzle)),
        rater_(&rater),
        result_(std::move(result)),
        explain_(explain) {}
  // An answer for a text that did not parse.
  explicit RateAnswer(std::string invalid_json)
      : json_(std::move(invalid_json)) {}

  bool rated() const {
    return rater_ != nullptr && result_.status == RateStatus::kRated;
  }
  const std::string& Json() {
    if (!json_) {
      json_ = ToJson(bank::RateOutputOf(*puzzle_, *rater_, result_, explain_));
    }
    return *json_;
  }
  // REQUIRES: rated() (the package asks only then).
  const RatingResult& result() const { return result_; }
  std::string Puzzle() const { return ToLine(*puzzle_); }
  int Clues() const { return puzzle_->NumFilled(); }

 private:
  std::optional<Grid> puzzle_;
  const Rater* rater_ = nullptr;
  RatingResult result_;
  bool explain_ = false;
  std::optional<std::string> json_;
};

std::unique_ptr<RateAnswer> Rate(const std::string& text,
                                 const std::string& shape, bool stochastic,
                                 bool explain, int64_t max_nodes,
                                 int64_t top_work) {
  const ParseOptions options = OptionsFor(shape);
  const Rater& rater = SharedRater(stochastic, max_nodes, top_work);
  py::gil_scoped_release release;
  absl::StatusOr<Grid> grid = ParseGrid(text, options);
  if (!grid.ok()) {
    return std::make_unique<RateAnswer>(InvalidJson(grid.status()));
  }
  RatingResult result = rater.Rate(*grid);
  return std::make_unique<RateAnswer>(*std::move(grid), rater,
                                      std::move(result), explain);
}

// rate --jobs: every text rated in parallel, answers in input order. The
// engine runs on its own threads; this (the calling) thread waits with the
// GIL released and, every 50 ms and at the end, calls `progress` (may be
// None) with the number done and checks for Ctrl-C. An exception from
// either stops the batch (the puzzles in hand are finished) and is re-raised.
std::vector<std::string> RateMany(const std::vector<std::string>& texts,
                                  const std::string& shape, bool stochastic,
                                  int jobs, const py::object& progress,
                                  int64_t max_nodes, int64_t top_work) {
  const ParseOptions options = OptionsFor(shape);
  const Rater& rater = SharedRater(stochastic, max_nodes, top_work);
  std::vector<std::string> answers(texts.size());
  std::atomic<bool> stop{false};
  std::atomic<size_t> done{0};
  std::mutex mu;
  std::condition_variable finished_cv;
  bool finished = false;
  std::thread runner([&] {
    ParallelOrdered(
        texts.size(), jobs < 1 ? 1 : jobs,
        [&](size_t i) { return RateText(texts[i], options, rater, false); },
        [&](size_t i, std::string answer) {
          answers[i] = std::move(answer);
          done.fetch_add(1);
        },
        &stop);
    const std::lock_guard<std::mutex> lock(mu);
    finished = true;
    finished_cv.notify_all();
  });
  size_t reported = 0;
  std::optional<py::error_already_set> error;
  for (bool last = false; !last;) {
    {
      py::gil_scoped_release release;
      std::unique_lock<std::mutex> lock(mu);
      finished_cv.wait_for(lock, std::chrono::milliseconds(50),
                           [&] { return finished; });
      last = finished;
    }
    if (error.has_value()) continue;
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      const size_t now = done.load();
      if (!progress.is_none() && now != reported) progress(now);
      reported = now;
    } catch (py::error_already_set& e) {
      error.emplace(std::move(e));
      stop.store(true);
    }
  }
  runner.join();
  if (error.has_value()) throw std::move(*error);
  return answers;
}

// explain --json [--as-written]: the walk of the canonical form mapped back
// (the rater's), or of the grid as written (as Sudoku Explainer walks it).
std::string Explain(const std::string& text, const std::string& shape,
                    const std::string& techniques, bool uniqueness, bool guess,
                    int64_t max_nodes, bool as_written) {
  const ParseOptions options = OptionsFor(shape);
  DeductionOptions deduction;
  deduction.allow_uniqueness = uniqueness;
  deduction.allow_guessing = guess;
  const std::unique_ptr<StepSolver> solver =
      BudgetedSteps(techniques, deduction, max_nodes);
  py::gil_scoped_release release;
  absl::StatusOr<Grid> grid = ParseGrid(text, options);
  ExplainOutput out;
  if (!grid.ok()) {
    out.set_status(ExplainOutput::INVALID);
    out.set_error(std::string(grid.status().message()));
  } else {
    out = bank::ExplainToOutput(
        *solver, *grid,
        as_written ? bank::WalkOf::kAsWritten : bank::WalkOf::kCanonicalForm);
  }
  return ToJson(out);
}

std::string HintJson(const std::string& puzzle, const std::string& grid_text,
                     const std::string& pencil, const std::string& shape,
                     int64_t max_nodes) {
  const ParseOptions options = OptionsFor(shape);
  const std::unique_ptr<StepSolver> solver =
      BudgetedSteps("", DeductionOptions{}, max_nodes);
  py::gil_scoped_release release;
  absl::StatusOr<Grid> grid = ParseGrid(puzzle, options);
  if (!grid.ok())
    return ToJson(bank::InvalidHint(std::string(grid.status().message())));
  return ToJson(bank::Hint(*solver, *grid, grid_text, pencil));
}

// validate --json / solve --count: status, up to two solutions, nodes,
// guesses, whether max_nodes stopped the search.
std::string Solve(const std::string& text, const std::string& shape, int limit,
                  int64_t max_nodes, const std::string& solver_name) {
  const ParseOptions options = OptionsFor(shape);
  absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver(solver_name);
  if (!solver.ok()) ThrowValue(solver.status());
  if (limit < 0) throw py::value_error("limit must be >= 0 (0 = count all)");
  py::gil_scoped_release release;
  SolveOutput out;
  out.set_solver(solver_name);
  absl::StatusOr<Grid> grid = ParseGrid(text, options);
  if (!grid.ok()) {
    out.set_status(ValidateOutput::INVALID);
    return ToJson(out);
  }
  out.set_puzzle(ToLine(*grid));
  SolveLimits limits;
  limits.max_solutions = limit;
  limits.max_nodes = max_nodes;
  SolveResult r = (*solver)->Solve(*grid, limits);
  out.set_num_solutions(static_cast<uint32_t>(r.num_solutions));
  out.set_limit_hit(r.limit_hit);
  out.set_nodes(SaturateToUint32(r.nodes));
  out.set_guesses(SaturateToUint32(r.guesses));
  for (const Grid& s : r.solutions) out.add_solutions(ToLine(s));
  ValidateOutput::Status status = ValidateOutput::UNIQUE;
  if (r.num_solutions >= 2) {
    status = ValidateOutput::MULTIPLE;
  } else if (r.limit_hit) {
    status = ValidateOutput::BUDGET_EXCEEDED;
  } else if (r.num_solutions == 0) {
    status = ValidateOutput::NONE;
  } else if (limit == 1) {
    status = ValidateOutput::SOLVED;
  }
  out.set_status(status);
  return ToJson(out);
}

// The parse error of `text` ("" when it reads as one puzzle), and the
// puzzle in line format.
std::pair<std::string, std::string> Parse(const std::string& text,
                                          const std::string& shape) {
  const ParseOptions options = OptionsFor(shape);
  absl::StatusOr<Grid> grid = ParseGrid(text, options);
  if (!grid.ok()) return {std::string(grid.status().message()), ""};
  return {"", ToLine(*grid)};
}

// Every puzzle of a text (a file's contents): (line, puzzle in line format
// or "", error or "", label), as the CLI reads its inputs.
std::vector<std::tuple<int, std::string, std::string, std::string>> ParseMany(
    const std::string& text, const std::string& shape) {
  const ParseOptions options = OptionsFor(shape);
  std::vector<std::tuple<int, std::string, std::string, std::string>> rows;
  for (const PuzzleRecord& r : ParsePuzzles(text, options)) {
    if (r.grid.ok()) {
      rows.emplace_back(r.line, ToLine(*r.grid), "", r.label);
    } else {
      rows.emplace_back(r.line, "", std::string(r.grid.status().message()),
                        r.label);
    }
  }
  return rows;
}

// canon: (error, key); error is "" on success. A puzzle the canonical search
// gives up on reports "budget: ..." so the package raises BudgetExceeded.
std::pair<std::string, std::string> Canonical(const std::string& text,
                                              const std::string& shape) {
  const ParseOptions options = OptionsFor(shape);
  py::gil_scoped_release release;
  absl::StatusOr<Grid> grid = ParseGrid(text, options);
  if (!grid.ok()) return {std::string(grid.status().message()), ""};
  absl::StatusOr<std::string> key = CanonicalKey(*grid);
  if (!key.ok()) {
    return {
        absl::StrCat(absl::IsResourceExhausted(key.status()) ? "budget: " : "",
                     key.status().message()),
        ""};
  }
  return {"", *key};
}

// generate --json for puzzles `first` .. `first + count - 1` of `seed`:
// puzzle i depends only on the seed, the options and i, so the package's
// iterator asks for chunks and yields the CLI's puzzles. The options and the
// difficulty target are generate's flags of the same names, read the same
// way (cli/generate_command.cc): --level sets the score band, --score-min /
// --score-max narrow it, --requires asks for a technique.
struct GenerateArgs {
  int64_t first = 0;
  int64_t count = 1;
  std::string level;
  std::string shape;
  std::string symmetry = "none";
  uint64_t seed = 1;
  int jobs = 1;
  bool minimal = true;
  int min_clues = 0;
  int max_clues = 0;
  int max_attempts = 1000;
  bool strict_minimal = false;
  double score_min = -1e9;
  double score_max = 1e9;
  std::optional<double> score_target;
  std::string requires_technique;
  bool stochastic = false;
  int64_t top_work = DeductionOptions::kDefaultMaxNodes;  // --top-work
};

GeneratorOptions GeneratorOptionsOf(const GenerateArgs& a) {
  GeneratorOptions options;
  if (!a.shape.empty()) {
    absl::StatusOr<const Shape*> shape = Shape::FromSpec(a.shape);
    if (!shape.ok()) ThrowValue(shape.status());
    options.shape = *shape;
  }
  absl::StatusOr<Symmetry> symmetry = ParseSymmetry(a.symmetry);
  if (!symmetry.ok()) ThrowValue(symmetry.status());
  options.symmetry = *symmetry;
  options.minimal = a.minimal;
  options.min_clues = a.min_clues;
  options.max_clues = a.max_clues;
  options.max_attempts = a.max_attempts;
  options.allow_backoff = !a.strict_minimal;
  if (absl::Status valid = options.Validate(); !valid.ok()) ThrowValue(valid);
  return options;
}

DifficultyTarget TargetOf(const GenerateArgs& a) {
  DifficultyTarget target;
  target.requires_technique = a.requires_technique;
  target.score_min = a.score_min;
  target.score_max = a.score_max;
  target.score_target = a.score_target;
  if (!a.level.empty()) {
    absl::StatusOr<Level> level = ParseLevel(a.level);
    if (!level.ok()) ThrowValue(level.status());
    target.level = *level;
  }
  return target;
}

std::vector<std::string> Generate(const GenerateArgs& a) {
  const GeneratorOptions options = GeneratorOptionsOf(a);
  const DifficultyTarget target = TargetOf(a);
  if (a.first < 0 || a.count < 1)
    throw py::value_error("count must be at least 1");
  // The CLI's rater (WithSolverFeatures, the model's stochastic use), made
  // once: only a target or --stochastic needs one.
  const Rater* rater =
      target.active() || a.stochastic
          ? &SharedRater(false, DeductionOptions::kDefaultMaxNodes, a.top_work)
          : nullptr;
  absl::StatusOr<bank::BatchSpec> spec = bank::PlanGenerationRange(
      options, target, rater, a.seed,
      bank::IndexRange{static_cast<uint64_t>(a.first),
                       static_cast<uint64_t>(a.first + a.count), 1},
      a.jobs);
  if (!spec.ok()) ThrowValue(spec.status());
  spec->stochastic = a.stochastic;
  std::vector<std::string> made;
  absl::StatusOr<bank::BatchStats> stats;
  {
    py::gil_scoped_release release;
    bank::BatchCallbacks callbacks;
    callbacks.on_made = [&](const bank::MadePuzzle& m) {
      made.push_back(ToJson(bank::GeneratedOutputOf(m, options.symmetry)));
    };
    stats = bank::RunBatch(*spec, bank::StoreSpec{}, nullptr, callbacks);
  }
  if (!stats.ok())
    throw std::runtime_error(std::string(stats.status().message()));
  if (stats->failed > 0) {
    throw py::value_error(absl::StrCat(
        stats->failed,
        " puzzle(s): none accepted within max_attempts=", a.max_attempts));
  }
  return made;
}

// For the overhead benchmark (bench/python_rate_bench.py): process CPU
// seconds per call, over `repeats` calls on `text`, of (the engine call
// Rater::Rate; what `rate` adds in C++ around it: ParseGrid and the
// RateAnswer holding the result; the JSON answer the CLI prints,
// RateOutputOf + ToJson, which `rate` builds only when asked), with the GIL
// released. The RateAnswer part copies the result where `rate` moves it, so
// it is an upper bound.
std::tuple<double, double, double> BenchEngine(const std::string& text,
                                               int repeats) {
  absl::StatusOr<Grid> grid = ParseGrid(text);
  if (!grid.ok()) throw py::value_error(std::string(grid.status().message()));
  if (repeats < 1) throw py::value_error("repeats must be at least 1");
  const Rater& rater = SharedRater(false);
  py::gil_scoped_release release;
  auto cpu = [] { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; };
  double sink = 0;
  double start = cpu();
  for (int i = 0; i < repeats; ++i) sink += rater.Rate(*grid).score;
  const double rate_only = cpu() - start;
  const RatingResult ready = rater.Rate(*grid);
  start = cpu();
  for (int i = 0; i < repeats; ++i) {
    absl::StatusOr<Grid> again = ParseGrid(text);
    RatingResult copy;
    copy.status = ready.status;
    copy.solutions = ready.solutions;
    copy.features = ready.features;
    copy.score = ready.score;
    copy.level = ready.level;
    auto answer = std::make_unique<RateAnswer>(*std::move(again), rater,
                                               std::move(copy), false);
    sink += answer->result().score;
  }
  const double wrap = cpu() - start;
  start = cpu();
  for (int i = 0; i < repeats; ++i) {
    absl::StatusOr<Grid> again = ParseGrid(text);
    sink += static_cast<double>(
        ToJson(bank::RateOutputOf(*again, rater, ready, false)).size());
  }
  const double json = cpu() - start;
  if (sink < 0) throw std::runtime_error("unreachable");
  return {rate_only / repeats, wrap / repeats, json / repeats};
}

// The puzzle bank (SQLite), the same file the CLI's --db commands use.
// One connection: each call takes the bank's lock (with the GIL released
// while it waits, so a thread rating with the GIL released cannot deadlock
// with one waiting for the lock), so Python threads may share a Bank.
//
// readonly: SQLite opens the file read-only (SqliteStoreOptions::read_only,
// the CLI's stats/list/show/export open): nothing is written, not even the
// WAL switch, so a bank on a read-only file or in a read-only directory can
// be queried. A write the bank refuses raises PermissionError.
class Bank {
 public:
  Bank(const std::string& path, bool readonly) : readonly_(readonly) {
    SqliteStoreOptions options;
    options.create_if_missing = !readonly;
    options.read_only = readonly;
    absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
        SqlitePuzzleStore::Open(path, options);
    if (!store.ok()) ThrowStoreError(store.status(), /*opening=*/true);
    store_ = *std::move(store);
  }

  // Rows matching the filters, by id: dicts with the puzzle's fields and
  // "rating", its latest rating as rate --json prints it (or None).
  py::list Query(const std::string& collection, const std::string& level,
                 const std::string& shape, std::optional<double> score_min,
                 std::optional<double> score_max, int min_clues, int max_clues,
                 int64_t limit) {
    const std::unique_lock<std::mutex> lock = Lock();
    PuzzleQuery q;
    q.collection = collection;
    q.level = level;
    q.shape = shape;
    q.score_min = score_min;
    q.score_max = score_max;
    // Clue bounds filter after the query, so `limit` pages through it.
    py::list rows;
    const int64_t page = 1000;
    for (;;) {
      q.limit = page;
      absl::StatusOr<std::vector<StoredPuzzle>> got = Check(store_->Query(q));
      for (const StoredPuzzle& p : *got) {
        q.after_id = p.id;
        const int clues = p.givens.NumFilled();
        if (clues < min_clues || (max_clues > 0 && clues > max_clues)) continue;
        rows.append(Row(p));
        if (limit > 0 && static_cast<int64_t>(rows.size()) >= limit)
          return rows;
      }
      if (static_cast<int64_t>(got->size()) < page) return rows;
    }
  }

  // Rates `text` with the bank as a cache (rate --db [--top-work]): the rate
  // --json answer; a new puzzle is stored with its rating and trace and, when
  // `collection` is given, joins it. A stored rating is reused only when made
  // with the same parameters, top_work included (bank::SameRating).
  std::string RateAndStore(const std::string& text, const std::string& shape,
                           const std::string& collection, bool stochastic,
                           int64_t top_work) {
    if (readonly_) {
      ThrowStoreError(absl::FailedPreconditionError(
                          "the bank was opened read-only (readonly=True); "
                          "open it with readonly=False to store ratings"),
                      false);
    }
    const std::unique_lock<std::mutex> lock = Lock();
    absl::StatusOr<Grid> grid = ParseGrid(text, OptionsFor(shape));
    if (!grid.ok()) {
      RateOutput out;
      out.set_status(RateOutput::INVALID);
      out.set_error(std::string(grid.status().message()));
      return ToJson(out);
    }
    const Rater& rater =
        SharedRater(stochastic, DeductionOptions::kDefaultMaxNodes, top_work);
    bank::RatingBank ratings(*store_, rater, "python");
    absl::StatusOr<std::optional<RateOutput>> stored =
        Check(ratings.Lookup(*grid));
    RateOutput out;
    if (stored->has_value()) {
      out = **std::move(stored);
    } else {
      RatingResult result;
      {
        py::gil_scoped_release release;
        result = rater.Rate(*grid);
      }
      out = bank::RateOutputOf(*grid, rater, result, false);
      if (out.status() != RateOutput::RATED) return ToJson(out);
      absl::StatusOr<int64_t> id = Check(ratings.Store(*grid, result));
      out.set_puzzle_id(static_cast<uint64_t>(*id));
    }
    if (!collection.empty()) {
      absl::StatusOr<int64_t> cid =
          Check(store_->EnsureCollection(collection, false));
      CheckStatus(
          store_->AddToCollection(*cid, static_cast<int64_t>(out.puzzle_id())));
    }
    return ToJson(out);
  }

  std::vector<std::pair<std::string, int64_t>> Collections() {
    const std::unique_lock<std::mutex> lock = Lock();
    return *Check(store_->Collections());
  }

 private:
  std::unique_lock<std::mutex> Lock() {
    std::unique_lock<std::mutex> lock(mu_, std::defer_lock);
    py::gil_scoped_release release;
    lock.lock();
    return lock;
  }

  // A store error as the Python exception a caller can act on: a write the
  // bank refuses (read-only) is PermissionError, a missing bank
  // FileNotFoundError; other open failures (not a bank, a newer schema) are
  // ValueError, other failures of a call RuntimeError.
  [[noreturn]] static void ThrowStoreError(const absl::Status& status,
                                           bool opening) {
    const std::string message(status.message());
    PyObject* type = opening ? PyExc_ValueError : PyExc_RuntimeError;
    if (status.code() == absl::StatusCode::kNotFound) {
      type = PyExc_FileNotFoundError;
    } else if (status.code() == absl::StatusCode::kFailedPrecondition &&
               message.find("read-only") != std::string::npos) {
      type = PyExc_PermissionError;
    }
    PyErr_SetString(type, message.c_str());
    throw py::error_already_set();
  }

  template <typename T>
  static absl::StatusOr<T> Check(absl::StatusOr<T> v) {
    if (!v.ok()) ThrowStoreError(v.status(), false);
    return v;
  }
  static void CheckStatus(const absl::Status& s) {
    if (!s.ok()) ThrowStoreError(s, false);
  }

  py::dict Row(const StoredPuzzle& p) {
    py::dict row;
    row["id"] = p.id;
    row["puzzle"] = ToLine(p.givens);
    row["solution"] = p.solution ? py::cast(ToLine(*p.solution)) : py::none();
    row["shape"] = p.givens.shape().name();
    row["clues"] = p.givens.NumFilled();
    row["canonical_key"] = p.canonical_key;
    row["source"] = p.source;
    row["label"] = p.label;
    absl::StatusOr<std::vector<proto::Rating>> ratings =
        Check(store_->Ratings(p.id));
    row["rating"] = ratings->empty() ? py::none()
                                     : py::cast(ToJson(bank::RateOutputOfStored(
                                           p.givens, ratings->back(), p.id)));
    return row;
  }

  bool readonly_;
  std::mutex mu_;
  std::unique_ptr<SqlitePuzzleStore> store_;
};

void Bind(py::module_& m) {
  m.doc() = "The engine bridge of sudoku_forge (use the package, not this).";
  m.attr("VERSION") = SUDOKU_FORGE_VERSION;
  // The package's default budgets: the rater's (RaterOptions::max_nodes,
  // RaterOptions::top_work).
  m.attr("DEFAULT_MAX_NODES") = RaterOptions().max_nodes;
  m.attr("DEFAULT_TOP_WORK") = RaterOptions().top_work;
  m.def("engine_version", &RaterEngineVersion);
  m.def("expected_minutes", &ExpectedMinutes, py::arg("score"));
  py::class_<RateAnswer>(m, "RateAnswer")
      .def_property_readonly("rated", &RateAnswer::rated)
      .def("json", &RateAnswer::Json)
      .def_property_readonly(
          "score", [](const RateAnswer& a) { return a.result().score; })
      .def_property_readonly("level",
                             [](const RateAnswer& a) {
                               return std::string(LevelName(a.result().level));
                             })
      .def_property_readonly(
          "er", [](const RateAnswer& a) { return a.result().features.er; })
      .def_property_readonly(
          "ep", [](const RateAnswer& a) { return a.result().features.ep; })
      .def_property_readonly(
          "ed", [](const RateAnswer& a) { return a.result().features.ed; })
      .def_property_readonly(
          "top_er",
          [](const RateAnswer& a) { return a.result().features.top_er; })
      .def_property_readonly("hardest_technique",
                             [](const RateAnswer& a) {
                               return a.result().features.hardest_technique;
                             })
      .def_property_readonly(
          "expected_minutes",
          [](const RateAnswer& a) { return ExpectedMinutes(a.result().score); })
      .def_property_readonly("clues", &RateAnswer::Clues)
      .def_property_readonly(
          "engine_version",
          [](const RateAnswer&) { return RaterEngineVersion(); })
      .def_property_readonly("puzzle", &RateAnswer::Puzzle);
  m.def("rate", &Rate, py::arg("text"), py::arg("shape"), py::arg("stochastic"),
        py::arg("explain"), py::arg("max_nodes"), py::arg("top_work"));
  m.def("rate_many", &RateMany, py::arg("texts"), py::arg("shape"),
        py::arg("stochastic"), py::arg("jobs"), py::arg("progress"),
        py::arg("max_nodes"), py::arg("top_work"));
  m.def("explain", &Explain, py::arg("text"), py::arg("shape"),
        py::arg("techniques"), py::arg("uniqueness"), py::arg("guess"),
        py::arg("max_nodes"), py::arg("as_written"));
  m.def("hint", &HintJson, py::arg("puzzle"), py::arg("grid"),
        py::arg("pencil"), py::arg("shape"), py::arg("max_nodes"));
  m.def("solve", &Solve, py::arg("text"), py::arg("shape"), py::arg("limit"),
        py::arg("max_nodes"), py::arg("solver"));
  m.def("parse", &Parse, py::arg("text"), py::arg("shape"));
  m.def("parse_many", &ParseMany, py::arg("text"), py::arg("shape"));
  m.def("bench_engine", &BenchEngine, py::arg("text"), py::arg("repeats"));
  m.def("canonical", &Canonical, py::arg("text"), py::arg("shape"));
  py::class_<GenerateArgs>(m, "GenerateArgs")
      .def(py::init<>())
      .def_readwrite("first", &GenerateArgs::first)
      .def_readwrite("count", &GenerateArgs::count)
      .def_readwrite("level", &GenerateArgs::level)
      .def_readwrite("shape", &GenerateArgs::shape)
      .def_readwrite("symmetry", &GenerateArgs::symmetry)
      .def_readwrite("seed", &GenerateArgs::seed)
      .def_readwrite("jobs", &GenerateArgs::jobs)
      .def_readwrite("minimal", &GenerateArgs::minimal)
      .def_readwrite("min_clues", &GenerateArgs::min_clues)
      .def_readwrite("max_clues", &GenerateArgs::max_clues)
      .def_readwrite("max_attempts", &GenerateArgs::max_attempts)
      .def_readwrite("strict_minimal", &GenerateArgs::strict_minimal)
      .def_readwrite("score_min", &GenerateArgs::score_min)
      .def_readwrite("score_max", &GenerateArgs::score_max)
      .def_readwrite("score_target", &GenerateArgs::score_target)
      .def_readwrite("requires_technique", &GenerateArgs::requires_technique)
      .def_readwrite("stochastic", &GenerateArgs::stochastic)
      .def_readwrite("top_work", &GenerateArgs::top_work);
  m.def("generate", &Generate, py::arg("args"));
  py::class_<Bank>(m, "Bank")
      .def(py::init<const std::string&, bool>(), py::arg("path"),
           py::arg("readonly"))
      .def("query", &Bank::Query, py::arg("collection"), py::arg("level"),
           py::arg("shape"), py::arg("score_min"), py::arg("score_max"),
           py::arg("min_clues"), py::arg("max_clues"), py::arg("limit"))
      .def("rate_and_store", &Bank::RateAndStore, py::arg("text"),
           py::arg("shape"), py::arg("collection"), py::arg("stochastic"),
           py::arg("top_work"))
      .def("collections", &Bank::Collections);
}

}  // namespace
}  // namespace sudoku::python

PYBIND11_MODULE(_core, m) { sudoku::python::Bind(m); }
