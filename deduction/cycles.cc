// Cycles (see cycles.h). Candidates are numbered cell * N + digit - 1; the
// graph is built once per Find().
#include "deduction/cycles.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "deduction/chains.h"

namespace sudoku {
namespace {

// The longest loop searched, in candidates: beyond it the loop would rate
// above the forcing chains (7.0 + bonus) that prove the same eliminations.
int MaxLoopNodes(CycleKind kind) {
  return kind == CycleKind::kBidirectional ? 12 : 20;
}
// Depth-first expansions per Find(), so that 25x25 boards stay bounded.
constexpr int64_t kMaxCycleWork = 3'000'000;

struct CycleGraph {
  int n = 0;
  std::vector<std::vector<int>> strong, weak;  // by candidate
  int Cell(int c) const { return c / n; }
  int Digit(int c) const { return c % n + 1; }
};

void BuildCycleGraph(const Board& board, const UnitIndex& index, CycleKind kind,
                     CycleGraph* g) {
  const Shape& shape = board.shape();
  const int n = shape.size();
  g->n = n;
  const size_t num = static_cast<size_t>(shape.num_cells() * n);
  ResetAdjacency(&g->strong, num);
  ResetAdjacency(&g->weak, num);
  const bool unit_strong = kind != CycleKind::kY;
  const bool cell_links = kind != CycleKind::kX;
  for (int u = 0; u < 3 * n; ++u) {
    for (int d = 1; d <= n; ++d) {
      const uint32_t where = index.where(u, d);
      const bool bilocal = std::popcount(where) == 2;
      for (int p : Bits(where)) {
        for (int q : Bits(where)) {
          if (p == q) continue;
          const int a = index.CellAt(u, p) * n + d - 1;
          const int b = index.CellAt(u, q) * n + d - 1;
          auto& weak = g->weak[static_cast<size_t>(a)];
          if (std::find(weak.begin(), weak.end(), b) == weak.end())
            weak.push_back(b);
          auto& strong = g->strong[static_cast<size_t>(a)];
          if (unit_strong && bilocal &&
              std::find(strong.begin(), strong.end(), b) == strong.end())
            strong.push_back(b);
        }
      }
    }
  }
  if (!cell_links) return;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    const CandidateSet cands = board.candidates(cell);
    for (int x : cands) {
      for (int y : cands) {
        if (x == y) continue;
        const int a = cell * n + x - 1, b = cell * n + y - 1;
        g->weak[static_cast<size_t>(a)].push_back(b);
        if (cands.Count() == 2) g->strong[static_cast<size_t>(a)].push_back(b);
      }
    }
  }
}

class LoopSearch {
 public:
  explicit LoopSearch(const CycleGraph& g) : g_(g) {
    const size_t num = g.weak.size();
    in_path_.assign(num, 0);
    dist_.assign(2 * num, kFar);
    mark_a_.assign(num, 0);
  }

  // Breadth-first distances (in steps) from each state (candidate, on) to
  // the start `s` on, over candidates >= s; then loops from `s`.
  void SetStart(int s) {
    s_ = s;
    std::fill(dist_.begin(), dist_.end(), kFar);
    std::vector<int> queue = {2 * s + 1};
    dist_[static_cast<size_t>(2 * s + 1)] = 0;
    for (size_t h = 0; h < queue.size(); ++h) {
      const int st = queue[h];
      const int c = st >> 1;
      const bool on = (st & 1) != 0;
      // Predecessors: (x, off) strongly linked to an on state; (x, on)
      // weakly linked to an off state.
      const auto& adj = on ? g_.strong[static_cast<size_t>(c)]
                           : g_.weak[static_cast<size_t>(c)];
      for (int x : adj) {
        if (x < s) continue;
        const int prev = 2 * x + (on ? 0 : 1);
        if (dist_[static_cast<size_t>(prev)] != kFar) continue;
        dist_[static_cast<size_t>(prev)] = dist_[static_cast<size_t>(st)] + 1;
        queue.push_back(prev);
      }
    }
  }

  // A loop of exactly `nodes` candidates from the start with eliminations:
  // fills `loop` and `elims` and returns true.
  bool Find(int nodes, std::vector<int>* loop, std::vector<CellDigit>* elims) {
    if (dist_[static_cast<size_t>(2 * s_ + 1)] == kFar) return false;
    target_ = nodes;
    path_.assign(1, s_);
    in_path_[static_cast<size_t>(s_)] = 1;
    const bool found = Dfs(s_, true, elims);
    for (int c : path_) in_path_[static_cast<size_t>(c)] = 0;
    if (found) *loop = path_;
    return found;
  }

  bool out_of_work() const { return work_ >= kMaxCycleWork; }

 private:
  static constexpr int kFar = 1 << 20;

  bool Dfs(int c, bool on, std::vector<CellDigit>* elims) {
    if (++work_ >= kMaxCycleWork) return false;
    const int depth = static_cast<int>(path_.size());
    if (!on && depth == target_) {
      const auto& st = g_.strong[static_cast<size_t>(c)];
      if (std::find(st.begin(), st.end(), s_) == st.end()) return false;
      return Eliminations(elims);
    }
    const auto& adj = on ? g_.weak[static_cast<size_t>(c)]
                         : g_.strong[static_cast<size_t>(c)];
    for (int w : adj) {
      if (w <= s_ || in_path_[static_cast<size_t>(w)] != 0) continue;
      const int st = 2 * w + (on ? 0 : 1);
      // Nodes once closed: depth + 1 + (steps back to s) - 1.
      if (depth + dist_[static_cast<size_t>(st)] > target_) continue;
      path_.push_back(w);
      in_path_[static_cast<size_t>(w)] = 1;
      const bool found = Dfs(w, !on, elims);
      if (found) return true;
      in_path_[static_cast<size_t>(w)] = 0;
      path_.pop_back();
      if (out_of_work()) return false;
    }
    return false;
  }

