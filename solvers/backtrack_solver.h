// The `backtrack` solver: Chi & Lange's backtracking (§2.1) with bitmask
// candidates, naked and hidden singles at every node and the cell with the
// fewest candidates as the branch (see bit_search.h), plus a dedicated 9x9
// kernel on band bit boards (see classic_kernel.h) that is several times
// faster on the classic shape. Both count solutions identically; they may
// differ in nodes, guesses and in which solutions they find first when a
// puzzle has more than max_solutions.
#ifndef SUDOKU_SOLVERS_BACKTRACK_SOLVER_H_
#define SUDOKU_SOLVERS_BACKTRACK_SOLVER_H_

#include <memory>

#include "solvers/solver.h"

namespace sudoku {

struct BacktrackOptions {
  // Use the 9x9 band kernel for 3x3 shapes. Off only to test and benchmark
  // the shape-generic search against it.
  bool use_classic_kernel = true;
};

std::unique_ptr<Solver> NewBacktrackSolver(
    const BacktrackOptions& options = {});

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_BACKTRACK_SOLVER_H_
