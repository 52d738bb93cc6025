#include "rater/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sudoku {

std::vector<double> Ranks(absl::Span<const double> values) {
  const size_t n = values.size();
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(n);
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j + 1 < n && values[order[j + 1]] == values[order[i]]) ++j;
    const double mean_rank = (static_cast<double>(i + j) / 2.0) + 1.0;
    for (size_t k = i; k <= j; ++k) ranks[order[k]] = mean_rank;
    i = j + 1;
  }
  return ranks;
}

double Pearson(absl::Span<const double> x, absl::Span<const double> y) {
  const size_t n = x.size();
  if (n == 0 || n != y.size()) return 0;
  const double mx =
      std::accumulate(x.begin(), x.end(), 0.0) / static_cast<double>(n);
  const double my =
      std::accumulate(y.begin(), y.end(), 0.0) / static_cast<double>(n);
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < n; ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  if (sxx == 0 || syy == 0) return 0;
  return sxy / std::sqrt(sxx * syy);
}

double Spearman(absl::Span<const double> x, absl::Span<const double> y) {
  if (x.size() != y.size()) return 0;
  const std::vector<double> rx = Ranks(x), ry = Ranks(y);
  return Pearson(rx, ry);
}

std::vector<double> LeastSquares(const std::vector<std::vector<double>>& x,
                                 absl::Span<const double> y, double lambda) {
  if (x.empty() || x.size() != y.size()) return {};
  const size_t k = x[0].size() + 1;
  // Normal equations (X^T X + lambda I') b = X^T y, solved by Gaussian
  // elimination with partial pivoting: k is a handful of features.
  std::vector<std::vector<double>> a(k, std::vector<double>(k + 1, 0.0));
  for (size_t i = 0; i < x.size(); ++i) {
    std::vector<double> row(k);
    row[0] = 1.0;
    for (size_t j = 1; j < k; ++j) row[j] = x[i][j - 1];
    for (size_t p = 0; p < k; ++p) {
      for (size_t q = 0; q < k; ++q) a[p][q] += row[p] * row[q];
      a[p][k] += row[p] * y[i];
    }
  }
  for (size_t p = 1; p < k; ++p) a[p][p] += lambda;
  for (size_t col = 0; col < k; ++col) {
    size_t pivot = col;
    for (size_t r = col + 1; r < k; ++r)
      if (std::fabs(a[r][col]) > std::fabs(a[pivot][col])) pivot = r;
    std::swap(a[col], a[pivot]);
    if (std::fabs(a[col][col]) < 1e-300) continue;
    for (size_t r = 0; r < k; ++r) {
      if (r == col) continue;
      const double f = a[r][col] / a[col][col];
      for (size_t c = col; c <= k; ++c) a[r][c] -= f * a[col][c];
    }
  }
  std::vector<double> b(k);
  for (size_t p = 0; p < k; ++p)
    b[p] = std::fabs(a[p][p]) < 1e-300 ? 0 : a[p][k] / a[p][p];
  return b;
}

}  // namespace sudoku
