// sudoku-forge generate: a batch of puzzles from one seed, in parallel.
#include <iostream>
#include <memory>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "bank/batch.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/generator_flags.h"
#include "cli/progress.h"
#include "cli/store_util.h"
#include "core/format.h"
#include "core/status_macros.h"
#include "generator/generator.h"
#include "generator/level_target.h"
#include "rater/rater.h"
#include "rater/solver_features.h"
#include "storage/cli_output.pb.h"
#include "storage/json.h"

ABSL_FLAG(std::string, symmetry, "none",
          "Clue pattern symmetry: none, rot180, rot90, diagonal, antidiagonal, "
          "horizontal, vertical, mirrors, dihedral");
ABSL_FLAG(bool, minimal, true,
          "Remove clues until none can go (--no-minimal stops at --min-clues)");
ABSL_FLAG(int, min_clues, 0, "Stop removing clues at this many (0 = no bound)");
ABSL_FLAG(int, max_clues, 0,
          "Reject puzzles with more clues than this (0 = no bound)");
ABSL_FLAG(double, score_min, -1e9,
          "Lowest Forge score accepted (with or instead of --level)");
ABSL_FLAG(double, score_max, 1e9,
          "Highest Forge score accepted (with or instead of --level)");
ABSL_FLAG(
    std::optional<double>, score_target, std::nullopt,
    "Preferred Forge score inside the band: the generator backs off to the "
    "puzzle nearest "
    "it (default per --level: the middle of the band; easy: 1.0 below medium)");
ABSL_FLAG(std::string, requires, "",
          "Accept only puzzles whose easiest solution uses this technique id "
          "(e.g. x_wing for a book chapter on X-Wings)");
ABSL_FLAG(bool, strict_minimal, false,
          "With a difficulty target, return only minimal puzzles (never put "
          "clues back "
          "to make a too-hard puzzle easier)");
ABSL_FLAG(int, max_attempts, 1000,
          "Full grids tried per puzzle before giving up on it");

ABSL_FLAG(bool, stochastic, false,
          "generate/corpus build: rate each kept puzzle with the stochastic "
          "solvers too (their success rates, at the rater's budgets, are "
          "printed with --json and stored with --db)");
ABSL_FLAG(bool, store_traces, false,
          "With --db: store each puzzle's solve path (the rater's trace, "
          "compressed) too; without it, show and explain --db rebuild it "
          "from the puzzle (docs/STORAGE.md)");

