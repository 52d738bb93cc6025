// Forcing chains (see forcing_chains.h). One Propagator per Find(): flat
// arrays indexed by literal (candidate * 2 + on) with generation stamps, so
// a branch costs no allocation and no clearing.
#include "deduction/forcing_chains.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "deduction/chains.h"
#include "deduction/util.h"

namespace sudoku {
namespace {

// Literal expansions per search (all branches of one Find()). A 9x9 search
// stays far below; on 16x16 and 25x25 boards the search ends early and
// reports the best deduction found so far (or none).
constexpr int64_t kMaxForcingWork = 3'000'000;

class Propagator {
 public:
  Propagator(const Board& board, const UnitIndex& index, bool dynamic)
      : board_(board),
        index_(index),
        shape_(board.shape()),
        n_(board.shape().size()),
        dynamic_(dynamic),
        lit_names_(LiteralNames(board.shape())) {
    const size_t lits = static_cast<size_t>(2 * shape_.num_cells() * n_);
    stamp_.assign(lits, 0);
    parent_.assign(lits, -1);
    depth_.assign(lits, 0);
    order_.reserve(lits);
  }

  static int Lit(int cand, bool on) { return 2 * cand + (on ? 1 : 0); }
  int Cand(int cell, int d) const { return cell * n_ + d - 1; }
  int CellOf(int lit) const { return (lit >> 1) / n_; }
  int DigitOf(int lit) const { return (lit >> 1) % n_ + 1; }
  static bool IsOn(int lit) { return (lit & 1) != 0; }

  // Literals at this depth are not expanded further (a longer chain could
  // not beat the best deduction found so far).
  void set_max_depth(int depth) { max_depth_ = depth; }

  // Propagates from `lit`; true on a contradiction (see clash()).
  bool Run(int lit) {
    ++gen_;
    order_.clear();
    clash_a_ = clash_b_ = -1;
    Set(lit, -1);
    for (size_t head = 0; head < order_.size(); ++head) {
      ++work_;
      const int l = order_[head];
      if (Depth(l) >= max_depth_) continue;
      const int cell = CellOf(l), d = DigitOf(l);
      if (IsOn(l)) {
        for (int e : board_.candidates(cell))
          if (e != d && !Set(Lit(Cand(cell, e), false), l)) return true;
        for (int p : shape_.peers(cell))
          if (board_.value(p) == 0 && board_.candidates(p).Contains(d) &&
              !Set(Lit(Cand(p, d), false), l))
            return true;
        continue;
      }
      // Off: the cell's last candidate, the unit's last place.
      const CandidateSet cs = board_.candidates(cell);
      if (dynamic_) {
        int left = 0, count = 0;
        for (int e : cs)
          if (!IsSet(Lit(Cand(cell, e), false))) {
            left = e;
            ++count;
          }
        if (count == 0) return Empty(l);
        if (count == 1 && !Set(Lit(Cand(cell, left), true), l)) return true;
      } else if (cs.Count() == 2) {
        const int other = cs.Without(CandidateSet::Of(d)).Single();
        if (!Set(Lit(Cand(cell, other), true), l)) return true;
      }
      for (int u : shape_.UnitsOf(cell)) {
        const uint32_t w = index_.where(u, d);
        if (dynamic_) {
          int left = -1, count = 0;
          for (int pos : Bits(w)) {
            const int c = index_.CellAt(u, pos);
            if (!IsSet(Lit(Cand(c, d), false))) {
              left = c;
              ++count;
            }
          }
          if (count == 0) return Empty(l);
          if (count == 1 && !Set(Lit(Cand(left, d), true), l)) return true;
        } else if (std::popcount(w) == 2) {
          for (int pos : Bits(w)) {
            const int c = index_.CellAt(u, pos);
            if (c != cell && !Set(Lit(Cand(c, d), true), l)) return true;
          }
        }
      }
    }
    return false;
  }

  bool IsSet(int lit) const { return stamp_[static_cast<size_t>(lit)] == gen_; }
  int Depth(int lit) const { return depth_[static_cast<size_t>(lit)]; }
  const std::vector<int>& order() const { return order_; }
  int64_t work() const { return work_; }
  // The contradiction: literal a could not be set because b (its opposite)
  // was; or b == -1: setting a left a cell or unit empty.
  int clash_a() const { return clash_a_; }
  int clash_b() const { return clash_b_; }
  // Literals (and the clash literal) keep their parent after the run.
  int ClashDepth() const {
    return clash_depth_ + (clash_b_ >= 0 ? Depth(clash_b_) : 0);
  }

