// Ladder wrappers around deduction/nishio.h; see that file and nishio.cc for
// the pattern, its names and its cost. Per call: N digit subproblems, each
// O(DAG vertices reached) for "nishio" and O(N^3 / word) for the matching.
#include "deduction/nishio_technique.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "deduction/chains.h"
#include "deduction/nishio.h"
#include "deduction/util.h"

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

namespace {

// Single-digit dynamic propagation from "digit in `start`" (see
// NishioChains), in Sudoku Explainer's order: every pending "on" literal
// is expanded before the next pending "off" one; an "off" literal leaves
// the grid only when it is expanded, and then makes the other place of a
// unit where it is one of two places "on" (its parents: it and the unit's
// places that left the grid before). Literals are cell * 2 + (on ? 1 : 0).
class DigitPropagation {
 public:
  DigitPropagation(const Board& board, int digit)
      : board_(board), shape_(board.shape()), digit_(digit) {
    const size_t cells = static_cast<size_t>(shape_.num_cells());
    state_.assign(cells, 0);
    in_grid_.assign(cells, 0);
    parents_.assign(2 * cells, {});
    seen_.assign(2 * cells, 0);
  }

  // The size of the first contradiction (a cell both on and off), or 0
  // when there is none: the literals on the chain to "on" plus those on
  // the chain to "off", as SE counts a contradiction.
  int Run(int start) {
    std::fill(state_.begin(), state_.end(), 0);
    for (int c = 0; c < shape_.num_cells(); ++c)
      in_grid_[static_cast<size_t>(c)] = Has(c) ? 1 : 0;
    pending_on_.clear();
    pending_off_.clear();
    Set(start, true, {});
    size_t on_head = 0, off_head = 0;
    while (on_head < pending_on_.size() || off_head < pending_off_.size()) {
      if (on_head < pending_on_.size()) {
        const int cell = pending_on_[on_head++];
        for (int u : Units(cell)) {
          for (int q : shape_.unit(u)) {
            if (q == cell || in_grid_[static_cast<size_t>(q)] == 0) continue;
            if (state_[static_cast<size_t>(q)] == kOn)
              return Count(2 * q + 1) + Count(2 * cell + 1) + 1;
            if (state_[static_cast<size_t>(q)] == 0)
              Set(q, false, {2 * cell + 1});
          }
        }
        continue;
      }
      const int cell = pending_off_[off_head++];
      std::vector<std::pair<int, std::vector<int>>> make_on;
      for (int u : Units(cell)) {
        int other = -1, count = 0;
        std::vector<int> parents = {2 * cell};
        for (int q : shape_.unit(u)) {
          if (in_grid_[static_cast<size_t>(q)] != 0) {
            ++count;
            if (q != cell) other = q;
          } else if (Has(q) && state_[static_cast<size_t>(q)] == kOff) {
            parents.push_back(2 * q);
          }
        }
        if (count == 2) make_on.push_back({other, std::move(parents)});
      }
      in_grid_[static_cast<size_t>(cell)] = 0;
      for (auto& [q, parents] : make_on) {
        if (state_[static_cast<size_t>(q)] == kOff) {
          int on_count = 0;
          ++stamp_;
          for (int p : parents) on_count += Count(p, /*fresh=*/false);
          return on_count + 1 + Count(2 * q);
        }
        if (state_[static_cast<size_t>(q)] == 0) Set(q, true, parents);
      }
    }
    return 0;
  }

 private:
  static constexpr int kOn = 1, kOff = 2;
  bool Has(int cell) const {
    return board_.value(cell) == 0 && board_.candidates(cell).Contains(digit_);
  }
  // Box, row, column: SE's order of regions.
  std::array<int, 3> Units(int cell) const {
    return {shape_.BoxUnit(shape_.Box(cell)), shape_.RowUnit(shape_.Row(cell)),
            shape_.ColUnit(shape_.Col(cell))};
  }
  void Set(int cell, bool on, std::vector<int> parents) {
    state_[static_cast<size_t>(cell)] = on ? kOn : kOff;
    parents_[static_cast<size_t>(2 * cell + (on ? 1 : 0))] = std::move(parents);
    (on ? pending_on_ : pending_off_).push_back(cell);
  }
  // Distinct literals among `lit` and its ancestors (`fresh`: a new count;
  // else literals counted since the last fresh count are not counted again).
  int Count(int lit, bool fresh = true) {
    if (fresh) ++stamp_;
    std::vector<int> stack = {lit};
    int n = 0;
    while (!stack.empty()) {
      const int l = stack.back();
      stack.pop_back();
      if (seen_[static_cast<size_t>(l)] == stamp_) continue;
      seen_[static_cast<size_t>(l)] = stamp_;
      ++n;
      for (int p : parents_[static_cast<size_t>(l)]) stack.push_back(p);
    }
    return n;
  }

  const Board& board_;
  const Shape& shape_;
  int digit_;
  int stamp_ = 0;
  std::vector<int> state_, in_grid_, pending_on_, pending_off_, seen_;
  std::vector<std::vector<int>> parents_;
};

}  // namespace

std::optional<Deduction> NishioChains::Find(const Board& board) const {
  const Shape& shape = board.shape();
  std::optional<Deduction> best;
  std::vector<DigitPropagation> props;
  for (int digit = 1; digit <= shape.size(); ++digit)
    props.emplace_back(board, digit);
  int best_literals = 0;
  // SE's order: cells, then digits; the least rated, then the shortest.
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    for (int digit : board.candidates(cell)) {
      const int literals = props[static_cast<size_t>(digit - 1)].Run(cell);
      if (literals == 0) continue;
      const double rating = ChainRating(difficulty(), literals - 2);
      if (best && (rating > best->rating ||
                   (rating == best->rating && literals >= best_literals)))
        continue;
      best_literals = literals;
      Deduction d;
      d.technique = std::string(id());
      d.rating = rating;
      d.eliminations.push_back({cell, digit});
      d.pattern_cells.push_back(cell);
      d.pattern_candidates.push_back({cell, digit});
      const std::string sym(1, shape.Symbol(digit));
      d.text = absl::StrCat(name(), ": a ", sym, " in ", shape.CellName(cell),
                            " leads, through the places of ", sym,
                            " alone, to a contradiction (", literals,
                            " links); so ", shape.CellName(cell), " <> ", sym);
      best = std::move(d);
    }
  }
  return best;
}

}  // namespace sudoku
