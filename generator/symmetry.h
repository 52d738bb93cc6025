// Clue-pattern symmetries: which cells must be given or removed together.
//
// Every Sudoku grid is N x N, so each of these symmetries is defined for
// every shape; they constrain the pattern of clues, not the digits.
#ifndef SUDOKU_GENERATOR_SYMMETRY_H_
#define SUDOKU_GENERATOR_SYMMETRY_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"
#include "core/shape.h"

namespace sudoku {

enum class Symmetry {
  kNone,
  kRotate180,     // (r, c) -> (N-1-r, N-1-c)
  kRotate90,      // (r, c) -> (c, N-1-r), and its powers
  kDiagonal,      // main diagonal: (r, c) -> (c, r)
  kAntiDiagonal,  // (r, c) -> (N-1-c, N-1-r)
  kHorizontal,    // mirror top/bottom: (r, c) -> (N-1-r, c)
  kVertical,      // mirror left/right: (r, c) -> (r, N-1-c)
  kBothMirrors,   // horizontal and vertical (and so 180 degrees)
  kDihedral,      // all eight symmetries of the square
};

// Names as typed on the command line: none, rot180, rot90, diagonal,
// antidiagonal, horizontal, vertical, mirrors, dihedral.
absl::StatusOr<Symmetry> ParseSymmetry(absl::string_view name);
std::string SymmetryName(Symmetry symmetry);
std::vector<std::string> SymmetryNames();

// The orbits of the cells under `symmetry`: a partition of 0..N*N-1 into
// groups that a symmetric pattern gives or removes together. Each orbit is
// ascending; orbits are ordered by their first cell.
std::vector<std::vector<int>> SymmetryOrbits(const Shape& shape,
                                             Symmetry symmetry);

// True when the set of given cells of `grid` is invariant under `symmetry`.
bool HasSymmetricPattern(const Grid& grid, Symmetry symmetry);

}  // namespace sudoku

#endif  // SUDOKU_GENERATOR_SYMMETRY_H_