  const std::string& LitName(int lit) const {
    return lit_names_[static_cast<size_t>(lit)];
  }
  // "r1c1=5 -> r1c2<>5 -> r3c2=5" from the assumption to `lit`.
  std::string ChainTo(int lit) const {
    std::vector<std::string> parts;
    for (int l = lit; l != -1; l = parent_[static_cast<size_t>(l)])
      parts.push_back(LitName(l));
    std::reverse(parts.begin(), parts.end());
    return absl::StrJoin(parts, " -> ");
  }
  std::string ClashText() const {
    if (clash_b_ < 0)
      return absl::StrCat(ChainTo(clash_a_), ", leaving ",
                          shape_.CellName(CellOf(clash_a_)),
                          " or a unit of it without a place for a digit");
    // clash_a_ was not stamped; write its chain through its parent.
    return absl::StrCat(ChainTo(clash_parent_), " -> ", LitName(clash_a_),
                        " but ", ChainTo(clash_b_));
  }
  void CollectChain(int lit, Deduction* d) const {
    for (int l = lit; l != -1; l = parent_[static_cast<size_t>(l)]) {
      d->pattern_cells.push_back(CellOf(l));
      d->pattern_candidates.push_back({CellOf(l), DigitOf(l)});
    }
  }
  int clash_parent() const { return clash_parent_; }

 private:
  // False when `lit`'s opposite is already set (a contradiction).
  bool Set(int lit, int parent) {
    if (IsSet(lit)) return true;
    const int pd = parent < 0 ? 0 : Depth(parent);
    if (IsSet(lit ^ 1)) {
      clash_a_ = lit;
      clash_b_ = lit ^ 1;
      clash_parent_ = parent;
      clash_depth_ = pd + 1;
      return false;
    }
    stamp_[static_cast<size_t>(lit)] = gen_;
    parent_[static_cast<size_t>(lit)] = parent;
    depth_[static_cast<size_t>(lit)] = pd + 1;
    order_.push_back(lit);
    return true;
  }
  bool Empty(int lit) {
    clash_a_ = lit;
    clash_b_ = -1;
    clash_parent_ = parent_[static_cast<size_t>(lit)];
    clash_depth_ = Depth(lit);
    return true;
  }

  const Board& board_;
  const UnitIndex& index_;
  const Shape& shape_;
  int n_;
  bool dynamic_;
  const std::vector<std::string>& lit_names_;  // LitName's, by literal
  int gen_ = 0;
  int max_depth_ = 1 << 30;
  std::vector<int> stamp_, parent_, depth_, order_;
  int clash_a_ = -1, clash_b_ = -1, clash_parent_ = -1, clash_depth_ = 0;
  int64_t work_ = 0;
};

// Pattern cells: the cells of the pattern candidates, in order, once each.
// REQUIRES: d->pattern_candidates canonical (sorted by cell).
void FillPatternCells(Deduction* d) {
  for (const CellDigit& cd : d->pattern_candidates)
    d->pattern_cells.push_back(cd.cell);
  d->pattern_cells.erase(
      std::unique(d->pattern_cells.begin(), d->pattern_cells.end()),
      d->pattern_cells.end());
}

// One search for a forcing chain of one kind on one board: the propagator,
// the memo of every candidate's "on" run (shared by the contradiction, cell
// and unit searches), and the best deduction so far, which bounds the depth
// of every later branch. Lives for one ForcingChain::SearchPass call.
class ForcingSearch {
 public:
  // `technique` names and rates the steps; not owned, nor is `out`.
  ForcingSearch(const Technique& technique, ForcingKind kind,
                const Board& board, bool all, int depth_limit,
                std::vector<Deduction>* out)
      : technique_(technique),
        kind_(kind),
        board_(board),
        shape_(board.shape()),
        n_(board.shape().size()),
        all_(all),
        depth_limit_(depth_limit),
        out_(out),
        index_(board),
        prop_(board, index_, kind == ForcingKind::kDynamic),
        base_(technique.difficulty()) {
    prop_.set_max_depth(depth_limit);
    const size_t num_cands = static_cast<size_t>(shape_.num_cells() * n_);
    memo_begin_.assign(num_cands, -1);
    memo_end_.assign(num_cands, 0);
    memo_clash_.assign(num_cands, 0);
    const size_t lits = 2 * num_cands;
    count_.assign(lits, 0);
    sum_.assign(lits, 0);
  }

  // Runs the searches the kind calls for and appends the result to `out`:
  // every deduction when `all`, else the lowest rated.
  void Run() {
    const bool dynamic = kind_ == ForcingKind::kDynamic;
    if (kind_ == ForcingKind::kContradiction || dynamic) Contradictions();
    if (kind_ == ForcingKind::kCell || dynamic) CellForcing();
    if (kind_ == ForcingKind::kUnit || dynamic) UnitForcing();
    if (best_) out_->push_back(std::move(*best_));
  }

