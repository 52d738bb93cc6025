#include "core/canonical.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::IsOk;
using ::sudoku::testing::StatusIs;

std::vector<Grid> LoadPuzzles() {
  std::ifstream in(sudoku::testing::SourceDir() +
                   "/core/testdata/canonical_puzzles.txt");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  std::vector<Grid> out;
  for (PuzzleRecord& rec : ParsePuzzles(text)) {
    if (rec.grid.ok()) out.push_back(*std::move(rec.grid));
  }
  return out;
}

// A valid complete grid of any shape (the textbook pattern), scrambled.
Grid RandomSolution(const Shape& shape, Rng& rng) {
  const int n = shape.size(), r = shape.box_rows(), c = shape.box_cols();
  Grid g(shape);
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      g.set(shape.Cell(row, col), ((row % r) * c + row / r + col) % n + 1);
    }
  }
  return RandomIsomorph(g, rng);
}

// Keeps each cell with probability `density`.
Grid RandomPuzzle(const Shape& shape, double density, Rng& rng) {
  Grid g = RandomSolution(shape, rng);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (UniformDouble(rng) >= density) g.set(cell, 0);
  }
  return g;
}

// Reference minlex by brute force over every geometric transformation, with
// the (provably optimal) relabelling by order of first appearance. Only
// feasible for small shapes.
std::vector<int> BruteForceMinlex(const Grid& grid) {
  const Shape& shape = grid.shape();
  const int n = shape.size(), r = shape.box_rows(), c = shape.box_cols();
  // All line maps: group order x order inside each group.
  auto all_maps = [](int groups, int per_group) {
    std::vector<std::vector<int>> maps;
    std::vector<int> group_order(static_cast<size_t>(groups));
    std::iota(group_order.begin(), group_order.end(), 0);
    do {
      std::vector<std::vector<int>> partial = {{}};
      for (int g : group_order) {
        std::vector<std::vector<int>> grown;
        std::vector<int> inner(static_cast<size_t>(per_group));
        std::iota(inner.begin(), inner.end(), g * per_group);
        for (const auto& p : partial) {
          std::vector<int> in = inner;
          do {
            auto q = p;
            q.insert(q.end(), in.begin(), in.end());
            grown.push_back(std::move(q));
          } while (std::next_permutation(in.begin(), in.end()));
        }
        partial = std::move(grown);
      }
      maps.insert(maps.end(), partial.begin(), partial.end());
    } while (std::next_permutation(group_order.begin(), group_order.end()));
    return maps;
  };
  const auto row_maps = all_maps(n / r, r);
  const auto col_maps = all_maps(n / c, c);
  std::vector<int> best;
  for (int transpose = 0; transpose < (r == c ? 2 : 1); ++transpose) {
    for (const auto& rows : row_maps) {
      for (const auto& cols : col_maps) {
        std::vector<int> label(static_cast<size_t>(n + 1), 0);
        int next = 1;
        std::vector<int> s;
        for (int row = 0; row < n; ++row) {
          for (int col = 0; col < n; ++col) {
            const int sr = rows[static_cast<size_t>(row)];
            const int sc = cols[static_cast<size_t>(col)];
            int d =
                transpose ? grid[shape.Cell(sc, sr)] : grid[shape.Cell(sr, sc)];
            if (d != 0) {
              int& l = label[static_cast<size_t>(d)];
              if (l == 0) l = next++;
              d = l;
            }
            s.push_back(d);
          }
        }
        if (best.empty() || s < best) best = s;
      }
    }
  }
  return best;
}

std::vector<int> Cells(const Grid& g) {
  return std::vector<int>(g.cells().begin(), g.cells().end());
}

