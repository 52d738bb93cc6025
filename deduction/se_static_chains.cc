// SE's static forcing chains and cycles (see se_static_chains.h). Each
// search keeps its candidates in a pool, each with one parent (static
// links have exactly one cause), so a chain is read back by following
// parents from its end.
#include "deduction/se_static_chains.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/base/attributes.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "deduction/registry.h"
#include "deduction/se_static_links.h"
#include "deduction/unit_index.h"
#include "deduction/util.h"

namespace sudoku {

double SeChainDifficulty(double base, int complexity) {
  double added = 0.0;
  int ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? (ceil * 4) / 3 : (ceil * 3) / 2;
    odd = !odd;
  }
  return base + added;
}

namespace {

// What set a candidate: nothing (the assumption), its cell (-1) or a unit.
constexpr int kNoCause = -2;
constexpr int kCellCause = SeStaticLinks::kCellCause;

// The most candidates one list's searches may reach (a 9x9 grid's list
// reaches about 10^4 to 10^5; larger boards can need far more).
constexpr int64_t kMaxStaticWork = 20'000'000;

// The most literals a grid may have for its reach to be kept as bits (a
// 9x9 grid has at most 1458): beyond, the bits would cost more than the
// searches they spare.
constexpr size_t kMaxClosureLiterals = 2048;

// One pass of SE's unary chaining: which links it follows.
struct Links {
  bool x;  // a digit's places in a unit
  bool y;  // a cell's candidates
};

// One step found, with SE's sort keys.
struct Found {
  double difficulty;
  int complexity;
  int sort_key;    // X only 2, Y only 3, both 4
  Deduction step;  // its eliminations and technique (the rest: Describe)
  // The chain from its end back to the assumption: (literal, cause) pairs.
  std::vector<std::pair<int, int>> line;
  bool flip;  // a loop: its "off" candidates count as turned on too
};

// Nested forcing chains search tens of thousands of branch grids a
// puzzle, each for a fresh list: one chainer per thread keeps its buffers
// from grid to grid (Reset), so a grid costs no allocation and no pass
// over all of its literals.
class UnaryChainer {
 public:
  // Ready for `board` (kept by reference until the next Reset): its
  // candidates and links.
  void Reset(const Board& board) {
    board_ = &board;
    shape_ = &board.shape();
    n_ = shape_->size();
    work_ = 0;
    const size_t cells = static_cast<size_t>(shape_->num_cells());
    const size_t lits = 2 * cells * static_cast<size_t>(n_);
    if (stamp_.size() != lits) {
      // Another size of board: stamps start over.
      stamp_.assign(lits, 0);
      pred_.assign(lits, 0);
      gen_ = 0;
      index_.assign(lits, -1);
      low_.assign(lits, 0);
      all_.comp.assign(lits, -1);
      bit_.assign(lits, -1);
      seen_.assign(lits / 2, 0);
      in_loop_.assign(cells, 0);
    }
    has_.assign(lits / 2, 0);
    for (int cell = 0; cell < shape_->num_cells(); ++cell) {
      if (board.value(cell) != 0) continue;
      for (int d : board.candidates(cell))
        has_[static_cast<size_t>(cell * n_ + d - 1)] = 1;
    }
    // The board does not change during a search: its links are listed
    // once.
    links_.Build(board);
  }

