// Summaries of samples (timings, iterations, scores): the one median and
// quantile of the project.
#ifndef SUDOKU_CORE_STATS_H_
#define SUDOKU_CORE_STATS_H_

#include <vector>

namespace sudoku {

// The median (mean of the two middle values for an even count); 0 when empty.
double Median(std::vector<double> values);

// values[floor(fraction * n)] of the sorted sample (clamped to the last
// value): the nearest-rank quantile printed by the benchmarks. `sorted` must
// be sorted and non-empty.
double SortedQuantile(const std::vector<double>& sorted, double fraction);

struct SampleSummary {
  double min = 0, median = 0, mean = 0, max = 0, sd = 0;  // sd: population
};
// All zero when empty.
SampleSummary Summarise(std::vector<double> values);

}  // namespace sudoku

#endif  // SUDOKU_CORE_STATS_H_
