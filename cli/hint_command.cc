// sudoku-forge hint: the easiest next step for a user's partly solved grid.
//
// Input: the puzzle (its givens), the user's grid (givens plus their
// placements) and optionally their pencil marks. Checks first that the
// user's work agrees with the solution: a wrong placement is the most useful
// hint there is, so it is reported before any technique.
#include <sys/stat.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/deduction_util.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "core/board.h"
#include "core/format.h"
#include "deduction/brute_force.h"
#include "deduction/step_solver.h"
#include "storage/deduction_output.pb.h"
#include "storage/json.h"

ABSL_FLAG(std::string, grid, "",
          "hint: the user's grid (givens plus their placements), a puzzle line "
          "or a file");
ABSL_FLAG(
    std::string, pencil, "",
    "hint: the user's pencil marks, one token of candidate symbols per cell "
    "(row-major, whitespace-separated; '|' and -+= borders ignored), or a "
    "file");

namespace sudoku::cli {
namespace {

// Parses pencil marks: N*N tokens, each the candidate symbols of one cell in
// row-major order. Tokens are separated by whitespace or '|'; a lone '.' or
// '0' means "no marks written" (every digit allowed); other tokens made of
// - + = . : only are border decoration and skipped.
// InvalidArgument with line and column for a bad symbol or a wrong count.
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

// The flag's value: a file's contents when it names a file, else literal.
absl::StatusOr<std::string> FileOrLiteral(const std::string& value) {
  struct stat st;
  if (value == "-" || stat(value.c_str(), &st) == 0)
    return ReadFileOrStdin(value);
  return value;
}

struct HintResult {
  HintOutput out;
  bool usage_error = false;  // bad input: exit kExitBadPuzzle
};

HintOutput Invalid(const std::string& error) {
  HintOutput out;
  out.set_status("invalid");
  out.set_error(error);
  return out;
}

std::string JoinCells(const std::vector<std::string>& cells) {
  if (cells.size() == 1) return cells[0];
  std::vector<std::string> head(cells.begin(), cells.end() - 1);
  return absl::StrCat(absl::StrJoin(head, ", "), " and ", cells.back());
}

HintOutput ComputeHint(const StepSolver& solver, const Grid& puzzle,
                       const std::string& grid_text,
                       const std::string& pencil_text) {
  const Shape& shape = puzzle.shape();
  absl::StatusOr<Board> start = Board::FromGrid(puzzle);
  if (!start.ok())
    return Invalid(absl::StrCat("puzzle: ", start.status().message()));
  const BruteForceResult exact = BruteForceSolve(*start);
  if (exact.num_solutions == 0) return Invalid("the puzzle has no solution");
  if (exact.num_solutions > 1) {
    return Invalid(
        "the puzzle has several solutions; a hint needs a puzzle with exactly "
        "one");
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
      return Invalid(absl::StrCat("grid: ", parsed.status().message()));
    for (int cell = 0; cell < shape.num_cells(); ++cell) {
      const int given = puzzle[cell], mine = (*parsed)[cell];
      if (given != 0 && mine != 0 && mine != given) {
        return Invalid(absl::StrCat(
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
    out.set_status("wrong");
    out.set_text(absl::StrCat(
        JoinCells(wrong_cells), wrong_cells.size() == 1 ? " is" : " are",
        " wrong", clash, ": the solution has a different digit there. Remove ",
        wrong_cells.size() == 1 ? "it" : "them", " first."));
    return out;
  }
  absl::StatusOr<Board> board = Board::FromGrid(user);
  if (!board.ok())
    return Invalid(absl::StrCat("grid: ", board.status().message()));

  // 2. Pencil marks that exclude the solution's digit.
  if (!pencil_text.empty()) {
    absl::StatusOr<std::vector<CandidateSet>> marks =
        ParsePencilMarks(pencil_text, shape);
    if (!marks.ok()) return Invalid(std::string(marks.status().message()));
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
      out.set_status("wrong");
      out.set_text(
          absl::StrCat("The pencil marks of ", JoinCells(bad),
                       " leave out the digit that belongs there: recheck ",
                       bad.size() == 1 ? "that cell" : "those cells", "."));
      return out;
    }
  }

  // 3. Done, or the easiest step.
  if (board->IsSolved()) {
    out.set_status("solved");
    out.set_text("The grid is complete and correct.");
    return out;
  }
  std::optional<Deduction> step =
      solver.NextStep(*board, solver.options().allow_uniqueness);
  if (!step) {
    out.set_status("stuck");
    out.set_text(
        "No technique of the ladder applies to this grid; a guess (or a "
        "technique off the "
        "ladder) is needed.");
    return out;
  }
  out.set_status("step");
  *out.mutable_step() = ToStepOutput(*step, shape);
  out.set_text(step->text);
  return out;
}

int RunHint(const CommandArgs& args) {
  if (args.positional.empty()) {
    return UsageError(
        "hint",
        "give the puzzle: sudoku-forge hint PUZZLE [GRID] [--pencil=MARKS]");
  }
  if (args.positional.size() > 2) {
    return UsageError(
        "hint", absl::StrCat("unexpected argument '", args.positional[2], "'"));
  }
  std::string grid_arg = absl::GetFlag(FLAGS_grid);
  if (args.positional.size() == 2) {
    if (!grid_arg.empty())
      return UsageError("hint", "give the grid once (argument or --grid)");
    grid_arg = args.positional[1];
  }
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("hint", std::string(options.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs({args.positional[0]}, *options);
  if (!inputs.ok())
    return UsageError("hint", std::string(inputs.status().message()));
  if (inputs->size() != 1) {
    return UsageError(
        "hint", absl::StrCat(args.positional[0],
                             ": expected one puzzle, found ", inputs->size()));
  }
  std::string grid_text, pencil_text;
  if (!grid_arg.empty()) {
    absl::StatusOr<std::string> t = FileOrLiteral(grid_arg);
    if (!t.ok()) return UsageError("hint", std::string(t.status().message()));
    grid_text = *t;
  }
  if (!absl::GetFlag(FLAGS_pencil).empty()) {
    absl::StatusOr<std::string> t = FileOrLiteral(absl::GetFlag(FLAGS_pencil));
    if (!t.ok()) return UsageError("hint", std::string(t.status().message()));
    pencil_text = *t;
  }
  DeductionOptions deduction;
  deduction.allow_uniqueness = !absl::GetFlag(FLAGS_no_uniqueness);
  absl::StatusOr<std::unique_ptr<StepSolver>> solver =
      StepSolver::Create(absl::GetFlag(FLAGS_techniques), deduction);
  if (!solver.ok())
    return UsageError("hint", std::string(solver.status().message()));

  const InputPuzzle& input = (*inputs)[0];
  HintOutput out =
      input.grid.ok()
          ? ComputeHint(**solver, *input.grid, grid_text, pencil_text)
          : Invalid(absl::StrCat("puzzle: ", input.where(), ": ",
                                 input.grid.status().message()));
  if (absl::GetFlag(FLAGS_json)) {
    std::cout << ToJson(out) << "\n";
  } else if (out.status() == "invalid") {
    std::cout << "invalid: " << out.error() << "\n";
  } else if (out.status() == "step") {
    std::cout << absl::StrFormat("hint (%s, %.1f): %s\n",
                                 TechniqueNameInText(out.step().technique()),
                                 out.step().rating(), out.text());
  } else {
    std::cout << out.status() << ": " << out.text() << "\n";
  }
  return out.status() == "invalid" ? kExitBadPuzzle : kExitOk;
}

}  // namespace

Command HintCommand() {
  return {
      "hint",
      "the easiest next step for a partly solved grid (or the mistake in it)",
      "Usage: sudoku-forge hint PUZZLE [GRID] [--pencil=MARKS] [--json]\n"
      "       [--techniques=LIST] [--no-uniqueness] [--shape=RxC]\n"
      "PUZZLE is the puzzle as given (a puzzle line or a file with one "
      "puzzle);\n"
      "GRID (or --grid) the user's grid: the givens plus their placements, in "
      "any\n"
      "puzzle format; givens may be left empty but not changed. --pencil "
      "gives\n"
      "the user's pencil marks: one token of candidate symbols per cell in\n"
      "row-major order (e.g. '1267 3 48 ...'; '|' and border lines are "
      "ignored;\n"
      "the token of a filled cell is not used). GRID and MARKS may be files.\n"
      "First checks the user's work against the solution: a wrong placement\n"
      "('r3c4 is wrong') or pencil marks that leave out the solution's digit "
      "are\n"
      "reported without revealing the digit. Otherwise prints the single "
      "easiest\n"
      "deduction (lowest SE rating) on the user's grid and pencil marks, and\n"
      "nothing more. Statuses: step, wrong, solved, stuck, invalid (exit 1).",
      {"json", "grid", "pencil", "techniques", "no_uniqueness", "shape"},
      &RunHint};
}

}  // namespace sudoku::cli
