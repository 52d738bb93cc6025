// sudoku-forge explain: the human-style solution of each puzzle, step by
// step, with Sudoku Explainer's ER/EP/ED and a per-technique count.
#include <iostream>
#include <memory>

#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "bank/step_output.h"
#include "bank/trace_rebuild.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/store_util.h"
#include "core/format.h"
#include "core/parallel.h"
#include "deduction/step_solver.h"
#include "rater/solver_features.h"
#include "storage/deduction_output.pb.h"
#include "storage/json.h"

ABSL_FLAG(bool, no_guess, false,
          "explain/hint: never guess; stop and report 'stuck' when no "
          "technique applies");

ABSL_FLAG(bool, as_written, false,
          "explain: walk each puzzle as written, as Sudoku Explainer does, "
          "instead of its canonical form (the rater's walk)");

namespace sudoku::cli {
namespace {

struct Explained {
  ExplainOutput out;
  std::string summary;  // the count line for text output
};

Explained Summarise(Explained r, const Shape& shape) {
  Explanation counts(shape);
  for (const TechniqueCountOutput& c : r.out.technique_counts()) {
    counts.technique_counts.emplace_back(c.technique(),
                                         static_cast<int>(c.count()));
  }
  r.summary = bank::CountSummary(counts);
  return r;
}

Explained ExplainOne(const StepSolver& solver, const InputPuzzle& input,
                     bank::WalkOf walk) {
  Explained r;
  if (!input.grid.ok()) {
    r.out.set_where(input.where());
    r.out.set_status(ExplainOutput::INVALID);
    r.out.set_error(std::string(input.grid.status().message()));
    return r;
  }
  r.out = bank::ExplainToOutput(solver, *input.grid, walk);
  r.out.set_where(input.where());
  r.out.set_label(input.label);
  return Summarise(std::move(r), input.grid->shape());
}

void PrintText(const Explained& r) {
  const ExplainOutput& out = r.out;
  if (out.status() == ExplainOutput::INVALID) {
    std::cout << out.where() << "\tinvalid\t" << out.error() << "\n\n";
    return;
  }
  std::cout << out.where() << "\t" << out.puzzle();
  if (!out.label().empty()) std::cout << "\t" << out.label();
  std::cout << "\n";
  int index = 0;
  for (const StepOutput& s : out.steps()) {
    std::cout << absl::StrFormat("%4d  %4.1f  %s\n", ++index, s.rating(),
                                 s.text());
  }
  std::string verdict = VerdictText(out.status());
  if (out.status() == ExplainOutput::SOLVED) {
    verdict = out.solved_by_logic()
                  ? "solved by logic"
                  : absl::StrCat("solved with ", out.guesses(),
                                 out.guesses() == 1 ? " guess" : " guesses");
  } else if (out.status() == ExplainOutput::STUCK) {
    verdict = absl::StrCat("stuck after ", out.steps_size(),
                           " steps: no technique of the ladder applies");
  } else if (!out.error().empty()) {
    verdict = absl::StrCat(verdict, ": ", out.error());
  }
  std::cout << verdict;
  if (out.steps_size() > 0) {
    std::cout << absl::StrFormat("\tER %.1f  EP %.1f  ED %.1f", out.er(),
                                 out.ep(), out.ed());
  }
  std::cout << "\n";
  if (!r.summary.empty()) std::cout << r.summary << "\n";
  if (out.status() == ExplainOutput::STUCK)
    std::cout << "grid: " << out.final_grid() << "\n";
  std::cout << "\n";
}

// explain --db=PATH ID...: the stored puzzles' walk-throughs, rebuilt by
// the rater and checked against the stored rating and trace
// (bank/trace_rebuild.h), so a bank without stored traces explains exactly
// as one with them.
int RunExplainStored(const CommandArgs& args) {
  if (!absl::GetFlag(FLAGS_techniques).empty() ||
      absl::GetFlag(FLAGS_no_uniqueness) || absl::GetFlag(FLAGS_no_guess) ||
      absl::GetFlag(FLAGS_as_written)) {
    return UsageError("explain",
                      "--db explains with the rater's ladder and walk: drop "
                      "--techniques, --no-uniqueness, --no-guess and "
                      "--as-written");
  }
  std::vector<int64_t> ids;
  for (const std::string& arg : args.positional) {
    int64_t id = 0;
    if (!absl::SimpleAtoi(arg, &id))
      return UsageError("explain",
                        absl::StrCat("--db: '", arg, "' is not a puzzle id"));
    ids.push_back(id);
  }
  if (ids.empty()) return UsageError("explain", "--db: give puzzle ids");
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
      OpenStoreFromFlags(false);
  if (!store.ok())
    return UsageError("explain", std::string(store.status().message()));
  absl::StatusOr<std::unique_ptr<Rater>> rater =
      Rater::Create(WithSolverFeatures({}));
  if (!rater.ok())
    return UsageError("explain", std::string(rater.status().message()));
  const bool json = absl::GetFlag(FLAGS_json);
  int exit_code = kExitOk;
  for (int64_t id : ids) {
    absl::StatusOr<bank::RebuiltRating> rebuilt =
        bank::RebuildStored(**store, id, **rater);
    Explained r;
    if (!rebuilt.ok()) {
      std::cerr << "sudoku-forge explain: " << rebuilt.status().message()
                << "\n";
      r.out.set_status(ExplainOutput::INVALID);
      r.out.set_error(std::string(rebuilt.status().message()));
      exit_code = kExitBadPuzzle;
    } else {
      r.out = bank::ExplanationToOutput(*rebuilt->rating.explanation,
                                        rebuilt->puzzle.givens);
      r.out.set_label(rebuilt->puzzle.label);
      r = Summarise(std::move(r), rebuilt->puzzle.givens.shape());
    }
    r.out.set_where(absl::StrCat("id ", id));
    if (json) {
      std::cout << ToJson(r.out) << "\n";
    } else {
      PrintText(r);
    }
  }
  return exit_code;
}

int RunExplain(const CommandArgs& args) {
  if (args.given_flags.count("db") != 0) return RunExplainStored(args);
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("explain", std::string(options.status().message()));
  DeductionOptions deduction;
  deduction.allow_uniqueness = !absl::GetFlag(FLAGS_no_uniqueness);
  deduction.max_seconds = absl::GetFlag(FLAGS_max_puzzle_seconds);
  deduction.max_nodes = absl::GetFlag(FLAGS_max_nodes);
  if (deduction.max_nodes < 0)
    return UsageError("explain", "--max-nodes must be at least 0");
  deduction.allow_guessing = !absl::GetFlag(FLAGS_no_guess);
  absl::StatusOr<std::unique_ptr<StepSolver>> solver =
      StepSolver::Create(absl::GetFlag(FLAGS_techniques), deduction);
  if (!solver.ok())
    return UsageError("explain", std::string(solver.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs(args.positional, *options);
  if (!inputs.ok())
    return UsageError("explain", std::string(inputs.status().message()));
  const bool json = absl::GetFlag(FLAGS_json);
  const bank::WalkOf walk = absl::GetFlag(FLAGS_as_written)
                                ? bank::WalkOf::kAsWritten
                                : bank::WalkOf::kCanonicalForm;
  int exit_code = kExitOk;
  ParallelOrdered(
      inputs->size(), absl::GetFlag(FLAGS_jobs),
      [&](size_t i) { return ExplainOne(**solver, (*inputs)[i], walk); },
      [&](size_t, Explained r) {
        const ExplainOutput::Status status = r.out.status();
        if (status != ExplainOutput::SOLVED && status != ExplainOutput::STUCK)
          exit_code = kExitBadPuzzle;
        if (json) {
          std::cout << ToJson(r.out) << "\n";
        } else {
          PrintText(r);
        }
      });
  return exit_code;
}

}  // namespace

Command ExplainCommand() {
  return {
      "explain",
      "human-style solution step by step, with SE ratings (ER/EP/ED)",
      "Usage: sudoku-forge explain [FILE|-|PUZZLE]... [--json] "
      "[--techniques=LIST]\n"
      "       [--no-uniqueness] [--no-guess] [--shape=RxC] [--jobs=J]\n"
      "       sudoku-forge explain --db=PATH ID... [--json]\n"
      "Solves each puzzle the way a person would: at every point the easiest\n"
      "deduction (lowest Sudoku Explainer rating) of the ladder, until "
      "solved.\n"
      "Prints every step (rating and an English sentence), then the verdict "
      "with\n"
      "ER (hardest step), EP (hardest up to the first placement) and ED "
      "(first\n"
      "step), and the per-technique counts. --techniques restricts the ladder "
      "to\n"
      "groups and ids, e.g. singles,intersections,nishio (see "
      "docs/DEDUCTION.md).\n"
      "When nothing applies the solver guesses the solution's digit in a cell\n"
      "with the fewest candidates (a 'guess' step rated 20.0) so the solution "
      "is\n"
      "still complete; --no-guess stops there and reports 'stuck' instead.\n"
      "Each puzzle is walked in its canonical form and the steps mapped back,\n"
      "so every isomorph gets the same walk and ratings (the rater's); where\n"
      "steps tie, Sudoku Explainer takes the first found on the grid as\n"
      "written: --as-written walks the grid as written, as SE does.\n"
      "A puzzle with no or several solutions is rejected at once with that\n"
      "verdict (as rate does); a walk longer than --max-puzzle-seconds "
      "(default 60)\n"
      "stops with 'out_of_time'; an exact search (the uniqueness check) "
      "longer than\n"
      "--max-nodes (default 100,000,000 search nodes, 0 = none) with\n"
      "'budget_exceeded'.\n"
      "One result per puzzle; a bad line is reported with its line and column\n"
      "and the batch carries on (exit code 1 at the end).\n"
      "explain --db=PATH ID...: the stored puzzles' walk-throughs, rebuilt by "
      "the\n"
      "rater and checked against the stored rating (and trace, when stored).",
      {"json", "techniques", "no_uniqueness", "no_guess", "as_written", "shape",
       "jobs", "db", "max_puzzle_seconds", "max_nodes"},
      &RunExplain};
}

}  // namespace sudoku::cli
