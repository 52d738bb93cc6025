// Sudoku Explainer's unique rectangles and loops (see unique_loops.h).
//
// Search: from each bivalue cell {a,b} in turn, the empty cells holding a
// and b are the pool; loops grow depth-first, each next cell in a unit
// (box, row, column) that so far holds only the last one, no unit ever
// holding three loop cells, no bivalue {a,b} cell before the first; a loop
// closes on a cell sharing a unit with the first (each loop is met in both
// directions). Cells
// with extras beyond two must all be {a,b,c} with one c (only type 2 uses
// such loops). At most kMaxLoopCells cells and kMaxExpansions cells tried
// per pair.
//
// Ratings, from Sudoku Explainer 1.2.1's step lists (../shared/peers/
// se-steps.sh on cbg000 and QQWing puzzles): rectangles of types 1, 2, 4
// and loops of 6 cells ("Unique Loop"), 8 ("Unique Loop 8") or 10 ("Unique
// Loop 10") 4.5, 4.6, 4.7, 5.0; type 3 adds 0.1 per cell of a naked subset
// (a rectangle's naked pair 4.6) or per cell beyond the first of a hidden
// one (a hidden pair 4.5, a 6-loop's 4.6).
#include "deduction/unique_loops.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "deduction/util.h"

namespace sudoku {
namespace {

constexpr int kMaxLoopCells = 16;
constexpr int kMaxExpansions = 200000;
constexpr int kMaxSubsetCells = 3;  // other cells of a type-3 subset

// A unit's kinds in the order Sudoku Explainer looks at them: box, row,
// column.
std::array<int, 3> SeUnitOrder(const Shape& shape, int cell) {
  const std::array<int, 3> u = shape.UnitsOf(cell);
  return {u[2], u[0], u[1]};
}

bool Contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// One loop found, with what the steps need.
struct Loop {
  const Board& board;
  const Technique& technique;
  const std::vector<int>& cells;  // in loop order
  int a, b;
  CandidateSet ab;
  std::vector<int> extra_cells;  // cells with candidates beyond {a,b}
  CandidateSet extras;           // their extra candidates

  // SE's steps: a rectangle 4.5, a loop of 6 cells 4.6, of 8 4.7, of 10
  // 5.0 (longer loops, not seen, as 10).
  int BaseTenths() const {
    const int size = static_cast<int>(cells.size());
    return size >= 10 ? 50 : 45 + (size - 4) / 2;
  }

  Deduction Step(int type, int tenths) const {
    const Shape& shape = board.shape();
    Deduction d;
    const bool rectangle = cells.size() == 4;
    d.technique = rectangle ? "unique_rectangle" : std::string(technique.id());
    d.rating = tenths / 10.0;
    d.pattern_cells = cells;
    for (int cell : cells) {
      d.pattern_candidates.push_back({cell, a});
      d.pattern_candidates.push_back({cell, b});
    }
    d.text = absl::StrCat(
        rectangle ? "Unique rectangle"
                  : absl::StrCat("Unique loop of ", cells.size(), " cells"),
        " type ", type, " on ", DigitList(shape, ab), " in ",
        CellList(shape, cells), ": ");
    return d;
  }

