// Grid: the values of a Sudoku's cells (0 = empty, 1..N = a digit).
//
// A value type: copyable, comparable, cheap for 9x9 (81 bytes + a pointer).
// It holds no invariant beyond 0 <= value <= N; whether givens clash is
// checked by CheckGivens at the input boundary.
#ifndef SUDOKU_CORE_GRID_H_
#define SUDOKU_CORE_GRID_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "core/shape.h"

namespace sudoku {

class Grid {
 public:
  // An empty grid of `shape` (not owned; shapes are interned).
  explicit Grid(const Shape& shape)
      : shape_(&shape), cells_(static_cast<size_t>(shape.num_cells()), 0) {}

  const Shape& shape() const { return *shape_; }
  int size() const { return shape_->size(); }
  int num_cells() const { return shape_->num_cells(); }

  int operator[](int cell) const { return cells_[static_cast<size_t>(cell)]; }
  int get(int cell) const { return cells_[static_cast<size_t>(cell)]; }
  // REQUIRES: 0 <= digit <= N.
  void set(int cell, int digit) {
    cells_[static_cast<size_t>(cell)] = static_cast<uint8_t>(digit);
  }
  absl::Span<const uint8_t> cells() const { return cells_; }

  int NumFilled() const;
  bool IsComplete() const { return NumFilled() == num_cells(); }

  bool operator==(const Grid& o) const {
    return shape_ == o.shape_ && cells_ == o.cells_;
  }
  bool operator!=(const Grid& o) const { return !(*this == o); }

 private:
  const Shape* shape_;  // not owned
  std::vector<uint8_t> cells_;
};

// OK when no two filled cells of one unit hold the same digit; otherwise
// InvalidArgument naming both cells, e.g. "r1c3 and r1c7 both hold 5".
absl::Status CheckGivens(const Grid& grid);

// True iff `solution` is complete, every unit holds each digit once, and it
// agrees with every filled cell of `puzzle`. Deliberately naive: it is the
// oracle every solver is tested against.
bool IsValidSolution(const Grid& puzzle, const Grid& solution);

}  // namespace sudoku

#endif  // SUDOKU_CORE_GRID_H_
