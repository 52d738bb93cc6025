#include "bank/hint.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "bank/step_output.h"
#include "core/board.h"
#include "core/canonical.h"
#include "core/format.h"
#include "deduction/brute_force.h"
#include "deduction/transform.h"

namespace sudoku::bank {
namespace {

std::string JoinCells(const std::vector<std::string>& cells) {
  if (cells.size() == 1) return cells[0];
  std::vector<std::string> head(cells.begin(), cells.end() - 1);
  return absl::StrCat(absl::StrJoin(head, ", "), " and ", cells.back());
}

}  // namespace

absl::StatusOr<std::vector<CandidateSet>> ParsePencilMarks(
    absl::string_view text, const Shape& shape) {
  const int n = shape.size();
  std::vector<CandidateSet> marks;
  int line = 1, column = 0;
  size_t i = 0;
  auto is_sep = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '|';
  };
  while (i < text.size()) {
    if (is_sep(text[i])) {
      if (text[i] == '\n') {
        ++line;
        column = 0;
      } else {
        ++column;
      }
      ++i;
      continue;
    }
    const int token_line = line, token_column = column + 1;
    size_t j = i;
    while (j < text.size() && !is_sep(text[j])) ++j;
    const absl::string_view token = text.substr(i, j - i);
    column += static_cast<int>(j - i);
    i = j;
    if (token == "." || token == "0") {
      marks.push_back(CandidateSet::All(n));
      continue;
    }
    if (token.find_first_not_of("-+=:.") == absl::string_view::npos)
      continue;  // border
    CandidateSet set;
    for (size_t k = 0; k < token.size(); ++k) {
      const int digit = shape.DigitOf(token[k]);
      if (digit < 1 || digit > n) {
        return absl::InvalidArgumentError(
            absl::StrFormat("pencil marks: line %d, column %d: unexpected "
                            "character '%c' (cell %d)",
                            token_line, token_column + static_cast<int>(k),
                            token[k], static_cast<int>(marks.size()) + 1));
      }
      set.Insert(digit);
    }
    marks.push_back(set);
  }
  if (static_cast<int>(marks.size()) != shape.num_cells()) {
    return absl::InvalidArgumentError(
        absl::StrCat("pencil marks: ", marks.size(), " cells given, ",
                     shape.num_cells(), " expected (one token per cell)"));
  }
  return marks;
}

namespace {

// The easiest step of `board` (a position of `puzzle`) found on the
// puzzle's canonical form and mapped back, as explain walks
// (ExplainAsRated), so isomorphic positions get the same step.
std::optional<Deduction> NextStepAsRated(const StepSolver& solver,
                                         const Grid& puzzle,
                                         const Board& board) {
  const bool uniqueness = solver.options().allow_uniqueness;
  absl::StatusOr<Canonical> canonical = Canonicalize(puzzle);
  if (!canonical.ok()) return solver.NextStep(board, uniqueness);
  const GridTransform& t = canonical->transform;
  absl::StatusOr<Board> image = Board::FromGrid(t.Apply(board.grid()));
  if (!image.ok()) return solver.NextStep(board, uniqueness);
  const Shape& shape = board.shape();
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    CandidateSet mapped;
    for (int d = 1; d <= shape.size(); ++d) {
      if (board.candidates(cell).Contains(d)) mapped.Insert(t.MapDigit(d));
    }
    image->SetCandidates(t.MapCell(cell), mapped);
  }
  std::optional<Deduction> step = solver.NextStep(*image, uniqueness);
  if (!step) return step;
  return TransformDeduction(*std::move(step), t.Inverse());
}

}  // namespace

HintOutput InvalidHint(const std::string& error, HintOutput::Status status) {
  HintOutput out;
  out.set_status(status);
  out.set_error(error);
  return out;
}

