// Sudoku Explainer's multiple and dynamic forcing chains (see
// se_chaining.h). One Chainer per Find(): flat arrays indexed by literal
// (candidate * 2 + on) with generation stamps; each candidate's "on" run is
// propagated once and remembered, since the cell, region and binary steps
// all start from it.
#include "deduction/se_chaining.h"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/node_hash_map.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "core/bits.h"
#include "deduction/chains.h"
#include "deduction/registry.h"
#include "deduction/se_inner_cache.h"
#include "deduction/se_static_chains.h"
#include "deduction/se_static_links.h"
#include "deduction/unit_index.h"
#include "deduction/util.h"

namespace sudoku {
namespace {

// The human name of a technique id (the id itself when unknown).
std::string TechniqueDisplayName(const std::string& id) {
  const TechniqueInfo* info = FindTechniqueInfo(id);
  return info != nullptr ? std::string(info->name) : id;
}

// A nested step's identity (NestedKey) and its hash, made once per step
// and chainer (Chainer::NestedIdOf).
struct NestedId {
  std::string key;
  size_t hash = 0;
};
struct NestedIdHash {
  size_t operator()(const NestedId* id) const { return id->hash; }
};
struct NestedIdEq {
  bool operator()(const NestedId* a, const NestedId* b) const {
    return a == b || a->key == b->key;
  }
};
// Nested steps already counted in one step's complexity: one per NestedKey
// (two inner searches on two grids can find the same step).
using NestedSeen =
    absl::flat_hash_set<const NestedId*, NestedIdHash, NestedIdEq>;

// What makes two nested steps the same one (SE counts each once in the
// step that uses it): the technique, what it concludes and its pattern.
std::string NestedKey(const Deduction& d) {
  std::string key(d.technique);
  for (const auto* v :
       {&d.eliminations, &d.placements, &d.pattern_candidates}) {
    key += '|';
    for (const CellDigit& cd : *v)
      absl::StrAppend(&key, cd.cell, ".", cd.digit, ",");
  }
  return key;
}

// Names `board` for tl_inner_cache: its shape, and each cell's value and
// candidates.
std::string BoardKey(const Board& board) {
  const Shape* shape = &board.shape();
  std::string key(reinterpret_cast<const char*>(&shape), sizeof shape);
  for (int c = 0; c < board.shape().num_cells(); ++c) {
    const uint32_t cell[2] = {static_cast<uint32_t>(board.value(c)),
                              board.candidates(c).bits()};
    key.append(reinterpret_cast<const char*>(cell), sizeof cell);
  }
  return key;
}

// Literal expansions per Find() on boards larger than 9x9.
constexpr int64_t kMaxSeChainWork = 20'000'000;
// The work an inner technique's call on a branch's grid counts.
constexpr int64_t kInnerCallWork = 64;

// The work of the outermost level-1+ search on this thread, the searches
// nested in its branches included (literal expansions, plus
// kInnerCallWork per inner technique call), and its limit (0: none).
struct NestedWork {
  int64_t used = 0;
  int64_t limit = 0;
  int depth = 0;
  bool Exhausted() const { return limit > 0 && used > limit; }
};
thread_local NestedWork tl_work;
// The inner techniques' steps on branch grids, for every search on the
// board of the outermost level-1+ search on this thread (its levels and
// the searches nested in their branches).
thread_local InnerStepCache tl_inner_cache;
// While an outer branch asks an inner forcing-chain search for its steps
// (InnerFound), the outer search's board and its id (its BoardKey's hash);
// board nullptr otherwise. The outer branch applies only the steps with
// parents on that board that remove a candidate no step before them
// removes, so the inner search builds only those (SeSearch's lean list).
struct OuterBoard {
  const Board* board = nullptr;
  size_t id = 0;
};
thread_local OuterBoard tl_outer_board;

// What a static run (SE's static chaining, no inner techniques) may turn
// off on one board, from each literal (Offs), kept per thread for the
// outer board of the lean static searches.
//
// A lean search on a branch's grid (see tl_outer_board) keeps a step only
// when its chains turn a candidate on through a cell or unit that lost
// candidates between the outer board and the grid (a lost cause). A static
// run on the grid sets, until it first does so, only what the same run on
// the outer board sets: the grid's links are the board's or fewer, but for
// the cells and units that lost candidates, whose links to turn a
// candidate on are the lost causes. It first does so while expanding an
// "off" of a candidate of a lost cell left with two, or of a digit in a
// unit that lost places of it and is left with two; so a run whose
// outer-board reach turns off no such candidate gives no step parents
// (SeSearch::MayTouch).
class OuterReach {
 public:
  // Ready for `board` (`id`: its BoardKey's hash); keeps what it made when
  // the board is the one it holds.
  void Reset(const Board& board, size_t id) {
    if (shape_ == &board.shape() && id_ == id) return;
    id_ = id;
    shape_ = &board.shape();
    n_ = shape_->size();
    const size_t cells = static_cast<size_t>(shape_->num_cells());
    const size_t cands = cells * static_cast<size_t>(n_);
    words_ = (cands + 63) / 64;
    links_.Build(board);
    made_.assign(2 * cands, -1);
    offs_.clear();
    set_.assign(2 * cands, 0);
  }
  size_t words() const { return words_; }
  // The candidates a static run from `lit` turns off on the board, as bits
  // (cell * N + digit - 1), words() words.
  const uint64_t* Offs(int lit) {
    int& at = made_[static_cast<size_t>(lit)];
    if (at < 0) {
      at = static_cast<int>(offs_.size());
      offs_.resize(offs_.size() + words_, 0);
      Make(lit, &offs_[static_cast<size_t>(at)]);
    }
    return &offs_[static_cast<size_t>(at)];
  }

 private:
  // Every literal the static links lead to from `start`.
  void Make(int start, uint64_t* offs) {
    queue_.clear();
    const auto add = [&](int lit) {
      char& in = set_[static_cast<size_t>(lit)];
      if (in == 0) {
        in = 1;
        queue_.push_back(lit);
      }
    };
    add(start);
    for (size_t i = 0; i < queue_.size(); ++i) {
      const int lit = queue_[i];
      if ((lit & 1) == 0) {
        const size_t cand = static_cast<size_t>(lit >> 1);
        offs[cand / 64] |= uint64_t{1} << (cand % 64);
      }
      for (const SeStaticLinks::Link& k : links_.All(lit)) add(k.lit);
    }
    for (int lit : queue_) set_[static_cast<size_t>(lit)] = 0;
  }

  const Shape* shape_ = nullptr;
  size_t id_ = 0;
  int n_ = 0;
  size_t words_ = 0;
  SeStaticLinks links_;    // the board's
  std::vector<int> made_;  // per literal: where in offs_, or -1
  std::vector<uint64_t> offs_;
  std::vector<char> set_;  // per literal, all zero between calls
  std::vector<int> queue_;
};
thread_local OuterReach tl_outer_reach;

class Chainer {
 public:
  // A literal with no cause to count (an "off", the assumption).
  static constexpr int kNoCause = -2;

  // `inner`: the techniques a branch applies when nothing is pending
  // (empty below level 1), the first `num_basics` of them basic, the rest
  // forcing chains, in SE's rules: rule k is inner[group_ends[k-1],
  // group_ends[k]); not owned.
  Chainer(const Board& board, bool dynamic,
          const std::vector<std::unique_ptr<Technique>>& inner,
          size_t num_basics, const std::vector<size_t>& group_ends)
      : board_(board),
        shape_(board.shape()),
        n_(board.shape().size()),
        dynamic_(dynamic),
        inner_(inner),
        num_basics_(num_basics),
        group_ends_(group_ends),
        branch_(board),
        lit_names_(LiteralNames(board.shape())),
        cell_units_(SeCellUnitsOf(board.shape())) {
    const size_t cells = static_cast<size_t>(shape_.num_cells());
    const size_t lits = 2 * cells * static_cast<size_t>(n_);
    // The buffers of a chainer that finished on this thread, when they fit
    // this board's literals (the number of literals gives the board's
    // size): their stamps are older than any run of this one, their kept
    // runs none, and the rest is overwritten before it is read.
    Buffers b = TakeBuffers();
    if (b.lit.size() == lits) {
      SwapBuffers(b);
      gen_ = b.gen;
      seen_gen_ = b.seen_gen;
    } else {
      lit_.assign(lits, LitState{});
      seen_.assign(lits, 0);
      kept_of_.assign(lits, -1);
      // A run sets each literal once, so no list outgrows `lits`.
      order_.resize(lits);
      on_q_.resize(lits);
      off_q_.resize(lits);
      cand_cell_.resize(lits / 2);
      cand_digit_.resize(lits / 2);
      for (size_t cell = 0, c = 0; cell < cells; ++cell)
        for (int d = 1; d <= n_; ++d, ++c) {
          cand_cell_[c] = static_cast<int>(cell);
          cand_digit_[c] = d;
        }
    }
    base_cands_.resize(cells);
    for (int c = 0; c < shape_.num_cells(); ++c)
      if (board_.value(c) == 0)
        base_cands_[static_cast<size_t>(c)] = board_.candidates(c);
    cands_ = base_cands_;
    // An inner forcing-chain search alone in its rule can list its steps
    // leanly for this board (tl_outer_board): the list then depends on the
    // board, which its cache key names.
    lean_.assign(inner_.size(), 0);
    for (size_t k = 0, begin = 0; k < group_ends_.size(); ++k) {
      const size_t end = group_ends_[k];
      if (end - begin == 1 &&
          dynamic_cast<const SeForcingChains*>(inner_[begin].get()) != nullptr)
        lean_[begin] = 1;
      begin = end;
    }
    if (std::find(lean_.begin(), lean_.end(), 1) != lean_.end())
      board_id_ = absl::HashOf(BoardKey(board_));
    off_begin_.assign(lits / 2, -1);
    off_end_.assign(lits / 2, 0);
    base_where_.assign(static_cast<size_t>(shape_.num_units() * n_), 0);
    for (int u = 0; u < shape_.num_units(); ++u) {
      const absl::Span<const int> unit = shape_.unit(u);
      for (size_t p = 0; p < unit.size(); ++p)
        for (int x : base_cands_[static_cast<size_t>(unit[p])])
          base_where_[Place(u, x)] |= uint32_t{1} << p;
    }
  }

