// sudoku-forge validate: is each puzzle unique, multiple, unsolvable or
// invalid?
#include <iostream>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "cli/solve_util.h"
#include "core/format.h"
#include "solvers/solver.h"
#include "storage/cli_output.pb.h"
#include "storage/json.h"

// The default work bound of the exact search (validate, import, solve): far
// above any real puzzle (the hardest 9x9 need thousands of nodes), low
// enough that a hostile grid cannot hold the command for long.
ABSL_FLAG(int64_t, max_nodes, 100'000'000,
          "The work budget of the exact search per puzzle, in search nodes "
          "(default 100,000,000; 0 = no limit): validate, solve and import "
          "report a puzzle that uses it up as budget_exceeded (JSON "
          "BUDGET_EXCEEDED; exit code 1)");

namespace sudoku::cli {
namespace {

int RunValidate(const CommandArgs& args) {
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("validate", std::string(options.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs(args.positional, *options);
  if (!inputs.ok())
    return UsageError("validate", std::string(inputs.status().message()));
  absl::StatusOr<std::unique_ptr<Solver>> solver =
      MakeSolver(absl::GetFlag(FLAGS_solver));
  if (!solver.ok())
    return UsageError("validate", std::string(solver.status().message()));

  const bool json = absl::GetFlag(FLAGS_json);
  SolveLimits limits;
  limits.max_solutions = 2;
  limits.max_nodes = absl::GetFlag(FLAGS_max_nodes);
  int exit_code = kExitOk;
  int counts[7] = {0, 0, 0, 0, 0, 0, 0};
  Progress progress("validate", static_cast<int64_t>(inputs->size()));
  for (const InputPuzzle& input : *inputs) {
    ValidateOutput out;
    out.set_where(input.where());
    out.set_label(input.label);
    if (!input.grid.ok()) {
      out.set_status(ValidateOutput::INVALID);
      out.set_error(std::string(input.grid.status().message()));
    } else {
      out.set_puzzle(ToLine(*input.grid));
      SolveResult result = (*solver)->Solve(*input.grid, limits);
      out.set_nodes(SaturateToUint32(result.nodes));
      for (const Grid& s : result.solutions) out.add_solutions(ToLine(s));
      out.set_status(StatusOf(result, limits.max_solutions));
    }
    ++counts[out.status()];
    if (out.status() != ValidateOutput::UNIQUE) exit_code = kExitBadPuzzle;
    if (json) {
      std::cout << ToJson(out) << "\n";
    } else {
      std::cout << input.where() << "\t" << VerdictText(out.status());
      if (out.status() == ValidateOutput::INVALID)
        std::cout << "\t" << out.error();
      if (out.status() == ValidateOutput::MULTIPLE) {
        std::cout << "\t" << out.solutions(0) << "\t" << out.solutions(1);
      }
      std::cout << "\n";
    }
    progress.Add();
  }
  if (!json) {
    std::cerr << inputs->size()
              << " puzzles: " << counts[ValidateOutput::UNIQUE] << " unique, "
              << counts[ValidateOutput::MULTIPLE] << " multiple, "
              << counts[ValidateOutput::NONE] << " none, "
              << counts[ValidateOutput::INVALID] << " invalid";
    if (counts[ValidateOutput::BUDGET_EXCEEDED] > 0) {
      std::cerr << ", " << counts[ValidateOutput::BUDGET_EXCEEDED]
                << " budget_exceeded (--max-nodes)";
    }
    std::cerr << "\n";
  }
  return exit_code;
}

}  // namespace

Command ValidateCommand() {
  return {
      "validate",
      "check each puzzle: unique, multiple, none, budget_exceeded or invalid",
      "Usage: sudoku-forge validate [FILE|-|PUZZLE]... [--json] [--shape=RxC]\n"
      "       [--solver=NAME] [--max-nodes=N]\n"
      "Reads puzzles (files, '-' for stdin, or literal puzzles; no argument:\n"
      "stdin) and prints per puzzle 'where<TAB>status': unique, multiple "
      "(with\n"
      "two different solutions), none, budget_exceeded (the search stopped "
      "at\n"
      "--max-nodes), or invalid with the reason. --json prints\n"
      "one object per puzzle: {\"status\", \"solutions\", \"error\", "
      "\"nodes\", ...}.\n"
      "Exit code 1 when any puzzle is not unique.",
      {"json", "shape", "solver", "max_nodes"},
      &RunValidate};
}

}  // namespace sudoku::cli
