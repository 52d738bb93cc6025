// sudoku-forge hint: the easiest next step for a user's partly solved grid.
//
// Input: the puzzle (its givens), the user's grid (givens plus their
// placements) and optionally their pencil marks. Checks first that the
// user's work agrees with the solution: a wrong placement is the most useful
// hint there is, so it is reported before any technique.
#include <sys/stat.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "bank/hint.h"
#include "bank/step_output.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "core/board.h"
#include "core/format.h"
#include "deduction/brute_force.h"
#include "deduction/step_solver.h"
#include "storage/deduction_output.pb.h"
#include "storage/json.h"

ABSL_FLAG(std::string, grid, "",
          "hint: the user's grid (givens plus their placements), a puzzle line "
          "or a file");
ABSL_FLAG(
    std::string, pencil, "",
    "hint: the user's pencil marks, one token of candidate symbols per cell "
    "(row-major, whitespace-separated; '|' and -+= borders ignored), or a "
    "file");

namespace sudoku::cli {
namespace {

// The flag's value: a file's contents when it names a file, else literal.
absl::StatusOr<std::string> FileOrLiteral(const std::string& value) {
  struct stat st;
  if (value == "-" || stat(value.c_str(), &st) == 0)
    return ReadFileOrStdin(value);
  return value;
}

int RunHint(const CommandArgs& args) {
  if (args.positional.empty()) {
    return UsageError(
        "hint",
        "give the puzzle: sudoku-forge hint PUZZLE [GRID] [--pencil=MARKS]");
  }
  if (args.positional.size() > 2) {
    return UsageError(
        "hint", absl::StrCat("unexpected argument '", args.positional[2], "'"));
  }
  std::string grid_arg = absl::GetFlag(FLAGS_grid);
  if (args.positional.size() == 2) {
    if (!grid_arg.empty())
      return UsageError("hint", "give the grid once (argument or --grid)");
    grid_arg = args.positional[1];
  }
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("hint", std::string(options.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs({args.positional[0]}, *options);
  if (!inputs.ok())
    return UsageError("hint", std::string(inputs.status().message()));
  if (inputs->size() != 1) {
    return UsageError(
        "hint", absl::StrCat(args.positional[0],
                             ": expected one puzzle, found ", inputs->size()));
  }
  std::string grid_text, pencil_text;
  if (!grid_arg.empty()) {
    absl::StatusOr<std::string> t = FileOrLiteral(grid_arg);
    if (!t.ok()) return UsageError("hint", std::string(t.status().message()));
    grid_text = *t;
  }
  if (!absl::GetFlag(FLAGS_pencil).empty()) {
    absl::StatusOr<std::string> t = FileOrLiteral(absl::GetFlag(FLAGS_pencil));
    if (!t.ok()) return UsageError("hint", std::string(t.status().message()));
    pencil_text = *t;
  }
  DeductionOptions deduction;
  deduction.allow_uniqueness = !absl::GetFlag(FLAGS_no_uniqueness);
  deduction.max_seconds = absl::GetFlag(FLAGS_max_puzzle_seconds);
  deduction.max_nodes = absl::GetFlag(FLAGS_max_nodes);
  if (deduction.max_nodes < 0)
    return UsageError("hint", "--max-nodes must be at least 0");
  absl::StatusOr<std::unique_ptr<StepSolver>> solver =
      StepSolver::Create(absl::GetFlag(FLAGS_techniques), deduction);
  if (!solver.ok())
    return UsageError("hint", std::string(solver.status().message()));

  const InputPuzzle& input = (*inputs)[0];
  // Malformed pencil marks are a usage error (exit 2), like a bad flag
  // value, not a verdict on the puzzle.
  if (!pencil_text.empty() && input.grid.ok()) {
    absl::StatusOr<std::vector<CandidateSet>> marks =
        bank::ParsePencilMarks(pencil_text, input.grid->shape());
    if (!marks.ok()) {
      return UsageError("hint",
                        absl::StrCat("--pencil: ", marks.status().message()));
    }
  }
  HintOutput out =
      input.grid.ok()
          ? bank::Hint(**solver, *input.grid, grid_text, pencil_text)
          : bank::InvalidHint(absl::StrCat("puzzle: ", input.where(), ": ",
                                           input.grid.status().message()));
  const bool refused = !out.error().empty();
  if (absl::GetFlag(FLAGS_json)) {
    std::cout << ToJson(out) << "\n";
  } else if (refused) {
    std::cout << VerdictText(out.status()) << ": " << out.error() << "\n";
  } else if (out.status() == HintOutput::STEP) {
    std::cout << absl::StrFormat(
        "hint (%s, %.1f): %s\n",
        bank::TechniqueNameInText(out.step().technique()), out.step().rating(),
        out.text());
  } else {
    std::cout << VerdictText(out.status()) << ": " << out.text() << "\n";
  }
  return refused ? kExitBadPuzzle : kExitOk;
}

}  // namespace

Command HintCommand() {
  return {
      "hint",
      "the easiest next step for a partly solved grid (or the mistake in it)",
      "Usage: sudoku-forge hint PUZZLE [GRID] [--pencil=MARKS] [--json]\n"
      "       [--techniques=LIST] [--no-uniqueness] [--shape=RxC]\n"
      "PUZZLE is the puzzle as given (a puzzle line or a file with one "
      "puzzle);\n"
      "GRID (or --grid) the user's grid: the givens plus their placements, in "
      "any\n"
      "puzzle format; givens may be left empty but not changed. --pencil "
      "gives\n"
      "the user's pencil marks: one token of candidate symbols per cell in\n"
      "row-major order (e.g. '1267 3 48 ...'; '|' and border lines are "
      "ignored;\n"
      "the token of a filled cell is not used). GRID and MARKS may be files.\n"
      "First checks the user's work against the solution: a wrong placement\n"
      "('r3c4 is wrong') or pencil marks that leave out the solution's digit "
      "are\n"
      "reported without revealing the digit. Otherwise prints the single "
      "easiest\n"
      "deduction (lowest SE rating) on the user's grid and pencil marks, and\n"
      "nothing more. Statuses: step, wrong, solved, stuck, invalid (exit 1).\n"
      "Malformed --pencil marks are a usage error (exit 2). "
      "--max-puzzle-seconds\n"
      "bounds the work (default 60), --max-nodes the exact search (default\n"
      "100,000,000 search nodes; past it: invalid, 'work budget exceeded').",
      {"json", "grid", "pencil", "techniques", "no_uniqueness", "shape",
       "max_puzzle_seconds", "max_nodes"},
      &RunHint};
}

}  // namespace sudoku::cli