  Chainer(const Chainer&) = delete;
  Chainer& operator=(const Chainer&) = delete;
  // Hands the buffers to the next chainer on this thread (GiveBuffers).
  ~Chainer() {
    for (const KeptRun& r : kept_) kept_of_[static_cast<size_t>(r.start)] = -1;
    kept_.clear();
    kept_lits_.clear();
    kept_causes_.clear();
    kept_counts_.clear();
    kept_parents_.clear();
    Buffers b;
    SwapBuffers(b);
    b.gen = gen_;
    b.seen_gen = seen_gen_;
    GiveBuffers(std::move(b));
  }

  int Lit(int cell, int d, bool on) const {
    return 2 * (cell * n_ + d - 1) + (on ? 1 : 0);
  }

  // Runs shared between grids (no inner techniques). A run reads
  // of its grid only the candidates of the cells whose literals it expands
  // and, for each such literal, its digit's places in the cell's units; a
  // run on another grid that differs in none of those sets the same
  // literals in the same order, with the same causes and parents, and
  // counts the same work.
  //
  // The bits of what a run reads, and of what two grids differ in: cell c
  // is bit c, digit d's places in unit u bit num_cells + Place(u, d).
  size_t ReadWords() const {
    return (static_cast<size_t>(shape_.num_cells() + shape_.num_units() * n_) +
            63) /
           64;
  }
  // This chainer (on an outer board, see OuterRuns) keeps with each run
  // what it read.
  void TrackReads() {
    track_reads_ = true;
    reads_.assign(ReadWords(), 0);
    tried_.assign(lit_.size(), 0);
  }
  // Runs from `outer` (a tracking chainer on a grid this one's grid is, but
  // for the cells marked in `cell_lost` and the places, by Place, marked in
  // `place_lost`) serve this one where they read nothing marked.
  void ShareRuns(Chainer* outer, const std::vector<char>& cell_lost,
                 const std::vector<char>& place_lost) {
    outer_ = outer;
    lost_.assign(ReadWords(), 0);
    for (size_t c = 0; c < cell_lost.size(); ++c)
      if (cell_lost[c] != 0) SetBit(lost_, CellBit(static_cast<int>(c)));
    for (size_t p = 0; p < place_lost.size(); ++p)
      if (place_lost[p] != 0) SetBit(lost_, PlaceBit(p));
  }
  int CellOf(int lit) const {
    return cand_cell_[static_cast<size_t>(lit >> 1)];
  }
  int DigitOf(int lit) const {
    return cand_digit_[static_cast<size_t>(lit >> 1)];
  }
  // The places of digit `d` in unit `u` on the board: bit i for the i-th
  // cell of shape().unit(u), as UnitIndex::where.
  uint32_t BaseWhere(int u, int d) const { return base_where_[Place(u, d)]; }
  static bool IsOn(int lit) { return (lit & 1) != 0; }

  // Propagates from `start`; true when some candidate is set both on and
  // off (clash_cand() names it, and propagation stops there).
  //
  // Without inner techniques a run depends on `start` alone, and searches
  // repeat runs (to count a step's chains, to build it): a run that
  // completed is kept (Keep) and a repeat restores it (Restore), counting
  // the work the run counted, when that work fits in what is left of the
  // budget (otherwise it runs, and may be cut short as before).
  //
  // A chainer that shares the runs of one on its outer board (ShareRuns)
  // restores from there a run that reads nothing the two grids differ in.
  bool Run(int start) {
    if (inner_.empty()) {
      const Chainer* from = this;
      const KeptRun* r = nullptr;
      const int k = kept_of_[static_cast<size_t>(start)];
      if (k >= 0) {
        r = &kept_[static_cast<size_t>(k)];
      } else if (outer_ != nullptr) {
        r = outer_->CleanRun(start, lost_);
        from = outer_;
      }
      if (r != nullptr &&
          (tl_work.limit <= 0 || tl_work.used + r->work <= tl_work.limit)) {
        Restore(*from, *r);
        return r->clash >= 0;
      }
    }
    const int64_t work_before = work_;
    const RunEnd end = Propagate(start);
    if (end != RunEnd::kCut && inner_.empty() &&
        kept_of_[static_cast<size_t>(start)] < 0)
      Keep(start, work_ - work_before);
    return end == RunEnd::kClash;
  }

 private:
  enum class RunEnd { kDone, kClash, kCut };
  // A new run: no literal set. (Stamps outlive a chainer in its buffers, so
  // the count wraps over a thread's life.)
  void NextGen() {
    if (gen_ == INT_MAX) {
      for (LitState& s : lit_) s.stamp = 0;
      gen_ = 0;
    }
    ++gen_;
  }
  RunEnd Propagate(int start) {
    NextGen();
    num_order_ = num_on_ = num_off_ = 0;
    pool_.clear();
    clash_ = -1;
    nested_.clear();
    nested_ids_.clear();
    if (dynamic_) {
      cands_ = base_cands_;
      where_ = base_where_;
    }
    if (track_reads_) reads_.assign(reads_.size(), 0);
    if (!Add(start, nullptr, 0)) return RunEnd::kClash;
    size_t on_head = 0, off_head = 0;
    while (true) {
      ++work_;
      ++tl_work.used;
      // Out of work: what is set so far is still implied.
      if (tl_work.Exhausted()) return RunEnd::kCut;
      if (on_head < num_on_) {
        if (!ExpandOn(on_q_[on_head++])) return RunEnd::kClash;
      } else if (off_head < num_off_) {
        if (!ExpandOff(off_q_[off_head++])) return RunEnd::kClash;
      } else {
        if (!ApplyInner()) return RunEnd::kDone;
      }
    }
  }

  // A completed run without inner techniques, as Restore needs it: its
  // literals in order, each with its cause and parents (kept_lits_,
  // kept_causes_, kept_counts_ [begin, begin + size); parents in
  // kept_parents_ from parents_begin), the candidate that clashed (-1:
  // none), and the work it counted.
  struct KeptRun {
    int start;
    size_t begin;
    int size;
    size_t parents_begin;
    int clash;
    int64_t work;
  };
  void Keep(int start, int64_t work) {
    if (kept_lits_.size() + num_order_ > kMaxKeptLiterals ||
        kept_parents_.size() + pool_.size() > kMaxKeptParents)
      return;
    kept_of_[static_cast<size_t>(start)] = static_cast<int>(kept_.size());
    kept_.push_back({start, kept_lits_.size(), static_cast<int>(num_order_),
                     kept_parents_.size(), clash_, work});
    const size_t at = kept_lits_.size();
    kept_lits_.insert(kept_lits_.end(), order_.begin(),
                      order_.begin() + static_cast<std::ptrdiff_t>(num_order_));
    kept_causes_.resize(at + num_order_);
    kept_counts_.resize(at + num_order_);
    for (size_t i = 0; i < num_order_; ++i) {
      const LitState& state = lit_[static_cast<size_t>(order_[i])];
      kept_causes_[at + i] = state.cause;
      kept_counts_[at + i] = state.pcount;
    }
    kept_parents_.insert(kept_parents_.end(), pool_.begin(), pool_.end());
    if (track_reads_)
      kept_reads_.insert(kept_reads_.end(), reads_.begin(), reads_.end());
  }
  // Puts back the state `r`'s run (kept by `from`: this chainer, or the
  // one whose runs it shares) ended in, as that run would (the same
  // literals set, in order, with their causes and parents) and counts its
  // work.
  void Restore(const Chainer& from, const KeptRun& r) {
    NextGen();
    const size_t size = static_cast<size_t>(r.size);
    const int* const lits = &from.kept_lits_[r.begin];
    const int* const causes = &from.kept_causes_[r.begin];
    const int* const counts = &from.kept_counts_[r.begin];
    int next = 0;
    for (size_t i = 0; i < size; ++i) {
      const size_t l = static_cast<size_t>(lits[i]);
      lit_[l] = {.stamp = gen_,
                 .nest = -1,
                 .cause = causes[i],
                 .pbegin = next,
                 .pcount = counts[i],
                 .pos = static_cast<int>(i)};
      next += counts[i];
      order_[i] = lits[i];
    }
    pool_.assign(from.kept_parents_.begin() +
                     static_cast<std::ptrdiff_t>(r.parents_begin),
                 from.kept_parents_.begin() +
                     static_cast<std::ptrdiff_t>(r.parents_begin) + next);
    num_order_ = size;
    num_on_ = num_off_ = 0;
    clash_ = r.clash;
    nested_.clear();
    nested_ids_.clear();
    work_ += r.work;
    tl_work.used += r.work;
  }
  // The kept run from `start` (made the first time it is asked, counted
  // apart from the thread's work), when it read nothing marked in `lost`;
  // nullptr otherwise, or when it was not kept.
  const KeptRun* CleanRun(int start, const std::vector<uint64_t>& lost) {
    int k = kept_of_[static_cast<size_t>(start)];
    if (k < 0) {
      char& tried = tried_[static_cast<size_t>(start)];
      if (tried != 0) return nullptr;
      tried = 1;
      const NestedWork work = tl_work;
      tl_work = {0, 0, work.depth};
      Run(start);
      tl_work = work;
      k = kept_of_[static_cast<size_t>(start)];
      if (k < 0) return nullptr;
    }
    const size_t words = reads_.size();
    const uint64_t* const reads = &kept_reads_[static_cast<size_t>(k) * words];
    for (size_t w = 0; w < words; ++w)
      if ((reads[w] & lost[w]) != 0) return nullptr;
    return &kept_[static_cast<size_t>(k)];
  }

 public:
  bool IsSet(int lit) const {
    return lit_[static_cast<size_t>(lit)].stamp == gen_;
  }
  // Literals in the order they were set (both of a clash included).
  absl::Span<const int> order() const {
    return absl::MakeConstSpan(order_.data(), num_order_);
  }
  int clash_cand() const { return clash_; }
  int64_t work() const { return work_; }

