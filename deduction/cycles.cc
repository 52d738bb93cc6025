// Cycles (see cycles.h). Candidates are numbered cell * N + digit - 1; the
// links are deduction/links.h's.
#include "deduction/cycles.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "deduction/chains.h"
#include "deduction/links.h"

namespace sudoku {
namespace {

// The longest loop searched, in candidates: beyond it the loop would rate
// above the forcing chains (7.0 + bonus) that prove the same eliminations.
int MaxLoopNodes(CycleKind kind) {
  return kind == CycleKind::kBidirectional ? 12 : 20;
}
// Depth-first expansions per Find(), so that 25x25 boards stay bounded.
constexpr int64_t kMaxCycleWork = 3'000'000;

// The links a cycle of one kind follows: X-cycles unit links only,
// Y-cycles strong links in cells only (deduction/links.h).
struct CycleGraph {
  CycleGraph(const CandidateLinks& l, CycleKind kind)
      : links(l),
        num(l.num_candidates()),
        unit_strong(kind != CycleKind::kY),
        cell_links(kind != CycleKind::kX) {}
  int Cell(int c) const { return links.Cell(c); }
  int Digit(int c) const { return links.Digit(c); }
  absl::Span<const int> Strong(int c) const {
    return links.Strong(c, unit_strong, cell_links);
  }
  absl::Span<const int> Weak(int c) const {
    return links.Weak(c, true, cell_links);
  }

  const CandidateLinks& links;
  const int num;  // candidates
  const bool unit_strong, cell_links;
};

// Loops through one start candidate, every even length at once: one
// depth-first search finds, for each length, the loop an iterative
// deepening (a search per length, children in link order) would find
// first, since it meets the loops of each length in the same order.
class LoopSearch {
 public:
  LoopSearch(const CycleGraph& g, int max_nodes)
      : g_(g), max_nodes_(max_nodes) {
    const size_t num = static_cast<size_t>(g.num);
    in_path_.assign(num, 0);
    dist_.assign(2 * num, kFar);
    mark_a_.assign(num, 0);
    const size_t lengths = static_cast<size_t>(max_nodes) + 1;
    found_.assign(lengths, 0);
    loops_.resize(lengths);
    elims_.resize(lengths);
  }

  // Breadth-first distances (in steps) from each state (candidate, on) to
  // the start `s` on, over candidates >= s, up to max_nodes - 1 (a state
  // farther away closes no loop the search wants); then loops from `s`.
  void SetStart(int s) {
    s_ = s;
    for (int st : queue_) dist_[static_cast<size_t>(st)] = kFar;
    queue_.assign(1, 2 * s + 1);
    dist_[static_cast<size_t>(2 * s + 1)] = 0;
    for (size_t h = 0; h < queue_.size(); ++h) {
      const int st = queue_[h];
      const int next = dist_[static_cast<size_t>(st)] + 1;
      if (next >= max_nodes_) continue;
      const int c = st >> 1;
      const bool on = (st & 1) != 0;
      // Predecessors: (x, off) strongly linked to an on state; (x, on)
      // weakly linked to an off state.
      const absl::Span<const int> adj = on ? g_.Strong(c) : g_.Weak(c);
      for (int x : adj) {
        if (x < s) continue;
        const int prev = 2 * x + (on ? 0 : 1);
        if (dist_[static_cast<size_t>(prev)] != kFar) continue;
        dist_[static_cast<size_t>(prev)] = next;
        queue_.push_back(prev);
      }
    }
  }

