#include "solvers/random_solution.h"

#include <numeric>
#include <vector>

#include "core/rng.h"
#include "solvers/bit_search.h"

namespace sudoku {
namespace {

// A permutation of 0..n-1 that keeps groups of `group` consecutive indices
// together (rows within bands, or columns within stacks).
std::vector<int> BlockPermutation(Rng& rng, int n, int group) {
  std::vector<int> blocks(static_cast<size_t>(n / group));
  std::iota(blocks.begin(), blocks.end(), 0);
  Shuffle(rng, blocks.begin(), blocks.end());
  std::vector<int> perm;
  perm.reserve(static_cast<size_t>(n));
  for (int block : blocks) {
    std::vector<int> inner(static_cast<size_t>(group));
    std::iota(inner.begin(), inner.end(), block * group);
    Shuffle(rng, inner.begin(), inner.end());
    perm.insert(perm.end(), inner.begin(), inner.end());
  }
  return perm;
}

}  // namespace

std::optional<Grid> RandomCompletion(const Grid& puzzle, uint64_t seed) {
  BitSearch search;
  const int64_t cells = puzzle.num_cells();
  SolveLimits limits;
  limits.max_solutions = 1;
  limits.max_nodes = 4 * cells;
  for (uint64_t attempt = 0;; ++attempt) {
    Rng rng(DeriveSeed(seed, attempt));
    SolveResult result = search.Run(puzzle, limits, &rng);
    if (result.num_solutions > 0) return std::move(result.solutions[0]);
    if (!result.limit_hit) return std::nullopt;
    limits.max_nodes *= 2;
  }
}

Grid RandomSolution(const Shape& shape, uint64_t seed) {
  std::optional<Grid> base = RandomCompletion(Grid(shape), seed);
  // The empty grid always has a solution, so the search cannot fail.
  const Grid& g = *base;
  const int n = shape.size();
  Rng rng(DeriveSeed(seed, ~uint64_t{0}));
  std::vector<int> digits(static_cast<size_t>(n));
  std::iota(digits.begin(), digits.end(), 1);
  Shuffle(rng, digits.begin(), digits.end());
  // Rows come in bands of box_rows, columns in stacks of box_cols.
  const std::vector<int> rows = BlockPermutation(rng, n, shape.box_rows());
  const std::vector<int> cols = BlockPermutation(rng, n, shape.box_cols());
  Grid out(shape);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int d = g[shape.Cell(rows[static_cast<size_t>(r)],
                                 cols[static_cast<size_t>(c)])];
      out.set(shape.Cell(r, c), digits[static_cast<size_t>(d - 1)]);
    }
  }
  return out;
}

}  // namespace sudoku
