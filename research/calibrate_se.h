// `sudoku-forge calibrate se`: agreement of our step ratings with Sudoku
// Explainer's (research/calibrate_se.cc).
#ifndef SUDOKU_RESEARCH_CALIBRATE_SE_H_
#define SUDOKU_RESEARCH_CALIBRATE_SE_H_

#include "absl/status/status.h"
#include "research/commands.h"

namespace sudoku::research {

// Reads --corpus (a rated TSV with an SE ER column), explains every selected
// puzzle and prints per SE band the share with equal ER, within 0.1 and
// within 0.5, and the confusion of the hardest techniques. InvalidArgument
// (a usage error) for a bad file, column or flag.
absl::Status RunCalibrateSe(const CommandArgs& args);

// RunCalibrateSe as a command: a usage error (exit 2) for a non-OK status.
int RunCalibrateSeCommand(const CommandArgs& args);

}  // namespace sudoku::research

#endif  // SUDOKU_RESEARCH_CALIBRATE_SE_H_