 private:
  // SE's length is its complexity (the potentials on the chains, the
  // assumption counted in each) minus 2; ours counts the same literals.
  double Rate(int complexity) const {
    return ChainRating(base_, std::max(0, complexity - 2));
  }

  void Offer(Deduction&& d) {
    if (all_) {
      out_->push_back(std::move(d));
      return;
    }
    if (best_ && d.rating >= best_->rating) return;
    best_ = std::move(d);
    // The longest chain that could still rate lower.
    int useful = 0;
    while (useful < 4096 && Rate(useful + 1) < best_->rating) ++useful;
    prop_.set_max_depth(std::min(useful, depth_limit_));
  }

  bool Finished() const {
    return prop_.work() > kMaxForcingWork ||
           (!all_ && best_ && best_->rating <= Rate(0));
  }

  // Runs candidate `cand` on unless memoized; true on a clash (then, when
  // `*fresh` is set, the propagator holds that run's state).
  bool OnRun(int cand, bool* fresh) {
    const size_t c = static_cast<size_t>(cand);
    *fresh = memo_begin_[c] < 0;
    if (!*fresh) return memo_clash_[c] != 0;
    const bool clash = prop_.Run(Propagator::Lit(cand, true));
    memo_begin_[c] = static_cast<int>(memo_lits_.size());
    if (!clash) {
      for (int l : prop_.order()) {
        memo_lits_.push_back(l);
        memo_depths_.push_back(prop_.Depth(l));
      }
    }
    memo_end_[c] = static_cast<int>(memo_lits_.size());
    memo_clash_[c] = clash ? 1 : 0;
    return clash;
  }

  // Contradictions: assume a candidate on (off); a clash removes (places) it.
  void Contradictions() {
    for (int cell = 0; cell < shape_.num_cells() && !Finished(); ++cell) {
      if (board_.value(cell) != 0 || board_.candidates(cell).Count() < 2)
        continue;
      for (int d : board_.candidates(cell)) {
        for (bool on : {true, false}) {
          bool fresh = true;
          const bool clash =
              on && kind_ != ForcingKind::kContradiction
                  ? OnRun(prop_.Cand(cell, d), &fresh)
                  : prop_.Run(Propagator::Lit(prop_.Cand(cell, d), on));
          if (!clash || !fresh) continue;
          // Two literals or fewer to the clash is a single (naked or
          // hidden), not a chain.
          if (prop_.ClashDepth() < 3) continue;
          Offer(ContradictionStep(cell, d, on));
        }
      }
    }
  }

  // The step from the clash the propagator holds after assuming `cell`=`d`
  // (`on`) or `cell`<>`d`.
  Deduction ContradictionStep(int cell, int d, bool on) const {
    Deduction ded;
    ded.technique = std::string(technique_.id());
    ded.rating = Rate(prop_.ClashDepth());
    if (on) {
      ded.eliminations.push_back({cell, d});
    } else {
      ded.placements.push_back({cell, d});
    }
    if (prop_.clash_parent() >= 0)
      prop_.CollectChain(prop_.clash_parent(), &ded);
    if (prop_.clash_b() >= 0) prop_.CollectChain(prop_.clash_b(), &ded);
    Canonicalize(&ded.pattern_candidates);
    FillPatternCells(&ded);
    const std::string sym(1, shape_.Symbol(d));
    const std::string assumed =
        absl::StrCat(shape_.CellName(cell), on ? "=" : "<>", sym);
    ded.text =
        absl::StrCat(technique_.name(), ": assuming ", assumed,
                     " leads to a contradiction: ", prop_.ClashText(), " => ",
                     absl::StrCat(shape_.CellName(cell), on ? "<>" : "=", sym));
    return ded;
  }

  // Cell forcing: every candidate of a cell implies the same literal.
  void CellForcing() {
    for (int cell = 0; cell < shape_.num_cells() && !Finished(); ++cell) {
      if (board_.value(cell) != 0 || board_.candidates(cell).Count() < 2)
        continue;
      branches_.clear();
      for (int d : board_.candidates(cell))
        branches_.push_back(Propagator::Lit(prop_.Cand(cell, d), true));
      RunBranches([&] { return shape_.CellName(cell); });
    }
  }

  // Unit forcing: every place of a digit in a unit implies the same literal.
  void UnitForcing() {
    for (int u = 0; u < 3 * n_ && !Finished(); ++u) {
      for (int d = 1; d <= n_ && !Finished(); ++d) {
        const uint32_t w = index_.where(u, d);
        if (std::popcount(w) < 2) continue;
        // A bilocal unit's two branches are a cell-like pair already seen
        // from both cells only when the cells are bivalue; keep them.
        branches_.clear();
        for (int pos : Bits(w))
          branches_.push_back(
              Propagator::Lit(prop_.Cand(index_.CellAt(u, pos), d), true));
        RunBranches([&] {
          return absl::StrCat(std::string(1, shape_.Symbol(d)), " in ",
                              shape_.UnitName(u));
        });
      }
    }
  }