  // SE's hint list, unsorted: for each pass (X, Y, both) and each
  // candidate of a cell with two or more, in cell order, its cycles then
  // its forcing chains.
  void Collect(std::vector<Found>* out) {
    // Whether this list's searches stay under kMaxStaticWork whatever they
    // find: with P literals and E links, a pass searches from at most P/2
    // candidates, and from each a loop search counts at most 1 + 2E + P
    // candidates (each "on" expanded once, an "off" pooled at most once
    // per link into it and closing at most one loop) and each of two
    // forcing-chain searches at most P + 2 (each literal once, one hit).
    const int64_t p = static_cast<int64_t>(links_.present().size());
    const int64_t e = static_cast<int64_t>(links_.num_links());
    uncapped_ = 3 * (p / 2) * (1 + 2 * e + p + 2 * (p + 2)) <= kMaxStaticWork;
    // What each literal reaches along all links (those of the XY pass's
    // forcing chains), where the grid is small enough that the bits cost
    // less than the searches they spare. (The X pass's searches follow
    // X-links only; components of their own cost more than they spared, so
    // they use these where no count is needed: uncapped_.)
    closure_ = links_.present().size() <= kMaxClosureLiterals;
    // Each literal's bit in a reach. Uncapped, a reach answers only whether
    // a literal's opposite leads to it, which needs no bits for the
    // literals completed after their opposite (MayReach) or with it (one
    // component): at most one of each pair. Otherwise it counts what a
    // search reaches, so every literal has one.
    words_ = ((links_.present().size() / (uncapped_ ? 2 : 1)) + 63) / 64;
    // The X-only and Y-only passes follow a subset of the links of the
    // XY pass: what cannot happen along all links cannot happen along
    // some, so one set of components (of all links) serves the three.
    Components(Links{true, true}, &all_);
    // Uncapped with reaches (9x9 grids, in practice), the searches a
    // candidate may start are known before the passes: a loop search only
    // from one not alone in its component, a forcing chain only from a
    // literal that reaches its opposite (Unary), the same in every pass.
    // Most candidates may start none, and the passes visit the others (in
    // the same order: cell, then digit). The work count needs no care: it
    // cannot reach its limit.
    const bool known = closure_ && uncapped_;
    if (known) {
      starts_.clear();
      for (int cell = 0; cell < shape_->num_cells(); ++cell) {
        if (board_->value(cell) != 0) continue;
        const CandidateSet cs = board_->candidates(cell);
        if (cs.Count() < 2) continue;
        for (int d : cs) {
          const int on = Lit(cell, d, true);
          if (MayLoop(on) || MayChain(on) || MayChain(on ^ 1))
            starts_.push_back({cell, d});
        }
      }
    }
    for (const Links links :
         {Links{true, false}, Links{false, true}, Links{true, true}}) {
      if (known) {
        for (const auto& [cell, d] : starts_)
          if (links.x || board_->candidates(cell).Count() == 2)
            Unary(cell, d, links, out);
        continue;
      }
      for (int cell = 0; cell < shape_->num_cells(); ++cell) {
        if (board_->value(cell) != 0) continue;
        const CandidateSet cs = board_->candidates(cell);
        if (cs.Count() < 2 || (cs.Count() > 2 && !links.x)) continue;
        for (int d : cs) {
          // Out of work (large boards only, in practice): the list so far.
          if (work_ > kMaxStaticWork) return;
          Unary(cell, d, links, out);
        }
      }
    }
  }

 private:
  struct Pot {
    int lit;
    int parent;  // pool index, -1 for the assumption
    int cause;   // kNoCause, kCellCause or a unit
    // A filter of the literals of its strict ancestors (Bit): a literal
    // whose bit is clear is not among them.
    uint64_t ancestors;
  };
  static uint64_t Bit(int lit) {
    return uint64_t{1} << ((static_cast<uint32_t>(lit) * 0x9E3779B1u) >> 26);
  }

