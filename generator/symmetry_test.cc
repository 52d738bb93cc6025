#include "generator/symmetry.h"

#include <set>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;

TEST(SymmetryTest, OrbitsPartitionTheCells) {
  for (const std::string& name : SymmetryNames()) {
    for (const Shape* shape : {&Shape::GetOrDie(2, 2), &Shape::GetOrDie(2, 3),
                               &Shape::Classic(), &Shape::GetOrDie(4, 4)}) {
      SCOPED_TRACE(name + " " + shape->name());
      const auto orbits = SymmetryOrbits(*shape, *ParseSymmetry(name));
      std::set<int> seen;
      for (const auto& orbit : orbits) {
        EXPECT_LE(orbit.size(), 8u);
        for (int cell : orbit) EXPECT_TRUE(seen.insert(cell).second);
      }
      EXPECT_EQ(seen.size(), static_cast<size_t>(shape->num_cells()));
    }
  }
}

TEST(SymmetryTest, OrbitSizesOnClassicGrid) {
  const Shape& s = Shape::Classic();
  // 180 degrees: 40 pairs and the centre.
  EXPECT_EQ(SymmetryOrbits(s, Symmetry::kRotate180).size(), 41u);
  // 90 degrees: 20 orbits of 4 and the centre.
  EXPECT_EQ(SymmetryOrbits(s, Symmetry::kRotate90).size(), 21u);
  // Diagonal: 9 fixed cells + 36 pairs.
  EXPECT_EQ(SymmetryOrbits(s, Symmetry::kDiagonal).size(), 45u);
  // Dihedral on 9x9: 15 orbits (classic count of the square's 8 symmetries).
  EXPECT_EQ(SymmetryOrbits(s, Symmetry::kDihedral).size(), 15u);
  EXPECT_EQ(SymmetryOrbits(s, Symmetry::kNone).size(), 81u);
}

TEST(SymmetryTest, PatternCheck) {
  Grid g(Shape::Classic());
  g.set(0, 1);
  EXPECT_FALSE(HasSymmetricPattern(g, Symmetry::kRotate180));
  g.set(80, 2);
  EXPECT_TRUE(HasSymmetricPattern(g, Symmetry::kRotate180));
  EXPECT_TRUE(HasSymmetricPattern(g, Symmetry::kDiagonal));  // both on it
  EXPECT_FALSE(HasSymmetricPattern(g, Symmetry::kHorizontal));
  EXPECT_TRUE(HasSymmetricPattern(g, Symmetry::kNone));
}

TEST(SymmetryTest, ParseRejectsUnknownNames) {
  EXPECT_THAT(ParseSymmetry("spiral"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  for (const std::string& name : SymmetryNames()) {
    EXPECT_EQ(SymmetryName(*ParseSymmetry(name)), name);
  }
}

}  // namespace
}  // namespace sudoku
