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

#include "absl/status/statusor.h"
#include "core/grid.h"
#include "core/rng.h"

namespace sudoku {

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

// ToLine(CanonicalForm(puzzle)): the key under which storage deduplicates
// puzzles (unique together with the shape, since 2x3 and 3x2 share a length).
absl::StatusOr<std::string> CanonicalKey(const Grid& puzzle,
                                         const CanonicalOptions& options = {});

// A uniformly drawn element of the symmetry group applied to `grid`: random
// transposition (square boxes only), band and row-in-band orders, stack and
// column-in-stack orders and digit relabelling. For tests and for generators
// that present a fresh-looking isomorph.
Grid RandomIsomorph(const Grid& grid, Rng& rng);

}  // namespace sudoku

#endif  // SUDOKU_CORE_CANONICAL_H_