  // Fills in the eliminations' text and emits; true when there are none.
  static bool Finish(const Shape& shape, Deduction d, absl::string_view why,
                     DeductionSink emit) {
    if (d.eliminations.empty()) return true;
    Canonicalize(&d.eliminations);
    d.text += absl::StrCat(why, DescribeEliminations(shape, d.eliminations));
    return emit(std::move(d));
  }
};

bool Type1(const Loop& l, DeductionSink emit) {
  const int x = l.extra_cells[0];
  Deduction d = l.Step(1, l.BaseTenths());
  for (int digit : l.ab) d.eliminations.push_back({x, digit});
  return Loop::Finish(l.board.shape(), std::move(d), "", emit);
}

// Every extra cell is {a,b,c}: c leaves the cells seeing them all.
bool Type2(const Loop& l, DeductionSink emit) {
  if (l.extras.Count() != 1) return true;
  for (int x : l.extra_cells)
    if (l.board.candidates(x).Count() != 3) return true;
  const Shape& shape = l.board.shape();
  const int c = l.extras.Single();
  Deduction d = l.Step(2, l.BaseTenths());
  for (int cell : shape.peers(l.extra_cells[0])) {
    if (l.board.value(cell) != 0 || !l.board.candidates(cell).Contains(c) ||
        Contains(l.cells, cell))
      continue;
    bool sees_all = true;
    for (int x : l.extra_cells)
      if (!shape.SeesEachOther(cell, x)) sees_all = false;
    if (sees_all) d.eliminations.push_back({cell, c});
  }
  return Loop::Finish(
      shape, std::move(d),
      absl::StrCat("one of ", CellList(shape, l.extra_cells), " is ",
                   std::string(1, shape.Symbol(c)), "; "),
      emit);
}

// In the units shared by the two extra cells, `keep` has no other place
// (SE asks it of every shared unit: a line and a box, or a line): one of
// them is keep, so neither is the other digit of the loop.
bool Type4(const Loop& l, const std::vector<int>& shared, DeductionSink emit) {
  const Shape& shape = l.board.shape();
  for (int keep : {l.a, l.b}) {
    bool only_there = true;
    for (int u : shared)
      for (int cell : shape.unit(u))
        if (l.board.value(cell) == 0 &&
            l.board.candidates(cell).Contains(keep) &&
            !Contains(l.extra_cells, cell))
          only_there = false;
    if (!only_there) continue;
    const int drop = keep == l.a ? l.b : l.a;
    Deduction d = l.Step(4, l.BaseTenths());
    d.pattern_units = shared;
    for (int x : l.extra_cells) d.eliminations.push_back({x, drop});
    if (!Loop::Finish(
            shape, std::move(d),
            absl::StrCat(std::string(1, shape.Symbol(keep)), " lies only in ",
                         CellList(shape, l.extra_cells), " in ",
                         UnitList(shape, shared), "; "),
            emit))
      return false;
  }
  return true;
}

// Type 3 in unit u: `subset` (other cells of u) with the virtual cell.
// Naked: the extras and the subset's candidates are subset.size() + 1
// digits, which leave the rest of u. Hidden: subset.size() + 1 digits other
// than the extras have no place in u beyond the extra cells and the subset
// (one of them in an extra cell), so the subset keeps only those.
bool Type3Subset(const Loop& l, int u, const std::vector<int>& others,
                 const std::vector<int>& subset, DeductionSink emit) {
  const Shape& shape = l.board.shape();
  const int m = static_cast<int>(subset.size());
  CandidateSet naked = l.extras, in_subset;
  for (int cell : subset) in_subset |= l.board.candidates(cell);
  naked |= in_subset;
  if (naked.Count() == m + 1) {
    Deduction d = l.Step(3, l.BaseTenths() + m);
    d.pattern_units = {u};
    d.pattern_cells.insert(d.pattern_cells.end(), subset.begin(), subset.end());
    for (int cell : others)
      if (!Contains(subset, cell))
        for (int digit : l.board.candidates(cell) & naked)
          d.eliminations.push_back({cell, digit});
    if (!Loop::Finish(
            shape, std::move(d),
            absl::StrCat("the extra candidates ", DigitList(shape, l.extras),
                         " of ", CellList(shape, l.extra_cells),
                         " form a naked subset ", DigitList(shape, naked),
                         " with ", CellList(shape, subset), " in ",
                         shape.UnitName(u), "; "),
            emit))
      return false;
  }
  CandidateSet hidden;
  for (int digit : (in_subset | l.ab).Without(l.extras)) {
    bool confined = true;
    for (int cell : others)
      if (!Contains(subset, cell) && l.board.candidates(cell).Contains(digit))
        confined = false;
    if (confined) hidden.Insert(digit);
  }
  // SE looks for a hidden subset only where two or more other cells of the
  // unit are left outside it (its step lists: a hidden pair with one left
  // is rated as the equivalent naked pair, 4.6).
  if (static_cast<int>(others.size()) - m < 2 || hidden.Count() != m + 1 ||
      (hidden & l.ab).Count() == 0)
    return true;
  Deduction d = l.Step(3, l.BaseTenths() + m - 1);
  d.pattern_units = {u};
  d.pattern_cells.insert(d.pattern_cells.end(), subset.begin(), subset.end());
  for (int cell : subset) {
    if ((l.board.candidates(cell) & hidden).Count() == 0) return true;
    for (int digit : l.board.candidates(cell).Without(hidden))
      d.eliminations.push_back({cell, digit});
  }
  return Loop::Finish(
      shape, std::move(d),
      absl::StrCat("in ", shape.UnitName(u), " ", DigitList(shape, hidden),
                   " lie only in ", CellList(shape, l.extra_cells), " and ",
                   CellList(shape, subset), ", and ",
                   CellList(shape, l.extra_cells), " hold one at most; "),
      emit);
}

bool Type3(const Loop& l, int u, DeductionSink emit) {
  std::vector<int> others;
  for (int cell : l.board.shape().unit(u))
    if (l.board.value(cell) == 0 && !Contains(l.extra_cells, cell))
      others.push_back(cell);
  const int n = static_cast<int>(others.size());
  for (int m = 1; m < n && m <= kMaxSubsetCells; ++m) {
    const bool go_on = ForEachCombination(n, m, [&](const auto& idx) {
      std::vector<int> subset;
      for (int i = 0; i < m; ++i)
        subset.push_back(
            others[static_cast<size_t>(idx[static_cast<size_t>(i)])]);
      return Type3Subset(l, u, others, subset, emit);
    });
    if (!go_on) return false;
  }
  return true;
}

// The steps of `type` on loop `l`; false as soon as `emit` returns false.
bool EmitLoopSteps(const Loop& l, int type, DeductionSink emit) {
  const Shape& shape = l.board.shape();
  if (type == 1) return l.extra_cells.size() != 1 || Type1(l, emit);
  if (type == 2) return l.extra_cells.size() < 2 || Type2(l, emit);
  if (l.extra_cells.size() != 2) return true;
  const std::array<int, 3> uy = shape.UnitsOf(l.extra_cells[1]);
  std::vector<int> shared;
  for (int u : SeUnitOrder(shape, l.extra_cells[0]))
    if (std::find(uy.begin(), uy.end(), u) != uy.end()) shared.push_back(u);
  if (shared.empty()) return true;
  if (type == 4) return Type4(l, shared, emit);
  for (int u : shared)
    if (!Type3(l, u, emit)) return false;
  return true;
}

// A loop found: its cells in loop order and its two digits.
struct FoundLoop {
  std::vector<int> cells;
  int a, b;
};

// Depth-first search for the loops of one digit pair.
class LoopSearch {
 public:
  LoopSearch(const Board& board, int a, int b, std::vector<FoundLoop>* found)
      : board_(board),
        shape_(board.shape()),
        a_(a),
        b_(b),
        ab_(CandidateSet::Of(a) | CandidateSet::Of(b)),
        found_(found),
        pool_(static_cast<size_t>(shape_.num_cells()), false),
        position_(static_cast<size_t>(shape_.num_cells()), -1),
        unit_count_(static_cast<size_t>(shape_.num_units()), 0) {
    for (int cell = 0; cell < shape_.num_cells(); ++cell)
      pool_[static_cast<size_t>(cell)] = board.value(cell) == 0 &&
                                         board.candidates(cell).Contains(a) &&
                                         board.candidates(cell).Contains(b);
  }

