// sudoku-forge rate: score and level of user-submitted puzzles.
//
// With --db the ratings are stored (puzzle, rating with every parameter,
// trace) and a puzzle already known under the same canonical key (any
// isomorph) returns its stored rating, unless --rerate or the stored rating
// was made by another rater version or with other parameters.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>

#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "bank/rating_bank.h"
#include "bank/records.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "cli/solve_util.h"
#include "cli/store_util.h"
#include "core/format.h"
#include "core/parallel.h"
#include "rater/rater.h"
#include "rater/solver_features.h"
#include "storage/cli_output.pb.h"
#include "storage/json.h"
#include "storage/sudoku.pb.h"

ABSL_FLAG(bool, explain, false, "rate: also print the deduction steps");
ABSL_FLAG(bool, no_stochastic, false,
          "rate: skip the stochastic solvers (no solver_success; the score and "
          "level do not "
          "use them, and an ordinary puzzle rates about 25x faster)");
ABSL_FLAG(
    bool, rerate, false,
    "rate --db: rate again even when the store holds a rating of this puzzle");

namespace sudoku::cli {
namespace {

struct Rated {
  RateOutput out;
  RatingResult result;  // empty features when the output came from the store
};

Rated RateOne(const Rater& rater, const InputPuzzle& input, bool explain) {
  Rated rated;
  if (!input.grid.ok()) {
    rated.out.set_status(RateOutput::INVALID);
    rated.out.set_error(std::string(input.grid.status().message()));
  } else {
    rated.result = rater.Rate(*input.grid);
    rated.out = bank::RateOutputOf(*input.grid, rater, rated.result, explain);
  }
  rated.out.set_where(input.where());
  return rated;
}

void Print(const RateOutput& out, bool json) {
  if (json) {
    std::cout << ToJson(out) << "\n";
    return;
  }
  if (out.status() == RateOutput::RATED) {
    std::cout << absl::StrFormat(
        "%s\t%s\tscore %.2f\t~%.1f min\tER %.1f EP %.1f ED %.1f\t%s",
        out.where(), out.level(), out.score(), out.expected_minutes(), out.er(),
        out.ep(), out.ed(), out.hardest_technique());
    // At the top the trace's ER (20.0 for a guess) is not SE's: the
    // rater's estimate of SE's ER follows as a column of its own.
    if (bank::TopErDiffers(out))
      std::cout << absl::StrFormat("\tSE ladder ER %.1f", out.top_er());
    if (!out.solver_success().empty()) {
      std::vector<std::string> parts;
      for (const auto& [solver, rate] : out.solver_success()) {
        parts.push_back(absl::StrFormat("%s %.2f", solver, rate));
      }
      std::sort(parts.begin(), parts.end());
      std::cout << "\tsolvers " << absl::StrJoin(parts, ", ");
    }
    if (out.from_store())
      std::cout << "\t(stored rating of db #" << out.puzzle_id() << ")";
    std::cout << "\n";
  } else {
    const std::string verdict = VerdictText(out.status());
    std::cout << out.where() << "\t" << verdict << "\t" << out.error();
    for (const std::string& s : out.solutions()) std::cout << "\t" << s;
    std::cout << "\n";
  }
  for (const RateOutput::Step& step : out.steps()) {
    std::cout << absl::StrFormat("  %4.1f  %s\n", step.rating(), step.text());
  }
}

int RunRate(const CommandArgs& args) {
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("rate", std::string(options.status().message()));
  std::vector<std::string> sources = args.positional;
  if (sources.empty()) sources.push_back("-");
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs(sources, *options);
  if (!inputs.ok())
    return UsageError("rate", std::string(inputs.status().message()));
  RaterOptions rater_options = WithSolverFeatures({});
  rater_options.techniques = absl::GetFlag(FLAGS_techniques);
  rater_options.allow_uniqueness = !absl::GetFlag(FLAGS_no_uniqueness);
  rater_options.max_seconds = absl::GetFlag(FLAGS_max_puzzle_seconds);
  rater_options.max_nodes = absl::GetFlag(FLAGS_max_nodes);
  if (rater_options.max_nodes < 0)
    return UsageError("rate", "--max-nodes must be at least 0");
  const absl::StatusOr<int64_t> top_work = TopWorkFlag();
  if (!top_work.ok())
    return UsageError("rate", std::string(top_work.status().message()));
  rater_options.top_work = *top_work;
  rater_options.stochastic = absl::GetFlag(FLAGS_no_stochastic)
                                 ? StochasticUse::kIfModelUses
                                 : StochasticUse::kAlways;
  absl::StatusOr<std::unique_ptr<Rater>> rater = Rater::Create(rater_options);
  if (!rater.ok())
    return UsageError("rate", std::string(rater.status().message()));
  const bool json = absl::GetFlag(FLAGS_json);
  const bool explain = absl::GetFlag(FLAGS_explain);
  const bool rerate = absl::GetFlag(FLAGS_rerate);
  std::unique_ptr<SqlitePuzzleStore> store;
  const absl::CommandLineFlag* db_flag = absl::FindCommandLineFlag("db");
  if (db_flag != nullptr &&
      db_flag->CurrentValue() != db_flag->DefaultValue()) {
    absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> opened =
        OpenStoreFromFlags(/*create=*/true);
    if (!opened.ok())
      return UsageError("rate", std::string(opened.status().message()));
    store = std::move(*opened);
  }
  // With a store: look up known puzzles first (the store is single-threaded),
  // rate the rest in parallel, then store them in input order.
  std::vector<std::optional<Rated>> known(inputs->size());
  std::optional<bank::RatingBank> bank;
  if (store != nullptr) bank.emplace(*store, **rater, "rate");
  if (bank.has_value() && !rerate) {
    // The steps of a stored rating's puzzle are recomputed for the
    // submitted text (deduction only), by one quiet rater.
    std::unique_ptr<Rater> steps_only;
    if (explain) {
      RaterOptions quiet = rater_options;
      quiet.stochastic = StochasticUse::kNever;
      absl::StatusOr<std::unique_ptr<Rater>> made = Rater::Create(quiet);
      if (made.ok()) steps_only = *std::move(made);
    }
    for (size_t i = 0; i < inputs->size(); ++i) {
      const InputPuzzle& in = (*inputs)[i];
      if (!in.grid.ok()) continue;
      absl::StatusOr<std::optional<RateOutput>> stored = bank->Lookup(*in.grid);
      if (!stored.ok())
        return UsageError("rate", std::string(stored.status().message()));
      if (!stored->has_value()) continue;
      Rated r;
      r.out = **std::move(stored);
      r.out.set_where(in.where());
      if (steps_only != nullptr) {
        RatingResult again = steps_only->Rate(*in.grid);
        if (again.explanation != nullptr)
          bank::AddSteps(*again.explanation, r.out);
      }
      known[i] = std::move(r);
    }
  }
  int exit_code = kExitOk;
  absl::Status store_error;
  Progress progress("rate", static_cast<int64_t>(inputs->size()));
  ParallelOrdered(
      inputs->size(), absl::GetFlag(FLAGS_jobs),
      [&](size_t i) {
        if (known[i].has_value()) return std::move(*known[i]);
        return RateOne(**rater, (*inputs)[i], explain);
      },
      [&](size_t i, Rated rated) {
        progress.Add();
        RateOutput& out = rated.out;
        if (out.status() != RateOutput::RATED) exit_code = kExitBadPuzzle;
        if (bank.has_value() && out.status() == RateOutput::RATED &&
            !out.from_store() && store_error.ok()) {
          absl::StatusOr<int64_t> id =
              bank->Store(*(*inputs)[i].grid, rated.result);
          if (id.ok()) {
            out.set_puzzle_id(static_cast<uint64_t>(*id));
          } else {
            store_error = id.status();
          }
        }
        Print(out, json);
      });
  if (!store_error.ok()) {
    std::cerr << "sudoku-forge rate: storing failed: " << store_error.message()
              << "\n";
    return kExitUsage;
  }
  return exit_code;
}

}  // namespace

Command RateCommand() {
  return {
      "rate",
      "score and level ({levels}) of each puzzle",
      "Usage: sudoku-forge rate [FILE|-|PUZZLE]... [--json] [--explain] "
      "[--db=PATH]\n"
      "       [--rerate] [--jobs=J] [--techniques=LIST] [--no-uniqueness]\n"
      "       [--no-stochastic] [--max-puzzle-seconds=S] [--max-nodes=N]\n"
      "Rates each puzzle (standard input when none is given): the Forge "
      "score,\n"
      "the level, Sudoku Explainer's ER/EP/ED, the hardest technique, "
      "per-technique\n"
      "counts and the stochastic solvers' success rates at a fixed budget.\n"
      "Unreadable input, a puzzle with no solution or with several (two are\n"
      "shown) gets that verdict instead (exit code 1).\n"
      "--db=PATH stores every rating (with its parameters and trace) and "
      "returns\n"
      "the stored rating of a puzzle already known under the same canonical "
      "key\n"
      "(any isomorph), unless --rerate or the rater version or parameters "
      "differ.\n"
      "--no-stochastic leaves out the stochastic solvers (the fitted score "
      "does not\n"
      "use them): the same score and level, no solver_success.\n"
      "--max-puzzle-seconds bounds the work per puzzle (default 60): past it "
      "the\n"
      "puzzle is reported 'out_of_time' (OUT_OF_TIME) and nothing is "
      "stored.\n"
      "--max-nodes bounds the exact search (the uniqueness check before the "
      "rating;\n"
      "default 100,000,000 nodes, 0 = none): past it the puzzle is reported\n"
      "'budget_exceeded' (BUDGET_EXCEEDED) and nothing is stored.\n"
      "--top-work bounds each search of SE's nested forcing chains in the "
      "walk for\n"
      "top_er (the hardest 9x9 puzzles, SE 9.0 and up: seconds of CPU each; "
      "default\n"
      "100,000,000 literal expansions, 0 = none): past it a puzzle the walk\n"
      "cannot finish gets the trial estimate. It changes ratings, so it is "
      "stored\n"
      "with them. --json prints top_er (9x9): Sudoku Explainer's own ladder's "
      "ER\n"
      "where the puzzle reaches the top (the trace's ER 'er' rates a guess "
      "20.0),\n"
      "else the trace's ER. The text line shows it after the hardest "
      "technique,\n"
      "as 'SE ladder ER x', where it differs from the trace's ER.",
      {"json", "explain", "jobs", "shape", "techniques", "no_uniqueness", "db",
       "rerate", "no_stochastic", "max_puzzle_seconds", "max_nodes",
       "top_work"},
      &RunRate};
}

}  // namespace sudoku::cli
