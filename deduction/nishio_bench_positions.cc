#include "deduction/nishio_bench_positions.h"

#include <fstream>
#include <numeric>

#include "core/board.h"
#include "core/format.h"
#include "core/rng.h"
#include "deduction/nishio_testing.h"

namespace sudoku::nishio_bench {
namespace {

void AppendDigitSets(const Board& board, std::vector<CellBits>* out) {
  const Shape& shape = board.shape();
  for (int digit = 1; digit <= shape.size(); ++digit) {
    bool open = false;
    for (int cell = 0; cell < shape.num_cells() && !open; ++cell) {
      open = board.candidates(cell).Contains(digit);
    }
    if (open) out->push_back(DigitCells(board, digit));
  }
}

// A permutation of 0..n-1 that keeps groups of `group` together (shuffles
// the groups and the members of each group).
std::vector<int> GroupedPermutation(int n, int group, Rng& rng) {
  std::vector<int> groups(static_cast<size_t>(n / group));
  std::iota(groups.begin(), groups.end(), 0);
  Shuffle(rng, groups.begin(), groups.end());
  std::vector<int> perm;
  for (int g : groups) {
    std::vector<int> members(static_cast<size_t>(group));
    std::iota(members.begin(), members.end(), g * group);
    Shuffle(rng, members.begin(), members.end());
    perm.insert(perm.end(), members.begin(), members.end());
  }
  return perm;
}

}  // namespace

std::vector<CellBits> DigitSetsAfterSingles(const std::vector<Grid>& puzzles) {
  std::vector<CellBits> out;
  for (const Grid& grid : puzzles) {
    absl::StatusOr<Board> board = Board::FromGrid(grid);
    if (!board.ok() || !nishio_testing::ApplySingles(&*board)) continue;
    AppendDigitSets(*board, &out);
  }
  return out;
}

std::vector<CellBits> DigitSetsAfterSinglesFromFile(const std::string& path) {
  std::vector<Grid> grids;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    absl::StatusOr<Grid> grid = ParseGrid(line);
    if (grid.ok()) grids.push_back(*std::move(grid));
  }
  return DigitSetsAfterSingles(grids);
}

std::vector<CellBits> RandomDigitSets(const Shape& shape, int puzzles,
                                      uint64_t seed) {
  const int n = shape.size(), r = shape.box_rows(), c = shape.box_cols();
  std::vector<CellBits> out;
  for (int i = 0; i < puzzles; ++i) {
    Rng rng(DeriveSeed(seed, static_cast<uint64_t>(i)));
    // Pattern solution: row y, column x holds (c*(y%r) + y/r + x) mod N.
    const std::vector<int> rows = GroupedPermutation(n, r, rng);
    const std::vector<int> cols = GroupedPermutation(n, c, rng);
    std::vector<int> digits(static_cast<size_t>(n));
    std::iota(digits.begin(), digits.end(), 1);
    Shuffle(rng, digits.begin(), digits.end());
    Grid puzzle(shape);
    const double keep = 0.2 + 0.1 * (i % 4);
    for (int y = 0; y < n; ++y) {
      for (int x = 0; x < n; ++x) {
        const int py = rows[static_cast<size_t>(y)];
        const int px = cols[static_cast<size_t>(x)];
        const int v = (c * (py % r) + py / r + px) % n;
        if (UniformDouble(rng) < keep) {
          puzzle.set(shape.Cell(y, x), digits[static_cast<size_t>(v)]);
        }
      }
    }
    absl::StatusOr<Board> board = Board::FromGrid(puzzle);
    if (board.ok()) AppendDigitSets(*board, &out);
  }
  return out;
}

}  // namespace sudoku::nishio_bench
