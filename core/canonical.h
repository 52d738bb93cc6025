// Canonical form of a puzzle under the Sudoku symmetry group (minlex).
//
// Two puzzles are isomorphic (the "same puzzle" to a solver or a human) when
// one maps to the other by a composition of
//   * relabelling the digits,
//   * permuting the rows inside a band and permuting the bands,
//   * permuting the columns inside a stack and permuting the stacks,
//   * transposition, only when the boxes are square (r = c): for r != c the
//     transpose has r x c boxes turned into c x r, a different shape.
// Rotations and mirrors are compositions of these. The canonical form is the
// isomorph whose cells, read row by row with 0 for an empty cell, form the
// lexicographically smallest sequence ("minlex"); two puzzles get the same
// form iff they are isomorphic.
//
// Why core/ and not storage/: it is pure engine code (no SQLite, no proto),
// and the generator and rater (which must not link storage) need it to
// deduplicate puzzles in memory. storage/ uses it for the UNIQUE key.
//
// Algorithm (canonical.cc has the details): the output is built one row at a
// time, keeping every partial transformation whose rows so far are minimal.
// The column side of a partial transformation is an ordered partition of the
// columns (stack order fixed, columns inside a stack refined as rows fix
// them), so ties between empty cells cost nothing. Typical 9x9 puzzles keep
// a few dozen partial transformations; the count is bounded by
// CanonicalOptions::max_candidates for pathological inputs (near-empty large
// grids, whose tie sets grow like (r!)^c).
#ifndef SUDOKU_CORE_CANONICAL_H_
#define SUDOKU_CORE_CANONICAL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/grid.h"
#include "core/rng.h"

namespace sudoku {

// One element of the symmetry group of a shape, read as a map from a
// SOURCE grid to its IMAGE:
//
//   image(row, col) = relabel[oriented(row_order[row], col_order[col])]
//
// where `oriented` is the source, transposed first when transposed() (square
// boxes only). row_order keeps bands together (image band b is one source
// band, its rows in any order), col_order keeps stacks together. Cells,
// digits and units map both ways (Map* from source to image, Unmap* back),
// so a deduction found on the image names the source's cells once mapped.
//
// A GridTransform is a small value type (per-cell tables, O(N^2) ints);
// immutable and thread-compatible.
class GridTransform {
 public:
  // The identity of `shape`.
  static GridTransform Identity(const Shape& shape);
  // InvalidArgument unless: transpose only for square boxes; row_order and
  // col_order are permutations of 0..N-1 that keep bands (stacks) together;
  // relabel has N + 1 entries, relabel[0] == 0 and relabel[1..N] is a
  // permutation of 1..N.
  static absl::StatusOr<GridTransform> Create(const Shape& shape,
                                              bool transpose,
                                              std::vector<int> row_order,
                                              std::vector<int> col_order,
                                              std::vector<int> relabel);

  const Shape& shape() const { return *shape_; }
  bool transposed() const { return transpose_; }
  // Image row -> row of the oriented source.
  absl::Span<const int> row_order() const { return row_order_; }
  // Image column -> column of the oriented source.
  absl::Span<const int> col_order() const { return col_order_; }
  // Source digit -> image digit; relabel()[0] == 0 (an empty cell).
  absl::Span<const int> relabel() const { return relabel_; }

  // REQUIRES: 0 <= cell < num_cells, 0 <= digit <= N, 0 <= unit < 3N.
  int MapCell(int source_cell) const {
    return cell_to_image_[static_cast<size_t>(source_cell)];
  }
  int UnmapCell(int image_cell) const {
    return cell_to_source_[static_cast<size_t>(image_cell)];
  }
  int MapDigit(int source_digit) const {
    return relabel_[static_cast<size_t>(source_digit)];
  }
  int UnmapDigit(int image_digit) const {
    return unlabel_[static_cast<size_t>(image_digit)];
  }
  // A row, column or box of the source -> the unit of the image holding its
  // cells (rows and columns swap under transposition), and back.
  int MapUnit(int source_unit) const;
  int UnmapUnit(int image_unit) const;

  // REQUIRES: grid.shape() == shape().
  Grid Apply(const Grid& source) const;
  Grid Unapply(const Grid& image) const;
  // The transform from the image back to the source.
  GridTransform Inverse() const;

  bool operator==(const GridTransform& o) const {
    return shape_ == o.shape_ && transpose_ == o.transpose_ &&
           row_order_ == o.row_order_ && col_order_ == o.col_order_ &&
           relabel_ == o.relabel_;
  }

 private:
  GridTransform(const Shape& shape, bool transpose, std::vector<int> row_order,
                std::vector<int> col_order, std::vector<int> relabel);

  const Shape* shape_;  // interned, not owned
  bool transpose_;
  std::vector<int> row_order_, col_order_, relabel_;
  // Derived tables.
  std::vector<int> unlabel_;         // image digit -> source digit
  std::vector<int> cell_to_image_;   // source cell -> image cell
  std::vector<int> cell_to_source_;  // image cell -> source cell
};

struct CanonicalOptions {
  // Most partial transformations kept alive at one row of the search. Real
  // 9x9 puzzles stay far below 10^4; an empty 9x9 grid peaks at 15,552. The
  // bound stops near-empty 20x20/25x25 grids, whose tie sets explode, from
  // eating memory: they get ResourceExhausted instead.
  int64_t max_candidates = 1'000'000;
};

// Returns the minlex isomorph of `puzzle` (same shape).
// InvalidArgument if the givens clash (CheckGivens); ResourceExhausted if the
// search needs more than options.max_candidates partial transformations.
absl::StatusOr<Grid> CanonicalForm(const Grid& puzzle,
                                   const CanonicalOptions& options = {});

// The canonical form and one transform that produces it:
// form == transform.Apply(puzzle). When the puzzle has automorphisms several
// transforms give the form; the one returned is a fixed function of the
// puzzle as written. Digits absent from the puzzle get the labels left over,
// in increasing order.
struct Canonical {
  Grid form;
  GridTransform transform;
};

// CanonicalForm with its transform; the same errors.
absl::StatusOr<Canonical> Canonicalize(const Grid& puzzle,
                                       const CanonicalOptions& options = {});

// ToLine(CanonicalForm(puzzle)): the key under which storage deduplicates
// puzzles (unique together with the shape, since 2x3 and 3x2 share a length).
absl::StatusOr<std::string> CanonicalKey(const Grid& puzzle,
                                         const CanonicalOptions& options = {});
// The same key from a canonical form already made (Canonicalize's).
std::string CanonicalKeyOf(const Canonical& canonical);

// A uniformly drawn element of the symmetry group applied to `grid`: random
// transposition (square boxes only), band and row-in-band orders, stack and
// column-in-stack orders and digit relabelling. For tests and for generators
// that present a fresh-looking isomorph.
Grid RandomIsomorph(const Grid& grid, Rng& rng);
// The transform RandomIsomorph applies (the same draws from `rng`):
// RandomIsomorph(grid, rng) == RandomTransform(grid.shape(), rng).Apply(grid)
// for equal generator states.
GridTransform RandomTransform(const Shape& shape, Rng& rng);

}  // namespace sudoku

#endif  // SUDOKU_CORE_CANONICAL_H_
