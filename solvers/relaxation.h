// The continuous relaxation of a Sudoku shared by the projection and entropy
// solvers (Chi & Lange section 2.3; Gunther & Moon section II).
//
// One variable p[cell][digit] >= 0 per (empty cell, allowed digit). A hard
// clue fixes its cell and removes its digit from the cell's peers; those
// variables are eliminated, never stored. A soft clue (solvers/soft_puzzle.h)
// restricts its cell to a set of digits and removes nothing from the peers.
//
// The constraints are groups of variables whose sum is 1 (with p >= 0, each
// group is a unit simplex):
//   * one group per empty cell: its digits;
//   * one group per (unit, digit) where the digit is not a hard clue of the
//     unit: the unit's empty cells that may still take the digit.
// Groups 0..num_cell_groups-1 are the cell groups, in cell order; then the
// unit groups, unit-major (rows, columns, boxes), digit-minor.
//
// For 9x9 with L hard clues this is the (324 + L) x 729 system Ax = 1 of
// Gunther & Moon with the fixed variables and the clue rows eliminated.
#ifndef SUDOKU_SOLVERS_RELAXATION_H_
#define SUDOKU_SOLVERS_RELAXATION_H_

#include <vector>

#include "core/candidate_set.h"
#include "core/grid.h"

namespace sudoku {

struct Relaxation {
  // The hard clues (soft-clue cells are empty here).
  Grid clues{Shape::Classic()};
  // Per variable: its cell and digit, in (cell, digit) ascending order.
  std::vector<int> var_cell, var_digit;
  // The groups in CSR form: group g holds group_vars[group_start[g] ..
  // group_start[g + 1]).
  std::vector<int> group_start{0};
  std::vector<int> group_vars;
  int num_cell_groups = 0;
  // False when some group is empty: no point satisfies the constraints (the
  // clues leave a cell without a digit or a digit without a place in a unit).
  bool feasible = true;

  int num_vars() const { return static_cast<int>(var_cell.size()); }
  int num_groups() const { return static_cast<int>(group_start.size()) - 1; }
};

// Builds the relaxation of `clues`. `allowed`, when not null, has one entry
// per cell and restricts each empty cell further (soft clues); an empty
// CandidateSet there means "no restriction".
// REQUIRES: CheckGivens(clues).ok(); allowed == nullptr or
// allowed->size() == clues.num_cells().
Relaxation BuildRelaxation(const Grid& clues,
                           const std::vector<CandidateSet>* allowed = nullptr);

// Rounds every empty cell to its most probable digit (the first on ties),
// keeping the clues (Chi & Lange's argmax rounding). `p` has num_vars()
// entries. The result is complete when every empty cell has a variable.
Grid RoundArgmax(const Relaxation& relaxation, const std::vector<double>& p);

// Gunther & Moon's rounding [x]: a variable is 1 when >= 0.5. Returns the
// grid whose empty cells take the digit rounded to 1 (0 where no variable or
// more than one variable of the cell rounds to 1). A[x] = 1 holds exactly
// when the result is a valid solution of the clues.
Grid RoundHalf(const Relaxation& relaxation, const std::vector<double>& p);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_RELAXATION_H_
