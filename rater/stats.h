// Small statistics for calibration: ranks, Spearman's rho, least squares.
#ifndef SUDOKU_RATER_STATS_H_
#define SUDOKU_RATER_STATS_H_

#include <vector>

#include "absl/types/span.h"

namespace sudoku {

// Fractional ranks (1-based; ties get the mean of their ranks).
std::vector<double> Ranks(absl::Span<const double> values);

// Pearson's correlation; 0 when either side is constant or sizes differ.
double Pearson(absl::Span<const double> x, absl::Span<const double> y);

// Spearman's rank correlation (Pearson on fractional ranks, so ties are
// handled as in scipy.stats.spearmanr).
double Spearman(absl::Span<const double> x, absl::Span<const double> y);

// Ordinary least squares with an intercept: returns {b0, b1, ..., bk} that
// minimise sum (y - b0 - sum_j bj x[i][j])^2, with a small ridge term
// `lambda` on b1..bk for stability. Empty when there are no rows.
std::vector<double> LeastSquares(const std::vector<std::vector<double>>& x,
                                 absl::Span<const double> y,
                                 double lambda = 1e-9);

}  // namespace sudoku

#endif  // SUDOKU_RATER_STATS_H_
