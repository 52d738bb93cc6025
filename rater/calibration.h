// Calibration against external difficulty labels: reading the rated TSV
// files, Spearman's rho, level confusion, and fitting the score model.
#ifndef SUDOKU_RATER_CALIBRATION_H_
#define SUDOKU_RATER_CALIBRATION_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"
#include "rater/rater.h"

namespace sudoku {

// One data row of a rated TSV file (../shared/corpora/rated format: '#'
// comment lines, the last of which is the header "#puzzle<TAB>col...").
struct RatedRow {
  int line = 0;
  std::string puzzle;
  std::map<std::string, std::string> labels;  // column -> value ("" = none)
};

struct RatedFile {
  std::vector<std::string> columns;  // header, first is "puzzle"
  std::vector<RatedRow> rows;
};

// InvalidArgument when the header is missing or a row has the wrong number
// of fields (naming the line).
absl::StatusOr<RatedFile> ParseRatedTsv(absl::string_view text);

// Converts a label value to a number for rank correlation: numbers as they
// are; known level words (easy < medium < hard ..., QQWing's simple < easy <
// intermediate < expert, HoDoKu's Easy < Medium < Hard < Unfair < Extreme)
// by their order. nullopt for an empty or unknown value.
std::optional<double> LabelValue(absl::string_view column,
                                 absl::string_view value);

// The model's feature vector (the inputs of ForgeScore before weighting),
// in ModelInputNames() order, and its coefficients (intercept first).
std::vector<double> ModelInputs(const RatingFeatures& features);
std::vector<std::string> ModelInputNames();
std::vector<double> ModelCoefficients();

// Every input a model may use, and its value for a feature set (0 for an
// unknown name). Stochastic inputs are "fail_<solver>" (1 - success rate)
// and "log_iters_<solver>" (log1p of the median iterations).
std::vector<std::string> ModelInputCatalog();
double ModelInputValue(absl::string_view name, const RatingFeatures& features);
bool IsStochasticInput(absl::string_view name);

// A level label of an external corpus and the range of our levels that
// agrees with it, e.g. QQWing "expert" -> [hard, extreme].
struct LevelMapping {
  const char* label;
  Level lo, hi;
};
// A corpus whose named levels the thresholds are fitted to.
struct LevelAnchor {
  const char* file;    // in the rated directory
  const char* column;  // label column
  std::vector<LevelMapping> mapping;
};
// The anchors used by calibrate --fit (documented in docs/CALIBRATION.md).
const std::vector<LevelAnchor>& LevelAnchors();
// The mapping of `label` in `anchor`, or nullptr.
const LevelMapping* FindMapping(const LevelAnchor& anchor,
                                absl::string_view label);

// One rated puzzle of an anchor corpus.
struct LevelSample {
  double score = 0;
  bool ends_in_guess = false;  // EndsInGuessLevel()
  int anchor = 0;              // index into the anchors
  int label = 0;               // index into that anchor's mapping
};

// The agreement of `thresholds` with the samples: for each anchor the mean
// over its labels of the share of samples whose level lies in the label's
// range (balanced accuracy), averaged over the anchors. In [0, 1].
double LevelAgreement(const std::vector<LevelSample>& samples,
                      const LevelThresholds& thresholds);

// The thresholds maximising LevelAgreement, searched over `grid` score
// quantiles per threshold (ties: the first found in increasing order).
// REQUIRES: !samples.empty().
LevelThresholds FitThresholds(const std::vector<LevelSample>& samples,
                              int grid = 80);

}  // namespace sudoku

#endif  // SUDOKU_RATER_CALIBRATION_H_