TEST(CanonicalTest, MatchesBruteForceOnSmallShapes) {
  Rng rng(20261122);
  for (auto [r, c] : {std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 2}}) {
    const Shape& shape = Shape::GetOrDie(r, c);
    for (int i = 0; i < 100; ++i) {
      const double density = 0.1 + 0.8 * UniformDouble(rng);
      const Grid puzzle = RandomPuzzle(shape, density, rng);
      absl::StatusOr<Grid> canon = CanonicalForm(puzzle);
      ASSERT_THAT(canon, IsOk());
      EXPECT_EQ(Cells(*canon), BruteForceMinlex(puzzle))
          << shape.name() << " " << ToLine(puzzle);
    }
  }
}

TEST(CanonicalTest, IsomorphsShareTheKey9x9) {
  const std::vector<Grid> puzzles = LoadPuzzles();
  ASSERT_GE(puzzles.size(), 200u);
  Rng rng(7);
  for (const Grid& p : puzzles) {
    absl::StatusOr<std::string> key = CanonicalKey(p);
    ASSERT_THAT(key, IsOk());
    // The key of a canonical form already made is the same.
    absl::StatusOr<Canonical> canonical = Canonicalize(p);
    ASSERT_THAT(canonical, IsOk());
    EXPECT_EQ(CanonicalKeyOf(*canonical), *key);
    for (int t = 0; t < 4; ++t) {
      const Grid iso = RandomIsomorph(p, rng);
      EXPECT_THAT(CanonicalKey(iso), ::sudoku::testing::IsOkAndHolds(*key))
          << ToLine(p) << " vs isomorph " << ToLine(iso);
    }
  }
}

TEST(CanonicalTest, NonIsomorphicPuzzlesGetDistinctKeys) {
  // Royle's 17-clue list and the hardest list hold no two isomorphic puzzles.
  const std::vector<Grid> puzzles = LoadPuzzles();
  ASSERT_GE(puzzles.size(), 200u);
  std::set<std::string> keys;
  for (const Grid& p : puzzles) keys.insert(*CanonicalKey(p));
  EXPECT_EQ(keys.size(), puzzles.size());
}

TEST(CanonicalTest, FormIsAnIdempotentIsomorph) {
  const std::vector<Grid> puzzles = LoadPuzzles();
  for (size_t i = 0; i < puzzles.size(); i += 10) {
    const Grid canon = *CanonicalForm(puzzles[i]);
    EXPECT_EQ(canon.NumFilled(), puzzles[i].NumFilled());
    EXPECT_THAT(CheckGivens(canon), IsOk());
    EXPECT_EQ(*CanonicalForm(canon), canon);
    // Minlex: never larger than the puzzle itself, relabelled or not.
    EXPECT_LE(Cells(canon), Cells(puzzles[i]));
  }
}

TEST(CanonicalTest, IsomorphsShareTheKeyOnOtherShapes) {
  Rng rng(99);
  for (auto [r, c] : {std::pair{2, 4}, std::pair{4, 2}, std::pair{3, 4},
                      std::pair{4, 3}, std::pair{4, 4}, std::pair{5, 5}}) {
    const Shape& shape = Shape::GetOrDie(r, c);
    for (int i = 0; i < 6; ++i) {
      const Grid puzzle = RandomPuzzle(shape, 0.45, rng);
      absl::StatusOr<std::string> key = CanonicalKey(puzzle);
      ASSERT_THAT(key, IsOk()) << shape.name();
      EXPECT_THAT(CanonicalKey(RandomIsomorph(puzzle, rng)),
                  ::sudoku::testing::IsOkAndHolds(*key))
          << shape.name() << " " << ToLine(puzzle);
    }
    // Two different random puzzles of one shape: not isomorphic (their clue
    // counts differ or, with overwhelming probability, their structure).
    const Grid a = RandomPuzzle(shape, 0.5, rng);
    Grid b = a;
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      if (b[cell] != 0) {
        b.set(cell, 0);  // one clue fewer: certainly not isomorphic
        break;
      }
    }
    EXPECT_NE(*CanonicalKey(a), *CanonicalKey(b)) << shape.name();
  }
}

