// Deduction steps and explanations as the protobuf answers of `explain` and
// `hint` (every front end's): deduction steps as protobuf output
// messages (storage/deduction_output.proto) and as text.
#ifndef SUDOKU_BANK_STEP_OUTPUT_H_
#define SUDOKU_BANK_STEP_OUTPUT_H_

#include <string>

#include "absl/strings/string_view.h"
#include "core/shape.h"
#include "deduction/step_solver.h"
#include "deduction/technique.h"
#include "storage/deduction_output.pb.h"

namespace sudoku::bank {

// The human name of a technique id ("Hidden single", "X-Wing", "Guess");
// the id itself when unknown.
std::string TechniqueDisplayName(absl::string_view id);

// The name as used inside a sentence: "hidden single", but "X-Wing" and
// "BUG+1" keep their capitals.
std::string TechniqueNameInText(absl::string_view id);

StepOutput ToStepOutput(const Deduction& step, const Shape& shape);

// The walk-through of `puzzle` as the rater makes it (Rater::Rate): the
// walk of its canonical form (core/canonical.h) mapped back to the cells
// and digits of `puzzle` (deduction/transform.h), so that every isomorph
// of a puzzle gets the same steps, ER/EP/ED and counts, and they equal
// `rate --explain`'s. A puzzle without exactly one solution, or whose
// canonical form cannot be computed, is walked as written.
Explanation ExplainAsRated(const StepSolver& solver, const Grid& puzzle);

// Which grid a walk-through starts from.
enum class WalkOf {
  // The canonical form (ExplainAsRated): one walk per isomorph, the rater's.
  kCanonicalForm,
  // The puzzle as written, as Sudoku Explainer walks it: where steps tie,
  // the first found depends on how the puzzle is written, so isomorphs may
  // get other steps and ratings (explain --as-written).
  kAsWritten,
};

// The whole explanation of `puzzle` by `solver` (explain --json): status,
// steps, ER/EP/ED, technique counts, the final grid; the walk is
// ExplainAsRated's, or the puzzle's own as written.
ExplainOutput ExplainToOutput(const StepSolver& solver, const Grid& puzzle,
                              WalkOf walk = WalkOf::kCanonicalForm);

// The JSON verdict of an explanation: the ExplainOutput.Status of the same
// name as ExplainStatusName (STATUS_UNSPECIFIED if the two lists drifted;
// step_output_test checks every value).
ExplainOutput::Status ExplainOutputStatus(ExplainStatus status);

// The same answer for a walk-through `e` of `puzzle` made elsewhere (a
// rating's explanation: explain --db).
ExplainOutput ExplanationToOutput(const Explanation& e, const Grid& puzzle);

// "54 × hidden single, 3 × pointing, 1 × X-Wing".
std::string CountSummary(const Explanation& explanation);

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_STEP_OUTPUT_H_
