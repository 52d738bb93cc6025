#include "core/board.h"

#include "core/status_macros.h"

namespace sudoku {

Board::Board(const Shape& shape)
    : grid_(shape),
      candidates_(static_cast<size_t>(shape.num_cells()),
                  CandidateSet::All(shape.size())),
      num_empty_(shape.num_cells()) {}

absl::StatusOr<Board> Board::FromGrid(const Grid& grid) {
  SUDOKU_RETURN_IF_ERROR(CheckGivens(grid));
  Board board(grid.shape());
  for (int cell = 0; cell < grid.num_cells(); ++cell) {
    const int d = grid[cell];
    if (d == 0) continue;
    // Givens do not clash, so only "a peer has no candidate left" can fail;
    // that is a puzzle with no solution, which is a result, not an error.
    board.grid_.set(cell, d);
    board.candidates_[static_cast<size_t>(cell)] = CandidateSet();
    --board.num_empty_;
  }
  for (int cell = 0; cell < grid.num_cells(); ++cell) {
    const int d = grid[cell];
    if (d == 0) continue;
    for (int peer : grid.shape().peers(cell))
      board.candidates_[static_cast<size_t>(peer)].Erase(d);
  }
  return board;
}

bool Board::Place(int cell, int digit) {
  CandidateSet& own = candidates_[static_cast<size_t>(cell)];
  if (!own.Contains(digit)) return false;
  own = CandidateSet();
  grid_.set(cell, digit);
  --num_empty_;
  bool ok = true;
  for (int peer : shape().peers(cell)) {
    CandidateSet& c = candidates_[static_cast<size_t>(peer)];
    c.Erase(digit);
    if (c.empty() && grid_[peer] == 0) ok = false;
  }
  return ok;
}

bool Board::Eliminate(int cell, int digit) {
  CandidateSet& c = candidates_[static_cast<size_t>(cell)];
  c.Erase(digit);
  return !c.empty() || grid_[cell] != 0;
}

std::vector<int> Board::CellsWithCandidate(int u, int digit) const {
  std::vector<int> cells;
  for (int cell : shape().unit(u))
    if (candidates(cell).Contains(digit)) cells.push_back(cell);
  return cells;
}

int Board::FewestCandidatesCell(int good_enough) const {
  int best = -1;
  int best_count = 0;
  for (int cell = 0; cell < shape().num_cells(); ++cell) {
    if (grid_[cell] != 0) continue;
    const int count = candidates(cell).Count();
    if (best < 0 || count < best_count) {
      best = cell;
      best_count = count;
      if (count <= good_enough) break;
    }
  }
  return best;
}

}  // namespace sudoku