  int Lit(int cell, int d, bool on) const {
    return 2 * (cell * n_ + d - 1) + (on ? 1 : 0);
  }
  int CellOf(int lit) const { return (lit >> 1) / n_; }
  int DigitOf(int lit) const { return (lit >> 1) % n_ + 1; }
  static bool IsOn(int lit) { return (lit & 1) != 0; }
  bool Has(int cell, int d) const {
    return has_[static_cast<size_t>(cell * n_ + d - 1)] != 0;
  }
  // `filter`: fill the ancestors' filter (only Cycles asks IsAncestor).
  int NewPot(int lit, int parent, int cause, bool filter) {
    ++work_;
    uint64_t ancestors = 0;
    if (filter && parent >= 0) {
      const Pot& up = pool_[static_cast<size_t>(parent)];
      ancestors = up.ancestors | Bit(up.lit);
    }
    pool_.push_back({lit, parent, cause, ancestors});
    return static_cast<int>(pool_.size()) - 1;
  }
  // A link: the literal it sets and its cause.
  using Link = SeStaticLinks::Link;
  // The links from `lit` that `links` follows: the Y ones first, as SE
  // lists them. An "on" always turns off the digit's other places (SE's
  // X-only and Y-only passes alike); an "off" turns on a unit's other
  // place only with X-links.
  absl::Span<const Link> LinksOf(int lit, Links links) const {
    const SeStaticLinks::Span& span = links_.span(lit);
    const int b = links.y ? span.y : span.x;
    const int e = IsOn(lit) || links.x ? span.end : span.x;
    return absl::MakeConstSpan(links_.links())
        .subspan(static_cast<size_t>(b), static_cast<size_t>(e - b));
  }
  // Calls f(link) for each link from `lit` that `links` follows.
  template <typename F>
  void ForEachLink(int lit, Links links, F f) const {
    for (const Link& k : LinksOf(lit, links)) f(k);
  }
  // True when `lit` is among pool_[p]'s ancestors (parents followed).
  bool IsAncestor(int p, int lit) const {
    if ((pool_[static_cast<size_t>(p)].ancestors & Bit(lit)) == 0) return false;
    for (int a = pool_[static_cast<size_t>(p)].parent; a >= 0;
         a = pool_[static_cast<size_t>(a)].parent)
      if (pool_[static_cast<size_t>(a)].lit == lit) return true;
    return false;
  }
  bool Marked(int lit) const {
    return stamp_[static_cast<size_t>(lit)] == gen_;
  }
  void Mark(int lit) { stamp_[static_cast<size_t>(lit)] = gen_; }
  // A new search: nothing marked.
  void NextGen() {
    if (gen_ == UINT32_MAX) {
      std::fill(stamp_.begin(), stamp_.end(), 0);
      std::fill(pred_.begin(), pred_.end(), 0);
      gen_ = 0;
    }
    ++gen_;
  }

  // SE's doUnaryChaining for one candidate and one pass.
  // The searches run only where the links' components show they can end:
  // a loop must reach an "off" that turns its start back on (links are
  // symmetric: the "off"s its own "off" turns on), so both lie in one
  // component; a forcing chain must reach its start's opposite, which
  // cannot lie in a component completed after the start's. SE's searches
  // follow a subset of these paths, so a search skipped finds nothing.
  void Unary(int cell, int d, Links links, std::vector<Found>* out) {
    const int on = Lit(cell, d, true);
    bool closes = false;
    if (MayLoop(on))
      ForEachLink(on ^ 1, links, [&](const Link& k) {
        // k.lit ^ 1 turns `on` on: it leads there, so `on` reaches it only
        // within one component.
        closes = closes || SameComponent(on, k.lit ^ 1);
      });
    if (closes) {
      Cycles(on, links);
      for (int end : ends_) AddCycle(end, links, out);
    }
    // In the X and XY passes the forcing chains follow the same links as
    // the loops (an "off" always follows X-links there).
    if (!links.x) return;
    for (const bool start_on : {true, false}) {
      const int start = Lit(cell, d, start_on);
      if (!MayReach(start, start ^ 1)) continue;
      // Most searches that get here cannot end. The XY pass's search
      // follows all links (all_'s): one that cannot reach the opposite
      // reaches each literal it can once and finds nothing, so it counts
      // the size of its reach and is spared. The X pass's follows some of
      // them, so it finds nothing either; its count is not known, so it is
      // spared only where no count can reach the limit (uncapped_).
      if (closure_ && (links.y || uncapped_) &&
          !Reaches(all_, start, start ^ 1)) {
        if (links.y)
          work_ += all_.count[static_cast<size_t>(
              all_.comp[static_cast<size_t>(start)])];
        continue;
      }
      const int target = ForcingChain(start, links);
      if (target >= 0) AddForcingChain(target, links, out);
    }
  }

