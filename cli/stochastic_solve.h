// The stochastic path of `sudoku-forge solve` (--solver=anneal|hillclimb|
// reseda|...): K seeded runs per puzzle, reporting the success rate and the
// median iterations and time.
#ifndef SUDOKU_CLI_STOCHASTIC_SOLVE_H_
#define SUDOKU_CLI_STOCHASTIC_SOLVE_H_

#include <string>

#include "cli/command.h"

namespace sudoku::cli {

// True when `solver` names a registered stochastic solver.
bool IsStochasticSolver(const std::string& solver);

// Runs the stochastic solve for the puzzles named by `args` with the
// --solver, --runs, --seed, --solver-params, --max-iterations,
// --max-seconds, --shape and --json flags. Returns an exit code: 1 when some
// puzzle is unreadable or invalid (a success rate below 1 is a measurement,
// not an error), 2 on a usage error.
int RunStochasticSolve(const CommandArgs& args);

// The flags RunStochasticSolve reads beyond solve's own (for its flag list).
inline constexpr const char* kStochasticSolveFlags[] = {
    "runs", "seed", "solver_params", "max_iterations", "max_seconds"};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_STOCHASTIC_SOLVE_H_
