#include "core/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sudoku {
namespace {

double MedianOfSorted(const std::vector<double>& sorted) {
  const size_t m = sorted.size() / 2;
  return sorted.size() % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

}  // namespace

double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return MedianOfSorted(values);
}

double SortedQuantile(const std::vector<double>& sorted, double fraction) {
  const auto rank = static_cast<size_t>(
      std::max(0.0, fraction * static_cast<double>(sorted.size())));
  return sorted[std::min(sorted.size() - 1, rank)];
}

SampleSummary Summarise(std::vector<double> values) {
  SampleSummary s;
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  s.min = values.front();
  s.max = values.back();
  s.median = MedianOfSorted(values);
  const double n = static_cast<double>(values.size());
  s.mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
  double ss = 0;
  for (double x : values) ss += (x - s.mean) * (x - s.mean);
  s.sd = std::sqrt(ss / n);
  return s;
}

}  // namespace sudoku
