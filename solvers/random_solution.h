// Random complete grids: the generator's starting points.
//
// A randomised run of the shape-generic backtracking search (bit_search.h):
// the digits of every branch are tried in an order drawn from the seed, and
// a run that exceeds its node budget restarts with a fresh stream and a
// doubled budget (heavy-tailed search on 16x16 and 25x25 makes restarts
// much faster than waiting). For the empty grid the result is then relabelled
// and its rows and columns permuted within bands and stacks, and bands and
// stacks permuted, all from the seed, which spreads grids over the symmetry
// classes. The distribution is not exactly uniform over all grids (no
// practical method is for N > 9); it is deterministic: the same seed gives
// the same grid on every platform (core/rng.h).
#ifndef SUDOKU_SOLVERS_RANDOM_SOLUTION_H_
#define SUDOKU_SOLVERS_RANDOM_SOLUTION_H_

#include <cstdint>
#include <optional>

#include "core/grid.h"
#include "core/shape.h"

namespace sudoku {

// A random full grid of `shape`. Always succeeds.
Grid RandomSolution(const Shape& shape, uint64_t seed);

// A random solution of `puzzle` (its givens kept), or nullopt when it has
// none. REQUIRES: CheckGivens(puzzle).ok(). May take exponential time on
// adversarial large partial grids, like any exact search.
std::optional<Grid> RandomCompletion(const Grid& puzzle, uint64_t seed);

}  // namespace sudoku

#endif  // SUDOKU_SOLVERS_RANDOM_SOLUTION_H_