  // For each even length 4..limit (<= max_nodes), the first loop from the
  // start with eliminations (found(), loop(), elims()); with
  // `shortest_only`, only the shortest such loop is sure to be found.
  void Find(int limit, bool shortest_only) {
    std::fill(found_.begin(), found_.end(), 0);
    shortest_only_ = shortest_only;
    cap_ = limit;
    path_.assign(1, s_);
    in_path_[static_cast<size_t>(s_)] = 1;
    if (cap_ >= 4) Dfs(s_, true);
    for (int c : path_) in_path_[static_cast<size_t>(c)] = 0;
  }
  bool found(int nodes) const { return found_[static_cast<size_t>(nodes)]; }
  const std::vector<int>& loop(int nodes) const {
    return loops_[static_cast<size_t>(nodes)];
  }
  const std::vector<CellDigit>& elims(int nodes) const {
    return elims_[static_cast<size_t>(nodes)];
  }

  bool out_of_work() const { return work_ >= kMaxCycleWork; }

 private:
  static constexpr int kFar = 1 << 20;

  void Dfs(int c, bool on) {
    if (++work_ >= kMaxCycleWork) return;
    const int depth = static_cast<int>(path_.size());
    if (!on) {
      if (depth >= 4 && depth <= cap_ && !found_[static_cast<size_t>(depth)])
        Close(c, depth);
      // A longer path closes only loops longer than wanted.
      if (depth >= cap_) return;
    }
    const absl::Span<const int> adj = on ? g_.Weak(c) : g_.Strong(c);
    for (int w : adj) {
      if (w <= s_ || in_path_[static_cast<size_t>(w)] != 0) continue;
      const int st = 2 * w + (on ? 0 : 1);
      // Nodes once closed: depth + 1 + (steps back to s) - 1.
      if (depth + dist_[static_cast<size_t>(st)] > cap_) continue;
      path_.push_back(w);
      in_path_[static_cast<size_t>(w)] = 1;
      Dfs(w, !on);
      in_path_[static_cast<size_t>(w)] = 0;
      path_.pop_back();
      if (out_of_work() || cap_ < 4) return;
    }
  }

  // The path, `depth` candidates ending with c off, as a loop: kept when c
  // is strongly linked to the start and the loop has eliminations. Then
  // lowers cap_ to the longest length still wanted.
  void Close(int c, int depth) {
    const absl::Span<const int> st = g_.Strong(c);
    if (std::find(st.begin(), st.end(), s_) == st.end()) return;
    const size_t k = static_cast<size_t>(depth);
    if (!Eliminations(&elims_[k])) return;
    found_[k] = 1;
    loops_[k] = path_;
    if (shortest_only_) {
      cap_ = depth - 2;
    } else {
      while (cap_ >= 4 && found_[static_cast<size_t>(cap_)]) cap_ -= 2;
    }
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
      for (int w : g_.Weak(a)) mark_a_[static_cast<size_t>(w)] = stamp_;
      for (int w : g_.Weak(b)) {
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
  const int max_nodes_;
  int s_ = 0, cap_ = 0, stamp_ = 0;
  bool shortest_only_ = false;
  int64_t work_ = 0;
  std::vector<int> path_, queue_;
  std::vector<uint8_t> in_path_;
  std::vector<int> dist_, mark_a_;
  // By length: a loop found, its candidates and eliminations.
  std::vector<uint8_t> found_;
  std::vector<std::vector<int>> loops_;
  std::vector<std::vector<CellDigit>> elims_;
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
  const CycleGraph g(CandidateLinks::Of(board), kind_);
  LoopSearch search(g, MaxLoopNodes(kind_));
  int best_nodes = MaxLoopNodes(kind_) + 2;
  for (const int s : g.links.Candidates()) {
    if (search.out_of_work()) break;
    if (g.Strong(s).empty()) continue;
    search.SetStart(s);
    const int limit = all ? MaxLoopNodes(kind_) : best_nodes - 2;
    search.Find(limit, !all);
    for (int nodes = 4; nodes <= limit; nodes += 2) {
      if (!search.found(nodes)) continue;
      const std::vector<int>& loop = search.loop(nodes);
      Deduction d;
      d.technique = std::string(id());
      d.rating = ChainRating(difficulty(), nodes - 2);
      d.eliminations = search.elims(nodes);
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
