// The score model as calibration fits it and as rater/model_params.inc
// stores it: a linear model of log(label) over named inputs, its least-
// squares fit, and the writer and reader of the parameters file with its fit
// id. `sudoku-forge calibrate --fit --write-model=...` is a thin adapter over
// these calls; the rater compiles the written file in (rater/model.cc).
#ifndef SUDOKU_RATER_MODEL_FILE_H_
#define SUDOKU_RATER_MODEL_FILE_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "rater/rater.h"

namespace sudoku {

// A linear model over named inputs (names from ModelInputCatalog()).
struct ScoreModel {
  std::vector<std::string> inputs;
  // The intercept first, then one coefficient per input.
  std::vector<double> coefficients;

  // coefficients[0] + sum_j coefficients[j + 1] * ModelInputValue(inputs[j]).
  // REQUIRES: coefficients.size() == inputs.size() + 1.
  double Score(const RatingFeatures& features) const;
};

// The installed model (rater/model_params.inc).
ScoreModel InstalledScoreModel();

// One rated puzzle with its external label (e.g. a solve time in seconds).
struct LabelledFeatures {
  const RatingFeatures* features;  // not owned
  double label = 0;
};

struct LogModelFit {
  ScoreModel model;
  // Spearman's rho of the model's score against the label on the held-out
  // samples (0 when fewer than two).
  double held_out_rho = 0;
};

// Fits log(label) on `fit` by least squares (LeastSquares, rater/stats.h)
// over `inputs`, and measures it on `held_out`. Samples whose label is not
// positive are skipped on both sides. With no usable fit sample the
// coefficients are all zero.
LogModelFit FitLogModel(absl::Span<const LabelledFeatures> fit,
                        absl::Span<const LabelledFeatures> held_out,
                        const std::vector<std::string>& inputs);

// Everything rater/model_params.inc holds.
struct ModelParams {
  ScoreModel model;
  LevelThresholds thresholds{0, 0, 0};
  // 8 hex digits identifying the parameters: HashHex32(Fnv1a(the
  // parameter declarations as written)), so the engine version
  // (RaterEngineVersion) changes whenever a refit changes them.
  std::string fit_id;
};

// Where a fit came from, for the file's header comment.
struct ModelProvenance {
  std::string written_to;  // the --write-model path, as given
  std::string label;       // the fitted label column ("mean_time_s")
  std::string corpus;      // the corpus file name
  double held_out_rho = 0;
};

// The fit id of `model` and `thresholds` (see ModelParams::fit_id).
std::string ModelFitId(const ScoreModel& model,
                       const LevelThresholds& thresholds);

// The text of a model parameters file: a header comment, kInputs,
// kCoefficients, kThresholds and kFitId (= ModelFitId). Numbers keep six
// significant digits.
std::string FormatModelParams(const ScoreModel& model,
                              const LevelThresholds& thresholds,
                              const ModelProvenance& provenance);

// Reads a file written by FormatModelParams. InvalidArgument naming what is
// missing or malformed (a declaration, a number, one coefficient per input
// plus the intercept, three thresholds). The fit id is returned as written;
// compare it with ModelFitId to detect a hand edit.
absl::StatusOr<ModelParams> ParseModelParams(absl::string_view text);

// Writes FormatModelParams(...) to `path` and returns the fit id.
// InvalidArgument when the coefficients do not match the inputs; Internal
// when the file cannot be written.
absl::StatusOr<std::string> WriteModelParams(const std::string& path,
                                             const ScoreModel& model,
                                             const LevelThresholds& thresholds,
                                             const ModelProvenance& provenance);

}  // namespace sudoku

#endif  // SUDOKU_RATER_MODEL_FILE_H_