  // Components of some links, numbered as completed (reverse topological:
  // a component completes after every component it leads to), and what
  // each reaches (CompleteReach).
  struct Closure {
    std::vector<int> comp;    // per literal
    std::vector<char> alone;  // per component: it has one literal
    // Per component: its reach as bits (bit_, words_ words) and their
    // number.
    std::vector<uint64_t> reach;
    std::vector<int> count;
    // Per component: the words of its reach that may be nonzero.
    std::vector<std::pair<size_t, size_t>> span;
    Links links{true, true};
  };
  // The strongly connected components of the links (Tarjan's algorithm)
  // into `c`, with an explicit stack of frames (a literal and what is
  // left of its links, ForEachLink's order) so that no board's size limits
  // the depth. Every grid runs it, so its state stays in locals.
  struct Frame {
    int lit;
    const Link* next;
    const Link* end;
  };
  void Components(Links links, Closure* c) {
    c->links = links;
    int* const index = index_.data();
    int* const low = low_.data();
    int* const comp = c->comp.data();
    for (int lit : links_.present()) index[lit] = comp[lit] = -1;
    // Depth and stack hold each literal at most once.
    const size_t num = links_.present().size();
    frames_.resize(num);
    stack_.resize(num);
    Frame* const frames = frames_.data();
    int* const stack = stack_.data();
    size_t depth = 0, top = 0;
    int next_index = 0, next_comp = 0;
    c->alone.clear();
    if (closure_) {
      // Reaches are made as components complete (Tarjan completes a
      // component after every one it leads to); at most one a literal.
      c->reach.resize(num * words_);
      c->count.clear();
      c->span.clear();
      joined_.assign(num, SIZE_MAX);
      bits_ = 0;
    }
    const auto visit = [&](int u) {
      index[u] = low[u] = next_index++;
      stack[top++] = u;
      const absl::Span<const Link> out = LinksOf(u, links);
      frames[depth++] = {u, out.data(), out.data() + out.size()};
    };
    for (int root : links_.present()) {
      if (index[root] >= 0) continue;
      visit(root);
      while (depth > 0) {
        Frame& f = frames[depth - 1];
        const int u = f.lit;
        if (f.next != f.end) {
          const int w = (f.next++)->lit;
          if (index[w] < 0) {
            visit(w);
          } else if (comp[w] < 0) {
            low[u] = std::min(low[u], index[w]);
          }
          continue;
        }
        --depth;
        if (low[u] == index[u]) {
          // u roots a component: its members get it, and its place in the
          // order components complete (reverse topological: a component
          // completes after every component it leads to).
          size_t first = top;
          do --first;
          while (stack[first] != u);
          for (size_t i = first; i < top; ++i) comp[stack[i]] = next_comp;
          c->alone.push_back(top - first == 1 ? 1 : 0);
          if (closure_)
            CompleteReach(c, static_cast<size_t>(next_comp),
                          absl::MakeConstSpan(stack + first, top - first));
          ++next_comp;
          top = first;
        }
        if (depth > 0) {
          const int parent = frames[depth - 1].lit;
          low[parent] = std::min(low[parent], low[u]);
        }
      }
    }
  }
  // False when `from` cannot lead to `to`: another component, which
  // completed after from's (true may still find no path).
  bool MayReach(int from, int to) const {
    if (!Present(from) || !Present(to)) return false;
    return all_.comp[static_cast<size_t>(to)] <=
           all_.comp[static_cast<size_t>(from)];
  }
  // False when `lit` lies on no loop: it is alone in its component.
  bool MayLoop(int lit) const {
    return Present(lit) && !all_.alone[static_cast<size_t>(
                               all_.comp[static_cast<size_t>(lit)])];
  }
  // True when both are in one component (each leads to the other).
  bool SameComponent(int a, int b) const {
    return Present(a) && Present(b) &&
           all_.comp[static_cast<size_t>(a)] ==
               all_.comp[static_cast<size_t>(b)];
  }
  // Component k's reach, when Tarjan completes it (its `members`; every
  // component it leads to is complete): its own literals' bits (each
  // literal gets its bit here, see Collect) and the reach of every
  // component its links lead to.
  void CompleteReach(Closure* c, size_t k, absl::Span<const int> members) {
    // A reach is gathered here, then stored: no store to the table while
    // it is read, and only the words some bit falls in are touched (a
    // reach is a few dozen literals, far fewer than the grid's).
    size_t lo = words_, hi = 0;
    for (const int m : members) {
      // Uncapped, a literal whose opposite completed already, or with it,
      // needs no bit.
      const bool skip = uncapped_ && c->comp[static_cast<size_t>(m ^ 1)] >= 0;
      if (skip) {
        bit_[static_cast<size_t>(m)] = -1;
        continue;
      }
      const int bit = bits_++;
      bit_[static_cast<size_t>(m)] = bit;
      const size_t w = static_cast<size_t>(bit) >> 6;
      acc_[w] |= uint64_t{1} << (bit & 63);
      lo = std::min(lo, w);
      hi = std::max(hi, w + 1);
    }
    for (const int m : members) {
      for (const Link& link : LinksOf(m, c->links)) {
        const size_t to =
            static_cast<size_t>(c->comp[static_cast<size_t>(link.lit)]);
        if (to == k || joined_[to] == k) continue;
        joined_[to] = k;
        const uint64_t* const from = &c->reach[to * words_];
        const auto [from_lo, from_hi] = c->span[to];
        for (size_t w = from_lo; w < from_hi; ++w) acc_[w] |= from[w];
        lo = std::min(lo, from_lo);
        hi = std::max(hi, from_hi);
      }
    }
    uint64_t* const r = &c->reach[k * words_];
    int count = 0;
    for (size_t w = lo; w < hi; ++w) {
      r[w] = acc_[w];
      count += std::popcount(acc_[w]);
      acc_[w] = 0;
    }
    c->count.push_back(count);
    c->span.push_back({lo, hi});
  }
  // Whether `start` leads to its opposite along all links (reaches made):
  // a forcing chain from it may end.
  bool MayChain(int start) const {
    return MayReach(start, start ^ 1) && Reaches(all_, start, start ^ 1);
  }
  // Whether `from` leads to its opposite `to` in `c` (reaches made,
  // MayReach true).
  bool Reaches(const Closure& c, int from, int to) const {
    const size_t k = static_cast<size_t>(c.comp[static_cast<size_t>(from)]);
    if (c.comp[static_cast<size_t>(to)] == c.comp[static_cast<size_t>(from)])
      return true;
    const size_t bit = static_cast<size_t>(bit_[static_cast<size_t>(to)]);
    const auto [lo, hi] = c.span[k];
    if ((bit >> 6) < lo || (bit >> 6) >= hi) return false;
    return (c.reach[k * words_ + (bit >> 6)] >> (bit & 63) & 1) != 0;
  }
  bool Present(int lit) const {
    return has_[static_cast<size_t>(lit >> 1)] != 0;
  }

