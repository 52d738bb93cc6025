#include "core/rng.h"

#include <algorithm>
#include <vector>

#include "gtest/gtest.h"

namespace sudoku {
namespace {

TEST(RngTest, UniformIntStaysInRangeAndCoversIt) {
  Rng rng(42);
  std::vector<int> hits(7, 0);
  for (int i = 0; i < 7000; ++i) {
    uint64_t v = UniformInt(rng, 7);
    ASSERT_LT(v, 7u);
    ++hits[v];
  }
  for (int h : hits) EXPECT_GT(h, 800);  // expected 1000 each
}

TEST(RngTest, SameSeedSameSequence) {
  Rng a(7), b(7);
  std::vector<int> va(20), vb(20);
  for (size_t i = 0; i < 20; ++i) va[i] = vb[i] = static_cast<int>(i);
  Shuffle(a, va.begin(), va.end());
  Shuffle(b, vb.begin(), vb.end());
  EXPECT_EQ(va, vb);
  std::vector<int> sorted = va;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < 20; ++i) EXPECT_EQ(sorted[i], static_cast<int>(i));
  EXPECT_NE(DeriveSeed(1, 0), DeriveSeed(1, 1));
  EXPECT_EQ(DeriveSeed(1, 5), DeriveSeed(1, 5));
}

}  // namespace
}  // namespace sudoku