  // The distinct literals among `lit` and its ancestors, plus the
  // complexity of each nested step among them that `*counted` lacks (added
  // to it: a step's nested steps count once over all its chains, as SE
  // counts them); -1 when this run did not set `lit` (a run repeated after
  // the work budget ran out may stop short of the first one).
  int Ancestors(int lit, NestedSeen* counted) {
    if (!IsSet(lit)) return -1;
    if (seen_gen_ == INT_MAX) {
      std::fill(seen_.begin(), seen_.end(), 0);
      seen_gen_ = 0;
    }
    ++seen_gen_;
    anc_.clear();
    stack_.assign(1, lit);
    nest_seen_.assign(nested_.size(), 0);
    int count = 0;
    while (!stack_.empty()) {
      const int l = stack_.back();
      stack_.pop_back();
      if (seen_[static_cast<size_t>(l)] == seen_gen_) continue;
      seen_[static_cast<size_t>(l)] = seen_gen_;
      anc_.push_back(l);
      ++count;
      const int nest = NestOf(l);
      if (nest >= 0 && !nest_seen_[static_cast<size_t>(nest)]) {
        nest_seen_[static_cast<size_t>(nest)] = 1;
        const Deduction& d = *nested_[static_cast<size_t>(nest)];
        if (counted->insert(NestedIdOf(static_cast<size_t>(nest))).second)
          count += NestedComplexity(d);
      }
      const LitState& state = lit_[static_cast<size_t>(l)];
      const int* const parents = pool_.data() + state.pbegin;
      const int num_parents = state.pcount;
      for (int i = 0; i < num_parents; ++i) stack_.push_back(parents[i]);
    }
    return count;
  }

  // Whether a literal among those Ancestors last visited was turned on by
  // its cell (cause -1) marked in `cells`, or by a unit whose places of its
  // digit are marked in `places` (by Place(unit, digit)).
  bool AnyCauseIn(const std::vector<char>& cells,
                  const std::vector<char>& places) const {
    for (int l : anc_) {
      if (!IsOn(l)) continue;
      const int cause = lit_[static_cast<size_t>(l)].cause;
      if (cause == kNoCause) continue;
      if (cause < 0 ? cells[static_cast<size_t>(CellOf(l))] != 0
                    : places[Place(cause, DigitOf(l))] != 0)
        return true;
    }
    return false;
  }

  // The identity of nested_[i], made once per step (ids_) and looked up
  // once per run (nested_ids_).
  const NestedId* NestedIdOf(size_t i) {
    const NestedId*& id = nested_ids_[i];
    if (id == nullptr) {
      const auto [it, fresh] = ids_.try_emplace(nested_[i]);
      if (fresh) {
        it->second.key = NestedKey(*nested_[i]);
        it->second.hash = absl::HashOf(it->second.key);
      }
      id = &it->second;
    }
    return id;
  }

  const std::string& LitName(int lit) const {
    return lit_names_[static_cast<size_t>(lit)];
  }
  // "r1c1=5 -> r1c2<>5 -> r3c2=5" from the assumption to `lit`, through
  // each literal's last parent (the one that completed its cause); a
  // literal a nested step produced is followed by "[technique]".
  std::string ChainTo(int lit) {
    chain_.clear();
    for (int l = lit;;) {
      chain_.push_back(l);
      const int k = IsSet(l) ? lit_[static_cast<size_t>(l)].pcount : 0;
      if (k == 0) break;
      l = pool_[static_cast<size_t>(lit_[static_cast<size_t>(l)].pbegin + k -
                                    1)];
    }
    std::string text;
    for (size_t i = chain_.size(); i-- > 0;) {
      const int l = chain_[i];
      text += LitName(l);
      const int nest = NestOf(l);
      if (nest >= 0) {
        absl::StrAppend(
            &text, " [",
            TechniqueDisplayName(nested_[static_cast<size_t>(nest)]->technique),
            "]");
      }
      if (i > 0) text += " -> ";
    }
    return text;
  }
  // Every ancestor of `lit` (itself included) as a pattern candidate, the
  // candidates among them turned on with their causes (the assumption's:
  // `start_cause`, kNoCause for none), and the nested steps among them.
  // False when this run did not set `lit`.
  bool CollectAncestors(int lit, int start_cause, Deduction* d) {
    NestedSeen counted;
    if (Ancestors(lit, &counted) < 0) return false;
    // In the order they were set.
    std::sort(anc_.begin(), anc_.end(), [this](int a, int b) {
      return lit_[static_cast<size_t>(a)].pos <
             lit_[static_cast<size_t>(b)].pos;
    });
    for (int l : anc_) {
      d->pattern_candidates.push_back({CellOf(l), DigitOf(l)});
      const int cause =
          l == order_[0] ? start_cause : lit_[static_cast<size_t>(l)].cause;
      if (IsOn(l) && cause != kNoCause)
        d->on_causes.push_back({CellOf(l), DigitOf(l), cause});
    }
    for (size_t i = 0; i < nested_.size(); ++i)
      if (nest_seen_[i]) d->nested.push_back(*nested_[i]);
    return true;
  }

 private:
  bool Has(int cell, int d) const {
    if (dynamic_) return cands_[static_cast<size_t>(cell)].Contains(d);
    return board_.value(cell) == 0 && board_.candidates(cell).Contains(d);
  }
  // Box, row, column: SE's order of regions.
  const std::array<int, 3>& Units(int cell) const {
    return cell_units_[static_cast<size_t>(cell)].unit;
  }

  // Each inner technique's steps on one branch grid, once searched
  // (nullptr: not yet).
  using InnerSteps = std::vector<const std::vector<Deduction>*>;
  // The steps of inner technique `i` on the branch's grid (grid_key_),
  // searched once per grid (InnerSteps). Each search counts
  // kInnerCallWork, and the search's own work, also when the thread's
  // cache (tl_inner_cache) has its steps.
  const std::vector<Deduction>& InnerFound(InnerSteps& known, size_t i) {
    const std::vector<Deduction>*& found = known[i];
    if (found != nullptr) return *found;
    tl_work.used += kInnerCallWork;
    const Technique& t = *inner_[i];
    const TechniqueInfo* info = &t.info();
    cache_key_ = grid_key_;
    cache_key_.append(reinterpret_cast<const char*>(&info), sizeof info);
    if (lean_[i])
      cache_key_.append(reinterpret_cast<const char*>(&board_id_),
                        sizeof board_id_);
    if (const InnerStepCache::Entry* e =
            tl_inner_cache.Find(cache_key_, tl_work.used, tl_work.limit)) {
      tl_work.used += e->work;
      found = &e->steps;
      return *found;
    }
    if (!branch_set_) {
      for (int c = 0; c < shape_.num_cells(); ++c)
        if (board_.value(c) == 0)
          branch_.SetCandidates(c, cands_[static_cast<size_t>(c)]);
      branch_set_ = true;
    }
    const int64_t before = tl_work.used;
    std::vector<Deduction> steps;
    const OuterBoard outer = tl_outer_board;
    tl_outer_board = {lean_[i] ? &board_ : nullptr, board_id_};
    t.FindAll(branch_, &steps);
    tl_outer_board = outer;
    // A search the budget cut short is this chainer's alone.
    const InnerStepCache::Entry* kept =
        tl_work.Exhausted()
            ? nullptr
            : tl_inner_cache.Insert(cache_key_, &steps, tl_work.used - before);
    if (kept != nullptr) {
      found = &kept->steps;
    } else {
      own_steps_.push_back(std::move(steps));
      found = &own_steps_.back();
    }
    return *found;
  }
  // SE's first inner rule with an elimination (or placement) new to the
  // branch's grid turns off what all its steps remove (Removable; a chain
  // rule's steps in the order of rating and complexity, as SE sorts them),
  // each with its parents (see Parents); a step without any is left out,
  // as SE does: it holds without the branch. A forcing chain's removals
  // carry it as their nested step. True when it turned anything off.
  bool ApplyInner() {
    if (inner_.empty()) return false;
    // Each cell's candidates, in two bytes when the digits fit (half the
    // key to hash).
    grid_key_.clear();
    for (int c = 0; c < shape_.num_cells(); ++c) {
      const uint32_t bits = cands_[static_cast<size_t>(c)].bits();
      if (n_ <= 16) {
        const uint16_t low = static_cast<uint16_t>(bits);
        grid_key_.append(reinterpret_cast<const char*>(&low), sizeof low);
      } else {
        grid_key_.append(reinterpret_cast<const char*>(&bits), sizeof bits);
      }
    }
    InnerSteps& known = inner_memo_[grid_key_];
    known.resize(inner_.size());
    branch_set_ = false;
    size_t begin = 0;
    for (const size_t end : group_ends_) {
      const bool chain = begin >= num_basics_;
      steps_.clear();
      for (size_t i = begin; i < end; ++i)
        for (const Deduction& d : InnerFound(known, i)) steps_.push_back(&d);
      if (chain && end - begin > 1)
        std::stable_sort(
            steps_.begin(), steps_.end(),
            [](const Deduction* a, const Deduction* b) {
              return std::make_pair(a->rating, NestedComplexity(*a)) <
                     std::make_pair(b->rating, NestedComplexity(*b));
            });
      begin = end;
      bool more = false;
      for (const Deduction* d : steps_) {
        Parents(*d);
        if (parents_.empty()) continue;
        const int nest = chain ? static_cast<int>(nested_.size()) : -1;
        Removable(*d);
        bool used = false;
        for (const CellDigit& e : removable_) {
          const int lit = Lit(e.cell, e.digit, false);
          if (IsSet(lit) || !Has(e.cell, e.digit)) continue;
          more = used = true;
          Add(lit, parents_.data(), static_cast<int>(parents_.size()), nest,
              kNoCause, /*check=*/false);
        }
        if (chain && used) {
          nested_.push_back(d);
          nested_ids_.push_back(nullptr);
        }
      }
      if (more) return true;
    }
    return false;
  }
  // The parents of an inner step's conclusions (into parents_): the
  // candidates the branch removed that its pattern needs gone, by SE's
  // rules. A chain: for each candidate it turns on, the others of its cell
  // or its digit's other places in the unit that forced it. Pointing,
  // claiming and fish: the digit's places in the base units outside the
  // cover units. A hidden pair: its digits' other places in its unit. A
  // naked pair: its cells' other candidates.
  void Parents(const Deduction& d) {
    parents_.clear();
    const InnerKind kind = KindOf(d);
    if (kind == InnerKind::kChain) {
      for (const ChainCause& c : d.on_causes) {
        if (c.unit < 0) {
          AddRemoved(c.cell, board_.candidates(c.cell));
        } else {
          // The digit's places on the board (AddRemoved skips the rest).
          const absl::Span<const int> unit = shape_.unit(c.unit);
          for (int p : Bits(base_where_[Place(c.unit, c.digit)]))
            AddRemoved(unit[static_cast<size_t>(p)], CandidateSet::Of(c.digit));
        }
      }
    } else if (kind == InnerKind::kLocking) {
      const size_t half = d.pattern_units.size() / 2;
      const CandidateSet digit =
          CandidateSet::Of(d.pattern_candidates[0].digit);
      for (size_t b = 0; b < half; ++b)
        for (int q : shape_.unit(d.pattern_units[b])) {
          bool covered = false;
          for (size_t c = half; c < d.pattern_units.size(); ++c)
            covered = covered || InUnit(q, d.pattern_units[c]);
          if (!covered) AddRemoved(q, digit);
        }
    } else if (kind == InnerKind::kHiddenSubset) {
      CandidateSet digits;
      for (const CellDigit& cd : d.pattern_candidates) digits.Insert(cd.digit);
      for (int q : shape_.unit(d.pattern_units[0]))
        if (std::find(d.pattern_cells.begin(), d.pattern_cells.end(), q) ==
            d.pattern_cells.end())
          AddRemoved(q, digits);
    } else {
      for (int q : d.pattern_cells) AddRemoved(q, board_.candidates(q));
    }
    std::sort(parents_.begin(), parents_.end());
    parents_.erase(std::unique(parents_.begin(), parents_.end()),
                   parents_.end());
  }
  enum class InnerKind { kChain, kLocking, kHiddenSubset, kNakedSubset };
  static InnerKind KindOf(const Deduction& d) {
    static const absl::flat_hash_map<std::string, InnerKind>* const kKinds =
        new absl::flat_hash_map<std::string, InnerKind>{
            {std::string(GetTechniqueInfo(TechniqueId::kPointing).id),
             InnerKind::kLocking},
            {std::string(GetTechniqueInfo(TechniqueId::kClaiming).id),
             InnerKind::kLocking},
            {std::string(GetTechniqueInfo(TechniqueId::kXWing).id),
             InnerKind::kLocking},
            {std::string(GetTechniqueInfo(TechniqueId::kHiddenPair).id),
             InnerKind::kHiddenSubset},
            {std::string(GetTechniqueInfo(TechniqueId::kNakedPair).id),
             InnerKind::kNakedSubset}};
    const auto it = kKinds->find(d.technique);
    return it == kKinds->end() ? InnerKind::kChain : it->second;
  }
  bool InUnit(int cell, int unit) const {
    const std::array<int, 3> units = shape_.UnitsOf(cell);
    return std::find(units.begin(), units.end(), unit) != units.end();
  }
  // What an inner step removes from the branch's grid (into removable_):
  // its eliminations, and for a placement the cell's other candidates (SE
  // hands a branch only removals).
  void Removable(const Deduction& d) {
    removable_ = d.eliminations;
    for (const CellDigit& p : d.placements)
      for (int x : cands_[static_cast<size_t>(p.cell)])
        if (x != p.digit) removable_.push_back({p.cell, x});
  }
  // The candidates of `digits` in cell `q` that the branch's grid lacks:
  // those turned off and expanded before this inner call, as SE compares
  // the grids (not those the same call's earlier steps turned off).
  void AddRemoved(int q, CandidateSet digits) {
    if (board_.value(q) != 0) return;
    const CandidateSet removed =
        (board_.candidates(q) & digits).Without(cands_[static_cast<size_t>(q)]);
    for (int x : removed) parents_.push_back(Lit(q, x, false));
  }
  // Index of digit d's places in unit u (base_where_, where_).
  size_t Place(int u, int d) const {
    return static_cast<size_t>(u * n_ + d - 1);
  }
  int NestOf(int lit) const {
    return IsSet(lit) ? lit_[static_cast<size_t>(lit)].nest : -1;
  }
  // A nested step's own complexity: an SE chain's, or for a loop or chain
  // of ours, SE's count of its potentials (a loop's candidates; a chain's,
  // plus the eliminated candidate's on and off that SE's chain begins and
  // ends with).
  static int NestedComplexity(const Deduction& d) {
    if (d.complexity > 0) return d.complexity;
    const int size = static_cast<int>(d.pattern_candidates.size());
    return IsLoop(d) || !d.placements.empty() ? size : size + 2;
  }
  static bool IsLoop(const Deduction& d) {
    for (TechniqueId t :
         {TechniqueId::kXCycle, TechniqueId::kYCycle, TechniqueId::kCycle})
      if (d.technique == GetTechniqueInfo(t).id) return true;
    return false;
  }

