// Candidate links (see links.h): built per candidate from the unit index
// into flat arrays, with no search for duplicates.
#include "deduction/links.h"

#include <bit>
#include <cstdint>
#include <vector>

#include "deduction/unit_index.h"
#include "deduction/util.h"

namespace sudoku {
const CandidateLinks& CandidateLinks::Of(const Board& board) {
  thread_local CandidateLinks links;
  thread_local std::vector<uint32_t> key;
  GridKey(board, &key);
  if (links.shape_ != &board.shape() || key != links.key_) {
    links.Build(board);
    links.shape_ = &board.shape();
    links.key_.swap(key);
  }
  return links;
}

void CandidateLinks::Build(const Board& board) {
  const Shape& shape = board.shape();
  const UnitIndex index(board);
  const int n = shape.size();
  const int br = shape.box_rows(), bc = shape.box_cols();
  n_ = n;
  num_ = shape.num_cells() * n;
  strong_at_.resize(2 * static_cast<size_t>(num_) + 1);
  weak_at_.resize(2 * static_cast<size_t>(num_) + 1);
  // At most 4 strong and 4 (N - 1) weak links a candidate; written through
  // pointers, the vectors' sizes are only room.
  candidates_.clear();
  for (int cell = 0; cell < shape.num_cells(); ++cell)
    if (board.value(cell) == 0)
      for (int d : board.candidates(cell))
        candidates_.push_back(cell * n + d - 1);
  const size_t cands = candidates_.size();
  if (strong_.size() < 4 * cands) strong_.resize(4 * cands);
  if (weak_.size() < 4 * static_cast<size_t>(n - 1) * cands)
    weak_.resize(4 * static_cast<size_t>(n - 1) * cands);
  int* const strong0 = strong_.data();
  int* const weak0 = weak_.data();
  int* strong = strong0;
  int* weak = weak0;
  // A box's positions in one of its rows, and in its first column.
  const uint32_t box_row = (uint32_t{1} << bc) - 1;
  uint32_t box_col = 0;
  for (int r = 0; r < br; ++r) box_col |= uint32_t{1} << (r * bc);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    const CandidateSet cands_here =
        board.value(cell) == 0 ? board.candidates(cell) : CandidateSet();
    const int row = shape.Row(cell), col = shape.Col(cell);
    const int box_unit = shape.BoxUnit(shape.Box(cell));
    const uint32_t row_bit = uint32_t{1} << col, col_bit = uint32_t{1} << row;
    // The cell's row and column within its box.
    const uint32_t in_box_row = box_row << ((row % br) * bc);
    const uint32_t in_box_col = box_col << (col % bc);
    for (int d = 1; d <= n; ++d) {
      const size_t at = 2 * static_cast<size_t>(cell * n + d - 1);
      strong_at_[at] = static_cast<int>(strong - strong0);
      weak_at_[at] = static_cast<int>(weak - weak0);
      if (cands_here.Contains(d)) {
        const uint32_t in_row = index.where(shape.RowUnit(row), d) & ~row_bit;
        const uint32_t in_col = index.where(shape.ColUnit(col), d) & ~col_bit;
        const uint32_t in_box =
            index.where(box_unit, d) & ~(in_box_row & in_box_col);
        for (int p : Bits(in_row)) *weak++ = shape.Cell(row, p) * n + d - 1;
        for (int p : Bits(in_col)) *weak++ = shape.Cell(p, col) * n + d - 1;
        for (int p : Bits(in_box & ~in_box_row & ~in_box_col))
          *weak++ = index.CellAt(box_unit, p) * n + d - 1;
        const bool row_pair = std::popcount(in_row) == 1;
        const bool col_pair = std::popcount(in_col) == 1;
        if (row_pair)
          *strong++ = shape.Cell(row, std::countr_zero(in_row)) * n + d - 1;
        if (col_pair)
          *strong++ = shape.Cell(std::countr_zero(in_col), col) * n + d - 1;
        // The box's other place, unless listed already as the row's or the
        // column's.
        if (std::popcount(in_box) == 1 &&
            !(row_pair && (in_box & in_box_row) != 0) &&
            !(col_pair && (in_box & in_box_col) != 0))
          *strong++ =
              index.CellAt(box_unit, std::countr_zero(in_box)) * n + d - 1;
      }
      strong_at_[at + 1] = static_cast<int>(strong - strong0);
      weak_at_[at + 1] = static_cast<int>(weak - weak0);
      if (!cands_here.Contains(d)) continue;
      for (int x : cands_here)
        if (x != d) *weak++ = cell * n + x - 1;
      if (cands_here.Count() == 2)
        *strong++ =
            cell * n + cands_here.Without(CandidateSet::Of(d)).Single() - 1;
    }
  }
  strong_at_[2 * static_cast<size_t>(num_)] =
      static_cast<int>(strong - strong0);
  weak_at_[2 * static_cast<size_t>(num_)] = static_cast<int>(weak - weak0);
}

}  // namespace sudoku
