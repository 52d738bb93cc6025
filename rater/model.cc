// The Forge score model and the level thresholds.
//
// score = b0 + sum_j b_j * x_j over ModelInputs(): a linear model of the
// natural log of a typical player's solve time in seconds, fitted by least
// squares on half of the human solve times in
// ../shared/corpora/rated/human_cloudsudoku_wang2024.tsv (every other row;
// the other half is held out for the reported correlation). Reproduce the
// fit with `sudoku-forge calibrate --fit`; docs/CALIBRATION.md gives the
// figures and what each input contributes.
#include <algorithm>
#include <cmath>

#include "rater/calibration.h"
#include "rater/rater.h"

namespace sudoku {
namespace {

// Fitted coefficients, in ModelInputNames() order (intercept first).
constexpr double kCoefficients[] = {2.7983, 0.5193, 0.0067, 0.1324, 0.4436};

// Level thresholds on the score, chosen by calibration (docs/CALIBRATION.md).
constexpr LevelThresholds kThresholds = {5.6, 6.3, 7.4};

}  // namespace

std::vector<std::string> ModelInputNames() {
  return {"log_search_effort", "er", "log1p_steps_above_singles", "log1p_solver_guesses"};
}

std::vector<double> ModelInputs(const RatingFeatures& f) {
  return {std::log(std::max(1.0, f.search_effort)), std::min(f.er, 11.0),
          std::log1p(static_cast<double>(f.steps_above_singles)),
          std::log1p(static_cast<double>(f.solver_guesses))};
}

double ForgeScore(const RatingFeatures& features) {
  const std::vector<double> x = ModelInputs(features);
  double score = kCoefficients[0];
  for (size_t j = 0; j < x.size(); ++j) score += kCoefficients[j + 1] * x[j];
  return score;
}

LevelThresholds Thresholds() { return kThresholds; }

Level LevelFor(double score, const RatingFeatures& features) {
  if (!features.solved_by_logic) return Level::kNeedsGuessing;
  if (score < kThresholds.medium_from) return Level::kEasy;
  if (score < kThresholds.hard_from) return Level::kMedium;
  if (score < kThresholds.evil_from) return Level::kHard;
  return Level::kEvil;
}

std::pair<double, double> ScoreBand(Level level) {
  constexpr double kInf = 1e9;
  switch (level) {
    case Level::kEasy: return {-kInf, kThresholds.medium_from};
    case Level::kMedium: return {kThresholds.medium_from, kThresholds.hard_from};
    case Level::kHard: return {kThresholds.hard_from, kThresholds.evil_from};
    case Level::kEvil: return {kThresholds.evil_from, kInf};
    case Level::kNeedsGuessing: return {-kInf, kInf};
  }
  return {-kInf, kInf};
}

}  // namespace sudoku