  // Sets `lit` (unless set) with its parents, the nested step that set it
  // (-1: none) and what forced it on (kNoCause: nothing to count, -1: its
  // cell, else that unit); false on a clash: `lit`'s opposite set too. An
  // inner step's removal is not checked (`check` false): like SE, the
  // propagation finds the contradiction when it expands it.
  bool Add(int lit, const int* parents, int count, int nest = -1,
           int cause = kNoCause, bool check = true) {
    LitState& state = lit_[static_cast<size_t>(lit)];
    if (state.stamp == gen_) return true;
    state = {.stamp = gen_,
             .nest = nest,
             .cause = cause,
             .pbegin = static_cast<int>(pool_.size()),
             .pcount = count,
             .pos = static_cast<int>(num_order_)};
    for (int i = 0; i < count; ++i) pool_.push_back(parents[i]);
    order_[num_order_++] = lit;
    if (check && IsSet(lit ^ 1)) {
      clash_ = lit >> 1;
      return false;
    }
    if (IsOn(lit)) {
      on_q_[num_on_++] = lit;
    } else {
      off_q_[num_off_++] = lit;
    }
    return true;
  }

  // Marks what expanding a literal of `cell` and digit `d` reads (see
  // ReadWords).
  void MarkRead(int cell, int d) {
    SetBit(reads_, CellBit(cell));
    for (int u : Units(cell)) SetBit(reads_, PlaceBit(Place(u, d)));
  }
  // Bits as ReadWords: a cell's, and a place's (by Place).
  static size_t CellBit(int cell) { return static_cast<size_t>(cell); }
  size_t PlaceBit(size_t place) const {
    return static_cast<size_t>(shape_.num_cells()) + place;
  }
  static void SetBit(std::vector<uint64_t>& bits, size_t bit) {
    bits[bit / 64] |= uint64_t{1} << (bit % 64);
  }

  // The bit of `cell` in the places masks of its k-th unit (Units).
  uint32_t PosBit(int cell, size_t k) const {
    return cell_units_[static_cast<size_t>(cell)].self[k];
  }

  bool ExpandOn(int lit) {
    const int cell = CellOf(lit), d = DigitOf(lit);
    if (track_reads_) MarkRead(cell, d);
    const CandidateSet cs =
        dynamic_ ? cands_[static_cast<size_t>(cell)] : board_.candidates(cell);
    for (int e : cs)
      if (e != d && !Add(Lit(cell, e, false), &lit, 1)) return false;
    // The digit's other places in each unit, in the unit's order (a place
    // is a candidate of the branch's grid, or of the board when static).
    const std::vector<uint32_t>& where = dynamic_ ? where_ : base_where_;
    for (size_t k = 0; k < 3; ++k) {
      const int u = Units(cell)[k];
      const absl::Span<const int> unit = shape_.unit(u);
      for (int p : Bits(where[Place(u, d)] & ~PosBit(cell, k)))
        if (!Add(Lit(unit[static_cast<size_t>(p)], d, false), &lit, 1))
          return false;
    }
    return true;
  }

  // Static: what the "off" literal `lit` turns on, into off_links_ (the
  // grid does not change, so once per candidate): the other candidate of
  // its cell when it has two, then the other place of each of its units
  // that has two. (SeStaticLinks lists the same links for every literal at
  // once; a static search expands few of them, so it lists its own as it
  // goes.)
  void StaticOffLinks(int lit) {
    const int cell = CellOf(lit), d = DigitOf(lit);
    const size_t c = static_cast<size_t>(lit >> 1);
    off_begin_[c] = static_cast<int>(off_links_.size());
    const CandidateSet cs = board_.candidates(cell);
    if (cs.Count() == 2)
      off_links_.push_back(
          {Lit(cell, cs.Without(CandidateSet::Of(d)).Single(), true), -1});
    for (size_t k = 0; k < 3; ++k) {
      const int u = Units(cell)[k];
      const uint32_t places = base_where_[Place(u, d)];
      if (Popcount(places) != 2) continue;
      // The last place other than `cell`.
      const int other =
          static_cast<int>(std::bit_width(places & ~PosBit(cell, k))) - 1;
      off_links_.push_back(
          {Lit(shape_.unit(u)[static_cast<size_t>(other)], d, true), u});
    }
    off_end_[c] = static_cast<int>(off_links_.size());
  }

  bool ExpandOff(int lit) {
    const int cell = CellOf(lit), d = DigitOf(lit);
    if (track_reads_) MarkRead(cell, d);
    if (!dynamic_) {
      const size_t c = static_cast<size_t>(lit >> 1);
      if (off_begin_[c] < 0) StaticOffLinks(lit);
      for (int i = off_begin_[c]; i < off_end_[c]; ++i) {
        const OffLink& link = off_links_[static_cast<size_t>(i)];
        if (!Add(link.lit, &lit, 1, -1, link.cause)) return false;
      }
      return true;
    }
    CandidateSet& cs = cands_[static_cast<size_t>(cell)];
    cs = cs.Without(CandidateSet::Of(d));
    const std::array<int, 3>& units = Units(cell);
    std::array<size_t, 3> places;
    for (size_t k = 0; k < 3; ++k) {
      places[k] = Place(units[k], d);
      where_[places[k]] &= ~PosBit(cell, k);
    }
    if (cs.Count() == 1) {
      const int e = cs.Single();
      parents_.clear();
      for (int x : board_.candidates(cell))
        if (x != e) parents_.push_back(Lit(cell, x, false));
      if (!Add(Lit(cell, e, true), parents_.data(),
               static_cast<int>(parents_.size()), -1, /*cause=*/-1))
        return false;
    }
    for (size_t k = 0; k < 3; ++k) {
      const uint32_t left_places = where_[places[k]];
      if (Popcount(left_places) != 1) continue;
      const int u = units[k];
      const absl::Span<const int> unit = shape_.unit(u);
      const int left = unit[static_cast<size_t>(std::countr_zero(left_places))];
      // Its parents: the digit's other places on the board.
      parents_.clear();
      for (int p : Bits(base_where_[places[k]] & ~left_places))
        parents_.push_back(Lit(unit[static_cast<size_t>(p)], d, false));
      if (!Add(Lit(left, d, true), parents_.data(),
               static_cast<int>(parents_.size()), -1, u))
        return false;
    }
    return true;
  }

