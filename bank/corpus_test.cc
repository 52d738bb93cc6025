#include "bank/corpus.h"

#include <map>
#include <set>
#include <string>

#include "bank/testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku::bank {
namespace {

TEST(ParseShardTest, AcceptsIOfKOnly) {
  auto s = ParseShard("2/4");
  ASSERT_OK(s);
  EXPECT_EQ(s->index, 2u);
  EXPECT_EQ(s->count, 4u);
  for (const char* bad : {"4/4", "1", "a/2", "0/0", "1/2/3", ""})
    EXPECT_FALSE(ParseShard(bad).ok()) << bad;
}

TEST(ResolveShardTest, AutoTakesTheIndexFromTheClusterVariables) {
  using Env = std::map<std::string, std::string>;
  auto k8s = ResolveShard("auto/4", Env{{"JOB_COMPLETION_INDEX", "2"}});
  ASSERT_OK(k8s);
  EXPECT_EQ(k8s->index, 2u);
  EXPECT_EQ(k8s->count, 4u);
  auto slurm = ResolveShard("auto/4", Env{{"SLURM_ARRAY_TASK_ID", "3"}});
  ASSERT_OK(slurm);
  EXPECT_EQ(slurm->index, 3u);
  // An array numbered from 1: the index counts from SLURM_ARRAY_TASK_MIN.
  auto from_one = ResolveShard("auto/4", Env{{"SLURM_ARRAY_TASK_ID", "4"},
                                             {"SLURM_ARRAY_TASK_MIN", "1"}});
  ASSERT_OK(from_one);
  EXPECT_EQ(from_one->index, 3u);
  // Kubernetes' variable wins when both are set.
  auto both = ResolveShard("auto/4", Env{{"JOB_COMPLETION_INDEX", "1"},
                                         {"SLURM_ARRAY_TASK_ID", "0"}});
  ASSERT_OK(both);
  EXPECT_EQ(both->index, 1u);
  // A plain I/K ignores the environment.
  auto plain = ResolveShard("1/2", Env{{"JOB_COMPLETION_INDEX", "0"}});
  ASSERT_OK(plain);
  EXPECT_EQ(plain->index, 1u);
  // Errors name what is missing or wrong.
  auto none = ResolveShard("auto/4", Env{});
  ASSERT_FALSE(none.ok());
  EXPECT_THAT(std::string(none.status().message()),
              ::testing::AllOf(::testing::HasSubstr("JOB_COMPLETION_INDEX"),
                               ::testing::HasSubstr("SLURM_ARRAY_TASK_ID")));
  auto too_big = ResolveShard("auto/4", Env{{"JOB_COMPLETION_INDEX", "4"}});
  ASSERT_FALSE(too_big.ok());
  EXPECT_THAT(std::string(too_big.status().message()),
              ::testing::HasSubstr("JOB_COMPLETION_INDEX=4"));
  EXPECT_FALSE(ResolveShard("auto/4", Env{{"SLURM_ARRAY_TASK_ID", "x"}}).ok());
}

TEST(PlanCorpusLevelTest, ShardsPartitionTheLevel) {
  auto rater = MakeRater();
  std::set<uint64_t> seen;
  uint64_t level_seed = 0;
  for (uint64_t i = 0; i < 3; ++i) {
    auto spec =
        PlanCorpusLevel({}, Level::kHard, *rater, 7, 10, Shard{i, 3}, 1);
    ASSERT_OK(spec);
    EXPECT_TRUE(spec->indices.empty());  // a range, not a list
    for (uint64_t k = 0; k < spec->range.size(); ++k) {
      const uint64_t index = spec->range[k];
      EXPECT_EQ(index % 3, i);
      EXPECT_TRUE(seen.insert(index).second);
    }
    if (i == 0) level_seed = spec->seed;
    EXPECT_EQ(spec->seed, level_seed);  // every shard seeds alike
    EXPECT_EQ(spec->parameters.at("corpus"), "true");
    EXPECT_EQ(spec->parameters.at("level"), "hard");
  }
  EXPECT_EQ(seen.size(), 10u);
  auto easy = PlanCorpusLevel({}, Level::kEasy, *rater, 7, 10, {}, 1);
  ASSERT_OK(easy);
  EXPECT_NE(easy->seed, level_seed);  // levels are seeded apart
}

TEST(MergeIntoTest, ShardsMergeWithTheirRatingsAndCollections) {
  auto rater = MakeRater();
  auto merged = MemoryStore();
  int64_t total = 0;
  for (uint64_t i = 0; i < 2; ++i) {
    auto shard = MemoryStore();
    auto spec = PlanCorpusLevel({}, Level::kEasy, *rater, 3, 4, Shard{i, 2}, 1);
    ASSERT_OK(spec);
    StoreSpec out;
    out.store = shard.get();
    out.collection = "corpus/easy";
    auto stats = RunBatch(*spec, out, nullptr, {});
    ASSERT_OK(stats);
    total += stats->inserted;
    MergeStats merge;
    ASSERT_OK(MergeInto(*shard, *merged, &merge));
    EXPECT_EQ(merge.read, stats->inserted);
  }
  auto rows =
      CollectRows(*merged, "corpus/easy", "", [](uint64_t) { return true; });
  ASSERT_OK(rows);
  EXPECT_EQ(static_cast<int64_t>(rows->size()), total);
  for (const FileRow& row : *rows) {
    EXPECT_NE(row.line.find("\teasy"), std::string::npos) << row.line;
  }
  // A second merge of the same shard adds nothing.
  MergeStats again;
  ASSERT_OK(MergeInto(*merged, *merged, &again));
  EXPECT_EQ(again.inserted, 0);
}

TEST(LevelFilePathTest, ShardsGetTheirOwnFiles) {
  EXPECT_EQ(LevelFilePath("d", "easy", {}), "d/easy.tsv");
  EXPECT_EQ(LevelFilePath("d", "easy", Shard{1, 4}), "d/easy.shard-1-of-4.tsv");
}

}  // namespace
}  // namespace sudoku::bank
