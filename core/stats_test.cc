#include "core/stats.h"

#include <cmath>
#include <vector>

#include "gtest/gtest.h"

namespace sudoku {
namespace {

TEST(SummariseTest, EmptySampleIsAllZero) {
  const SampleSummary s = Summarise({});
  EXPECT_EQ(s.min, 0);
  EXPECT_EQ(s.median, 0);
  EXPECT_EQ(s.mean, 0);
  EXPECT_EQ(s.max, 0);
  EXPECT_EQ(s.sd, 0);
}

TEST(SummariseTest, OddAndEvenSamples) {
  const SampleSummary odd = Summarise({3, 1, 2});
  EXPECT_EQ(odd.min, 1);
  EXPECT_EQ(odd.median, 2);
  EXPECT_EQ(odd.mean, 2);
  EXPECT_EQ(odd.max, 3);
  EXPECT_DOUBLE_EQ(odd.sd, std::sqrt(2.0 / 3.0));  // population sd
  const SampleSummary even = Summarise({4, 1, 10, 2});
  EXPECT_EQ(even.median, 3);  // (2 + 4) / 2
  EXPECT_EQ(even.mean, 4.25);
}

TEST(MedianTest, OddEvenAndEmpty) {
  EXPECT_EQ(Median({5, 1, 3}), 3);
  EXPECT_EQ(Median({5, 1, 3, 4}), 3.5);
  EXPECT_EQ(Median({}), 0);
}

TEST(SortedQuantileTest, NearestRankClampedToTheLastValue) {
  const std::vector<double> sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  EXPECT_EQ(SortedQuantile(sorted, 0.0), 1);
  EXPECT_EQ(SortedQuantile(sorted, 0.5), 6);  // index 5
  EXPECT_EQ(SortedQuantile(sorted, 0.9), 10);
  EXPECT_EQ(SortedQuantile(sorted, 1.0), 10);
}

}  // namespace
}  // namespace sudoku