  const Board& board_;
  const Shape& shape_;
  const int n_;
  const bool dynamic_;
  const std::vector<std::unique_ptr<Technique>>& inner_;
  const size_t num_basics_;
  const std::vector<size_t>& group_ends_;
  std::vector<const Deduction*> steps_;  // one rule's steps (ApplyInner)
  // Per inner technique: whether it lists its steps leanly for this board
  // (see tl_outer_board), and the board's id in their cache keys.
  std::vector<char> lean_;
  size_t board_id_ = 0;
  Board branch_;  // the branch's grid for the inner techniques (level 1+)
  bool branch_set_ = false;  // branch_ holds the grid of this ApplyInner
  // The inner techniques' steps by branch grid (the candidates of every
  // cell), each technique's searched when first asked: a run repeated to
  // count a step's complexity or write its text, and a branch that reaches
  // a grid another branch reached, search it no more.
  absl::flat_hash_map<std::string, InnerSteps> inner_memo_;
  std::string grid_key_, cache_key_;
  // Inner steps not in tl_inner_cache (InnerFound).
  std::deque<std::vector<Deduction>> own_steps_;
  // This run's nested steps; lit_[lit].nest: the one that set lit, or -1.
  // (Inner steps live in tl_inner_cache or own_steps_, both stable while
  // this chainer runs.)
  std::vector<const Deduction*> nested_;
  // The identity of each of nested_, when first asked (nullptr until then),
  // and of every inner step this chainer nested, by address (stable while
  // it runs, see above).
  std::vector<const NestedId*> nested_ids_;
  absl::node_hash_map<const Deduction*, NestedId> ids_;
  std::vector<CellDigit> removable_;  // one inner step's (Removable)
  std::vector<char> nest_seen_;
  std::vector<int> cells_;
  int gen_ = 0, seen_gen_ = 0;
  int clash_ = -1;
  int64_t work_ = 0;
  // Per literal, what a run set (Add): when (gen_), the nested step that
  // set it (-1: none), its cause, its parents (pool_[pbegin, pbegin +
  // pcount)) and its place in order_. One struct, so that setting a literal
  // touches one cache line.
  struct LitState {
    int stamp = 0;
    int nest = -1;
    int cause = kNoCause;
    int pbegin = 0;
    int pcount = 0;
    int pos = 0;
  };
  std::vector<LitState> lit_;
  std::vector<int> seen_, pool_;
  std::vector<int> stack_, parents_, chain_;
  // The ancestors Ancestors last visited.
  std::vector<int> anc_;
  const std::vector<std::string>& lit_names_;  // LitName's, by literal
  // This run's literals in the order set, and its pending "on" and "off"
  // literals: the first num_order_, num_on_, num_off_ of each (sized for
  // every literal at once, so Add never grows them).
  std::vector<int> order_, on_q_, off_q_;
  size_t num_order_ = 0, num_on_ = 0, num_off_ = 0;
  // Each candidate's cell and digit (CellOf, DigitOf without a division).
  std::vector<int> cand_cell_, cand_digit_;
  // Each cell's units (Units) and its position in each (PosBit): the
  // shape's table.
  const std::vector<SeCellUnits>& cell_units_;
  // The board's candidates (none for a filled cell), and the branch's grid
  // (dynamic).
  std::vector<CandidateSet> base_cands_, cands_;
  // Each digit's places in each unit (Place; bits as BaseWhere): on the
  // board, and in the branch's grid (dynamic).
  std::vector<uint32_t> base_where_, where_;
  // Static: what each candidate's "off" turns on (StaticOffLinks), with
  // the cause to give it (see Add): off_links_[off_begin_[c], off_end_[c]),
  // off_begin_[c] < 0 until first needed.
  struct OffLink {
    int lit;
    int cause;
  };
  std::vector<OffLink> off_links_;
  std::vector<int> off_begin_, off_end_;
  // Runs kept for Restore (no inner techniques only): per start literal its
  // index in kept_, or -1; at most kMaxKeptLiterals literals and
  // kMaxKeptParents parents over all (a 9x9 search keeps a few thousand).
  static constexpr size_t kMaxKeptLiterals = size_t{1} << 20;
  static constexpr size_t kMaxKeptParents = size_t{1} << 21;
  std::vector<int> kept_of_;
  std::vector<KeptRun> kept_;
  std::vector<int> kept_lits_, kept_causes_, kept_counts_, kept_parents_;
  // What a chainer's construction would size and fill for the board's
  // literals, kept per thread from one chainer to the next (a nested
  // search makes thousands): the per-literal and per-candidate tables, the
  // lists (their capacity), and the generation counts.
  struct Buffers {
    std::vector<LitState> lit;
    std::vector<int> seen, kept_of, order, on_q, off_q, cand_cell, cand_digit,
        pool, kept_lits, kept_causes, kept_counts, kept_parents;
    std::vector<KeptRun> kept;
    int gen = 0, seen_gen = 0;
  };
  // Swaps this chainer's tables and lists with `b`'s (not the counts).
  void SwapBuffers(Buffers& b) {
    lit_.swap(b.lit);
    seen_.swap(b.seen);
    kept_of_.swap(b.kept_of);
    order_.swap(b.order);
    on_q_.swap(b.on_q);
    off_q_.swap(b.off_q);
    cand_cell_.swap(b.cand_cell);
    cand_digit_.swap(b.cand_digit);
    pool_.swap(b.pool);
    kept_lits_.swap(b.kept_lits);
    kept_causes_.swap(b.kept_causes);
    kept_counts_.swap(b.kept_counts);
    kept_parents_.swap(b.kept_parents);
    kept_.swap(b.kept);
  }
  // This thread's buffers of finished chainers: at most kMaxFreeBuffers,
  // none holding a list of more than kMaxKeptCapacity entries (a tracking
  // chainer's kept runs can reach megabytes).
  static constexpr size_t kMaxFreeBuffers = 8;
  static constexpr size_t kMaxKeptCapacity = size_t{1} << 15;
  struct FreeBuffers {
    FreeBuffers() { alive = true; }
    ~FreeBuffers() { alive = false; }
    FreeBuffers(const FreeBuffers&) = delete;
    FreeBuffers& operator=(const FreeBuffers&) = delete;
    std::vector<Buffers> list;
    // Whether this thread's list exists: chainers destroyed at the
    // thread's end, after it, drop their buffers.
    static inline thread_local bool alive = false;
  };
  static FreeBuffers& Free() {
    thread_local FreeBuffers free;
    return free;
  }
  static Buffers TakeBuffers() {
    std::vector<Buffers>& list = Free().list;
    if (list.empty()) return Buffers{};
    Buffers b = std::move(list.back());
    list.pop_back();
    return b;
  }
  static void GiveBuffers(Buffers b) {
    if (!FreeBuffers::alive || Free().list.size() >= kMaxFreeBuffers) return;
    for (std::vector<int>* v : {&b.pool, &b.kept_lits, &b.kept_causes,
                                &b.kept_counts, &b.kept_parents})
      if (v->capacity() > kMaxKeptCapacity) std::vector<int>().swap(*v);
    if (b.kept.capacity() > kMaxKeptCapacity)
      std::vector<KeptRun>().swap(b.kept);
    Free().list.push_back(std::move(b));
  }

  // Shared runs (see ReadWords). Tracking: this run's reads, each kept
  // run's (ReadWords() words each, in kept_'s order), and per start
  // literal whether CleanRun ran it. Sharing: the outer board's chainer
  // and what the grids differ in.
  bool track_reads_ = false;
  std::vector<uint64_t> reads_, kept_reads_;
  std::vector<char> tried_;
  Chainer* outer_ = nullptr;
  std::vector<uint64_t> lost_;
};

// The outer board's chainers (static, dynamic) whose runs the lean
// searches without inner techniques on its branches' grids share
// (Chainer::ShareRuns), each kept per thread while its board stays the
// same.
class OuterRuns {
 public:
  Chainer& For(const Board& board, bool dynamic) {
    Slot& s = slots_[dynamic ? 1 : 0];
    if (s.chainer == nullptr || !Same(board, *s.board)) {
      s.chainer.reset();
      s.board.emplace(board);
      s.chainer =
          std::make_unique<Chainer>(*s.board, dynamic, kNoInner, 0, kNoGroups);
      s.chainer->TrackReads();
    }
    return *s.chainer;
  }

 private:
  static bool Same(const Board& a, const Board& b) {
    if (&a.shape() != &b.shape()) return false;
    for (int c = 0; c < a.shape().num_cells(); ++c)
      if (a.value(c) != b.value(c) || a.candidates(c) != b.candidates(c))
        return false;
    return true;
  }
  static inline const std::vector<std::unique_ptr<Technique>> kNoInner;
  static inline const std::vector<size_t> kNoGroups;
  struct Slot {
    std::optional<Board> board;
    std::unique_ptr<Chainer> chainer;
  };
  Slot slots_[2];
};
thread_local OuterRuns tl_outer_runs;

// The search of one Find(): every step SE's producer lists, keeping the
// least (rating, complexity, order found).
class SeSearch {
 public:
  SeSearch(const Technique& technique, const Board& board, bool dynamic,
           const std::vector<std::unique_ptr<Technique>>& inner,
           size_t num_basics, const std::vector<size_t>& group_ends,
           bool share_runs)
      : technique_(technique),
        board_(board),
        shape_(board.shape()),
        n_(board.shape().size()),
        dynamic_(dynamic),
        plus_(!inner.empty()),
        share_runs_(share_runs),
        chainer_(board, dynamic, inner, num_basics, group_ends),
        outer_(tl_outer_board) {
    const size_t cands = static_cast<size_t>(shape_.num_cells() * n_);
    memo_begin_.assign(cands, -1);
    memo_end_.assign(cands, 0);
    memo_clash_.assign(cands, 0);
    memo_set_at_.assign(cands, 0);
    words_ = (2 * cands + 63) / 64;
    useful_.assign(words_, 0);
    for (int cell = 0; cell < shape_.num_cells(); ++cell)
      if (board_.value(cell) == 0)
        for (int x : board_.candidates(cell))
          for (bool on : {false, true}) {
            const size_t l = static_cast<size_t>(chainer_.Lit(cell, x, on));
            useful_[l / 64] |= uint64_t{1} << (l % 64);
          }
  }

