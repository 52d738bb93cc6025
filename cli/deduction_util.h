// Shared by `explain` and `hint`: deduction steps as protobuf output
// messages (storage/deduction_output.proto) and as text.
#ifndef SUDOKU_CLI_DEDUCTION_UTIL_H_
#define SUDOKU_CLI_DEDUCTION_UTIL_H_

#include <string>

#include "absl/strings/string_view.h"
#include "core/shape.h"
#include "deduction/step_solver.h"
#include "deduction/technique.h"
#include "storage/deduction_output.pb.h"

namespace sudoku::cli {

// The human name of a technique id ("Hidden single", "X-Wing", "Guess");
// the id itself when unknown.
std::string TechniqueDisplayName(absl::string_view id);

// The name as used inside a sentence: "hidden single", but "X-Wing" and
// "BUG+1" keep their capitals.
std::string TechniqueNameInText(absl::string_view id);

StepOutput ToStepOutput(const Deduction& step, const Shape& shape);

// "54 × hidden single, 3 × pointing, 1 × X-Wing".
std::string CountSummary(const Explanation& explanation);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_DEDUCTION_UTIL_H_
