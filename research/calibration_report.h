// The calibration runs behind `sudoku-forge calibrate`, as library calls: a
// rater and a run description in, a report out (research/calibration_report
// .cc). The least-squares fit and the model file are rater/model_file.h.
#ifndef SUDOKU_RESEARCH_CALIBRATION_REPORT_H_
#define SUDOKU_RESEARCH_CALIBRATION_REPORT_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rater/model_file.h"
#include "rater/rater.h"

namespace sudoku::research {

// How a calibration run reads and rates the rated files.
struct CalibrationRun {
  // The rated TSV files (../shared/corpora/rated format); the level anchors
  // and, for the document, every known file are read from here.
  std::string rated_dir = "../shared/corpora/rated";
  // Rows used per file, evenly spaced (0 = all; CalibrationDocument uses
  // 1500 for 0, since rating every row of the large files takes hours).
  int sample = 0;
  // Rating threads.
  int jobs = 1;
};

// Rates `corpus` (a rated TSV) and prints Spearman's rho of the Forge score
// and of our ER against column `label`, then the confusion of our levels
// with the column's values (or, for numeric columns, its range per level).
// InvalidArgument for an unreadable file or an unknown column.
absl::Status CompareWithLabel(const Rater& rater, const std::string& corpus,
                              const std::string& label,
                              const CalibrationRun& run, std::ostream& out);

struct FittedModel {
  ScoreModel model;
  LevelThresholds thresholds{0, 0, 0};
  double held_out_rho = 0;  // of the score against the label, odd rows
};

// Fits log(label) over `inputs` on the even rows of `corpus` and the level
// thresholds on the even rows of the anchors (LevelAnchors()), printing
// what each input contributes and the agreement on the odd rows to `out`.
// InvalidArgument for an unreadable corpus or when no anchor row is found.
absl::StatusOr<FittedModel> FitModel(const Rater& rater,
                                     const std::string& corpus,
                                     const std::string& label,
                                     const std::vector<std::string>& inputs,
                                     const CalibrationRun& run,
                                     std::ostream& out);

// The text of docs/CALIBRATION.md for the installed model: the model and
// its held-out figures on the human solve times, targets, stochastic
// features, rho per rated file, levels against the anchors, per-file
// details. `rater` rates everything but the human times, which are rated
// with the stochastic features too. InvalidArgument when the human file
// cannot be read.
absl::StatusOr<std::string> CalibrationDocument(const Rater& rater,
                                                CalibrationRun run);

// The section "Expected solve time" of docs/CALIBRATION.md: the error of
// ExpectedMinutes(score) on the held-out (odd) rows of the human solve times
// (median absolute error in minutes, share within x1.5 of the true mean).
// InvalidArgument when the human file cannot be read.
absl::StatusOr<std::string> ExpectedTimeReport(const Rater& rater,
                                               const CalibrationRun& run);

// The section "The top" of docs/CALIBRATION.md: the score against SE's ER
// on cbg000's rows with SER >= 8 and on the hardest list (held-out rows),
// the trial estimate's refit, and the stochastic solvers at the papers'
// budgets with and without them. InvalidArgument when a file is missing.
absl::StatusOr<std::string> TopReport(const Rater& rater,
                                      const CalibrationRun& run);

}  // namespace sudoku::research

#endif  // SUDOKU_RESEARCH_CALIBRATION_REPORT_H_