  std::optional<Deduction> Run() {
    for (int cell = 0; cell < shape_.num_cells() && !OutOfWork(); ++cell) {
      if (board_.value(cell) != 0) continue;
      const CandidateSet cs = board_.candidates(cell);
      const int card = cs.Count();
      if (!(card > 2 || (card > 1 && dynamic_))) continue;
      for (int v : cs) {
        if (dynamic_) Binary(cell, v, card);
        Regions(cell, v);
      }
      branches_.clear();
      for (int v : cs) branches_.push_back(chainer_.Lit(cell, v, true));
      RunBranches(/*unit=*/-1, cell);
    }
    return std::move(best_);
  }

  // Every step Run() considers, in SE's order of its hint list: rating,
  // complexity, then binary (both imply), cell, region, clash steps. For an
  // outer branch's grid (tl_outer_board when made), only those the branch
  // applies: see Candidate.
  void RunAll(std::vector<Deduction>* out) { RunNoted(out); }

 private:
  // SE's sort keys of its chaining hints.
  enum SortKey { kBinary = 1, kCell = 5, kRegion = 6, kClash = 7 };

  // RunAll first rates every step and notes it (Candidate), then sorts the
  // notes and builds the steps, running their branches again. For an outer
  // branch's grid (outer_ set, see tl_outer_board) it builds only the steps
  // the branch applies (the lean list): the branch turns off what each step
  // removes, in order, when the step has parents there (a candidate its
  // chains turned on through a cell or unit that lost candidates between
  // the outer board and this grid); a step without parents, or whose
  // removals earlier steps with parents cover, changes nothing.
  struct Candidate {
    std::tuple<double, int, int> key;  // rating, complexity, SortKey
    SortKey kind;
    int cell, v, unit;  // unit: a region step's, else -1
    int target;         // the literal concluded; a clash: whether "on"
    int complexity;
    bool parents;
  };
  void RunNoted(std::vector<Deduction>* out) {
    // What lost candidates between the outer board and this grid.
    cell_lost_.assign(static_cast<size_t>(shape_.num_cells()), 0);
    place_lost_.assign(static_cast<size_t>(shape_.num_units() * n_), 0);
    const Board* const outer = outer_.board;
    for (int c = 0; c < shape_.num_cells() && outer != nullptr; ++c) {
      if (outer->value(c) != 0) continue;
      const CandidateSet lost = outer->candidates(c).Without(
          board_.value(c) == 0 ? board_.candidates(c) : CandidateSet());
      if (lost.empty()) continue;
      cell_lost_[static_cast<size_t>(c)] = 1;
      for (int u : shape_.UnitsOf(c))
        for (int d : lost) place_lost_[static_cast<size_t>(u * n_ + d - 1)] = 1;
    }
    // Without inner techniques: runs the outer board's chainer made serve
    // where they read nothing the grids differ in.
    if (outer != nullptr && !plus_ && share_runs_) {
      chainer_.ShareRuns(&tl_outer_runs.For(*outer, dynamic_), cell_lost_,
                         place_lost_);
    }
    // Static: the steps no run of which can give parents are skipped
    // (MayTouch).
    skip_untouched_ = outer != nullptr && !dynamic_;
    if (skip_untouched_) {
      tl_outer_reach.Reset(*outer, outer_.id);
      // The candidates whose "off" may turn one on through a lost cause:
      // those of a lost cell with two, and a digit's in a unit that lost
      // places of it and has two.
      lost_bits_.assign(tl_outer_reach.words(), 0);
      for (int c = 0; c < shape_.num_cells(); ++c) {
        if (board_.value(c) != 0) continue;
        const CandidateSet cs = board_.candidates(c);
        const std::array<int, 3> units = shape_.UnitsOf(c);
        for (int d : cs) {
          bool lost =
              cell_lost_[static_cast<size_t>(c)] != 0 && cs.Count() == 2;
          for (int u : units)
            lost = lost ||
                   (place_lost_[static_cast<size_t>(u * n_ + d - 1)] != 0 &&
                    Popcount(chainer_.BaseWhere(u, d)) == 2);
          const size_t cand = static_cast<size_t>(c * n_ + d - 1);
          if (lost) lost_bits_[cand / 64] |= uint64_t{1} << (cand % 64);
        }
      }
      // The words holding a bit: MayTouch reads only those.
      lost_lo_ = lost_hi_ = 0;
      for (size_t w = 0; w < lost_bits_.size(); ++w)
        if (lost_bits_[w] != 0) {
          if (lost_hi_ == 0) lost_lo_ = w;
          lost_hi_ = w + 1;
        }
    }
    std::vector<Candidate> all;
    notes_ = &all;
    Run();
    notes_ = nullptr;
    std::stable_sort(
        all.begin(), all.end(),
        [](const Candidate& a, const Candidate& b) { return a.key < b.key; });
    if (outer == nullptr) {
      for (const Candidate& c : all)
        if (std::optional<Deduction> step = Build(c)) out->push_back(*step);
      return;
    }
    // The candidates earlier steps with parents remove (steps built: one a
    // run cut short by the work budget no longer makes is not listed).
    std::vector<char> removed(static_cast<size_t>(shape_.num_cells() * n_), 0);
    std::vector<size_t> removes;
    for (const Candidate& c : all) {
      if (!c.parents) continue;
      removes.clear();
      const auto remove = [&](int cell, int d) {
        removes.push_back(static_cast<size_t>(cell * n_ + d - 1));
      };
      int place_cell = -1, place_digit = 0;
      if (c.kind == kClash) {
        if (c.target != 0) {
          remove(c.cell, c.v);
        } else {
          place_cell = c.cell;
          place_digit = c.v;
        }
      } else if (Chainer::IsOn(c.target)) {
        place_cell = chainer_.CellOf(c.target);
        place_digit = chainer_.DigitOf(c.target);
      } else {
        remove(chainer_.CellOf(c.target), chainer_.DigitOf(c.target));
      }
      if (place_cell >= 0)
        for (int x : board_.candidates(place_cell))
          if (x != place_digit) remove(place_cell, x);
      if (std::all_of(removes.begin(), removes.end(),
                      [&](size_t r) { return removed[r] != 0; }))
        continue;
      std::optional<Deduction> step = Build(c);
      if (!step) continue;
      for (size_t r : removes) removed[r] = 1;
      out->push_back(*std::move(step));
    }
  }
  // Notes a step of RunNoted's (`parents`: its chains' own; a cell or
  // region step's assumptions are turned on through its cell or unit).
  void Note(SortKey kind, int cell, int v, int unit, int target, int complexity,
            bool parents) {
    if (kind == kCell)
      parents = parents || cell_lost_[static_cast<size_t>(cell)];
    if (kind == kRegion)
      parents = parents || place_lost_[static_cast<size_t>(unit * n_ + v - 1)];
    notes_->push_back({{Rate(complexity), complexity, kind},
                       kind,
                       cell,
                       v,
                       unit,
                       target,
                       complexity,
                       parents});
  }
  // Whether a static run from `lit` may give a step parents on the outer
  // board (see OuterReach); only when skip_untouched_.
  bool MayTouch(int lit) {
    const uint64_t* const offs = tl_outer_reach.Offs(lit);
    for (size_t w = lost_lo_; w < lost_hi_; ++w)
      if ((offs[w] & lost_bits_[w]) != 0) return true;
    return false;
  }
  // Whether the ancestors Chainer::Ancestors last visited give a step
  // parents on the outer board.
  bool LostCause() const {
    return chainer_.AnyCauseIn(cell_lost_, place_lost_);
  }
  // The step a Candidate names, as Binary, RunBranches and ClashStep make
  // it outside RunAll; nullopt when a run the work budget cut short no
  // longer sets its literal.
  std::optional<Deduction> Build(const Candidate& c) {
    const double rating = Rate(c.complexity);
    if (c.kind == kClash) {
      const int cand = c.cell * n_ + c.v - 1;
      chainer_.Run(2 * cand + (c.target != 0 ? 1 : 0));
      if (chainer_.clash_cand() < 0) return std::nullopt;
      return ClashDeduction(c.cell, c.v, c.target != 0, c.complexity, rating);
    }
    if (c.kind == kBinary)
      return BinaryStep(c.cell, c.v, c.target, c.complexity, rating);
    branches_.clear();
    if (c.unit < 0) {
      for (int x : board_.candidates(c.cell))
        branches_.push_back(chainer_.Lit(c.cell, x, true));
    } else {
      const absl::Span<const int> unit = shape_.unit(c.unit);
      for (int p : Bits(chainer_.BaseWhere(c.unit, c.v)))
        branches_.push_back(
            chainer_.Lit(unit[static_cast<size_t>(p)], c.v, true));
    }
    std::optional<Deduction> step =
        BranchStep(c.unit, c.cell, c.target, rating);
    if (step) step->complexity = c.complexity;
    return step;
  }
  double Rate(int complexity) const {
    return ChainRating(technique_.difficulty(), std::max(0, complexity - 2));
  }
  bool OutOfWork() const {
    return (shape_.size() > 9 && chainer_.work() > kMaxSeChainWork) ||
           tl_work.Exhausted();
  }
  // True when a step of this rating, complexity and kind would be the new
  // best: SE takes the first of its hint list sorted by those (binary
  // before cell, region and contradiction steps), then in the order found.
  // Counts the step found either way.
  bool Better(double rating, int complexity, SortKey sort_key) {
    const auto key =
        std::make_tuple(rating, complexity, static_cast<int>(sort_key), seq_++);
    if (notes_ != nullptr) return true;
    if (best_ && key >= best_key_) return false;
    best_key_ = key;
    return true;
  }

