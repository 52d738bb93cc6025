#include "storage/proto_convert.h"

#include "core/format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::IsOk;
using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

constexpr char kPuzzle[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr char kSolution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

TEST(ProtoConvertTest, RoundTripsPuzzleAndSolution) {
  const Grid givens = *ParseGrid(kPuzzle);
  const Grid solution = *ParseGrid(kSolution);
  const proto::Puzzle p = ToProto(givens, solution);
  EXPECT_EQ(p.shape().box_rows(), 3u);
  EXPECT_EQ(p.givens(), kPuzzle);
  EXPECT_THAT(GridFromProto(p), ::sudoku::testing::IsOkAndHolds(givens));
  absl::StatusOr<std::optional<Grid>> back = SolutionFromProto(p);
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(**back, solution);
}

TEST(ProtoConvertTest, RoundTripsOtherShapes) {
  const Shape& shape = Shape::GetOrDie(3, 2);
  Grid g(shape);
  g.set(0, 6);
  g.set(7, 1);
  const proto::Puzzle p = ToProto(g, std::nullopt);
  EXPECT_EQ(p.shape().box_rows(), 3u);
  EXPECT_EQ(p.shape().box_cols(), 2u);
  EXPECT_THAT(GridFromProto(p), ::sudoku::testing::IsOkAndHolds(g));
  EXPECT_THAT(SolutionFromProto(p), ::sudoku::testing::IsOkAndHolds(std::nullopt));
}

TEST(ProtoConvertTest, RejectsBadInput) {
  proto::Puzzle p = ToProto(*ParseGrid(kPuzzle), std::nullopt);
  p.set_givens(std::string(kPuzzle).substr(1));
  EXPECT_THAT(GridFromProto(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                         HasSubstr("expected 81 cells")));
  std::string bad = kPuzzle;
  bad[4] = 'x';
  p.set_givens(bad);
  EXPECT_THAT(GridFromProto(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                         HasSubstr("r1c5")));
  std::string clash = kPuzzle;
  clash[2] = '5';
  p.set_givens(clash);
  EXPECT_THAT(GridFromProto(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                         HasSubstr("both hold 5")));
  p.mutable_shape()->set_box_rows(1);
  EXPECT_THAT(GridFromProto(p), StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ProtoConvertTest, RejectsWrongSolution) {
  proto::Puzzle p = ToProto(*ParseGrid(kPuzzle), std::nullopt);
  std::string wrong = kSolution;
  std::swap(wrong[2], wrong[3]);
  p.set_solution(wrong);
  EXPECT_THAT(SolutionFromProto(p), StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace sudoku