TEST(CanonicalTest, SolutionGridsBranchOnNewDigits) {
  Rng rng(3);
  for (auto [r, c] : {std::pair{3, 3}, std::pair{2, 3}, std::pair{2, 4}}) {
    const Shape& shape = Shape::GetOrDie(r, c);
    const Grid solution = RandomSolution(shape, rng);
    const std::string key = *CanonicalKey(solution);
    EXPECT_EQ(*CanonicalKey(RandomIsomorph(solution, rng)), key);
    if (shape.size() <= 6) {
      EXPECT_EQ(Cells(*CanonicalForm(solution)), BruteForceMinlex(solution));
    }
  }
}

TEST(CanonicalTest, EmptyGridIsItsOwnForm) {
  const Grid empty(Shape::Classic());
  EXPECT_THAT(CanonicalForm(empty), ::sudoku::testing::IsOkAndHolds(empty));
}

TEST(CanonicalTest, BoundsTheSearchOnNearEmptyLargeGrids) {
  const Grid empty(Shape::GetOrDie(5, 5));
  CanonicalOptions options;
  options.max_candidates = 10'000;
  EXPECT_THAT(CanonicalForm(empty, options),
              StatusIs(absl::StatusCode::kResourceExhausted));
}

TEST(CanonicalTest, TransformProducesTheForm) {
  Rng rng(11);
  std::vector<Grid> puzzles = LoadPuzzles();
  ASSERT_GE(puzzles.size(), 200u);
  for (auto [r, c] : {std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 2},
                      std::pair{3, 4}, std::pair{4, 4}}) {
    for (int i = 0; i < 5; ++i)
      puzzles.push_back(RandomPuzzle(Shape::GetOrDie(r, c), 0.4, rng));
  }
  for (const Grid& p : puzzles) {
    absl::StatusOr<Canonical> canonical = Canonicalize(p);
    ASSERT_THAT(canonical, IsOk());
    EXPECT_EQ(canonical->form, *CanonicalForm(p));
    EXPECT_EQ(canonical->transform.Apply(p), canonical->form) << ToLine(p);
    EXPECT_EQ(canonical->transform.Unapply(canonical->form), p);
    // A transform of an isomorph leads to the same form.
    const Grid iso = RandomIsomorph(p, rng);
    absl::StatusOr<Canonical> of_iso = Canonicalize(iso);
    ASSERT_THAT(of_iso, IsOk());
    EXPECT_EQ(of_iso->transform.Apply(iso), canonical->form);
  }
}

TEST(CanonicalTest, TransformCoversDigitsThePuzzleLacks) {
  // Only 1 and 2 given: the other digits still get a relabelling, so the
  // transform maps a whole solution grid.
  Grid g(Shape::Classic());
  g.set(40, 2);
  g.set(0, 1);
  absl::StatusOr<Canonical> canonical = Canonicalize(g);
  ASSERT_THAT(canonical, IsOk());
  std::vector<int> images;
  for (int d = 0; d <= 9; ++d)
    images.push_back(canonical->transform.MapDigit(d));
  std::sort(images.begin(), images.end());
  std::vector<int> identity(10);
  std::iota(identity.begin(), identity.end(), 0);
  EXPECT_EQ(images, identity);
}

TEST(GridTransformTest, RandomTransformIsWhatRandomIsomorphApplies) {
  const std::vector<Grid> puzzles = LoadPuzzles();
  Rng a(5), b(5);
  for (size_t i = 0; i < 20; ++i) {
    const Grid& p = puzzles[i];
    EXPECT_EQ(RandomIsomorph(p, a), RandomTransform(p.shape(), b).Apply(p));
  }
}

