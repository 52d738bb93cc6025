// Board: a Grid plus the candidates of every empty cell, for human-style
// deduction and for solvers that want a simple propagating state.
//
// Invariant: a filled cell has an empty candidate set; an empty cell's
// candidates exclude every digit placed in its peers (Place keeps this).
// Eliminations beyond that are whatever the caller applied.
// Not thread-safe; copy it to branch.
#ifndef SUDOKU_CORE_BOARD_H_
#define SUDOKU_CORE_BOARD_H_

#include <vector>

#include "absl/status/statusor.h"
#include "core/candidate_set.h"
#include "core/grid.h"

namespace sudoku {

class Board {
 public:
  // An empty board: every cell has all N candidates.
  explicit Board(const Shape& shape);

  // Places the givens of `grid`. InvalidArgument when givens clash.
  static absl::StatusOr<Board> FromGrid(const Grid& grid);

  const Shape& shape() const { return grid_.shape(); }
  const Grid& grid() const { return grid_; }
  int value(int cell) const { return grid_[cell]; }
  CandidateSet candidates(int cell) const {
    return candidates_[static_cast<size_t>(cell)];
  }
  bool IsSolved() const { return num_empty_ == 0; }
  int num_empty() const { return num_empty_; }

  // Places `digit` in the empty `cell` and removes it from the peers'
  // candidates. Returns false (leaving the board in a state the caller
  // should discard) when `digit` is not a candidate of `cell` or a peer
  // is left with no candidate.
  // REQUIRES: value(cell) == 0, 1 <= digit <= N.
  bool Place(int cell, int digit);
  // Removes `digit` from the candidates of the empty `cell`. Returns false
  // when that leaves the cell with no candidate.
  bool Eliminate(int cell, int digit);
  // Replaces the candidates of an empty cell (loading pencil marks).
  void SetCandidates(int cell, CandidateSet set) {
    candidates_[static_cast<size_t>(cell)] = set;
  }

  // The cells of unit `u` where `digit` is still a candidate.
  std::vector<int> CellsWithCandidate(int u, int digit) const;

  // The first empty cell (in cell order) with the fewest candidates, or -1
  // when none is empty. The scan stops at the first cell with at most
  // `good_enough` candidates (a search that branches on it wants no less).
  int FewestCandidatesCell(int good_enough = 0) const;

 private:
  Grid grid_;
  std::vector<CandidateSet> candidates_;
  int num_empty_;
};

}  // namespace sudoku

#endif  // SUDOKU_CORE_BOARD_H_
