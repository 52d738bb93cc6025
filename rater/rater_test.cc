#include "rater/rater.h"

#include "core/format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;

constexpr char kWiki[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

TEST(RaterTest, LevelNamesRoundTrip) {
  for (const std::string& name : LevelNames()) {
    absl::StatusOr<Level> level = ParseLevel(name);
    ASSERT_OK(level);
    EXPECT_EQ(LevelName(*level), name);
  }
  EXPECT_THAT(ParseLevel("diabolical"), StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(RaterTest, RatesAUniquePuzzle) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  RatingResult r = (*rater)->Rate(*ParseGrid(kWiki));
  EXPECT_EQ(r.status, RateStatus::kRated);
  ASSERT_EQ(r.solutions.size(), 1u);
  EXPECT_TRUE(IsValidSolution(*ParseGrid(kWiki), r.solutions[0]));
  EXPECT_TRUE(r.features.solved_by_logic);
  EXPECT_EQ(r.features.clues, 30);
  EXPECT_GE(r.features.er, 1.0);
  EXPECT_GT(r.features.search_effort, 0);
  EXPECT_EQ(r.score, ForgeScore(r.features));
  EXPECT_EQ(r.level, LevelFor(r.score, r.features));
  ASSERT_NE(r.explanation, nullptr);
  EXPECT_FALSE(r.explanation->steps.empty());
}

TEST(RaterTest, RejectsPuzzlesWithoutOneSolution) {
  auto rater = Rater::Create({});
  ASSERT_OK(rater);
  RatingResult several = (*rater)->Rate(*ParseGrid(std::string("1") + std::string(80, '.')));
  EXPECT_EQ(several.status, RateStatus::kMultipleSolutions);
  ASSERT_EQ(several.solutions.size(), 2u);
  EXPECT_NE(several.solutions[0], several.solutions[1]);
  std::string none = "12345678.........9";
  none += std::string(81 - none.size(), '.');
  EXPECT_EQ((*rater)->Rate(*ParseGrid(none)).status, RateStatus::kNoSolution);
}

TEST(RaterTest, LevelsFollowTheScoreThresholds) {
  RatingFeatures f;
  f.solved_by_logic = true;
  const LevelThresholds t = Thresholds();
  EXPECT_LT(t.medium_from, t.hard_from);
  EXPECT_LT(t.hard_from, t.evil_from);
  EXPECT_EQ(LevelFor(t.medium_from - 0.01, f), Level::kEasy);
  EXPECT_EQ(LevelFor(t.medium_from, f), Level::kMedium);
  EXPECT_EQ(LevelFor(t.hard_from, f), Level::kHard);
  EXPECT_EQ(LevelFor(t.evil_from + 1, f), Level::kEvil);
  f.solved_by_logic = false;
  EXPECT_EQ(LevelFor(0, f), Level::kNeedsGuessing);
  for (Level level : {Level::kEasy, Level::kMedium, Level::kHard, Level::kEvil}) {
    auto [lo, hi] = ScoreBand(level);
    f.solved_by_logic = true;
    EXPECT_EQ(LevelFor(lo == -1e9 ? hi - 1 : lo, f), level);
  }
}

}  // namespace
}  // namespace sudoku
