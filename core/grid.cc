#include "core/grid.h"

#include "absl/strings/str_cat.h"

namespace sudoku {

int Grid::NumFilled() const {
  int filled = 0;
  for (uint8_t v : cells_) filled += v != 0;
  return filled;
}

absl::Status CheckGivens(const Grid& grid) {
  const Shape& shape = grid.shape();
  const int n = shape.size();
  std::vector<int> where(static_cast<size_t>(n + 1));
  for (int u = 0; u < shape.num_units(); ++u) {
    std::fill(where.begin(), where.end(), -1);
    for (int cell : shape.unit(u)) {
      const int d = grid[cell];
      if (d == 0) continue;
      if (d < 0 || d > n) {
        return absl::InvalidArgumentError(absl::StrCat(
            shape.CellName(cell), " holds ", d, ", outside 1..", n));
      }
      int& first = where[static_cast<size_t>(d)];
      if (first >= 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            shape.CellName(first), " and ", shape.CellName(cell), " both hold ",
            std::string(1, shape.Symbol(d)), " (", shape.UnitName(u), ")"));
      }
      first = cell;
    }
  }
  return absl::OkStatus();
}

bool IsValidSolution(const Grid& puzzle, const Grid& solution) {
  if (&puzzle.shape() != &solution.shape()) return false;
  const Shape& shape = solution.shape();
  const int n = shape.size();
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (solution[cell] < 1 || solution[cell] > n) return false;
    if (puzzle[cell] != 0 && puzzle[cell] != solution[cell]) return false;
  }
  for (int u = 0; u < shape.num_units(); ++u) {
    std::vector<bool> seen(static_cast<size_t>(n + 1), false);
    for (int cell : shape.unit(u)) {
      const auto d = static_cast<size_t>(solution[cell]);
      if (seen[d]) return false;
      seen[d] = true;
    }
  }
  return true;
}

}  // namespace sudoku
