// The `dlx` solver: Knuth's Algorithm X with Dancing Links over the exact
// cover matrix of a Sudoku of any shape.
//
// Columns (4 N^2 constraints, each satisfied exactly once):
//   [0, N^2)        cell (r, c) holds a digit
//   [N^2, 2N^2)     row r holds digit d          (r * N + d - 1)
//   [2N^2, 3N^2)    column c holds digit d
//   [3N^2, 4N^2)    box b holds digit d
// Rows: one per (cell, digit), N^3 of them, 4 nodes each. Givens are
// chosen before the search; the search covers the column with the fewest
// rows (MRV, Knuth's S heuristic).
//
// All nodes live in arrays built once per shape; a solve covers and
// uncovers in place and always restores the matrix, so no allocation
// happens inside the search. Not thread-safe.
#ifndef SUDOKU_SOLVERS_DLX_SOLVER_H_
#define SUDOKU_SOLVERS_DLX_SOLVER_H_

#include <memory>

#include "solvers/solver.h"

namespace sudoku {

std::unique_ptr<Solver> NewDlxSolver();

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_DLX_SOLVER_H_
