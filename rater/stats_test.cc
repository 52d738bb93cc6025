#include "rater/stats.h"

#include <cmath>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace sudoku {
namespace {

TEST(StatsTest, RanksAverageTies) {
  std::vector<double> v = {10, 20, 20, 5};
  EXPECT_THAT(Ranks(v), ::testing::ElementsAre(2, 3.5, 3.5, 1));
}

TEST(StatsTest, SpearmanOfMonotoneMapsIsOne) {
  std::vector<double> x = {1, 2, 3, 4, 5, 6}, y;
  for (double v : x) y.push_back(std::exp(v));
  EXPECT_NEAR(Spearman(x, y), 1.0, 1e-12);
  std::vector<double> rev(y.rbegin(), y.rend());
  EXPECT_NEAR(Spearman(x, rev), -1.0, 1e-12);
}

TEST(StatsTest, SpearmanMatchesHandComputedValue) {
  // x ranks 1..5, y ranks {2,1,4,3,5}: rho = 1 - 6*sum(d^2)/(n(n^2-1))
  // = 1 - 6*4/120 = 0.8.
  std::vector<double> x = {1, 2, 3, 4, 5}, y = {20, 10, 40, 30, 50};
  EXPECT_NEAR(Spearman(x, y), 0.8, 1e-12);
  EXPECT_EQ(Spearman(x, std::vector<double>{1, 1, 1, 1, 1}), 0);
}

TEST(StatsTest, LeastSquaresRecoversAnExactLinearModel) {
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (int i = 0; i < 50; ++i) {
    const double a = i % 7, b = (i * 13) % 11;
    x.push_back({a, b});
    y.push_back(1.5 + 2.0 * a - 0.25 * b);
  }
  std::vector<double> coef = LeastSquares(x, y);
  ASSERT_EQ(coef.size(), 3u);
  EXPECT_NEAR(coef[0], 1.5, 1e-6);
  EXPECT_NEAR(coef[1], 2.0, 1e-6);
  EXPECT_NEAR(coef[2], -0.25, 1e-6);
  EXPECT_TRUE(LeastSquares({}, {}).empty());
}

}  // namespace
}  // namespace sudoku