  // What the chainer's run set, in order; after a clash, without the
  // literal that clashed (SE stops before adding it).
  absl::Span<const int> Implied(bool clash) const {
    const absl::Span<const int> order = chainer_.order();
    return order.first(order.size() - (clash && !order.empty() ? 1 : 0));
  }
  // Runs `cand` on unless remembered; true on a clash. When `*fresh`, the
  // chainer holds this run.
  bool OnRun(int cand, bool* fresh) {
    const size_t c = static_cast<size_t>(cand);
    *fresh = memo_begin_[c] < 0;
    if (!*fresh) return memo_clash_[c] != 0;
    const bool clash = chainer_.Run(2 * cand + 1);
    memo_begin_[c] = static_cast<int>(memo_lits_.size());
    const absl::Span<const int> implied = Implied(clash);
    memo_lits_.insert(memo_lits_.end(), implied.begin(), implied.end());
    memo_end_[c] = static_cast<int>(memo_lits_.size());
    memo_clash_[c] = clash ? 1 : 0;
    memo_set_at_[c] = memo_set_.size();
    memo_set_.resize(memo_set_.size() + words_, 0);
    uint64_t* set = &memo_set_[memo_set_at_[c]];
    for (int l : implied) {
      const size_t i = static_cast<size_t>(l);
      set[i / 64] |= uint64_t{1} << (i % 64);
    }
    return clash;
  }

  // Dynamic binary steps on one candidate: its "on" or "off" run clashes,
  // or (cells of 3+) both runs imply the same literal.
  void Binary(int cell, int v, int card) {
    const int cand = cell * n_ + v - 1;
    bool fresh = false;
    if (OnRun(cand, &fresh)) {
      if (!fresh) chainer_.Run(2 * cand + 1);
      ClashStep(cell, v, /*on=*/true);
    }
    const bool off_clash = chainer_.Run(2 * cand);
    if (off_clash) ClashStep(cell, v, /*on=*/false);
    // A run that clashed still implies what it set before the clash: SE
    // looks for common conclusions of both runs all the same.
    if (card < 3) return;
    // Literals both runs set: the off run is in the chainer now.
    results_.clear();
    // The off run's literal that clashed, if any, is not among its own.
    const int off_clash_lit =
        off_clash && !chainer_.order().empty() ? chainer_.order().back() : -1;
    for (int m = memo_begin_[static_cast<size_t>(cand)];
         m < memo_end_[static_cast<size_t>(cand)]; ++m) {
      const int l = memo_lits_[static_cast<size_t>(m)];
      if (l != off_clash_lit && chainer_.IsSet(l) && Useful(l))
        results_.push_back(l);
    }
    if (results_.empty()) return;
    OnsFirst();
    StartCounts();
    if (notes_ != nullptr) {
      NoteBinarySteps(cell, v);
      return;
    }
    for (size_t i = 0; i < results_.size(); ++i) AddAncestors(results_[i], i);
    chainer_.Run(2 * cand + 1);
    for (size_t i = 0; i < results_.size(); ++i) AddAncestors(results_[i], i);
    for (size_t i = 0; i < results_.size(); ++i) {
      if (comps_[i] < 0 || !Better(Rate(comps_[i]), comps_[i], kBinary))
        continue;
      if (std::optional<Deduction> step =
              BinaryStep(cell, v, results_[i], comps_[i], Rate(comps_[i])))
        best_ = *std::move(step);
    }
  }
  // The step "cell on or off v implies l", running both; nullopt when a
  // run the work budget cut short no longer sets `l` (see Ancestors).
  std::optional<Deduction> BinaryStep(int cell, int v, int l, int complexity,
                                      double rating) {
    const int cand = cell * n_ + v - 1;
    Deduction ded = Target(l, rating, -1);
    ded.complexity = complexity;
    std::vector<std::string> chains;
    bool repeated = true;
    for (bool on : {true, false}) {
      chainer_.Run(2 * cand + (on ? 1 : 0));
      chains.push_back(chainer_.ChainTo(l));
      repeated =
          chainer_.CollectAncestors(l, Chainer::kNoCause, &ded) && repeated;
    }
    if (!repeated) return std::nullopt;
    Finish(&ded, BinaryText(cell, v, l, chains));
    return ded;
  }
  std::string BinaryText(int cell, int v, int l,
                         const std::vector<std::string>& chains) const {
    return absl::StrCat(technique_.name(), ": ", shape_.CellName(cell),
                        " on or off ", std::string(1, shape_.Symbol(v)), ": ",
                        absl::StrJoin(chains, "; "), " => ",
                        chainer_.LitName(l));
  }

  // RunNoted's notes for Binary and RunBranches: each of results_ counted
  // over the runs (run(k) runs the k-th, k < runs), whether any gives it
  // parents.
  template <typename RunK>
  void LeanNotes(int runs, RunK run, SortKey kind, int cell, int v, int u) {
    lean_parents_.assign(results_.size(), 0);
    for (int k = 0; k < runs; ++k) {
      run(k);
      for (size_t i = 0; i < results_.size(); ++i) {
        AddAncestors(results_[i], i);
        if (comps_[i] >= 0 && LostCause()) lean_parents_[i] = 1;
      }
    }
    for (size_t i = 0; i < results_.size(); ++i) {
      if (comps_[i] < 0 || !Better(Rate(comps_[i]), comps_[i], kind)) continue;
      Note(kind, cell, v, u, results_[i], comps_[i], lean_parents_[i] != 0);
    }
  }
  // Binary's notes for RunNoted: the chainer holds the "off" run.
  void NoteBinarySteps(int cell, int v) {
    const int cand = cell * n_ + v - 1;
    LeanNotes(
        2,
        [&](int k) {
          if (k == 1) chainer_.Run(2 * cand + 1);
        },
        kBinary, cell, v, -1);
  }

  // The step "assuming cell=v (on) or cell<>v (off) clashes"; the chainer
  // holds that run.
  void ClashStep(int cell, int v, bool on) {
    const int k = chainer_.clash_cand();
    if (k < 0) return;  // a repeated run that the work budget cut short
    NestedSeen counted;
    int complexity = chainer_.Ancestors(2 * k + 1, &counted);
    bool parents = notes_ != nullptr && LostCause();
    complexity += chainer_.Ancestors(2 * k, &counted);
    parents = parents || (notes_ != nullptr && LostCause());
    const double rating = Rate(complexity);
    if (!Better(rating, complexity, kClash)) return;
    if (notes_ != nullptr) {
      Note(kClash, cell, v, -1, on ? 1 : 0, complexity, parents);
      return;
    }
    best_ = ClashDeduction(cell, v, on, complexity, rating);
  }
  // The clash step of ClashStep; the chainer holds its run.
  Deduction ClashDeduction(int cell, int v, bool on, int complexity,
                           double rating) {
    const int k = chainer_.clash_cand();
    Deduction ded;
    ded.technique = StepId(-1);
    ded.rating = rating;
    ded.complexity = complexity;
    if (on) {
      ded.eliminations.push_back({cell, v});
    } else {
      ded.placements.push_back({cell, v});
    }
    chainer_.CollectAncestors(2 * k + 1, Chainer::kNoCause, &ded);
    chainer_.CollectAncestors(2 * k, Chainer::kNoCause, &ded);
    const std::string sym(1, shape_.Symbol(v));
    Finish(&ded, absl::StrCat(
                     technique_.name(), ": assuming ", shape_.CellName(cell),
                     on ? "=" : "<>", sym,
                     " leads to a contradiction: ", chainer_.ChainTo(2 * k + 1),
                     " but ", chainer_.ChainTo(2 * k), " => ",
                     shape_.CellName(cell), on ? "<>" : "=", sym));
    return ded;
  }

  // Region steps for the units whose first place of `v` is `cell`.
  void Regions(int cell, int v) {
    for (int u :
         {shape_.BoxUnit(shape_.Box(cell)), shape_.RowUnit(shape_.Row(cell)),
          shape_.ColUnit(shape_.Col(cell))}) {
      const uint32_t places = chainer_.BaseWhere(u, v);
      const absl::Span<const int> unit = shape_.unit(u);
      if (Popcount(places) < 2 ||
          unit[static_cast<size_t>(std::countr_zero(places))] != cell)
        continue;
      branches_.clear();
      for (int p : Bits(places))
        branches_.push_back(
            chainer_.Lit(unit[static_cast<size_t>(p)], v, true));
      RunBranches(u, cell);
    }
  }

  // A literal worth a step: a candidate of an empty cell turned off, or a
  // digit placed in an empty cell.
  bool Useful(int l) const {
    const int cell = chainer_.CellOf(l);
    return board_.value(cell) == 0 &&
           board_.candidates(cell).Contains(chainer_.DigitOf(l));
  }

  // Offers a step for every literal all of `branches_` imply (unit `u`'s
  // places, or when u < 0 the candidates of `cell`).
  void RunBranches(int u, int cell) {
    // Lean and static: a step whose runs cannot give it parents, and whose
    // cell or unit did not lose candidates, is not applied.
    if (skip_untouched_ &&
        !(u < 0 ? cell_lost_[static_cast<size_t>(cell)]
                : place_lost_[static_cast<size_t>(
                      u * n_ + chainer_.DigitOf(branches_[0]) - 1)]) &&
        std::none_of(branches_.begin(), branches_.end(),
                     [this](int b) { return MayTouch(b); }))
      return;
    // The useful literals every branch's "on" run sets, as a bit set; its
    // words outside [lo, hi) are zero. Every branch runs, whatever the
    // first ones leave (a run counts its work when first made).
    common_ = useful_;
    size_t lo = 0, hi = words_;
    for (int b : branches_) {
      bool fresh = false;
      OnRun(b >> 1, &fresh);
      const uint64_t* set =
          &memo_set_[memo_set_at_[static_cast<size_t>(b >> 1)]];
      for (size_t w = lo; w < hi; ++w) common_[w] &= set[w];
      while (lo < hi && common_[lo] == 0) ++lo;
      while (hi > lo && common_[hi - 1] == 0) --hi;
    }
    if (lo == hi) return;
    // In the order the first branch set them.
    results_.clear();
    const size_t c = static_cast<size_t>(branches_[0] >> 1);
    for (int m = memo_begin_[c]; m < memo_end_[c]; ++m) {
      const size_t l = static_cast<size_t>(memo_lits_[static_cast<size_t>(m)]);
      if ((common_[l / 64] >> (l % 64)) & 1)
        results_.push_back(static_cast<int>(l));
    }
    if (results_.empty()) return;
    OnsFirst();
    StartCounts();
    if (notes_ != nullptr) {
      const int v = chainer_.DigitOf(branches_[0]);
      LeanNotes(
          static_cast<int>(branches_.size()),
          [&](int k) { chainer_.Run(branches_[static_cast<size_t>(k)]); },
          u < 0 ? kCell : kRegion, cell, v, u);
      return;
    }
    for (int b : branches_) {
      chainer_.Run(b);
      for (size_t i = 0; i < results_.size(); ++i) AddAncestors(results_[i], i);
    }
    for (size_t i = 0; i < results_.size(); ++i) {
      if (comps_[i] < 0 ||
          !Better(Rate(comps_[i]), comps_[i], u < 0 ? kCell : kRegion))
        continue;
      std::optional<Deduction> step =
          BranchStep(u, cell, results_[i], Rate(comps_[i]));
      if (!step) continue;
      step->complexity = comps_[i];
      best_ = std::move(*step);
    }
  }

