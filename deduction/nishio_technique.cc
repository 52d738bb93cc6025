// Ladder wrappers around deduction/nishio.h; see that file and nishio.cc for
// the pattern, its names and its cost. Per call: N digit subproblems, each
// O(DAG vertices reached) for "nishio" and O(N^3 / word) for the matching.
#include "deduction/nishio_technique.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "deduction/nishio.h"

namespace sudoku {

NishioTechnique::NishioTechnique(TechniqueId tid, bool exact)
    : Technique(tid), exact_(exact) {}

std::optional<Deduction> NishioTechnique::Find(const Board& board) const {
  for (int digit = 1; digit <= board.shape().size(); ++digit) {
    if (std::optional<Deduction> d = FindForDigit(board, digit)) return d;
  }
  return std::nullopt;
}

void NishioTechnique::FindAll(const Board& board,
                              std::vector<Deduction>* out) const {
  for (int digit = 1; digit <= board.shape().size(); ++digit) {
    if (std::optional<Deduction> d = FindForDigit(board, digit)) {
      out->push_back(*std::move(d));
    }
  }
}

std::optional<Deduction> NishioTechnique::FindForDigit(const Board& board,
                                                       int digit) const {
  const Shape& shape = board.shape();
  const CellBits p = DigitCells(board, digit);
  std::vector<int> open;  // candidate cells (digit not placed there)
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (p.test(static_cast<size_t>(cell)) && board.value(cell) == 0) {
      open.push_back(cell);
    }
  }
  if (open.empty()) return std::nullopt;
  const SingleDigitResult result = exact_ ? SolveSingleDigitDag(shape, p)
                                          : SolveSingleDigitMatching(shape, p);
  return MakeDeduction(board, digit, p, open, result);
}

std::optional<Deduction> NishioTechnique::MakeDeduction(
    const Board& board, int digit, const CellBits& p,
    const std::vector<int>& open, const SingleDigitResult& result) const {
  const Shape& shape = board.shape();
  Deduction d;
  d.technique = std::string(id());
  d.rating = difficulty();
  for (int cell : open) {
    if (result.eliminated.test(static_cast<size_t>(cell))) {
      d.eliminations.push_back({cell, digit});
    }
  }
  if (d.eliminations.empty()) return std::nullopt;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) == digit) d.pattern_cells.push_back(cell);
  }
  for (int cell : open) d.pattern_candidates.push_back({cell, digit});

  const std::string sym(1, shape.Symbol(digit));
  const char* what = exact_ ? "valid placement" : "perfect matching";
  if (result.contradiction) {
    d.text = absl::StrCat(name(), " on ", sym, ": no ", what, " of ", sym,
                          " exists, so the position is contradictory");
    return d;
  }
  std::vector<std::string> reasons;
  std::vector<std::string> unexplained;
  for (const CellDigit& e : d.eliminations) {
    std::optional<std::string> chain =
        ExplainByPropagation(board, digit, p, e.cell, shape.size());
    if (chain.has_value()) {
      reasons.push_back(*std::move(chain));
    } else {
      unexplained.push_back(shape.CellName(e.cell));
    }
  }
  if (!unexplained.empty()) {
    reasons.push_back(absl::StrCat("no ", what, " of ", sym,
                                   exact_ ? "" : " between rows and columns",
                                   " uses ", absl::StrJoin(unexplained, ", ")));
  }
  std::vector<std::string> cells;
  for (const CellDigit& e : d.eliminations) {
    cells.push_back(shape.CellName(e.cell));
  }
  d.text = absl::StrCat(name(), " on ", sym, ": ", absl::StrJoin(reasons, "; "),
                        "; so ", absl::StrJoin(cells, ", "), " <> ", sym);
  return d;
}

}  // namespace sudoku
