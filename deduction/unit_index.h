// UnitIndex: where each digit can still go in each unit, as bit masks.
//
// For unit u and digit d, where(u, d) has bit i set when the i-th cell of
// shape.unit(u) is empty and has d as a candidate:
//
//   unit kind   bit i means                  (N <= 25, so 32 bits suffice)
//   row r       column i of row r
//   column c    row i of column c
//   box b       i-th cell of box b in row-major order
//
// So the row masks of one digit are directly the "columns" a fish needs, and
// the column masks the "rows". Built in one pass over the board (about N^2
// times the mean candidate count); a fixed-size array, so no heap traffic.
// A value type, not thread-safe to build concurrently into one object.
#ifndef SUDOKU_DEDUCTION_UNIT_INDEX_H_
#define SUDOKU_DEDUCTION_UNIT_INDEX_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "core/board.h"
#include "core/shape.h"

namespace sudoku {

class UnitIndex {
 public:
  explicit UnitIndex(const Board& board)
      : shape_(&board.shape()), n_(board.shape().size()) {
    const Shape& s = *shape_;
    std::fill_n(where_.begin(), static_cast<size_t>(3 * n_ * kMaxDigits), 0u);
    std::fill_n(placed_.begin(), static_cast<size_t>(3 * n_), 0u);
    std::fill_n(empty_.begin(), static_cast<size_t>(3 * n_), 0u);
    const int br = s.box_rows(), bc = s.box_cols();
    for (int cell = 0; cell < s.num_cells(); ++cell) {
      const int r = s.Row(cell), c = s.Col(cell), b = s.Box(cell);
      const int in_box = (r % br) * bc + (c % bc);
      const int value = board.value(cell);
      if (value != 0) {
        const uint32_t bit = uint32_t{1} << (value - 1);
        placed_[static_cast<size_t>(r)] |= bit;
        placed_[static_cast<size_t>(n_ + c)] |= bit;
        placed_[static_cast<size_t>(2 * n_ + b)] |= bit;
        continue;
      }
      empty_[static_cast<size_t>(r)] |= uint32_t{1} << c;
      empty_[static_cast<size_t>(n_ + c)] |= uint32_t{1} << r;
      empty_[static_cast<size_t>(2 * n_ + b)] |= uint32_t{1} << in_box;
      for (int d : board.candidates(cell)) {
        Slot(r, d) |= uint32_t{1} << c;
        Slot(n_ + c, d) |= uint32_t{1} << r;
        Slot(2 * n_ + b, d) |= uint32_t{1} << in_box;
      }
    }
  }

  const Shape& shape() const { return *shape_; }
  int n() const { return n_; }
  // Positions (indices into shape().unit(u)) where `digit` may go.
  uint32_t where(int unit, int digit) const {
    return where_[static_cast<size_t>(unit * kMaxDigits + digit - 1)];
  }
  // Digits already placed in the unit (bit d-1).
  uint32_t placed(int unit) const { return placed_[static_cast<size_t>(unit)]; }
  // Positions of the empty cells of the unit.
  uint32_t empty(int unit) const { return empty_[static_cast<size_t>(unit)]; }
  // The cell at position `pos` of unit `u`.
  int CellAt(int unit, int pos) const {
    return shape_->unit(unit)[static_cast<size_t>(pos)];
  }

 private:
  uint32_t& Slot(int unit, int digit) {
    return where_[static_cast<size_t>(unit * kMaxDigits + digit - 1)];
  }

  const Shape* shape_;  // not owned
  int n_;
  std::array<uint32_t, 3 * kMaxDigits * kMaxDigits> where_;
  std::array<uint32_t, 3 * kMaxDigits> placed_;
  std::array<uint32_t, 3 * kMaxDigits> empty_;
};

// Iterates the set bits of a mask: for (int i : Bits(mask)).
class Bits {
 public:
  explicit constexpr Bits(uint32_t mask) : mask_(mask) {}
  class Iterator {
   public:
    constexpr explicit Iterator(uint32_t m) : m_(m) {}
    constexpr int operator*() const { return std::countr_zero(m_); }
    constexpr Iterator& operator++() {
      m_ &= m_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return m_ != o.m_; }

   private:
    uint32_t m_;
  };
  constexpr Iterator begin() const { return Iterator(mask_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  uint32_t mask_;
};

// A cell's units in Sudoku Explainer's order of regions (box, row,
// column), with, as bits of positions in each unit (UnitIndex's), the cell
// itself and the cells it shares with its box: what SE's chaining searches
// look up for every literal they expand.
struct SeCellUnits {
  std::array<int, 3> unit;
  std::array<uint32_t, 3> self, in_box;
};

// SeCellUnits of every cell of `shape`: one table per shape (shapes are
// interned), made on first use and kept; thread-safe.
inline const std::vector<SeCellUnits>& SeCellUnitsOf(const Shape& shape) {
  thread_local const Shape* last_shape = nullptr;
  thread_local const std::vector<SeCellUnits>* last_table = nullptr;
  if (last_shape == &shape) return *last_table;
  static std::mutex mu;
  static auto* const tables =
      new std::map<const Shape*, std::unique_ptr<std::vector<SeCellUnits>>>;
  const std::lock_guard<std::mutex> lock(mu);
  std::unique_ptr<std::vector<SeCellUnits>>& table = (*tables)[&shape];
  if (table == nullptr) {
    table = std::make_unique<std::vector<SeCellUnits>>(
        static_cast<size_t>(shape.num_cells()));
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      SeCellUnits& cu = (*table)[static_cast<size_t>(cell)];
      cu.unit = {shape.BoxUnit(shape.Box(cell)), shape.RowUnit(shape.Row(cell)),
                 shape.ColUnit(shape.Col(cell))};
      for (size_t k = 0; k < 3; ++k) {
        cu.self[k] = cu.in_box[k] = 0;
        const absl::Span<const int> cells = shape.unit(cu.unit[k]);
        for (size_t pos = 0; pos < cells.size(); ++pos) {
          if (cells[pos] == cell) cu.self[k] |= uint32_t{1} << pos;
          if (shape.Box(cells[pos]) == shape.Box(cell))
            cu.in_box[k] |= uint32_t{1} << pos;
        }
      }
    }
  }
  last_shape = &shape;
  last_table = table.get();
  return *table;
}

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_UNIT_INDEX_H_
