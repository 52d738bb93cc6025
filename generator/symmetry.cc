#include "generator/symmetry.h"

#include <algorithm>
#include <functional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace sudoku {
namespace {

struct Entry {
  Symmetry symmetry;
  const char* name;
};
constexpr Entry kEntries[] = {
    {Symmetry::kNone, "none"},
    {Symmetry::kRotate180, "rot180"},
    {Symmetry::kRotate90, "rot90"},
    {Symmetry::kDiagonal, "diagonal"},
    {Symmetry::kAntiDiagonal, "antidiagonal"},
    {Symmetry::kHorizontal, "horizontal"},
    {Symmetry::kVertical, "vertical"},
    {Symmetry::kBothMirrors, "mirrors"},
    {Symmetry::kDihedral, "dihedral"},
};

using CellMap = std::function<int(int r, int c, int n)>;

// The generators of each symmetry group, as maps on (row, column).
std::vector<CellMap> Generators(Symmetry s) {
  const CellMap rot180 = [](int r, int c, int n) {
    return (n - 1 - r) * n + (n - 1 - c);
  };
  const CellMap rot90 = [](int r, int c, int n) { return c * n + (n - 1 - r); };
  const CellMap diag = [](int r, int c, int n) { return c * n + r; };
  const CellMap anti = [](int r, int c, int n) {
    return (n - 1 - c) * n + (n - 1 - r);
  };
  const CellMap horiz = [](int r, int c, int n) { return (n - 1 - r) * n + c; };
  const CellMap vert = [](int r, int c, int n) { return r * n + (n - 1 - c); };
  switch (s) {
    case Symmetry::kNone:
      return {};
    case Symmetry::kRotate180:
      return {rot180};
    case Symmetry::kRotate90:
      return {rot90};
    case Symmetry::kDiagonal:
      return {diag};
    case Symmetry::kAntiDiagonal:
      return {anti};
    case Symmetry::kHorizontal:
      return {horiz};
    case Symmetry::kVertical:
      return {vert};
    case Symmetry::kBothMirrors:
      return {horiz, vert};
    case Symmetry::kDihedral:
      return {rot90, diag};
  }
  return {};
}

}  // namespace

absl::StatusOr<Symmetry> ParseSymmetry(absl::string_view name) {
  for (const Entry& e : kEntries) {
    if (name == e.name) return e.symmetry;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown symmetry '", name, "' (expected one of ",
                   absl::StrJoin(SymmetryNames(), ", "), ")"));
}

std::string SymmetryName(Symmetry symmetry) {
  for (const Entry& e : kEntries) {
    if (e.symmetry == symmetry) return e.name;
  }
  return "?";
}

std::vector<std::string> SymmetryNames() {
  std::vector<std::string> names;
  for (const Entry& e : kEntries) names.push_back(e.name);
  return names;
}

std::vector<std::vector<int>> SymmetryOrbits(const Shape& shape,
                                             Symmetry symmetry) {
  const int n = shape.size();
  const std::vector<CellMap> gens = Generators(symmetry);
  std::vector<int> orbit_of(static_cast<size_t>(shape.num_cells()), -1);
  std::vector<std::vector<int>> orbits;
  for (int start = 0; start < shape.num_cells(); ++start) {
    if (orbit_of[static_cast<size_t>(start)] >= 0) continue;
    const int id = static_cast<int>(orbits.size());
    std::vector<int> orbit = {start};
    orbit_of[static_cast<size_t>(start)] = id;
    for (size_t i = 0; i < orbit.size(); ++i) {  // closure under generators
      for (const CellMap& g : gens) {
        const int image = g(orbit[i] / n, orbit[i] % n, n);
        if (orbit_of[static_cast<size_t>(image)] < 0) {
          orbit_of[static_cast<size_t>(image)] = id;
          orbit.push_back(image);
        }
      }
    }
    std::sort(orbit.begin(), orbit.end());
    orbits.push_back(std::move(orbit));
  }
  return orbits;
}

bool HasSymmetricPattern(const Grid& grid, Symmetry symmetry) {
  for (const std::vector<int>& orbit : SymmetryOrbits(grid.shape(), symmetry)) {
    const bool given = grid[orbit[0]] != 0;
    for (int cell : orbit) {
      if ((grid[cell] != 0) != given) return false;
    }
  }
  return true;
}

}  // namespace sudoku