  // Adds the loops through `start`, a bivalue {a,b} cell, whose other
  // bivalue {a,b} cells come after it.
  void Run(int start) {
    if (!Push(start)) return;
    Extend();
    Pop();
  }

 private:
  // Adds `cell` unless a unit would hold three loop cells or the extras
  // rule it out; true when added.
  bool Push(int cell) {
    for (int u : shape_.UnitsOf(cell))
      if (unit_count_[static_cast<size_t>(u)] >= 2) return false;
    const CandidateSet extra = board_.candidates(cell).Without(ab_);
    if (extra.Count() > 0) {
      const int n_extra = static_cast<int>(extra_cells_.size()) + 1;
      const CandidateSet all = extras_ | extra;
      if (n_extra > 2 && (all.Count() != 1 || multi_ > 0 || extra.Count() > 1))
        return false;
      extra_cells_.push_back(cell);
      extras_stack_.push_back(extras_);
      extras_ = all;
      if (extra.Count() > 1) ++multi_;
    }
    for (int u : shape_.UnitsOf(cell)) ++unit_count_[static_cast<size_t>(u)];
    position_[static_cast<size_t>(cell)] = static_cast<int>(path_.size());
    path_.push_back(cell);
    return true;
  }

  void Pop() {
    const int cell = path_.back();
    path_.pop_back();
    position_[static_cast<size_t>(cell)] = -1;
    for (int u : shape_.UnitsOf(cell)) --unit_count_[static_cast<size_t>(u)];
    if (!extra_cells_.empty() && extra_cells_.back() == cell) {
      if (board_.candidates(cell).Without(ab_).Count() > 1) --multi_;
      extra_cells_.pop_back();
      extras_ = extras_stack_.back();
      extras_stack_.pop_back();
    }
  }