  // Candidates outside the loop weakly linked to both candidates of one
  // link of the loop (one of the two is true), as SE finds them: a
  // candidate that sees two loop candidates of opposite colours that are
  // not linked goes too in logic, but SE does not take it, nor the other
  // candidates of a loop cell whose two loop candidates are linked in it
  // (SE's step lists: no bidirectional cycle of 19 removes a candidate of
  // its own cells, one could have).
  bool Eliminations(std::vector<CellDigit>* elims) {
    elims->clear();
    const size_t len = path_.size();
    for (size_t i = 0; i < len; ++i) {
      ++stamp_;
      const int a = path_[i], b = path_[(i + 1) % len];
      if (g_.Cell(a) == g_.Cell(b)) continue;
      for (int w : g_.weak[static_cast<size_t>(a)])
        mark_a_[static_cast<size_t>(w)] = stamp_;
      for (int w : g_.weak[static_cast<size_t>(b)]) {
        if (mark_a_[static_cast<size_t>(w)] != stamp_ ||
            in_path_[static_cast<size_t>(w)] != 0)
          continue;
        const CellDigit cd{g_.Cell(w), g_.Digit(w)};
        if (std::find(elims->begin(), elims->end(), cd) == elims->end())
          elims->push_back(cd);
      }
    }
    return !elims->empty();
  }

  const CycleGraph& g_;
  int s_ = 0, target_ = 0, stamp_ = 0;
  int64_t work_ = 0;
  std::vector<int> path_;
  std::vector<uint8_t> in_path_;
  std::vector<int> dist_, mark_a_;
};

std::string LoopText(const Shape& shape, const CycleGraph& g, CycleKind kind,
                     const std::vector<int>& loop) {
  std::string text;
  for (size_t i = 0; i <= loop.size(); ++i) {
    const int c = loop[i % loop.size()];
    if (i > 0) text += (i % 2 == 1) ? "-" : "=";
    if (kind != CycleKind::kX)
      absl::StrAppend(&text, "(", std::string(1, shape.Symbol(g.Digit(c))),
                      ")");
    text += shape.CellName(g.Cell(c));
  }
  return text;
}

}  // namespace

std::optional<Deduction> CycleTechnique::Find(const Board& board) const {
  std::vector<Deduction> out;
  Search(board, false, &out);
  if (out.empty()) return std::nullopt;
  return std::move(out.front());
}

void CycleTechnique::FindAll(const Board& board,
                             std::vector<Deduction>* out) const {
  Search(board, true, out);
}

void CycleTechnique::Search(const Board& board, bool all,
                            std::vector<Deduction>* out) const {
  const Shape& shape = board.shape();
  const UnitIndex index(board);
  // Rebuilt in place on every search (ResetAdjacency); a search calls no
  // other technique, so one graph per thread suffices.
  thread_local CycleGraph g;
  BuildCycleGraph(board, index, kind_, &g);
  LoopSearch search(g);
  const int num = static_cast<int>(g.weak.size());
  int best_nodes = MaxLoopNodes(kind_) + 2;
  std::vector<int> loop;
  std::vector<CellDigit> elims;
  for (int s = 0; s < num && !search.out_of_work(); ++s) {
    if (g.strong[static_cast<size_t>(s)].empty()) continue;
    search.SetStart(s);
    const int limit = all ? MaxLoopNodes(kind_) : best_nodes - 2;
    for (int nodes = 4; nodes <= limit; nodes += 2) {
      if (!search.Find(nodes, &loop, &elims)) {
        if (search.out_of_work()) break;
        continue;
      }
      Deduction d;
      d.technique = std::string(id());
      d.rating = ChainRating(difficulty(), nodes - 2);
      d.eliminations = elims;
      Canonicalize(&d.eliminations);
      for (int c : loop)
        d.pattern_candidates.push_back({g.Cell(c), g.Digit(c)});
      // The loop turns loop[0] on, loop[1] off, loop[2] on, ... (and the
      // other way round: it holds both ways): its strong links run from
      // each odd node to the next, the last one back to the start.
      for (size_t i = 1; i < loop.size(); i += 2) {
        const int a = loop[i], b = loop[(i + 1) % loop.size()];
        d.on_causes.push_back(StrongLinkCause(board, {g.Cell(a), g.Digit(a)},
                                              {g.Cell(b), g.Digit(b)}));
      }
      Canonicalize(&d.pattern_candidates);
      for (const CellDigit& cd : d.pattern_candidates)
        if (d.pattern_cells.empty() || d.pattern_cells.back() != cd.cell)
          d.pattern_cells.push_back(cd.cell);
      d.text = absl::StrCat(
          name(),
          kind_ == CycleKind::kX
              ? absl::StrCat(" on ",
                             std::string(1, shape.Symbol(g.Digit(loop[0]))))
              : std::string(),
          ": ", LoopText(shape, g, kind_, loop), " => ",
          ChainEliminationText(shape, d.eliminations));
      if (all) {
        out->push_back(std::move(d));
        continue;
      }
      out->clear();
      out->push_back(std::move(d));
      best_nodes = nodes;
      break;
    }
    if (!all && best_nodes == 4) break;
  }
}

}  // namespace sudoku
