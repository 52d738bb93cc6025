// Candidate links (see links.h): built per candidate from the unit index
// into flat arrays, with no search for duplicates.
#include "deduction/links.h"

#include <bit>
#include <cstdint>
#include <vector>

#include "deduction/unit_index.h"

namespace sudoku {
namespace {

// Every cell's candidates (none for a placed cell): what the links depend
// on.
void GridKey(const Board& board, std::vector<uint32_t>* key) {
  const int cells = board.shape().num_cells();
  key->resize(static_cast<size_t>(cells));
  for (int cell = 0; cell < cells; ++cell)
    (*key)[static_cast<size_t>(cell)] =
        board.value(cell) == 0 ? board.candidates(cell).bits() : 0;
}

}  // namespace

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
  n_ = n;
  num_ = shape.num_cells() * n;
  strong_at_.resize(2 * static_cast<size_t>(num_) + 1);
  weak_at_.resize(2 * static_cast<size_t>(num_) + 1);
  strong_.clear();
  weak_.clear();
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    const CandidateSet cands =
        board.value(cell) == 0 ? board.candidates(cell) : CandidateSet();
    const int row = shape.Row(cell), col = shape.Col(cell);
    const int box_unit = shape.BoxUnit(shape.Box(cell));
    const uint32_t row_bit = uint32_t{1} << col, col_bit = uint32_t{1} << row;
    const uint32_t box_bit = uint32_t{1}
                             << ((row % shape.box_rows()) * shape.box_cols() +
                                 col % shape.box_cols());
    for (int d = 1; d <= n; ++d) {
      const size_t at = 2 * static_cast<size_t>(cell * n + d - 1);
      strong_at_[at] = static_cast<int>(strong_.size());
      weak_at_[at] = static_cast<int>(weak_.size());
      if (cands.Contains(d)) {
        const uint32_t in_row = index.where(shape.RowUnit(row), d) & ~row_bit;
        const uint32_t in_col = index.where(shape.ColUnit(col), d) & ~col_bit;
        const uint32_t in_box = index.where(box_unit, d) & ~box_bit;
        for (int p : Bits(in_row))
          weak_.push_back(shape.Cell(row, p) * n + d - 1);
        for (int p : Bits(in_col))
          weak_.push_back(shape.Cell(p, col) * n + d - 1);
        for (int p : Bits(in_box)) {
          const int q = index.CellAt(box_unit, p);
          if (shape.Row(q) != row && shape.Col(q) != col)
            weak_.push_back(q * n + d - 1);
        }
        const bool row_pair = std::popcount(in_row) == 1;
        const bool col_pair = std::popcount(in_col) == 1;
        if (row_pair)
          strong_.push_back(shape.Cell(row, std::countr_zero(in_row)) * n + d -
                            1);
        if (col_pair)
          strong_.push_back(shape.Cell(std::countr_zero(in_col), col) * n + d -
                            1);
        if (std::popcount(in_box) == 1) {
          const int q = index.CellAt(box_unit, std::countr_zero(in_box));
          // Listed already when the row or column holding both is a pair.
          if (!(row_pair && shape.Row(q) == row) &&
              !(col_pair && shape.Col(q) == col))
            strong_.push_back(q * n + d - 1);
        }
      }
      strong_at_[at + 1] = static_cast<int>(strong_.size());
      weak_at_[at + 1] = static_cast<int>(weak_.size());
      if (!cands.Contains(d)) continue;
      for (int x : cands)
        if (x != d) weak_.push_back(cell * n + x - 1);
      if (cands.Count() == 2)
        strong_.push_back(cell * n +
                          cands.Without(CandidateSet::Of(d)).Single() - 1);
    }
  }
  strong_at_[2 * static_cast<size_t>(num_)] = static_cast<int>(strong_.size());
  weak_at_[2 * static_cast<size_t>(num_)] = static_cast<int>(weak_.size());
}

}  // namespace sudoku
