// Calibration against external difficulty labels: reading the rated TSV
// files, Spearman's rho, level confusion, and fitting the score model.
#ifndef SUDOKU_RATER_CALIBRATION_H_
#define SUDOKU_RATER_CALIBRATION_H_

#include <map>
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
std::optional<double> LabelValue(absl::string_view column, absl::string_view value);

// The model's feature vector (the inputs of ForgeScore before weighting).
std::vector<double> ModelInputs(const RatingFeatures& features);
std::vector<std::string> ModelInputNames();

}  // namespace sudoku

#endif  // SUDOKU_RATER_CALIBRATION_H_