  // Breadth first, a layer of "on" then a layer of "off", from `start`
  // (on): ends_ gets every "on" of the start reached from the fourth
  // layer on (a loop). An "off" is expanded again on each new path that
  // does not pass through it; an "on" once.
  void Cycles(int start, Links links) {
    NextGen();
    pool_.clear();
    ends_.clear();
    pending_on_.assign(1, NewPot(start, -1, kNoCause, true));
    pending_off_.clear();
    Mark(start);
    // The "off" literals that turn the start on (links are symmetric):
    // only their copies can close a loop.
    ForEachLink(start ^ 1, links, [&](const Link& k) {
      pred_[static_cast<size_t>(k.lit ^ 1)] = gen_;
    });
    // A loop back to the start lies in its component (of all links, which
    // holds the pass's): uncapped, the search leaves the rest, which no
    // loop's candidate descends from, out (the pool's other candidates are
    // found in the same order; only the work count, which then cannot
    // reach its limit, differs).
    const int* const comp = all_.comp.data();
    const bool within = uncapped_;
    const int home = comp[start];
    int length = 0;
    while (!pending_on_.empty() || !pending_off_.empty()) {
      ++length;
      for (size_t i = 0; i < pending_on_.size(); ++i) {
        const int p = pending_on_[i];
        ForEachLink(
            pool_[static_cast<size_t>(p)].lit, links, [&](const Link& k) {
              if (within && comp[k.lit] != home) return;
              // A second copy of an "off" turns on nothing new (its
              // first copy, expanded before it, marked all it turns
              // on); unless it may close a loop, SE's copy does
              // nothing. Every candidate in the pool is marked, so an
              // unmarked one is no ancestor of p.
              if (Marked(k.lit) && (pred_[static_cast<size_t>(k.lit)] != gen_ ||
                                    IsAncestor(p, k.lit)))
                return;
              Mark(k.lit);
              pending_off_.push_back(NewPot(k.lit, p, k.cause, true));
            });
      }
      pending_on_.clear();
      ++length;
      for (size_t i = 0; i < pending_off_.size(); ++i) {
        const int p = pending_off_[i];
        ForEachLink(pool_[static_cast<size_t>(p)].lit, links,
                    [&](const Link& k) {
                      if (within && comp[k.lit] != home) return;
                      const bool end = length >= 4 && k.lit == start;
                      if (!end && Marked(k.lit)) return;
                      const int q = NewPot(k.lit, p, k.cause, true);
                      if (end) ends_.push_back(q);
                      if (!Marked(k.lit)) {
                        Mark(k.lit);
                        pending_on_.push_back(q);
                      }
                    });
      }
      pending_off_.clear();
    }
  }