HintOutput Hint(const StepSolver& solver, const Grid& puzzle,
                const std::string& grid_text, const std::string& pencil_text) {
  const Shape& shape = puzzle.shape();
  absl::StatusOr<Board> start = Board::FromGrid(puzzle);
  if (!start.ok())
    return InvalidHint(absl::StrCat("puzzle: ", start.status().message()));
  const int64_t max_nodes = std::max<int64_t>(0, solver.options().max_nodes);
  const BruteForceResult exact = BruteForceSolve(
      *start, max_nodes, DeadlineAfter(solver.options().max_seconds));
  if (exact.limit_hit && max_nodes > 0 && exact.nodes >= max_nodes) {
    return InvalidHint(
        absl::StrCat(
            "work budget exceeded: the exact search used up ", max_nodes,
            " search nodes (max_nodes) before the puzzle's solution was known"),
        HintOutput::BUDGET_EXCEEDED);
  }
  if (exact.limit_hit) {
    return InvalidHint(absl::StrCat("gave up at the work bound of ",
                                    solver.options().max_seconds,
                                    " s per puzzle (max_puzzle_seconds) before "
                                    "the puzzle's solution was known"),
                       HintOutput::OUT_OF_TIME);
  }
  if (exact.num_solutions == 0)
    return InvalidHint("the puzzle has no solution", HintOutput::NONE);
  if (exact.num_solutions > 1) {
    return InvalidHint(
        "the puzzle has several solutions; a hint needs a puzzle with exactly "
        "one",
        HintOutput::MULTIPLE);
  }
  const Grid& solution = exact.solutions[0];

  // The user's grid: givens must be unchanged; an empty given is filled in.
  Grid user = puzzle;
  if (!grid_text.empty()) {
    ParseOptions options;
    options.shape = &shape;
    options.check_givens = false;  // clashing placements are reported as wrong
    absl::StatusOr<Grid> parsed = ParseGrid(grid_text, options);
    if (!parsed.ok())
      return InvalidHint(absl::StrCat("grid: ", parsed.status().message()));
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      const int given = puzzle[cell], mine = (*parsed)[cell];
      if (given != 0 && mine != 0 && mine != given) {
        return InvalidHint(absl::StrCat(
            "grid: ", shape.CellName(cell), " is the given ",
            std::string(1, shape.Symbol(given)), " but the grid has ",
            std::string(1, shape.Symbol(mine)), " (givens cannot change)"));
      }
      if (given == 0) user.set(cell, mine);
    }
  }

  HintOutput out;
  // 1. Placements that disagree with the solution.
  std::vector<std::string> wrong_cells;
  std::string clash;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (user[cell] == 0 || user[cell] == solution[cell]) continue;
    CellDigitOutput* w = out.add_wrong();
    w->set_cell(shape.CellName(cell));
    w->set_digit(static_cast<uint32_t>(user[cell]));
    wrong_cells.push_back(shape.CellName(cell));
    if (clash.empty()) {
      for (int peer : shape.peers(cell)) {
        if (user[peer] == user[cell]) {
          clash = absl::StrCat(" (", shape.CellName(cell), " and ",
                               shape.CellName(peer), " both hold ",
                               std::string(1, shape.Symbol(user[cell])), ")");
          break;
        }
      }
    }
  }
  int empty = 0;
  for (int cell = 0; cell < shape.num_cells(); ++cell) empty += user[cell] == 0;
  out.set_empty_cells(static_cast<uint32_t>(empty));
  if (!wrong_cells.empty()) {
    out.set_status(HintOutput::WRONG);
    out.set_text(absl::StrCat(
        JoinCells(wrong_cells), wrong_cells.size() == 1 ? " is" : " are",
        " wrong", clash, ": the solution has a different digit there. Remove ",
        wrong_cells.size() == 1 ? "it" : "them", " first."));
    return out;
  }
  absl::StatusOr<Board> board = Board::FromGrid(user);
  if (!board.ok())
    return InvalidHint(absl::StrCat("grid: ", board.status().message()));

  // 2. Pencil marks that exclude the solution's digit.
  if (!pencil_text.empty()) {
    absl::StatusOr<std::vector<CandidateSet>> marks =
        ParsePencilMarks(pencil_text, shape);
    if (!marks.ok()) return InvalidHint(std::string(marks.status().message()));
    std::vector<std::string> bad;
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      if (board->value(cell) != 0) continue;
      const CandidateSet mine = (*marks)[static_cast<size_t>(cell)];
      if (!mine.Contains(solution[cell])) {
        CellDigitOutput* w = out.add_wrong();
        w->set_cell(shape.CellName(cell));
        w->set_digit(0);
        bad.push_back(shape.CellName(cell));
        continue;
      }
      board->SetCandidates(cell, board->candidates(cell) & mine);
    }
    if (!bad.empty()) {
      out.set_status(HintOutput::WRONG);
      out.set_text(
          absl::StrCat("The pencil marks of ", JoinCells(bad),
                       " leave out the digit that belongs there: recheck ",
                       bad.size() == 1 ? "that cell" : "those cells", "."));
      return out;
    }
  }

  // 3. Done, or the easiest step.
  if (board->IsSolved()) {
    out.set_status(HintOutput::SOLVED);
    out.set_text("The grid is complete and correct.");
    return out;
  }
  std::optional<Deduction> step = NextStepAsRated(solver, puzzle, *board);
  if (!step) {
    out.set_status(HintOutput::STUCK);
    out.set_text(
        "No technique of the ladder applies to this grid; a guess (or a "
        "technique off the "
        "ladder) is needed.");
    return out;
  }
  out.set_status(HintOutput::STEP);
  *out.mutable_step() = ToStepOutput(*step, shape);
  out.set_text(step->text);
  return out;
}

}  // namespace sudoku::bank
