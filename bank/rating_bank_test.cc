#include "bank/rating_bank.h"

#include "bank/batch.h"
#include "bank/records.h"
#include "bank/testing.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku::bank {
namespace {

// One generated puzzle stored by a batch, as `generate --db` stores it.
Grid StoreOneGenerated(SqlitePuzzleStore& store, const Rater& rater) {
  auto spec = PlanGeneration({}, {}, &rater, 11, {0}, 1);
  EXPECT_TRUE(spec.ok());
  StoreSpec out;
  out.store = &store;
  out.collection = "generated";
  Grid made(Shape::Classic());
  BatchCallbacks callbacks;
  callbacks.on_made = [&](const MadePuzzle& m) { made = m.puzzle.puzzle; };
  auto stats = RunBatch(*spec, out, nullptr, callbacks);
  EXPECT_TRUE(stats.ok());
  return made;
}

TEST(RatingBankTest, ReusesTheRatingAGenerationStored) {
  auto store = MemoryStore();
  auto generator_rater = MakeRater();
  const Grid puzzle = StoreOneGenerated(*store, *generator_rater);
  ASSERT_GT(puzzle.NumFilled(), 0);
  // rate --db --no-stochastic: a rater of its own, same engine version and
  // parameters.
  auto rater = MakeRater(StochasticUse::kIfModelUses);
  RatingBank bank(*store, *rater, "rate");
  auto found = bank.Lookup(puzzle);
  ASSERT_OK(found);
  ASSERT_TRUE(found->has_value());
  EXPECT_TRUE((*found)->from_store());
  const RatingResult fresh = rater->Rate(puzzle);
  EXPECT_EQ((*found)->score(), fresh.score);
  EXPECT_EQ((*found)->level(), LevelName(fresh.level));
}

TEST(RatingBankTest, FindsTheRatingOfAnIsomorph) {
  auto store = MemoryStore();
  auto rater = MakeRater();
  const Grid puzzle = StoreOneGenerated(*store, *rater);
  Rng rng(4);
  const Grid isomorph = RandomIsomorph(puzzle, rng);
  RatingBank bank(*store, *rater, "rate");
  auto found = bank.Lookup(isomorph);
  ASSERT_OK(found);
  ASSERT_TRUE(found->has_value());
  EXPECT_EQ((*found)->puzzle(), ToLine(isomorph));  // the submitted text
}

TEST(RatingBankTest, UnknownPuzzleIsRatedThenStoredThenFound) {
  auto store = MemoryStore();
  auto rater = MakeRater();
  RatingBank bank(*store, *rater, "submission");
  auto puzzle = ParseGrid(
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2...."
      ".1.4......");
  ASSERT_OK(puzzle);
  auto before = bank.Lookup(*puzzle);
  ASSERT_OK(before);
  EXPECT_FALSE(before->has_value());
  const RatingResult rating = rater->Rate(*puzzle);
  auto id = bank.Store(*puzzle, rating);
  ASSERT_OK(id);
  auto stored = store->GetPuzzle(*id);
  ASSERT_OK(stored);
  EXPECT_EQ(stored->source, "submission");
  auto after = bank.Lookup(*puzzle);
  ASSERT_OK(after);
  ASSERT_TRUE(after->has_value());
  EXPECT_EQ((*after)->puzzle_id(), static_cast<uint64_t>(*id));
  EXPECT_EQ((*after)->score(), rating.score);
}

// A rating stored without the stochastic solvers is not reused by a rater
// that runs them: it rates again and the bank then holds their results.
TEST(RatingBankTest, StochasticRaterCompletesAStoredRating) {
  auto store = MemoryStore();
  auto fast = MakeRater(StochasticUse::kNever);
  const Grid puzzle = StoreOneGenerated(*store, *fast);
  auto full = MakeRater(StochasticUse::kAlways);
  RatingBank bank(*store, *full, "rate");
  auto first = bank.Lookup(puzzle);
  ASSERT_OK(first);
  EXPECT_FALSE(first->has_value());
  const RatingResult rating = full->Rate(puzzle);
  ASSERT_OK(bank.Store(puzzle, rating));
  auto second = bank.Lookup(puzzle);
  ASSERT_OK(second);
  ASSERT_TRUE(second->has_value());
  EXPECT_FALSE((*second)->solver_success().empty());
}

}  // namespace
}  // namespace sudoku::bank
