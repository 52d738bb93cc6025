// Forcing chains (see forcing_chains.h). One Propagator per Find(): flat
// arrays indexed by literal (candidate * 2 + on) with generation stamps, so
// a branch costs no allocation and no clearing.
#include "deduction/forcing_chains.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/functional/function_ref.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "deduction/chains.h"

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
        dynamic_(dynamic) {
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

  std::string LitName(int lit) const {
    return absl::StrCat(shape_.CellName(CellOf(lit)), IsOn(lit) ? "=" : "<>",
                        std::string(1, shape_.Symbol(DigitOf(lit))));
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
  int gen_ = 0;
  int max_depth_ = 1 << 30;
  std::vector<int> stamp_, parent_, depth_, order_;
  int clash_a_ = -1, clash_b_ = -1, clash_parent_ = -1, clash_depth_ = 0;
  int64_t work_ = 0;
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
  const Shape& shape = board.shape();
  const int n = shape.size();
  const UnitIndex index(board);
  const bool dynamic = kind_ == ForcingKind::kDynamic;
  Propagator prop(board, index, dynamic);
  prop.set_max_depth(depth_limit);
  const double base = difficulty();
  // SE's length is its complexity (the potentials on the chains, the
  // assumption counted in each) minus 2; ours counts the same literals.
  auto rate = [base](int complexity) {
    return ChainRating(base, std::max(0, complexity - 2));
  };
  const double floor = rate(0);
  std::optional<Deduction> best;
  auto offer = [&](Deduction&& d) {
    if (all) {
      out->push_back(std::move(d));
    } else if (!best || d.rating < best->rating) {
      best = std::move(d);
      // The longest chain that could still rate lower.
      int useful = 0;
      while (useful < 4096 && rate(useful + 1) < best->rating) ++useful;
      prop.set_max_depth(std::min(useful, depth_limit));
    }
  };
  auto finished = [&]() {
    return prop.work() > kMaxForcingWork ||
           (!all && best && best->rating <= floor);
  };

  // The "on" run of every candidate is needed by the contradiction, cell and
  // unit searches alike: run it once and keep its literals and depths.
  const size_t num_cands = static_cast<size_t>(shape.num_cells() * n);
  std::vector<int> memo_begin(num_cands, -1), memo_end(num_cands, 0);
  std::vector<char> memo_clash(num_cands, 0);
  std::vector<int> memo_lits, memo_depths;
  // Runs candidate `cand` on unless memoized; true on a clash (then, when
  // `fresh` is set, the propagator holds that run's state).
  auto on_run = [&](int cand, bool* fresh) -> bool {
    const size_t c = static_cast<size_t>(cand);
    *fresh = memo_begin[c] < 0;
    if (!*fresh) return memo_clash[c] != 0;
    const bool clash = prop.Run(Propagator::Lit(cand, true));
    memo_begin[c] = static_cast<int>(memo_lits.size());
    if (!clash) {
      for (int l : prop.order()) {
        memo_lits.push_back(l);
        memo_depths.push_back(prop.Depth(l));
      }
    }
    memo_end[c] = static_cast<int>(memo_lits.size());
    memo_clash[c] = clash ? 1 : 0;
    return clash;
  };

  // Contradictions: assume a candidate on (off); a clash removes (places) it.
  if (kind_ == ForcingKind::kContradiction || dynamic) {
    for (int cell = 0; cell < shape.num_cells() && !finished(); ++cell) {
      if (board.value(cell) != 0 || board.candidates(cell).Count() < 2)
        continue;
      for (int d : board.candidates(cell)) {
        for (bool on : {true, false}) {
          bool fresh = true;
          const bool clash =
              on && kind_ != ForcingKind::kContradiction
                  ? on_run(prop.Cand(cell, d), &fresh)
                  : prop.Run(Propagator::Lit(prop.Cand(cell, d), on));
          if (!clash || !fresh) continue;
          // Two literals or fewer to the clash is a single (naked or
          // hidden), not a chain.
          if (prop.ClashDepth() < 3) continue;
          Deduction ded;
          ded.technique = std::string(id());
          ded.rating = rate(prop.ClashDepth());
          if (on) {
            ded.eliminations.push_back({cell, d});
          } else {
            ded.placements.push_back({cell, d});
          }
          if (prop.clash_parent() >= 0)
            prop.CollectChain(prop.clash_parent(), &ded);
          if (prop.clash_b() >= 0) prop.CollectChain(prop.clash_b(), &ded);
          Canonicalize(&ded.pattern_candidates);
          for (const CellDigit& cd : ded.pattern_candidates)
            ded.pattern_cells.push_back(cd.cell);
          ded.pattern_cells.erase(
              std::unique(ded.pattern_cells.begin(), ded.pattern_cells.end()),
              ded.pattern_cells.end());
          const std::string assumed =
              absl::StrCat(shape.CellName(cell), on ? "=" : "<>",
                           std::string(1, shape.Symbol(d)));
          ded.text = absl::StrCat(
              name(), ": assuming ", assumed,
              " leads to a contradiction: ", prop.ClashText(), " => ",
              on ? absl::StrCat(shape.CellName(cell), "<>",
                                std::string(1, shape.Symbol(d)))
                 : absl::StrCat(shape.CellName(cell), "=",
                                std::string(1, shape.Symbol(d))));
          offer(std::move(ded));
        }
      }
    }
  }

  // Cell and unit forcing: every branch implies the same literal.
  const size_t lits = static_cast<size_t>(2 * shape.num_cells() * n);
  std::vector<int> count(lits, 0), sum(lits, 0), touched;
  std::vector<int> branches;
  std::vector<int> results;
  // `what` names the cell or unit; called only when a step is written.
  auto run_branches = [&](const std::vector<int>& starts,
                          absl::FunctionRef<std::string()> what) {
    touched.clear();
    const int k = static_cast<int>(starts.size());
    bool clash = false;
    for (int i = 0; i < k && !clash; ++i) {
      const int cand = starts[static_cast<size_t>(i)] >> 1;
      bool fresh = false;
      if (on_run(cand, &fresh)) {
        clash = true;
        break;
      }
      const size_t c = static_cast<size_t>(cand);
      for (int m = memo_begin[c]; m < memo_end[c]; ++m) {
        const int l = memo_lits[static_cast<size_t>(m)];
        if (count[static_cast<size_t>(l)] != i) continue;
        if (i == 0) touched.push_back(l);
        ++count[static_cast<size_t>(l)];
        sum[static_cast<size_t>(l)] += memo_depths[static_cast<size_t>(m)];
      }
    }
    results.clear();
    for (int l : touched) {
      if (!clash && count[static_cast<size_t>(l)] == k) results.push_back(l);
    }
    for (int l : touched) count[static_cast<size_t>(l)] = 0;
    for (int l : results) {
      const int cell = prop.CellOf(l), d = prop.DigitOf(l);
      if (board.value(cell) != 0) continue;
      if (!Propagator::IsOn(l) && !board.candidates(cell).Contains(d)) continue;
      const int complexity = sum[static_cast<size_t>(l)];
      const double rating = rate(complexity);
      if (!all && best && rating >= best->rating) continue;
      Deduction ded;
      ded.technique = std::string(id());
      ded.rating = rating;
      if (Propagator::IsOn(l)) {
        ded.placements.push_back({cell, d});
      } else {
        ded.eliminations.push_back({cell, d});
      }
      // Rerun the branches to write their chains.
      std::vector<std::string> chains;
      for (int s : starts) {
        prop.Run(s);
        chains.push_back(prop.ChainTo(l));
        prop.CollectChain(l, &ded);
      }
      Canonicalize(&ded.pattern_candidates);
      for (const CellDigit& cd : ded.pattern_candidates)
        ded.pattern_cells.push_back(cd.cell);
      ded.pattern_cells.erase(
          std::unique(ded.pattern_cells.begin(), ded.pattern_cells.end()),
          ded.pattern_cells.end());
      ded.text =
          absl::StrCat(name(), " on ", what(), ": ",
                       absl::StrJoin(chains, "; "), " => ", prop.LitName(l));
      offer(std::move(ded));
      if (finished()) break;
    }
    for (int l : touched) sum[static_cast<size_t>(l)] = 0;
  };
  if (kind_ == ForcingKind::kCell || dynamic) {
    for (int cell = 0; cell < shape.num_cells() && !finished(); ++cell) {
      if (board.value(cell) != 0 || board.candidates(cell).Count() < 2)
        continue;
      branches.clear();
      for (int d : board.candidates(cell))
        branches.push_back(Propagator::Lit(prop.Cand(cell, d), true));
      run_branches(branches, [&] { return shape.CellName(cell); });
    }
  }
  if (kind_ == ForcingKind::kUnit || dynamic) {
    for (int u = 0; u < 3 * n && !finished(); ++u) {
      for (int d = 1; d <= n && !finished(); ++d) {
        const uint32_t w = index.where(u, d);
        if (std::popcount(w) < 2) continue;
        // A bilocal unit's two branches are a cell-like pair already seen
        // from both cells only when the cells are bivalue; keep them.
        branches.clear();
        for (int pos : Bits(w))
          branches.push_back(
              Propagator::Lit(prop.Cand(index.CellAt(u, pos), d), true));
        run_branches(branches, [&] {
          return absl::StrCat(std::string(1, shape.Symbol(d)), " in ",
                              shape.UnitName(u));
        });
      }
    }
  }
  if (best) out->push_back(std::move(*best));
}

}  // namespace sudoku
