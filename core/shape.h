// Shape: the geometry of a Sudoku whose boxes are r rows by c columns.
//
// N = r*c digits, N rows, N columns and N boxes; cells are plain ints
// 0..N*N-1 in row-major order. Boxes are numbered left to right, top to
// bottom; there are N/r = c bands (rows of boxes) and N/c = r stacks.
//
// Unit ids: rows are 0..N-1, columns N..2N-1, boxes 2N..3N-1.
//
// Shapes are immutable and interned: Shape::Get returns a reference that
// lives for the whole process, so Grids and Boards hold `const Shape*`
// (not owned). Get is thread-safe.
#ifndef SUDOKU_CORE_SHAPE_H_
#define SUDOKU_CORE_SHAPE_H_

#include <array>
#include <cassert>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace sudoku {

inline constexpr int kMinDigits = 4;
inline constexpr int kMaxDigits = 25;

enum class UnitKind { kRow = 0, kColumn = 1, kBox = 2 };

class Shape {
 public:
  // Returns the interned shape with boxes of `box_rows` x `box_cols`.
  // InvalidArgument unless 2 <= box_rows, box_cols and 4 <= r*c <= 25.
  static absl::StatusOr<const Shape*> Get(int box_rows, int box_cols);
  // The same, for shapes known to be valid. REQUIRES: valid dimensions.
  static const Shape& GetOrDie(int box_rows, int box_cols);
  static const Shape& Classic() { return GetOrDie(3, 3); }

  // Parses "RxC" (e.g. "3x3", "2x3"; 'X' and '*' are accepted too).
  static absl::StatusOr<const Shape*> FromSpec(absl::string_view spec);
  // The default shape for a cell count: 16->2x2, 36->2x3, 64->2x4, 81->3x3,
  // 100->2x5, 144->3x4, 256->4x4, 400->4x5, 625->5x5 (the squarer split,
  // fewer rows first). NotFound-free: returns nullptr if none.
  static const Shape* ForCellCount(int cells);
  // The cell counts that ForCellCount accepts, ascending.
  static std::vector<int> KnownCellCounts();

  Shape(const Shape&) = delete;
  Shape& operator=(const Shape&) = delete;

  int box_rows() const { return box_rows_; }
  int box_cols() const { return box_cols_; }
  int size() const { return n_; }  // N: digits per unit
  int num_cells() const { return n_ * n_; }
  int num_units() const { return 3 * n_; }
  // "3x3"
  std::string name() const;

  int Row(int cell) const { return cell / n_; }
  int Col(int cell) const { return cell % n_; }
  int Box(int cell) const { return box_of_[static_cast<size_t>(cell)]; }
  int Cell(int row, int col) const { return row * n_ + col; }
  // Unit ids of a cell: {row, N + col, 2N + box}.
  std::array<int, 3> UnitsOf(int cell) const {
    return {Row(cell), n_ + Col(cell), 2 * n_ + Box(cell)};
  }
  static UnitKind KindOf(int unit, int n) {
    return static_cast<UnitKind>(unit / n);
  }
  UnitKind unit_kind(int unit) const { return KindOf(unit, n_); }
  int RowUnit(int row) const { return row; }
  int ColUnit(int col) const { return n_ + col; }
  int BoxUnit(int box) const { return 2 * n_ + box; }

  // The N cells of a unit, in row-major order.
  // (Plain pointer arithmetic: subspan's range check kept this out of
  // line in the chaining searches' inner loops.)
  absl::Span<const int> unit(int u) const {
    assert(u >= 0 && static_cast<size_t>((u + 1) * n_) <= units_.size());
    return absl::Span<const int>(units_.data() + static_cast<size_t>(u * n_),
                                 static_cast<size_t>(n_));
  }
  // The cells sharing a unit with `cell` (excluding it), ascending.
  absl::Span<const int> peers(int cell) const {
    assert(cell >= 0 &&
           static_cast<size_t>((cell + 1) * num_peers_) <= peers_.size());
    return absl::Span<const int>(
        peers_.data() + static_cast<size_t>(cell * num_peers_),
        static_cast<size_t>(num_peers_));
  }
  int num_peers() const { return num_peers_; }
  bool SeesEachOther(int a, int b) const {
    return a != b && (Row(a) == Row(b) || Col(a) == Col(b) || Box(a) == Box(b));
  }

  // "r1c3" (1-based), "r10c12" for larger shapes.
  std::string CellName(int cell) const;
  // "row 1", "column 4", "box 5" (1-based).
  std::string UnitName(int unit) const;
  // The symbol of a digit: 1-9 then A, B, ... for N >= 10; '.' for 0.
  char Symbol(int digit) const;
  // Inverse of Symbol for a given symbol (case-insensitive letters):
  // the digit 1..N, 0 for an empty-cell marker (. 0 - _ *), -1 otherwise.
  int DigitOf(char symbol) const;

 private:
  Shape(int box_rows, int box_cols);

  int box_rows_;
  int box_cols_;
  int n_;
  int num_peers_;
  std::vector<int> box_of_;  // per cell
  std::vector<int> units_;   // 3N units x N cells
  std::vector<int> peers_;   // num_cells x num_peers
};

}  // namespace sudoku

#endif  // SUDOKU_CORE_SHAPE_H_
