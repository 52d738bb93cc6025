// sudoku-forge solve: solutions of each puzzle with an exact solver.
#include <iostream>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "cli/solve_util.h"
#include "cli/stochastic_solve.h"
#include "core/format.h"
#include "solvers/solver.h"
#include "storage/cli_output.pb.h"
#include "storage/json.h"

ABSL_DECLARE_FLAG(int64_t, max_nodes);  // validate_command.cc

namespace sudoku::cli {
namespace {

// Counting every solution of a sparse grid never ends: without --max-nodes,
// --count=0 stops after this many search nodes (a few seconds).
constexpr int64_t kCountAllDefaultNodes = 10'000'000;

int RunSolve(const CommandArgs& args) {
  if (IsStochasticSolver(absl::GetFlag(FLAGS_solver)))
    return RunStochasticSolve(args);
  std::string format = absl::GetFlag(FLAGS_format);
  if (format.empty()) format = absl::GetFlag(FLAGS_json) ? "json" : "line";
  if (format != "line" && format != "grid" && format != "json" &&
      format != "tokens") {
    return UsageError("solve",
                      absl::StrCat("unknown --format '", format,
                                   "' (expected line, grid, json or tokens)"));
  }
  const int count = absl::GetFlag(FLAGS_count);
  if (count < 0)
    return UsageError("solve", "--count must be >= 0 (0 = count all)");
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("solve", std::string(options.status().message()));
  const std::string solver_name = absl::GetFlag(FLAGS_solver);
  absl::StatusOr<std::unique_ptr<Solver>> solver = MakeSolver(solver_name);
  if (!solver.ok())
    return UsageError("solve", std::string(solver.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs(args.positional, *options);
  if (!inputs.ok())
    return UsageError("solve", std::string(inputs.status().message()));

  SolveLimits limits;
  limits.max_solutions = count;
  limits.max_nodes = absl::GetFlag(FLAGS_max_nodes);
  if (limits.max_nodes < 0)
    return UsageError("solve", "--max-nodes must be >= 0 (0 = no bound)");
  if (count == 0 && args.given_flags.count("max_nodes") == 0)
    limits.max_nodes = kCountAllDefaultNodes;
  int exit_code = kExitOk;
  Progress progress("solve", static_cast<int64_t>(inputs->size()));
  for (const InputPuzzle& input : *inputs) {
    progress.Add();
    if (!input.grid.ok()) {
      std::cerr << input.where() << ": " << input.grid.status().message()
                << "\n";
      if (format == "json") {
        SolveOutput out;
        out.set_where(input.where());
        out.set_solver(solver_name);
        out.set_status(ValidateOutput::INVALID);
        std::cout << ToJson(out) << "\n";
      }
      exit_code = kExitBadPuzzle;
      continue;
    }
    SolveResult result = (*solver)->Solve(*input.grid, limits);
    if (result.num_solutions == 0) exit_code = kExitBadPuzzle;
    if (result.limit_hit) {
      // An incomplete answer is not a success.
      exit_code = kExitBadPuzzle;
      std::cerr << input.where()
                << ": search stopped at --max-nodes=" << limits.max_nodes
                << " with " << result.num_solutions
                << " solution(s) found so far (a lower bound; raise "
                   "--max-nodes, 0 = no bound)\n";
    }
    if (format == "json") {
      SolveOutput out;
      out.set_puzzle(ToLine(*input.grid));
      out.set_where(input.where());
      out.set_label(input.label);
      out.set_solver(solver_name);
      out.set_status(StatusOf(result, limits.max_solutions));
      out.set_num_solutions(static_cast<uint32_t>(result.num_solutions));
      out.set_limit_hit(result.limit_hit);
      for (const Grid& s : result.solutions) out.add_solutions(ToLine(s));
      out.set_nodes(SaturateToUint32(result.nodes));
      out.set_guesses(SaturateToUint32(result.guesses));
      std::cout << ToJson(out) << "\n";
      continue;
    }
    if (result.num_solutions == 0) {
      if (!result.limit_hit) std::cerr << input.where() << ": no solution\n";
      continue;
    }
    if (result.num_solutions >= 2 && count != 1) {
      std::cerr << input.where() << ": " << result.num_solutions
                << (result.num_solutions >= count && count > 0 ? "+" : "")
                << " solutions (showing " << result.solutions.size() << ")\n";
    }
    for (const Grid& s : result.solutions) {
      if (format == "line") {
        std::cout << ToLine(s);
        if (!input.label.empty()) std::cout << " " << input.label;
        std::cout << "\n";
      } else if (format == "grid") {
        std::cout << ToPrettyGrid(s) << "\n";
      } else {
        std::cout << ToTokens(s) << "\n";
      }
    }
  }
  return exit_code;
}

}  // namespace

Command SolveCommand() {
  return {
      "solve",
      "solve puzzles with an exact solver (backtrack or dlx)",
      "Usage: sudoku-forge solve [FILE|-|PUZZLE]... [--solver=backtrack|dlx]\n"
      "       [--count=N] [--format=line|grid|json|tokens] [--shape=RxC]\n"
      "Prints the solution of each puzzle. --count=N looks for up to N "
      "solutions\n"
      "(0 = all) and prints up to two of them; the count goes to stderr. JSON\n"
      "objects carry num_solutions, solutions, nodes and guesses.\n"
      "--max-nodes=N bounds the search per puzzle (0 = no bound; with "
      "--count=0\n"
      "the default is 10,000,000 nodes): a puzzle whose search stops there "
      "is\n"
      "reported with the solutions found so far (a lower bound) and exit "
      "code 1.\n"
      "Exit code 1 when some puzzle is invalid, has no solution or hit the "
      "bound.\n"
      "Stochastic solvers (--solver=anneal|hillclimb|reseda|...): --runs=K "
      "seeded\n"
      "runs per puzzle (run i uses DeriveSeed(--seed, i)); prints the success "
      "rate,\n"
      "median iterations and median seconds (--json: one object per puzzle).\n"
      "--solver-params=key=value,... sets the method's parameters "
      "(docs/STOCHASTIC.md).\n"
      "--solver=projection|entropy [--variant=C|D|E|F]: the relaxation "
      "solvers;\n"
      "--soft reads soft-clue puzzles ({4679} cells) for them "
      "(docs/LP_SOLVERS.md).",
      {"json", "shape", "solver", "count", "format", "max_nodes", "runs",
       "seed", "solver_params", "max_iterations", "max_seconds", "variant",
       "soft"},
      &RunSolve};
}

}  // namespace sudoku::cli