  // Breadth first from `start` (on or off), each candidate once: the
  // first path to the start's opposite (pool index), or -1.
  int ForcingChain(int start, Links links) {
    NextGen();
    pool_.clear();
    const int opposite = start ^ 1;
    pending_on_.clear();
    pending_off_.clear();
    (IsOn(start) ? pending_on_ : pending_off_)
        .push_back(NewPot(start, -1, kNoCause, false));
    Mark(start);
    int target = -1;
    // Pools what `p` sets along `via`: the first hit on the opposite, and
    // each candidate not yet reached, which `next` expands. Every candidate
    // in the pool is marked (a hit too: it is marked or an ancestor), so one
    // unmarked is no ancestor of p: SE's test for a repeat needs no walk up
    // the chain.
    auto expand = [&](int p, Links via, std::vector<int>& next) {
      ForEachLink(pool_[static_cast<size_t>(p)].lit, via, [&](const Link& k) {
        const bool hit = k.lit == opposite && target < 0;
        const bool fresh = !Marked(k.lit);
        if (!hit && !fresh) return;
        const int q = NewPot(k.lit, p, k.cause, false);
        if (hit) target = q;
        if (fresh) {
          Mark(k.lit);
          next.push_back(q);
        }
      });
    };
    // Off literals follow X-links whatever the pass (SE's forcing chains).
    const Links off_links{true, links.y};
    while (!pending_on_.empty() || !pending_off_.empty()) {
      for (size_t i = 0; i < pending_on_.size(); ++i)
        expand(pending_on_[i], links, pending_off_);
      pending_on_.clear();
      for (size_t i = 0; i < pending_off_.size(); ++i) {
        expand(pending_off_[i], off_links, pending_on_);
        if (target >= 0) return target;
      }
      pending_off_.clear();
    }
    return target;
  }

  // The chain from pool_[end] back to the assumption, end first.
  std::vector<int> Line(int end) const {
    std::vector<int> line;
    for (int p = end; p >= 0; p = pool_[static_cast<size_t>(p)].parent)
      line.push_back(p);
    return line;
  }
  // The number of distinct candidates ("on" and "off" apart) on `line`.
  static int Distinct(const std::vector<int>& lits) {
    std::vector<int> sorted = lits;
    std::sort(sorted.begin(), sorted.end());
    return static_cast<int>(std::unique(sorted.begin(), sorted.end()) -
                            sorted.begin());
  }
  // Lists the step whose chain is `line` (pool indexes, end first), rated
  // on `base`; its pattern and text wait for Describe.
  void Emit(double base, const std::vector<int>& line, bool flip, Links links,
            Deduction d, std::vector<Found>* out) {
    std::vector<std::pair<int, int>> chain;
    std::vector<int> lits;
    for (int p : line) {
      const Pot& pot = pool_[static_cast<size_t>(p)];
      chain.push_back({pot.lit, pot.cause});
      lits.push_back(pot.lit);
    }
    const int complexity = Distinct(lits);
    const double difficulty = SeChainDifficulty(base, complexity);
    d.rating = std::round(difficulty * 10.0) / 10.0;
    d.complexity = complexity;
    const int key = links.x && links.y ? 4 : (links.y ? 3 : 2);
    out->push_back(
        {difficulty, complexity, key, std::move(d), std::move(chain), flip});
  }

