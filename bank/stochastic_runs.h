// Repeated seeded runs of one stochastic solver (the engine behind
// `solve --solver=anneal|hillclimb|reseda|projection|entropy --runs=K`):
// the solver from its name and parameters, K runs on a puzzle with their
// success rate and medians, and the soft-clue puzzles of the relaxation
// solvers (read and solved). Every front end gets the same answers
// (storage/stochastic_output.proto); printing them is the front end's.
#ifndef SUDOKU_BANK_STOCHASTIC_RUNS_H_
#define SUDOKU_BANK_STOCHASTIC_RUNS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"
#include "core/shape.h"
#include "solvers/soft_puzzle.h"
#include "solvers/stochastic.h"
#include "storage/stochastic_output.pb.h"

namespace sudoku::bank {

// True when `name` is a registered stochastic solver.
bool IsStochasticSolverName(absl::string_view name);

// The solver `name` with its parameters, "k=v,k=v" (`params_text`), and
// the entropy solver's `variant` ("" = none given). InvalidArgument for
// bad parameters, a variant for another solver or given twice; NotFound
// for an unknown name.
absl::StatusOr<std::unique_ptr<StochasticSolver>> MakeStochasticRunner(
    absl::string_view name, absl::string_view params_text,
    absl::string_view variant);

// The runs: `runs` of them (>= 1), run i seeded DeriveSeed(seed, i), each
// within `budget`.
struct StochasticRunSpec {
  int runs = 1;
  uint64_t seed = 0;
  StochasticBudget budget;
};

// The runs of `solver` on `puzzle`: puzzle, solver, runs, seed, success
// rate, medians, the first valid grid found; `error` set (and nothing run)
// when the solver does not support the puzzle's shape. `where` and `label`
// are the caller's. REQUIRES: CheckGivens(puzzle).ok().
StochasticSolveOutput RunStochastic(StochasticSolver& solver,
                                    const Grid& puzzle,
                                    const StochasticRunSpec& spec);

// Soft-clue puzzles of a text, one per line: the line format of
// solvers/soft_puzzle.h, or a JSON object {"puzzle": "<soft line>",
// "weights": {"r1c4": {"4": 0.4, "6": 0.6}}}. Blank and '#' lines are
// skipped. InvalidArgument naming the line (and column) on the first bad
// line. `shape` may be null (inferred).
absl::StatusOr<std::vector<SoftPuzzle>> ParseSoftText(absl::string_view text,
                                                      const Shape* shape);

// Whether `solver` solves soft-clue puzzles (the relaxation solvers:
// projection, entropy).
bool SolvesSoftPuzzles(const StochasticSolver& solver);

// The runs of a relaxation solver on a soft-clue puzzle, with the exact
// solution count of the puzzle (up to 2). InvalidArgument when
// !SolvesSoftPuzzles(solver).
absl::StatusOr<StochasticSolveOutput> RunSoft(StochasticSolver& solver,
                                              const SoftPuzzle& soft,
                                              const StochasticRunSpec& spec);

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_STOCHASTIC_RUNS_H_
