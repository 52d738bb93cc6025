#include "core/shape.h"

#include <set>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;

TEST(ShapeTest, ClassicGeometry) {
  const Shape& s = Shape::Classic();
  EXPECT_EQ(s.size(), 9);
  EXPECT_EQ(s.num_cells(), 81);
  EXPECT_EQ(s.num_peers(), 20);
  EXPECT_EQ(s.Box(s.Cell(4, 4)), 4);
  EXPECT_EQ(s.Box(s.Cell(8, 0)), 6);
  EXPECT_EQ(s.CellName(s.Cell(0, 2)), "r1c3");
  EXPECT_EQ(s.UnitName(2 * 9 + 4), "box 5");
  EXPECT_EQ(s.name(), "3x3");
}

TEST(ShapeTest, EveryShapeHasConsistentUnitsAndPeers) {
  for (auto [r, c] : std::vector<std::pair<int, int>>{{2, 2},
                                                      {2, 3},
                                                      {3, 2},
                                                      {2, 4},
                                                      {4, 2},
                                                      {3, 3},
                                                      {2, 5},
                                                      {3, 4},
                                                      {4, 3},
                                                      {4, 4},
                                                      {4, 5},
                                                      {5, 4},
                                                      {5, 5}}) {
    SCOPED_TRACE(absl::StrCat(r, "x", c));
    absl::StatusOr<const Shape*> got = Shape::Get(r, c);
    ASSERT_OK(got);
    const Shape& s = **got;
    const int n = r * c;
    // Every unit holds N distinct cells; each cell is in exactly 3 units.
    std::vector<int> membership(static_cast<size_t>(s.num_cells()), 0);
    for (int u = 0; u < s.num_units(); ++u) {
      std::set<int> cells(s.unit(u).begin(), s.unit(u).end());
      EXPECT_EQ(cells.size(), static_cast<size_t>(n));
      for (int cell : cells) ++membership[static_cast<size_t>(cell)];
      // Box units: r rows and c columns.
      if (s.unit_kind(u) == UnitKind::kBox) {
        std::set<int> rows, cols;
        for (int cell : cells) {
          rows.insert(s.Row(cell));
          cols.insert(s.Col(cell));
        }
        EXPECT_EQ(rows.size(), static_cast<size_t>(r));
        EXPECT_EQ(cols.size(), static_cast<size_t>(c));
      }
    }
    for (int m : membership) EXPECT_EQ(m, 3);
    for (int cell = 0; cell < s.num_cells(); ++cell) {
      EXPECT_EQ(s.peers(cell).size(), static_cast<size_t>(3 * n - r - c - 1));
      for (int u : s.UnitsOf(cell)) {
        EXPECT_THAT(s.unit(u), ::testing::Contains(cell));
      }
    }
  }
}

TEST(ShapeTest, InternsShapes) {
  EXPECT_EQ(&Shape::GetOrDie(2, 3), &Shape::GetOrDie(2, 3));
  EXPECT_NE(&Shape::GetOrDie(2, 3), &Shape::GetOrDie(3, 2));
}

TEST(ShapeTest, RejectsBadDimensions) {
  EXPECT_THAT(Shape::Get(1, 9), StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Shape::Get(6, 5), StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Shape::FromSpec("3by3"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Shape::FromSpec(""),
              StatusIs(absl::StatusCode::kInvalidArgument));
  ASSERT_OK(Shape::FromSpec("4x3"));
  EXPECT_EQ((*Shape::FromSpec("4x3"))->box_rows(), 4);
}

TEST(ShapeTest, RejectsSidesWhoseProductOverflows) {
  // Found by exchange_fuzzer (a tsv shape column): r*c overflowed int
  // before the bound was checked (UBSan: signed overflow).
  EXPECT_THAT(Shape::Get(100000, 100000),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Shape::FromSpec("2147483647x2"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Shape::Get(26, 2), StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ShapeTest, ForCellCount) {
  EXPECT_EQ(Shape::ForCellCount(36)->name(), "2x3");
  EXPECT_EQ(Shape::ForCellCount(625)->name(), "5x5");
  EXPECT_EQ(Shape::ForCellCount(80), nullptr);
  for (int cells : Shape::KnownCellCounts()) {
    ASSERT_NE(Shape::ForCellCount(cells), nullptr);
    EXPECT_EQ(Shape::ForCellCount(cells)->num_cells(), cells);
  }
}

TEST(ShapeTest, Symbols) {
  const Shape& s16 = Shape::GetOrDie(4, 4);
  EXPECT_EQ(s16.Symbol(10), 'A');
  EXPECT_EQ(s16.Symbol(16), 'G');
  EXPECT_EQ(s16.DigitOf('g'), 16);
  EXPECT_EQ(s16.DigitOf('H'), -1);
  EXPECT_EQ(s16.DigitOf('0'), 0);
  const Shape& s9 = Shape::Classic();
  EXPECT_EQ(s9.DigitOf('A'), -1);
  EXPECT_EQ(s9.DigitOf('*'), 0);
  for (int d = 1; d <= 25; ++d) {
    const Shape& s25 = Shape::GetOrDie(5, 5);
    EXPECT_EQ(s25.DigitOf(s25.Symbol(d)), d);
  }
}

}  // namespace
}  // namespace sudoku