TEST(GridTransformTest, MapsCellsDigitsAndUnitsBothWays) {
  Rng rng(17);
  for (auto [r, c] : {std::pair{3, 3}, std::pair{2, 3}, std::pair{4, 4}}) {
    const Shape& shape = Shape::GetOrDie(r, c);
    const int n = shape.size();
    for (int i = 0; i < 20; ++i) {
      const GridTransform t = RandomTransform(shape, rng);
      const GridTransform inv = t.Inverse();
      const Grid g = RandomSolution(shape, rng);
      const Grid image = t.Apply(g);
      EXPECT_EQ(inv.Apply(image), g);
      EXPECT_EQ(t.Unapply(image), g);
      EXPECT_EQ(inv.Inverse(), t);
      for (int cell = 0; cell < shape.num_cells(); ++cell) {
        EXPECT_EQ(t.UnmapCell(t.MapCell(cell)), cell);
        EXPECT_EQ(inv.MapCell(t.MapCell(cell)), cell);
        EXPECT_EQ(image[t.MapCell(cell)], t.MapDigit(g[cell]));
      }
      for (int d = 0; d <= n; ++d) {
        EXPECT_EQ(t.UnmapDigit(t.MapDigit(d)), d);
        EXPECT_EQ(inv.MapDigit(t.MapDigit(d)), d);
      }
      for (int u = 0; u < shape.num_units(); ++u) {
        const int mapped = t.MapUnit(u);
        EXPECT_EQ(t.UnmapUnit(mapped), u);
        // Boxes stay boxes; lines stay lines (rows and columns swap under
        // transposition).
        EXPECT_EQ(shape.unit_kind(u) == UnitKind::kBox,
                  shape.unit_kind(mapped) == UnitKind::kBox);
        if (shape.unit_kind(u) != UnitKind::kBox) {
          EXPECT_EQ(shape.unit_kind(u) == shape.unit_kind(mapped),
                    !t.transposed());
        }
        std::vector<int> cells;
        for (int cell : shape.unit(u)) cells.push_back(t.MapCell(cell));
        std::sort(cells.begin(), cells.end());
        const absl::Span<const int> target = shape.unit(mapped);
        EXPECT_EQ(cells, std::vector<int>(target.begin(), target.end()));
      }
    }
  }
}

TEST(GridTransformTest, IdentityChangesNothing) {
  const std::vector<Grid> puzzles = LoadPuzzles();
  const GridTransform id = GridTransform::Identity(Shape::Classic());
  EXPECT_EQ(id.Apply(puzzles[0]), puzzles[0]);
  EXPECT_EQ(id.Inverse(), id);
  for (int u = 0; u < 27; ++u) EXPECT_EQ(id.MapUnit(u), u);
}

TEST(GridTransformTest, CreateRejectsWhatIsNoSymmetry) {
  const Shape& classic = Shape::Classic();
  const std::vector<int> lines = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  const std::vector<int> digits = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  EXPECT_THAT(GridTransform::Create(classic, true, lines, lines, digits),
              IsOk());
  // Row 3 moved into the first band.
  EXPECT_THAT(GridTransform::Create(classic, false, {0, 1, 3, 2, 4, 5, 6, 7, 8},
                                    lines, digits),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(GridTransform::Create(classic, false, lines,
                                    {0, 1, 1, 3, 4, 5, 6, 7, 8}, digits),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(GridTransform::Create(classic, false, lines, lines,
                                    {0, 1, 2, 3, 4, 5, 6, 7, 8, 8}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(GridTransform::Create(classic, false, lines, lines,
                                    {1, 0, 2, 3, 4, 5, 6, 7, 8, 9}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  // Transposing 2x3 boxes gives 3x2 boxes: not a symmetry of the shape.
  const std::vector<int> six = {0, 1, 2, 3, 4, 5};
  EXPECT_THAT(GridTransform::Create(Shape::GetOrDie(2, 3), true, six, six,
                                    {0, 1, 2, 3, 4, 5, 6}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(CanonicalTest, RejectsClashingGivens) {
  Grid g(Shape::Classic());
  g.set(0, 5);
  g.set(8, 5);
  EXPECT_THAT(CanonicalForm(g), StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace sudoku
