// `sudoku-forge-research all-steps`: every step one technique finds on a
// grid with pencil marks, in the technique's own order (for SE's chaining
// rows: its hint-list order, rating then complexity). Used to compare our
// steps with another program's on the same grid, e.g. where an SE-ladder
// walk and Sudoku Explainer's part ways.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "bank/hint.h"
#include "core/board.h"
#include "core/format.h"
#include "deduction/registry.h"
#include "deduction/se_static_chains.h"
#include "research/commands.h"

ABSL_FLAG(std::string, technique, "",
          "all-steps: the technique id (e.g. nested_chain_forcing)");
ABSL_FLAG(std::string, marks, "",
          "all-steps: the pencil marks of every cell (a file of "
          "N*N tokens in row-major order, a filled cell's token ignored)");
ABSL_FLAG(bool, nested, false,
          "all-steps: list each step's text and nested steps too");
ABSL_FLAG(int, show, 20, "all-steps: list at most this many steps (0: all)");

namespace sudoku::research {
namespace {

std::string Cells(const Shape& shape, const std::vector<CellDigit>& v,
                  const char* sep) {
  std::vector<std::string> parts;
  for (const CellDigit& cd : v)
    parts.push_back(absl::StrCat(shape.CellName(cd.cell), sep,
                                 std::string(1, shape.Symbol(cd.digit))));
  return absl::StrJoin(parts, " ");
}

int RunAllSteps(const CommandArgs& args) {
  if (args.positional.size() != 1)
    return UsageError("all-steps", "give one grid: the givens and placements");
  absl::StatusOr<Grid> grid = ParseGrid(args.positional[0]);
  if (!grid.ok())
    return UsageError("all-steps", std::string(grid.status().message()));
  // SE's static chains as a branch sees them are no ladder's rung.
  absl::StatusOr<std::unique_ptr<Technique>> technique =
      absl::GetFlag(FLAGS_technique) == "se_static_chains"
          ? std::make_unique<SeStaticChains>()
          : FindTechnique(absl::GetFlag(FLAGS_technique));
  if (!technique.ok())
    return UsageError("all-steps", std::string(technique.status().message()));
  absl::StatusOr<Board> board = Board::FromGrid(*grid);
  if (!board.ok())
    return UsageError("all-steps", std::string(board.status().message()));
  if (!absl::GetFlag(FLAGS_marks).empty()) {
    std::ifstream in(absl::GetFlag(FLAGS_marks));
    if (!in) {
      return UsageError("all-steps", absl::StrCat("--marks: cannot read ",
                                                  absl::GetFlag(FLAGS_marks)));
    }
    std::stringstream text;
    text << in.rdbuf();
    absl::StatusOr<std::vector<CandidateSet>> marks =
        bank::ParsePencilMarks(text.str(), grid->shape());
    if (!marks.ok()) {
      return UsageError("all-steps",
                        absl::StrCat("--marks: ", marks.status().message()));
    }
    for (int c = 0; c < grid->shape().num_cells(); ++c)
      if (board->value(c) == 0)
        board->SetCandidates(c, (*marks)[static_cast<size_t>(c)]);
  }
  std::vector<Deduction> steps;
  (*technique)->FindAll(*board, &steps);
  const Shape& shape = grid->shape();
  const int show = absl::GetFlag(FLAGS_show);
  for (size_t i = 0; i < steps.size(); ++i) {
    if (show > 0 && static_cast<int>(i) >= show) break;
    const Deduction& d = steps[i];
    std::cout << absl::StrFormat(
        "%.2f\tcx=%d\tnested=%d\t%s\t%s%s%s\n", d.rating, d.complexity,
        d.nested.size(), d.technique, Cells(shape, d.eliminations, "-"),
        d.placements.empty() ? "" : " ", Cells(shape, d.placements, "="));
    if (!absl::GetFlag(FLAGS_nested)) continue;
    std::cout << "    " << d.text << "\n";
    for (const Deduction& n : d.nested) {
      std::cout << absl::StrFormat(
          "    nested %s cx=%d candidates=%d %s%s%s :: %s\n", n.technique,
          n.complexity, n.pattern_candidates.size(),
          Cells(shape, n.eliminations, "-"), n.placements.empty() ? "" : " ",
          Cells(shape, n.placements, "="), n.text);
    }
  }
  std::cout << "# steps: " << steps.size() << "\n";
  return kExitOk;
}

}  // namespace

Command AllStepsCommand() {
  return {"all-steps",
          "every step one technique finds on a grid with pencil marks",
          "Usage: sudoku-forge-research all-steps GRID --technique=ID "
          "[--marks=MARKS] [--show=N] [--nested]\n"
          "Lists every step technique ID finds on GRID (givens and "
          "placements)\nwith the candidates of --marks, in the technique's "
          "order: rating,\ncomplexity, nested steps, technique, eliminations "
          "and placements.",
          {"technique", "marks", "show", "nested"},
          &RunAllSteps};
}

}  // namespace sudoku::research
