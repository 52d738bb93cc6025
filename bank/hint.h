// The hint for a user's partly solved grid (the engine behind `hint`): the
// user's work is checked against the solution first, since a wrong
// placement is the most useful hint there is; then pencil marks that leave
// out the solution's digit; then the single easiest step.
#ifndef SUDOKU_BANK_HINT_H_
#define SUDOKU_BANK_HINT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/candidate_set.h"
#include "core/grid.h"
#include "core/shape.h"
#include "deduction/step_solver.h"
#include "storage/deduction_output.pb.h"

namespace sudoku::bank {

// Parses pencil marks: N*N tokens, each the candidate symbols of one cell in
// row-major order. Tokens are separated by whitespace or '|'; a lone '.' or
// '0' means "no marks written" (every digit allowed); other tokens made of
// - + = . : only are border decoration and skipped.
// InvalidArgument with line and column for a bad symbol or a wrong count.
absl::StatusOr<std::vector<CandidateSet>> ParsePencilMarks(
    absl::string_view text, const Shape& shape);

// The hint for `puzzle` (its givens), the user's grid `grid_text` (givens
// plus placements, any puzzle format; "" = no placements) and pencil marks
// `pencil_text` ("" = none). Status STEP, WRONG, SOLVED, STUCK, or (with
// `error`) INVALID, NONE, MULTIPLE, OUT_OF_TIME or BUDGET_EXCEEDED.
HintOutput Hint(const StepSolver& solver, const Grid& puzzle,
                const std::string& grid_text, const std::string& pencil_text);

// An answer refusing the input: `status` (INVALID unless the puzzle has no
// or several solutions or its search hit a bound) with `error`.
HintOutput InvalidHint(const std::string& error,
                       HintOutput::Status status = HintOutput::INVALID);

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_HINT_H_
