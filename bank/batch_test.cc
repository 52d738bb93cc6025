#include "bank/batch.h"

#include <set>
#include <vector>

#include "bank/records.h"
#include "bank/testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "solvers/solver.h"
#include "tests/testing/status_matchers.h"

namespace sudoku::bank {
namespace {

std::vector<uint64_t> Indices(int n) {
  std::vector<uint64_t> out;
  for (int i = 0; i < n; ++i) out.push_back(static_cast<uint64_t>(i));
  return out;
}

TEST(PlanGenerationTest, TargetNeedsARaterAndAValidBand) {
  DifficultyTarget target;
  target.level = Level::kHard;
  EXPECT_FALSE(PlanGeneration({}, target, nullptr, 1, Indices(1), 1).ok());
  auto rater = MakeRater();
  target.score_min = 100;  // above the hard band
  EXPECT_FALSE(PlanGeneration({}, target, rater.get(), 1, Indices(1), 1).ok());
  EXPECT_FALSE(PlanGeneration({}, {}, nullptr, 1, Indices(1), 0).ok());
}

TEST(PlanGenerationTest, ProvenanceNamesTheTargetAndTheFit) {
  auto rater = MakeRater();
  DifficultyTarget target;
  target.level = Level::kMedium;
  auto spec = PlanGeneration({}, target, rater.get(), 9, Indices(2), 1);
  ASSERT_OK(spec);
  EXPECT_EQ(spec->parameters.at("level"), "medium");
  EXPECT_EQ(spec->parameters.at("rater_version"), RaterEngineVersion());
  EXPECT_EQ(spec->parameters.at("seed"), "9");
  EXPECT_EQ(spec->target_level, "medium");
  EXPECT_TRUE(static_cast<bool>(spec->judge));
  auto plain = PlanGeneration({}, {}, nullptr, 9, Indices(2), 1);
  ASSERT_OK(plain);
  EXPECT_FALSE(static_cast<bool>(plain->judge));
  EXPECT_NE(RunKey(spec->parameters), RunKey(plain->parameters));
}

// Level-targeted puzzles come with the judge's rating, which is the rating
// the rater gives the accepted puzzle (nothing is rated twice).
TEST(RunBatchTest, TargetedPuzzlesCarryTheirRating) {
  auto rater = MakeRater();
  DifficultyTarget target;
  target.level = Level::kEasy;
  auto spec = PlanGeneration({}, target, rater.get(), 3, Indices(3), 2);
  ASSERT_OK(spec);
  std::vector<MadePuzzle> made;
  BatchCallbacks callbacks;
  callbacks.on_made = [&](const MadePuzzle& m) { made.push_back(m); };
  auto stats = RunBatch(*spec, {}, nullptr, callbacks);
  ASSERT_OK(stats);
  ASSERT_EQ(made.size(), 3u);
  for (size_t i = 0; i < made.size(); ++i) {
    EXPECT_EQ(made[i].index, i);
    ASSERT_NE(made[i].rating, nullptr);
    const RatingResult again = rater->Rate(made[i].puzzle.puzzle);
    EXPECT_EQ(made[i].rating->score, again.score);
    EXPECT_EQ(made[i].rating->level, Level::kEasy);
  }
}

TEST(RunBatchTest, StoresRatedPuzzlesAndResumes) {
  auto store = MemoryStore();
  auto rater = MakeRater();
  auto spec = PlanGeneration({}, {}, rater.get(), 5, Indices(4), 2);
  ASSERT_OK(spec);
  StoreSpec out;
  out.store = store.get();
  out.collection = "run";
  int progress = 0;
  BatchCallbacks callbacks;
  callbacks.on_progress = [&] { ++progress; };
  auto first = RunBatch(*spec, out, nullptr, callbacks);
  ASSERT_OK(first);
  EXPECT_EQ(first->made, 4);
  EXPECT_EQ(first->inserted + first->isomorphs, 4);
  EXPECT_EQ(progress, 4);
  // Each stored puzzle has a rating by this engine and its run's provenance.
  auto indices = StoredIndices(*store, "run", RunKey(spec->parameters));
  ASSERT_OK(indices);
  EXPECT_EQ(*indices, (std::set<uint64_t>{0, 1, 2, 3}));
  PuzzleQuery q;
  q.collection = "run";
  auto stored = store->Query(q);
  ASSERT_OK(stored);
  ASSERT_FALSE(stored->empty());
  for (const StoredPuzzle& p : *stored) {
    auto ratings = store->Ratings(p.id);
    ASSERT_OK(ratings);
    ASSERT_EQ(ratings->size(), 1u);
    EXPECT_TRUE(SameRating(ratings->front(), *rater));
    auto info = store->GetGenerationInfo(p.id);
    ASSERT_OK(info);
    ASSERT_TRUE(info->has_value());
    EXPECT_EQ((*info)->parameters().at("run"), RunKey(spec->parameters));
  }
  // The same run again makes nothing.
  auto again = RunBatch(*spec, out, nullptr, {});
  ASSERT_OK(again);
  EXPECT_EQ(again->made, 0);
  EXPECT_EQ(again->resumed, 4);
}

TEST(RunBatchTest, StoringNeedsARater) {
  auto store = MemoryStore();
  auto spec = PlanGeneration({}, {}, nullptr, 5, Indices(1), 1);
  ASSERT_OK(spec);
  StoreSpec out;
  out.store = store.get();
  out.collection = "run";
  EXPECT_FALSE(RunBatch(*spec, out, nullptr, {}).ok());
}

TEST(RunBatchTest, StopFlagEndsTheRunWithWhatIsCommitted) {
  auto store = MemoryStore();
  auto rater = MakeRater();
  auto spec = PlanGeneration({}, {}, rater.get(), 5, Indices(50), 1);
  ASSERT_OK(spec);
  StoreSpec out;
  out.store = store.get();
  out.collection = "run";
  std::atomic<bool> stop{false};
  BatchCallbacks callbacks;
  int seen = 0;
  callbacks.on_progress = [&] {
    if (++seen == 3) stop.store(true);
  };
  auto stats = RunBatch(*spec, out, &stop, callbacks);
  ASSERT_OK(stats);
  EXPECT_TRUE(stats->interrupted);
  EXPECT_LT(stats->made, 50);
  auto indices = StoredIndices(*store, "run", RunKey(spec->parameters));
  ASSERT_OK(indices);
  EXPECT_EQ(static_cast<int64_t>(indices->size()),
            stats->inserted + stats->isomorphs);
}

// --stochastic: the judge rates without the stochastic solvers and each
// kept puzzle's stored rating carries their results.
TEST(RunBatchTest, StochasticBatchStoresTheSolversResults) {
  auto store = MemoryStore();
  auto rater = MakeRater(StochasticUse::kNever);
  DifficultyTarget target;
  target.level = Level::kEasy;
  auto spec = PlanGeneration({}, target, rater.get(), 8, Indices(2), 1);
  ASSERT_OK(spec);
  spec->stochastic = true;
  StoreSpec out;
  out.store = store.get();
  out.collection = "run";
  std::vector<MadePuzzle> made;
  BatchCallbacks callbacks;
  callbacks.on_made = [&](const MadePuzzle& m) { made.push_back(m); };
  ASSERT_OK(RunBatch(*spec, out, nullptr, callbacks));
  ASSERT_EQ(made.size(), 2u);
  for (const MadePuzzle& m : made) {
    ASSERT_NE(m.rating, nullptr);
    EXPECT_FALSE(m.rating->features.stochastic_success.empty());
    auto ratings = store->Ratings(m.puzzle_id);
    ASSERT_OK(ratings);
    ASSERT_EQ(ratings->size(), 1u);
    EXPECT_TRUE(HasStochastic(ratings->front()));
  }
  // Without a rater there is nothing to complete.
  auto bare = PlanGeneration({}, {}, nullptr, 8, Indices(1), 1);
  ASSERT_OK(bare);
  bare->stochastic = true;
  EXPECT_FALSE(RunBatch(*bare, {}, nullptr, {}).ok());
}

TEST(MakeLevelPuzzlesTest, MakesStoresAndNamesThePuzzles) {
  auto store = MemoryStore();
  auto rater = MakeRater();
  auto made = MakeLevelPuzzles({}, Level::kEasy, *rater, 4, 3, store.get(),
                               "book --generate-missing");
  ASSERT_OK(made);
  ASSERT_EQ(made->size(), 3u);
  for (const MadePuzzle& m : *made) {
    ASSERT_NE(m.rating, nullptr);
    EXPECT_EQ(m.rating->level, Level::kEasy);
    ASSERT_GT(m.puzzle_id, 0);
    auto stored = store->GetPuzzle(m.puzzle_id);
    ASSERT_OK(stored);
    EXPECT_EQ(stored->givens, m.puzzle.puzzle);
    auto ratings = store->Ratings(m.puzzle_id);
    ASSERT_OK(ratings);
    ASSERT_EQ(ratings->size(), 1u);
    EXPECT_EQ(ratings->front().score(), m.rating->score);
  }
  // Without a store: the same puzzles, nothing stored.
  auto again = MakeLevelPuzzles({}, Level::kEasy, *rater, 4, 3, nullptr, "");
  ASSERT_OK(again);
  ASSERT_EQ(again->size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ((*again)[i].puzzle.puzzle, (*made)[i].puzzle.puzzle);
    EXPECT_EQ((*again)[i].puzzle_id, 0);
  }
}

}  // namespace
}  // namespace sudoku::bank