  // Offers a step for every literal all of `branches_` imply. `what` names
  // the cell or unit; called only when a step is written.
  void RunBranches(absl::FunctionRef<std::string()> what) {
    touched_.clear();
    const int k = static_cast<int>(branches_.size());
    bool clash = false;
    for (int i = 0; i < k && !clash; ++i) {
      const int cand = branches_[static_cast<size_t>(i)] >> 1;
      bool fresh = false;
      if (OnRun(cand, &fresh)) {
        clash = true;
        break;
      }
      const size_t c = static_cast<size_t>(cand);
      for (int m = memo_begin_[c]; m < memo_end_[c]; ++m) {
        const int l = memo_lits_[static_cast<size_t>(m)];
        if (count_[static_cast<size_t>(l)] != i) continue;
        if (i == 0) touched_.push_back(l);
        ++count_[static_cast<size_t>(l)];
        sum_[static_cast<size_t>(l)] += memo_depths_[static_cast<size_t>(m)];
      }
    }
    results_.clear();
    for (int l : touched_) {
      if (!clash && count_[static_cast<size_t>(l)] == k) results_.push_back(l);
    }
    for (int l : touched_) count_[static_cast<size_t>(l)] = 0;
    for (int l : results_) {
      const int cell = prop_.CellOf(l), d = prop_.DigitOf(l);
      if (board_.value(cell) != 0) continue;
      if (!Propagator::IsOn(l) && !board_.candidates(cell).Contains(d))
        continue;
      const double rating = Rate(sum_[static_cast<size_t>(l)]);
      if (!all_ && best_ && rating >= best_->rating) continue;
      Offer(BranchStep(l, rating, what));
      if (Finished()) break;
    }
    for (int l : touched_) sum_[static_cast<size_t>(l)] = 0;
  }

  // The step "every branch implies `l`"; reruns the branches to write their
  // chains.
  Deduction BranchStep(int l, double rating,
                       absl::FunctionRef<std::string()> what) {
    const int cell = prop_.CellOf(l), d = prop_.DigitOf(l);
    Deduction ded;
    ded.technique = std::string(technique_.id());
    ded.rating = rating;
    if (Propagator::IsOn(l)) {
      ded.placements.push_back({cell, d});
    } else {
      ded.eliminations.push_back({cell, d});
    }
    std::vector<std::string> chains;
    for (int s : branches_) {
      prop_.Run(s);
      chains.push_back(prop_.ChainTo(l));
      prop_.CollectChain(l, &ded);
    }
    Canonicalize(&ded.pattern_candidates);
    FillPatternCells(&ded);
    ded.text =
        absl::StrCat(technique_.name(), " on ", what(), ": ",
                     absl::StrJoin(chains, "; "), " => ", prop_.LitName(l));
    return ded;
  }

  const Technique& technique_;
  const ForcingKind kind_;
  const Board& board_;
  const Shape& shape_;
  const int n_;
  const bool all_;
  const int depth_limit_;
  std::vector<Deduction>* out_;
  const UnitIndex index_;
  Propagator prop_;  // reads index_: declared after it
  const double base_;
  std::optional<Deduction> best_;
  // The memo of "on" runs: candidate c's literals and depths are
  // memo_lits_/memo_depths_[memo_begin_[c], memo_end_[c]); -1: not run.
  std::vector<int> memo_begin_, memo_end_;
  std::vector<char> memo_clash_;
  std::vector<int> memo_lits_, memo_depths_;
  // Per literal: how many branches reached it, and their summed depths.
  std::vector<int> count_, sum_;
  std::vector<int> touched_, results_, branches_;
};

}  // namespace

std::optional<Deduction> ForcingChain::Find(const Board& board) const {
  std::vector<Deduction> out;
  Search(board, false, &out);
  if (out.empty()) return std::nullopt;
  return std::move(out.front());
}

void ForcingChain::FindAll(const Board& board,
                           std::vector<Deduction>* out) const {
  Search(board, true, out);
}

void ForcingChain::Search(const Board& board, bool all,
                          std::vector<Deduction>* out) const {
  // One pass: the best deduction so far bounds the depth of every later
  // branch (Propagator::set_max_depth), which prunes more than iterative
  // deepening saves (measured on forum_hardest_1106).
  SearchPass(board, all, 1 << 30, out);
}

void ForcingChain::SearchPass(const Board& board, bool all, int depth_limit,
                              std::vector<Deduction>* out) const {
  ForcingSearch(*this, kind_, board, all, depth_limit, out).Run();
}

}  // namespace sudoku