  // Every unit holds 0 or 2 loop cells, an odd number of steps apart.
  bool Valid() const {
    for (int u = 0; u < shape_.num_units(); ++u) {
      const int count = unit_count_[static_cast<size_t>(u)];
      if (count == 0) continue;
      if (count != 2) return false;
      int parity = 0;
      for (int cell : shape_.unit(u))
        if (position_[static_cast<size_t>(cell)] >= 0)
          parity += position_[static_cast<size_t>(cell)];
      if (parity % 2 == 0) return false;
    }
    return true;
  }

  bool Closes() const {
    if (path_.size() < 4 || path_.size() % 2 != 0 || extra_cells_.empty() ||
        !shape_.SeesEachOther(path_.back(), path_[0]))
      return false;
    return Valid();
  }

  // Each loop is met in both directions: the first is kept.
  void Record() {
    std::vector<int> sorted = path_;
    std::sort(sorted.begin(), sorted.end());
    for (const FoundLoop& f : *found_) {
      if (f.a != a_ || f.b != b_ || f.cells.size() != sorted.size()) continue;
      std::vector<int> other = f.cells;
      std::sort(other.begin(), other.end());
      if (other == sorted) return;
    }
    found_->push_back({path_, a_, b_});
  }

  void Extend() {
    if (Closes()) Record();
    if (static_cast<int>(path_.size()) >= kMaxLoopCells) return;
    const int last = path_.back(), start = path_.front();
    std::vector<int> next;
    for (int u : SeUnitOrder(shape_, last)) {
      if (unit_count_[static_cast<size_t>(u)] != 1) continue;
      for (int cell : shape_.unit(u))
        if (pool_[static_cast<size_t>(cell)] &&
            position_[static_cast<size_t>(cell)] < 0 &&
            (cell > start || board_.candidates(cell) != ab_) &&
            !Contains(next, cell))
          next.push_back(cell);
    }
    for (int cell : next) {
      if (++expansions_ > kMaxExpansions) return;
      if (!Push(cell)) continue;
      Extend();
      Pop();
    }
  }

  const Board& board_;
  const Shape& shape_;
  const int a_, b_;
  const CandidateSet ab_;
  std::vector<FoundLoop>* found_;
  std::vector<bool> pool_;
  std::vector<int> position_;  // in path_, or -1
  std::vector<int> unit_count_;
  std::vector<int> path_;
  std::vector<int> extra_cells_;
  CandidateSet extras_;
  std::vector<CandidateSet> extras_stack_;
  int multi_ = 0;  // extra cells with more than one extra candidate
  int expansions_ = 0;
};

}  // namespace

std::optional<Deduction> UniqueLoops::Find(const Board& board) const {
  std::vector<Deduction> all;
  FindAll(board, &all);
  return LowestRated(std::move(all));
}

// In Sudoku Explainer's order (its step lists): the loops from each
// bivalue cell in turn, on its two digits; every loop's type 1 steps, then
// type 2, type 3 and type 4 (among equal ratings SE takes a type 3 before
// a type 4 met earlier).
void UniqueLoops::Scan(const Board& board, const UnitIndex& /*index*/,
                       DeductionSink emit) const {
  std::vector<FoundLoop> found;
  for (int cell = 0; cell < board.shape().num_cells(); ++cell) {
    const CandidateSet c = board.candidates(cell);
    if (board.value(cell) != 0 || c.Count() != 2) continue;
    const int a = c.Lowest(), b = c.Without(CandidateSet::Of(a)).Lowest();
    LoopSearch(board, a, b, &found).Run(cell);
  }
  for (int type = 1; type <= 4; ++type) {
    for (const FoundLoop& f : found) {
      const CandidateSet ab = CandidateSet::Of(f.a) | CandidateSet::Of(f.b);
      Loop l{board, *this, f.cells, f.a, f.b, ab, {}, {}};
      for (int cell : f.cells) {
        const CandidateSet extra = board.candidates(cell).Without(ab);
        if (extra.Count() == 0) continue;
        l.extra_cells.push_back(cell);
        l.extras |= extra;
      }
      if (!EmitLoopSteps(l, type, emit)) return;
    }
  }
}

}  // namespace sudoku