namespace sudoku::cli {

absl::StatusOr<GeneratorOptions> GeneratorOptionsFromFlags() {
  GeneratorOptions options;
  const std::string shape_spec = absl::GetFlag(FLAGS_shape);
  if (!shape_spec.empty()) {
    SUDOKU_ASSIGN_OR_RETURN(options.shape, Shape::FromSpec(shape_spec));
  }
  SUDOKU_ASSIGN_OR_RETURN(options.symmetry,
                          ParseSymmetry(absl::GetFlag(FLAGS_symmetry)));
  options.minimal = absl::GetFlag(FLAGS_minimal);
  options.min_clues = absl::GetFlag(FLAGS_min_clues);
  options.max_clues = absl::GetFlag(FLAGS_max_clues);
  options.max_attempts = absl::GetFlag(FLAGS_max_attempts);
  options.allow_backoff = !absl::GetFlag(FLAGS_strict_minimal);
  SUDOKU_RETURN_IF_ERROR(options.Validate());
  return options;
}

namespace {

int RunGenerate(const CommandArgs& args) {
  if (!args.positional.empty()) {
    return UsageError("generate", absl::StrCat("unexpected argument '",
                                               args.positional[0], "'"));
  }
  absl::StatusOr<GeneratorOptions> options = GeneratorOptionsFromFlags();
  if (!options.ok())
    return UsageError("generate", std::string(options.status().message()));
  // Difficulty target: --level sets the score band; --score-min/max narrow it.
  DifficultyTarget target;
  const std::string level_name = absl::GetFlag(FLAGS_level);
  target.requires_technique = absl::GetFlag(FLAGS_requires);
  target.score_min = absl::GetFlag(FLAGS_score_min);
  target.score_max = absl::GetFlag(FLAGS_score_max);
  target.score_target = absl::GetFlag(FLAGS_score_target);
  if (!level_name.empty()) {
    absl::StatusOr<Level> parsed = ParseLevel(level_name);
    if (!parsed.ok())
      return UsageError("generate", std::string(parsed.status().message()));
    target.level = *parsed;
    // 9x9 puzzles are graded up to extreme: none ends in a guess.
    if (*parsed == Level::kNeedsGuessing && options->shape->size() == 9) {
      return UsageError("generate",
                        "--level=needs-guessing: no 9x9 puzzle gets this "
                        "level (the rater grades them up to extreme); it "
                        "names the puzzles of other shapes whose solve ends "
                        "in a guess");
    }
  }
  const int count = absl::GetFlag(FLAGS_count);
  if (count < 1) return UsageError("generate", "--count must be at least 1");
  // From here on Ctrl-C only asks the batch to stop: one that comes while
  // the bank opens or the rater starts leaves a valid (maybe empty) bank.
  InterruptGuard interrupt;
  // --db given: every puzzle is stored (rated, with its trace and
  // generation info) in --collection, and a re-run resumes.
  const bool to_db = args.given_flags.count("db") != 0;
  std::unique_ptr<Rater> rater;
  const bool stochastic = absl::GetFlag(FLAGS_stochastic);
  RaterOptions rater_options = WithSolverFeatures({});
  const absl::StatusOr<int64_t> top_work = TopWorkFlag();
  if (!top_work.ok())
    return UsageError("generate", std::string(top_work.status().message()));
  rater_options.top_work = *top_work;
  if (target.active() || to_db || stochastic) {
    absl::StatusOr<std::unique_ptr<Rater>> made = Rater::Create(rater_options);
    if (!made.ok())
      return UsageError("generate", std::string(made.status().message()));
    rater = std::move(*made);
  }
  // A range, not a list: --count=1000000000 costs no memory up front.
  absl::StatusOr<bank::BatchSpec> spec = bank::PlanGenerationRange(
      *options, target, rater.get(), absl::GetFlag(FLAGS_seed),
      bank::IndexRange{0, static_cast<uint64_t>(count), 1},
      absl::GetFlag(FLAGS_jobs));
  if (!spec.ok())
    return UsageError("generate", std::string(spec.status().message()));
  spec->stochastic = stochastic;
  const bool json = absl::GetFlag(FLAGS_json);

  bank::StoreSpec store_spec;
  std::unique_ptr<SqlitePuzzleStore> store;
  if (to_db) {
    absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> opened =
        OpenStoreFromFlags(true);
    if (!opened.ok())
      return UsageError("generate", std::string(opened.status().message()));
    store = *std::move(opened);
    store_spec.store = store.get();
    store_spec.collection = absl::GetFlag(FLAGS_collection);
    if (store_spec.collection.empty()) store_spec.collection = "generated";
    store_spec.traces = absl::GetFlag(FLAGS_store_traces);
  }

  // Puzzle i is seeded with DeriveSeed(seed, i): the batch is the same for
  // every --jobs. Results are printed in index order as they become ready.
  auto print = [&](const bank::MadePuzzle& m) {
    const GeneratedPuzzle& p = m.puzzle;
    if (!json) {
      std::cout << ToLine(p.puzzle) << "\n";
      return;
    }
    std::cout << ToJson(bank::GeneratedOutputOf(m, options->symmetry)) << "\n";
  };
  std::unique_ptr<Progress> progress;
  bank::BatchCallbacks callbacks;
  callbacks.on_start = [&](int64_t pending) {
    progress = std::make_unique<Progress>("generate", pending);
  };
  callbacks.on_progress = [&] { progress->Add(); };
  callbacks.on_made = print;
  absl::StatusOr<bank::BatchStats> stats =
      bank::RunBatch(*spec, store_spec, interrupt.flag(), callbacks);
  progress.reset();
  if (!stats.ok()) {
    std::cerr << "sudoku-forge generate: " << stats.status().message() << "\n";
    return kExitUsage;
  }
  const bank::BatchStats& s = *stats;
  if (s.failed > 0) {
    std::cerr << s.failed << " puzzle(s): none accepted within --max-attempts="
              << options->max_attempts << "\n";
  }
  std::cerr << absl::StrFormat(
      "generated %d puzzles (%s, symmetry %s%s) in %.2f s: %.1f puzzles/s, "
      "%.2f grids tried per "
      "puzzle%s\n",
      s.made, options->shape->name(), SymmetryName(options->symmetry),
      target.level ? absl::StrCat(", level ", LevelName(*target.level)) : "",
      s.seconds, static_cast<double>(s.made) / s.seconds,
      s.made > 0 ? static_cast<double>(s.attempts) / static_cast<double>(s.made)
                 : 0.0,
      s.interrupted ? " (interrupted)" : "");
  if (store != nullptr) {
    std::cerr << absl::StrFormat(
        "stored in %s, collection '%s': %d new, %d already stored as "
        "isomorphs, %d from an "
        "earlier run of the same seed and options%s\n",
        absl::GetFlag(FLAGS_db), store_spec.collection, s.inserted, s.isomorphs,
        s.resumed, s.interrupted ? "; re-run the same command to resume" : "");
    if (s.resumed > 0) {
      std::cerr << absl::StrFormat(
          "printed only the %d puzzle(s) made now; `sudoku-forge export "
          "--db=%s --collection=%s` prints the whole collection\n",
          s.made, absl::GetFlag(FLAGS_db), store_spec.collection);
    }
  }
  if (s.interrupted) return 130;
  return s.failed > 0 ? kExitBadPuzzle : kExitOk;
}

}  // namespace

Command GenerateCommand() {
  return {
      "generate",
      "generate unique puzzles (minimal, symmetric) from a seed",
      "Usage: sudoku-forge generate [--count=N] [--shape=RxC] [--symmetry=S]\n"
      "       [--seed=S] [--jobs=J] [--min-clues=N] [--max-clues=N] "
      "[--no-minimal]\n"
      "       [--level={levels}] [--score-min=X]\n"
      "       [--score-max=X] [--score-target=X] [--requires=TECHNIQUE]\n"
      "       [--max-attempts=N] [--json]\n"
      "       [--db=PATH [--collection=NAME] [--store-traces]] "
      "[--stochastic]\n"
      "       [--top-work=N]\n"
      "--level=extreme: 9x9 puzzles above evil (Sudoku Explainer's scale 9.0\n"
      "and up: chains \"+\", nested forcing chains); rare, see README.\n"
      "needs-guessing: other shapes whose solve ends in a guess.\n"
      "--top-work bounds each search of SE's nested forcing chains when the\n"
      "rater walks a 9x9 candidate on SE's ladder for its top_er (as rate's):\n"
      "lower it to spend less on the candidates that reach the top, which\n"
      "are then graded by the trial estimate where a search runs out.\n"
      "--stochastic completes each kept puzzle's rating with the stochastic\n"
      "solvers' success rates (stored with --db, printed with --json).\n"
      "Each puzzle: a random full grid, then clue removal in random order,\n"
      "each removal kept only if the puzzle still has one solution. The same\n"
      "--seed gives the same puzzles for any --jobs. Prints one puzzle per "
      "line\n"
      "(or one JSON object with solution, seed and attempts).\n"
      "With --db: each puzzle is also stored with its solution, rating, trace\n"
      "and generation info in --collection (default 'generated'); re-running\n"
      "the same command resumes (stored puzzles are not made again), and\n"
      "Ctrl-C stops cleanly, keeping what is stored (exit code 130).",
      {"count",        "shape",      "symmetry",     "seed",
       "jobs",         "minimal",    "min_clues",    "max_clues",
       "json",         "level",      "score_min",    "score_max",
       "score_target", "requires",   "max_attempts", "strict_minimal",
       "db",           "collection", "store_traces", "stochastic",
       "top_work"},
      &RunGenerate};
}

}  // namespace sudoku::cli