  // The cycle ending at pool_[end] (the start "on" again): it removes each
  // candidate outside the loop's cells that both an "on" and an "off" of
  // the loop see.
  void AddCycle(int end, Links links, std::vector<Found>* out) {
    const std::vector<int> line = Line(end);
    // All but the assumption (`end` is the same candidate).
    const absl::Span<const int> loop =
        absl::MakeConstSpan(line).first(line.size() - 1);
    for (int p : loop)
      in_loop_[static_cast<size_t>(CellOf(pool_[static_cast<size_t>(p)].lit))] =
          1;
    // Per digit and cell: seen by an "on" (1), an "off" (2); seen_ is all
    // zero between calls, touched_ lists what this one set.
    touched_.clear();
    for (int p : loop) {
      const int lit = pool_[static_cast<size_t>(p)].lit;
      const int d = DigitOf(lit);
      for (int q : shape_->peers(CellOf(lit))) {
        if (!Has(q, d) || in_loop_[static_cast<size_t>(q)] != 0) continue;
        const int i = q * n_ + d - 1;
        char& s = seen_[static_cast<size_t>(i)];
        if (s == 0) touched_.push_back(i);
        s = static_cast<char>(s | (IsOn(lit) ? 1 : 2));
      }
    }
    // Cell by cell, digit by digit.
    std::sort(touched_.begin(), touched_.end());
    Deduction step;
    for (int i : touched_) {
      if (seen_[static_cast<size_t>(i)] == 3)
        step.eliminations.push_back({i / n_, i % n_ + 1});
      seen_[static_cast<size_t>(i)] = 0;
    }
    for (int p : loop)
      in_loop_[static_cast<size_t>(CellOf(pool_[static_cast<size_t>(p)].lit))] =
          0;
    if (step.eliminations.empty()) return;
    const TechniqueId tid = links.x && links.y ? TechniqueId::kCycle
                            : links.y          ? TechniqueId::kYCycle
                                               : TechniqueId::kXCycle;
    step.technique = std::string(GetTechniqueInfo(tid).id);
    Emit(links.x && links.y ? 7.0 : 6.5, line, /*flip=*/true, links,
         std::move(step), out);
  }

  // The forcing chain ending at pool_[target], the assumption's opposite:
  // an "off" end removes the candidate, an "on" end places it (removes the
  // cell's other candidates).
  void AddForcingChain(int target, Links links, std::vector<Found>* out) {
    const int lit = pool_[static_cast<size_t>(target)].lit;
    const int cell = CellOf(lit), d = DigitOf(lit);
    Deduction step;
    if (IsOn(lit)) {
      for (int x : board_->candidates(cell))
        if (x != d) step.eliminations.push_back({cell, x});
    } else {
      step.eliminations.push_back({cell, d});
    }
    const TechniqueId tid = links.y ? TechniqueId::kAic : TechniqueId::kXChain;
    step.technique = std::string(GetTechniqueInfo(tid).id);
    Emit(links.y ? 7.0 : 6.6, Line(target), /*flip=*/false, links,
         std::move(step), out);
  }