  // SE lists the common conclusions of a step's branches "on" first, then
  // "off", each in the order the first branch set them.
  void OnsFirst() {
    std::stable_partition(results_.begin(), results_.end(), Chainer::IsOn);
  }
  // Zero complexity, and no nested step counted, for each of results_.
  void StartCounts() {
    comps_.assign(results_.size(), 0);
    counted_.resize(results_.size());
    for (NestedSeen& c : counted_) c.clear();
  }
  // Adds the ancestors of `l` = results_[i] in the chainer's run to
  // comps_[i] (-1 once a run did not set `l`).
  void AddAncestors(int l, size_t i) {
    const int a = chainer_.Ancestors(l, &counted_[i]);
    comps_[i] = a < 0 || comps_[i] < 0 ? -1 : comps_[i] + a;
  }

  // The step's id: SE's Cell / Region / Dynamic Forcing Chains (`unit` < 0:
  // a cell's candidates or a binary step).
  std::string StepId(int unit) const {
    if (plus_) return std::string(technique_.id());
    if (dynamic_) return "dynamic_forcing_chain";
    return unit < 0 ? "cell_forcing_chain" : "unit_forcing_chain";
  }

  Deduction Target(int l, double rating, int unit) const {
    Deduction ded;
    ded.technique = StepId(unit);
    ded.rating = rating;
    const int cell = chainer_.CellOf(l), d = chainer_.DigitOf(l);
    if (Chainer::IsOn(l)) {
      ded.placements.push_back({cell, d});
    } else {
      ded.eliminations.push_back({cell, d});
    }
    return ded;
  }

  void Finish(Deduction* ded, std::string text) {
    SortCandidates(&ded->pattern_candidates);
    std::sort(ded->on_causes.begin(), ded->on_causes.end(),
              [](const ChainCause& a, const ChainCause& b) {
                return std::tie(a.cell, a.digit, a.unit) <
                       std::tie(b.cell, b.digit, b.unit);
              });
    ded->on_causes.erase(
        std::unique(ded->on_causes.begin(), ded->on_causes.end()),
        ded->on_causes.end());
    absl::flat_hash_set<std::string> kept;
    std::erase_if(ded->nested, [&kept](const Deduction& d) {
      return !kept.insert(NestedKey(d)).second;
    });
    for (const CellDigit& cd : ded->pattern_candidates)
      ded->pattern_cells.push_back(cd.cell);
    ded->pattern_cells.erase(
        std::unique(ded->pattern_cells.begin(), ded->pattern_cells.end()),
        ded->pattern_cells.end());
    ded->text = std::move(text);
  }

  // Canonicalize(v) (sorted by cell then digit, each once) through a bit
  // per candidate: a step's pattern gathers every branch's ancestors, a
  // few hundred entries with many repeats.
  void SortCandidates(std::vector<CellDigit>* v) {
    cand_bits_.resize(static_cast<size_t>(shape_.num_cells() * n_ + 63) / 64);
    for (const CellDigit& cd : *v) {
      const size_t c = static_cast<size_t>(cd.cell * n_ + cd.digit - 1);
      cand_bits_[c / 64] |= uint64_t{1} << (c % 64);
    }
    v->clear();
    for (size_t w = 0; w < cand_bits_.size(); ++w) {
      for (uint64_t bits = cand_bits_[w]; bits != 0; bits &= bits - 1) {
        const int c = static_cast<int>(w * 64) + std::countr_zero(bits);
        v->push_back({c / n_, c % n_ + 1});
      }
      cand_bits_[w] = 0;
    }
  }

  // Nullopt when a repeated run did not set `l` (see Ancestors).
  std::optional<Deduction> BranchStep(int u, int cell, int l, double rating) {
    Deduction ded = Target(l, rating, u);
    std::vector<std::string> chains;
    for (int b : branches_) {
      chainer_.Run(b);
      chains.push_back(chainer_.ChainTo(l));
      if (!chainer_.CollectAncestors(l, u < 0 ? -1 : u, &ded))
        return std::nullopt;
    }
    Finish(&ded, BranchText(u, cell, l, chains));
    return ded;
  }
  std::string BranchText(int u, int cell, int l,
                         const std::vector<std::string>& chains) const {
    const std::string what =
        u < 0
            ? absl::StrCat("cell ", shape_.CellName(cell))
            : absl::StrCat(
                  std::string(1, shape_.Symbol(chainer_.DigitOf(branches_[0]))),
                  " in ", shape_.UnitName(u));
    return absl::StrCat(technique_.name(), " on ", what, ": ",
                        absl::StrJoin(chains, "; "), " => ",
                        chainer_.LitName(l));
  }

  const Technique& technique_;
  const Board& board_;
  const Shape& shape_;
  const int n_;
  const bool dynamic_;
  const bool plus_;
  const bool share_runs_;  // see SeForcingChains::ShareOuterRuns
  Chainer chainer_;
  std::optional<Deduction> best_;
  std::tuple<double, int, int, int> best_key_{0.0, 0, 0, 0};
  int seq_ = 0;
  // Candidate c's "on" run: memo_lits_[memo_begin_[c], memo_end_[c]); -1:
  // not run yet.
  std::vector<int> memo_begin_, memo_end_;
  std::vector<char> memo_clash_;
  std::vector<int> memo_lits_;
  // The same run as a bit set of literals: memo_set_[memo_set_at_[c], +
  // words_), bit l % 64 of word l / 64 for literal l.
  std::vector<uint64_t> memo_set_;
  std::vector<size_t> memo_set_at_;
  size_t words_ = 0;
  // The literals worth a step (Useful), and RunBranches' common literals,
  // as bit sets.
  std::vector<uint64_t> useful_, common_;
  std::vector<int> results_, branches_, comps_;
  std::vector<NestedSeen> counted_;  // comps_[i]'s nested steps
  // RunNoted's: the outer board and its id (tl_outer_board when made;
  // board nullptr: list every step), the notes (nullptr outside RunAll),
  // what lost candidates (cells; places by unit * N + digit - 1), and per
  // results_ entry whether it has parents.
  const OuterBoard outer_;
  // RunNoted: whether steps that cannot have parents are skipped, and the
  // candidates whose "off" may turn one on through a lost cause (MayTouch).
  bool skip_untouched_ = false;
  std::vector<uint64_t> lost_bits_;
  size_t lost_lo_ = 0, lost_hi_ = 0;  // lost_bits_'s words that hold a bit
  std::vector<Candidate>* notes_ = nullptr;
  std::vector<char> cell_lost_, place_lost_, lean_parents_;
  std::vector<uint64_t> cand_bits_;  // SortCandidates, all zero between
};

}  // namespace

SeForcingChains::SeForcingChains(TechniqueId tid, bool dynamic, int level)
    : Technique(tid), dynamic_(dynamic), level_(level) {
  if (level < 1) return;
  // SE's rules inside the branches, each one group: pointing and claiming;
  // hidden pair; naked pair; X-wing; then by level its forcing chains and
  // cycles (2, 3), its multiple forcing chains (3), its dynamic ones (4,
  // 5: they cover the other two) and the level-2 nested ones (5).
  const auto add = [this](std::initializer_list<TechniqueId> rule) {
    for (TechniqueId t : rule) inner_.push_back(MakeTechnique(t));
    group_ends_.push_back(inner_.size());
  };
  add({TechniqueId::kPointing, TechniqueId::kClaiming});
  add({TechniqueId::kHiddenPair});
  add({TechniqueId::kNakedPair});
  add({TechniqueId::kXWing});
  num_basics_ = inner_.size();
  if (level == 2 || level == 3) {
    inner_.push_back(std::make_unique<SeStaticChains>());
    group_ends_.push_back(inner_.size());
  }
  if (level == 3) add({TechniqueId::kSeForcingChains});
  if (level >= 4) add({TechniqueId::kSeDynamicChains});
  if (level >= 5) add({TechniqueId::kNestedChainForcing});
}

void SeForcingChains::ShareOuterRuns(bool on) {
  share_runs_ = on;
  for (const std::unique_ptr<Technique>& t : inner_)
    if (auto* chains = dynamic_cast<SeForcingChains*>(t.get()))
      chains->ShareOuterRuns(on);
}

std::optional<Deduction> SeForcingChains::Find(const Board& board) const {
  return Search(board, nullptr);
}

void SeForcingChains::FindAll(const Board& board,
                              std::vector<Deduction>* out) const {
  Search(board, out);
}

std::optional<Deduction> SeForcingChains::Search(
    const Board& board, std::vector<Deduction>* all) const {
  SeSearch search(*this, board, dynamic_, inner_, num_basics_, group_ends_,
                  share_runs_);
  const bool budget = level_ > 0;
  // An outermost search starts its own count: a level 0 search (the 8.x
  // rows) has no limit, and must not see what an earlier search on this
  // thread left (a level 1+ search that used up its budget would cut it
  // short, on another puzzle or under another rater's budget).
  if (tl_work.depth == 0) {
    tl_work = {0, budget ? max_work_ : 0, 0};
    if (budget) tl_inner_cache.Reset(board);
  }
  if (budget) ++tl_work.depth;
  std::optional<Deduction> best;
  if (all != nullptr) {
    search.RunAll(all);
  } else {
    best = search.Run();
  }
  if (budget) --tl_work.depth;
  return best;
}

}  // namespace sudoku
