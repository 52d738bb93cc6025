#include "core/grid.h"

#include "core/format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

constexpr char kSolution[] =
    "53467891267219534819834256785976142342685379171392485696153728428741963534"
    "5286179";

TEST(GridTest, CheckGivensNamesBothCells) {
  Grid g(Shape::Classic());
  g.set(2, 5);
  g.set(6, 5);
  EXPECT_THAT(CheckGivens(g), StatusIs(absl::StatusCode::kInvalidArgument,
                                       HasSubstr("r1c3 and r1c7 both hold 5")));
  Grid col(Shape::Classic());
  col.set(0, 4);
  col.set(9 * 8, 4);
  EXPECT_THAT(CheckGivens(col), StatusIs(absl::StatusCode::kInvalidArgument,
                                         HasSubstr("column 1")));
}

TEST(GridTest, IsValidSolutionAcceptsTheSolution) {
  absl::StatusOr<Grid> solution = ParseGrid(kSolution);
  ASSERT_OK(solution);
  Grid puzzle(Shape::Classic());
  puzzle.set(0, 5);
  EXPECT_TRUE(IsValidSolution(puzzle, *solution));
  EXPECT_TRUE(solution->IsComplete());
}

TEST(GridTest, IsValidSolutionRejectsBrokenGrids) {
  Grid solution = *ParseGrid(kSolution);
  Grid puzzle(Shape::Classic());
  puzzle.set(0, 3);  // disagrees with the solution's 5
  EXPECT_FALSE(IsValidSolution(puzzle, solution));
  Grid swapped = solution;  // swap two cells in a row: columns break
  swapped.set(0, solution[1]);
  swapped.set(1, solution[0]);
  EXPECT_FALSE(IsValidSolution(Grid(Shape::Classic()), swapped));
  Grid holey = solution;
  holey.set(40, 0);
  EXPECT_FALSE(IsValidSolution(Grid(Shape::Classic()), holey));
  EXPECT_FALSE(IsValidSolution(Grid(Shape::GetOrDie(2, 2)), solution));
}

}  // namespace
}  // namespace sudoku
