// libFuzzer target: the input of `hint` (and of the service's /hint): the
// puzzle, the user's grid and the pencil marks, any bytes each. The pencil
// marks are read as ParsePencilMarks reads them, then the whole hint runs
// (bank::Hint: the user's work checked against the solution, then the
// easiest step) under a small work budget. Every answer is one of the
// documented statuses.
//
// Input: [options byte] PUZZLE \0 GRID \0 PENCIL (missing parts are "").
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "bank/hint.h"
#include "core/format.h"
#include "deduction/step_solver.h"

namespace {

const sudoku::StepSolver& Solver() {
  static const std::unique_ptr<sudoku::StepSolver> solver = [] {
    sudoku::DeductionOptions options;
    options.max_nodes = 20'000;  // hostile grids stop here, quickly
    options.max_seconds = 2;
    auto s =
        sudoku::StepSolver::Create("singles,intersections,subsets", options);
    if (!s.ok()) std::abort();
    return *std::move(s);
  }();
  return *solver;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t pick = data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<std::string> parts = absl::StrSplit(text, '\0');
  parts.resize(3);
  sudoku::ParseOptions options;
  if ((pick & 1) != 0) {
    static const char* const kShapes[] = {"2x2", "2x3", "3x2", "3x3"};
    auto shape = sudoku::Shape::FromSpec(kShapes[(pick >> 1) % 4]);
    if (shape.ok()) options.shape = *shape;
  }
  auto puzzle = sudoku::ParseGrid(parts[0], options);
  if (!puzzle.ok()) return 0;
  auto marks = sudoku::bank::ParsePencilMarks(parts[2], puzzle->shape());
  if (marks.ok() && !parts[2].empty() &&
      marks->size() != static_cast<size_t>(puzzle->num_cells())) {
    std::abort();  // marks that read are one set per cell
  }
  const sudoku::HintOutput out =
      sudoku::bank::Hint(Solver(), *puzzle, parts[1], parts[2]);
  using sudoku::HintOutput;
  const HintOutput::Status status = out.status();
  if (status == HintOutput::STATUS_UNSPECIFIED ||
      !HintOutput::Status_IsValid(status)) {
    std::abort();
  }
  // A refusal says why; an answer is not a refusal.
  const bool answer =
      status == HintOutput::STEP || status == HintOutput::WRONG ||
      status == HintOutput::SOLVED || status == HintOutput::STUCK;
  if (answer != out.error().empty()) std::abort();
  return 0;
}
