#include "bank/records.h"

#include "bank/testing.h"
#include "core/format.h"
#include "gtest/gtest.h"

namespace sudoku::bank {
namespace {

// A 9x9 puzzle that needs more than singles (tests/data/puzzles.txt).
constexpr char kPuzzle[] =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1."
    "4......";

Grid Puzzle() {
  auto grid = ParseGrid(kPuzzle);
  EXPECT_TRUE(grid.ok()) << grid.status();
  return *grid;
}

TEST(RatingRecordTest, StampsTheFitsEngineVersionAndEveryScoreParameter) {
  auto rater = MakeRater();
  const RatingResult rating = rater->Rate(Puzzle());
  const proto::Rating record = RatingRecord(*rater, rating);
  EXPECT_EQ(record.engine_version(), RaterEngineVersion());
  EXPECT_EQ(record.score(), rating.score);
  EXPECT_EQ(record.level(), LevelName(rating.level));
  EXPECT_EQ(record.er(), rating.features.er);
  EXPECT_EQ(record.technique_counts_size(),
            static_cast<int>(rating.features.technique_counts.size()));
  // Every parameter of the rater but whether the stochastic solvers ran.
  for (const auto& [name, value] : rater->Parameters()) {
    if (name == "stochastic_use") {
      EXPECT_EQ(record.parameters().count(name), 0u);
    } else {
      ASSERT_EQ(record.parameters().count(name), 1u) << name;
      EXPECT_EQ(record.parameters().at(name), value) << name;
    }
  }
  EXPECT_EQ(record.features().at("player_effort"),
            rating.features.player_effort);
  EXPECT_GT(record.expected_minutes(), 0);
  EXPECT_DOUBLE_EQ(record.expected_minutes(), ExpectedMinutes(rating.score));
}

TEST(RatingRecordTest, SameRatingWithOrWithoutTheStochasticSolvers) {
  auto fast = MakeRater(StochasticUse::kNever);
  auto full = MakeRater(StochasticUse::kAlways);
  const Grid puzzle = Puzzle();
  const proto::Rating without = RatingRecord(*fast, fast->Rate(puzzle));
  const proto::Rating with = RatingRecord(*full, full->Rate(puzzle));
  EXPECT_FALSE(HasStochastic(without));
  EXPECT_TRUE(HasStochastic(with));
  EXPECT_TRUE(SameRating(without, *full));
  EXPECT_TRUE(SameRating(with, *fast));
  EXPECT_EQ(without.score(), with.score());
}

TEST(RatingRecordTest, OtherParametersOrVersionAreAnotherRating) {
  auto rater = MakeRater();
  proto::Rating record = RatingRecord(*rater, rater->Rate(Puzzle()));
  RaterOptions singles;
  singles.techniques = "singles";
  auto other = Rater::Create(singles);
  ASSERT_TRUE(other.ok());
  EXPECT_FALSE(SameRating(record, **other));
  record.set_engine_version("rater-0.old");
  EXPECT_FALSE(SameRating(record, *rater));
}

TEST(TraceRecordTest, OneStepPerDeduction) {
  auto rater = MakeRater();
  const RatingResult rating = rater->Rate(Puzzle());
  ASSERT_NE(rating.explanation, nullptr);
  const proto::Trace trace = TraceRecord(*rating.explanation);
  ASSERT_EQ(trace.steps_size(),
            static_cast<int>(rating.explanation->steps.size()));
  EXPECT_EQ(trace.engine_version(), RaterEngineVersion());
  for (int i = 0; i < trace.steps_size(); ++i) {
    EXPECT_EQ(trace.steps(i).technique_id(),
              rating.explanation->steps[static_cast<size_t>(i)].technique);
  }
}

TEST(RateOutputTest, StoredAnswerCarriesTheStoredRating) {
  auto rater = MakeRater();
  const Grid puzzle = Puzzle();
  const RatingResult rating = rater->Rate(puzzle);
  const RateOutput fresh =
      RateOutputOf(puzzle, *rater, rating, /*explain=*/false);
  const RateOutput stored =
      RateOutputOfStored(puzzle, RatingRecord(*rater, rating), 7);
  EXPECT_TRUE(stored.from_store());
  EXPECT_EQ(stored.puzzle_id(), 7u);
  EXPECT_EQ(stored.score(), fresh.score());
  EXPECT_EQ(stored.level(), fresh.level());
  EXPECT_EQ(stored.er(), fresh.er());
  EXPECT_EQ(stored.technique_counts_size(), fresh.technique_counts_size());
  EXPECT_EQ(stored.player_effort(), fresh.player_effort());
  EXPECT_GT(fresh.expected_minutes(), 0);
  EXPECT_EQ(stored.expected_minutes(), fresh.expected_minutes());
}

}  // namespace
}  // namespace sudoku::bank