  const Board* board_ = nullptr;
  const Shape* shape_ = nullptr;
  int n_ = 0;
  // Per candidate (cell * N + digit - 1): whether the grid has it.
  std::vector<char> has_;
  // Per literal: the search that marked it (Marked), and the one whose
  // loop it may close (Cycles); numbered across grids.
  std::vector<uint32_t> stamp_, pred_;
  uint32_t gen_ = 0;
  SeStaticLinks links_;  // the board's
  std::vector<int> pending_on_, pending_off_;
  std::vector<Pot> pool_;
  std::vector<int> ends_;
  // Components: the grid's literals (links_.present()), the links followed,
  // Tarjan's state, all indexed by literal, and the components.
  std::vector<int> index_, low_, stack_;
  Closure all_;                 // along all links
  std::vector<size_t> joined_;  // CompleteReach
  int bits_ = 0;                // CompleteReach: bits given so far
  std::array<uint64_t, kMaxClosureLiterals / 64> acc_{};  // CompleteReach
  std::vector<int> bit_;   // per literal: its bit in a reach, or -1
  bool closure_ = false;   // reaches made for all_
  bool uncapped_ = false;  // this list cannot reach kMaxStaticWork
  size_t words_ = 0;       // per component's reach
  std::vector<Frame> frames_;
  int64_t work_ = 0;  // candidates reached, all searches of this list
  std::vector<char> seen_, in_loop_;         // AddCycle, all zero between calls
  std::vector<int> touched_;                 // AddCycle
  std::vector<std::pair<int, int>> starts_;  // Collect: (cell, digit)
};

// Fills a listed step's pattern, its on_causes (`f.flip`: the "off"
// candidates count as turned on too, a loop read backwards) and its text.
void Describe(const Shape& shape, Found* f) {
  Deduction* d = &f->step;
  const int n = shape.size();
  const std::vector<std::string>& lit_names = LiteralNames(shape);
  std::vector<std::string> names;
  for (auto it = f->line.rbegin(); it != f->line.rend(); ++it) {
    const auto [lit, cause] = *it;
    const int cell = (lit >> 1) / n, digit = (lit >> 1) % n + 1;
    names.push_back(lit_names[static_cast<size_t>(lit)]);
    d->pattern_candidates.push_back({cell, digit});
    if (cause != kNoCause && ((lit & 1) != 0 || f->flip))
      d->on_causes.push_back({cell, digit, cause == kCellCause ? -1 : cause});
  }
  Canonicalize(&d->pattern_candidates);
  for (const CellDigit& cd : d->pattern_candidates)
    d->pattern_cells.push_back(cd.cell);
  d->pattern_cells.erase(
      std::unique(d->pattern_cells.begin(), d->pattern_cells.end()),
      d->pattern_cells.end());
  std::sort(d->on_causes.begin(), d->on_causes.end(),
            [](const ChainCause& a, const ChainCause& b) {
              return std::tie(a.cell, a.digit, a.unit) <
                     std::tie(b.cell, b.digit, b.unit);
            });
  d->on_causes.erase(std::unique(d->on_causes.begin(), d->on_causes.end()),
                     d->on_causes.end());
  const TechniqueInfo* info = FindTechniqueInfo(d->technique);
  d->text = absl::StrCat(info != nullptr ? info->name : d->technique, ": ",
                         absl::StrJoin(names, " -> "));
}

// This thread's chainer. No rule runs inside this one, so it is never in
// use twice at a time. Not inlined: the searches then reach it through a
// plain pointer, not the thread's storage at each access.
ABSL_ATTRIBUTE_NOINLINE UnaryChainer& ThreadChainer() {
  thread_local UnaryChainer chainer;
  return chainer;
}

}  // namespace

SeStaticChains::SeStaticChains() : Technique(TechniqueId::kXCycle) {}

std::optional<Deduction> SeStaticChains::Find(const Board& board) const {
  std::vector<Deduction> all;
  FindAll(board, &all);
  if (all.empty()) return std::nullopt;
  return std::move(all[0]);
}

void SeStaticChains::FindAll(const Board& board,
                             std::vector<Deduction>* out) const {
  std::vector<Found> found;
  UnaryChainer& chainer = ThreadChainer();
  chainer.Reset(board);
  chainer.Collect(&found);
  std::stable_sort(found.begin(), found.end(),
                   [](const Found& a, const Found& b) {
                     return std::tie(a.difficulty, a.complexity, a.sort_key) <
                            std::tie(b.difficulty, b.complexity, b.sort_key);
                   });
  // One step per set of eliminations (SE's hints are equal when they
  // remove the same candidates): the first in that order.
  absl::flat_hash_set<std::vector<int>> listed;
  for (Found& f : found) {
    std::vector<int> key;
    for (const CellDigit& e : f.step.eliminations)
      key.push_back(e.cell * 64 + e.digit);
    if (!listed.insert(std::move(key)).second) continue;
    Describe(board.shape(), &f);
    out->push_back(std::move(f.step));
  }
}

}  // namespace sudoku
