// Chains (see chains.h). The graph is built once per Find() from the
// board; the search then touches only flat arrays (no allocation per state).
#include "deduction/chains.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "deduction/links.h"

namespace sudoku {

void ResetAdjacency(std::vector<std::vector<int>>* adjacency, size_t num) {
  adjacency->resize(num);
  for (std::vector<int>& list : *adjacency) list.clear();
}

double LengthBonus(int length) {
  double added = 0;
  int ceil = 4;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

double ChainRating(double base, int length) {
  return std::round((base + LengthBonus(length)) * 10.0) / 10.0;
}

namespace {

// A box-line intersection holds at most max(box_rows, box_cols) <= 12 cells.
constexpr int kMaxGroupCells = 12;
// Work limit of one search (states expanded), so that 25x25 boards stay
// bounded; 9x9 searches stay far below it.
constexpr int64_t kMaxExpansions = 4'000'000;

struct Node {
  int digit = 0;
  int ncells = 0;
  std::array<int, kMaxGroupCells> cells{};
};

int PositionIn(const Shape& shape, int unit, int cell) {
  const int n = shape.size();
  switch (shape.unit_kind(unit)) {
    case UnitKind::kRow:
      return shape.Col(cell);
    case UnitKind::kColumn:
      return shape.Row(cell);
    case UnitKind::kBox:
      break;
  }
  (void)n;
  return (shape.Row(cell) % shape.box_rows()) * shape.box_cols() +
         shape.Col(cell) % shape.box_cols();
}

// The graph a search follows. Every kind but grouped AICs: the board's
// candidate links (deduction/links.h), node i being candidate i; they are
// the links BuildGroupedLinks would list for the candidates, less repeats
// (a cell seen in two units, which a breadth-first search skips anyway).
// Grouped AICs: candidate nodes, then box-line groups, with links built
// here.
struct Graph {
  const CandidateLinks* links = nullptr;  // candidate graph, else grouped
  int num_nodes = 0;
  // Grouped: the nodes (candidates first), and node i's strong links
  // strong[strong_at[i] .. strong_at[i + 1]), its weak links likewise.
  std::vector<Node> nodes;
  std::vector<int> single;  // cell * N + digit - 1 -> node, or -1
  int num_singles = 0;
  std::vector<int> strong_at, strong, weak_at, weak;
  // Grouped: per (unit, digit) the nodes lying in the unit, with their
  // positions, and the links as lists before they are laid out flat.
  std::vector<std::vector<std::pair<int, uint32_t>>> in_unit;
  std::vector<std::vector<int>> strong_lists, weak_lists;
  // The search's start nodes, and its state arrays by state (node * 2 +
  // true).
  std::vector<int> starts, stamp, parent, length, queue;

  Node NodeAt(int i) const {
    if (links == nullptr) return nodes[static_cast<size_t>(i)];
    Node node;
    node.digit = links->Digit(i);
    node.ncells = 1;
    node.cells[0] = links->Cell(i);
    return node;
  }
  // The strong (weak) links of node i: its unit links when `unit`, its cell
  // links when `cell` (a grouped graph: all of them).
  absl::Span<const int> Strong(int i, bool unit, bool cell) const {
    return links != nullptr ? links->Strong(i, unit, cell)
                            : Flat(strong_at, strong, i);
  }
  absl::Span<const int> Weak(int i, bool unit, bool cell) const {
    return links != nullptr ? links->Weak(i, unit, cell)
                            : Flat(weak_at, weak, i);
  }

 private:
  static absl::Span<const int> Flat(const std::vector<int>& at,
                                    const std::vector<int>& links, int i) {
    const size_t b = static_cast<size_t>(at[static_cast<size_t>(i)]);
    const size_t e = static_cast<size_t>(at[static_cast<size_t>(i) + 1]);
    return absl::MakeConstSpan(links).subspan(b, e - b);
  }
};

// Lays `lists` out flat into `at` and `links`.
void Flatten(const std::vector<std::vector<int>>& lists, std::vector<int>* at,
             std::vector<int>* links) {
  at->resize(lists.size() + 1);
  links->clear();
  for (size_t i = 0; i < lists.size(); ++i) {
    (*at)[i] = static_cast<int>(links->size());
    links->insert(links->end(), lists[i].begin(), lists[i].end());
  }
  (*at)[lists.size()] = static_cast<int>(links->size());
}

// The nodes of grouped chains (box-line groups after the candidates) and
// their links, unit by unit.
void BuildGroupedLinks(const Board& board, Graph* g) {
  const Shape& shape = board.shape();
  const UnitIndex index(board);
  const int n = shape.size();
  auto& in_unit = g->in_unit;
  in_unit.resize(static_cast<size_t>(3 * n * n));
  for (auto& list : in_unit) list.clear();
  auto slot = [n](int unit, int d) {
    return static_cast<size_t>(unit * n + d - 1);
  };
  for (int id = 0; id < g->num_singles; ++id) {
    const Node& node = g->nodes[static_cast<size_t>(id)];
    for (int u : shape.UnitsOf(node.cells[0]))
      in_unit[slot(u, node.digit)].push_back(
          {id, uint32_t{1} << PositionIn(shape, u, node.cells[0])});
  }
  for (int b = 0; b < n; ++b) {
    const int box = shape.BoxUnit(b);
    for (int d = 1; d <= n; ++d) {
      const uint32_t where = index.where(box, d);
      if (std::popcount(where) < 3) continue;  // a group needs a partner
      // Row segments then column segments of the box.
      for (int line_kind = 0; line_kind < 2; ++line_kind) {
        const int count = line_kind == 0 ? shape.box_rows() : shape.box_cols();
        for (int k = 0; k < count; ++k) {
          Node node;
          node.digit = d;
          for (int pos : Bits(where)) {
            const int r = pos / shape.box_cols(), c = pos % shape.box_cols();
            if ((line_kind == 0 ? r : c) != k) continue;
            node.cells[static_cast<size_t>(node.ncells++)] =
                index.CellAt(box, pos);
          }
          if (node.ncells < 2) continue;
          const int line = line_kind == 0
                               ? shape.RowUnit(shape.Row(node.cells[0]))
                               : shape.ColUnit(shape.Col(node.cells[0]));
          const int id = static_cast<int>(g->nodes.size());
          g->nodes.push_back(node);
          for (int u : {box, line}) {
            uint32_t mask = 0;
            for (int i = 0; i < node.ncells; ++i)
              mask |= uint32_t{1} << PositionIn(
                          shape, u, node.cells[static_cast<size_t>(i)]);
            in_unit[slot(u, d)].push_back({id, mask});
          }
        }
      }
    }
  }
  ResetAdjacency(&g->strong_lists, g->nodes.size());
  ResetAdjacency(&g->weak_lists, g->nodes.size());
  for (int u = 0; u < 3 * n; ++u) {
    for (int d = 1; d <= n; ++d) {
      const auto& list = in_unit[slot(u, d)];
      const uint32_t all = index.where(u, d);
      for (size_t i = 0; i < list.size(); ++i) {
        for (size_t j = i + 1; j < list.size(); ++j) {
          const auto [a, ma] = list[i];
          const auto [b, mb] = list[j];
          if ((ma & mb) != 0) continue;
          g->weak_lists[static_cast<size_t>(a)].push_back(b);
          g->weak_lists[static_cast<size_t>(b)].push_back(a);
          if ((ma | mb) == all) {
            g->strong_lists[static_cast<size_t>(a)].push_back(b);
            g->strong_lists[static_cast<size_t>(b)].push_back(a);
          }
        }
      }
    }
  }
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    const CandidateSet cands = board.candidates(cell);
    for (int x : cands) {
      for (int y : cands) {
        if (x == y) continue;
        const int a = g->single[static_cast<size_t>(cell * n + x - 1)];
        const int b = g->single[static_cast<size_t>(cell * n + y - 1)];
        g->weak_lists[static_cast<size_t>(a)].push_back(b);
        if (cands.Count() == 2)
          g->strong_lists[static_cast<size_t>(a)].push_back(b);
      }
    }
  }
  Flatten(g->strong_lists, &g->strong_at, &g->strong);
  Flatten(g->weak_lists, &g->weak_at, &g->weak);
}

void BuildGraph(const Board& board, ChainKind kind, Graph* g) {
  if (kind != ChainKind::kGroupedAic) {
    g->links = &CandidateLinks::Of(board);
    g->num_nodes = g->links->num_candidates();
    return;
  }
  g->links = nullptr;
  const Shape& shape = board.shape();
  const int n = shape.size();
  g->nodes.clear();
  g->single.assign(static_cast<size_t>(shape.num_cells() * n), -1);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (board.value(cell) != 0) continue;
    for (int d : board.candidates(cell)) {
      g->single[static_cast<size_t>(cell * n + d - 1)] =
          static_cast<int>(g->nodes.size());
      Node node;
      node.digit = d;
      node.ncells = 1;
      node.cells[0] = cell;
      g->nodes.push_back(node);
    }
  }
  g->num_singles = static_cast<int>(g->nodes.size());
  BuildGroupedLinks(board, g);
  g->num_nodes = static_cast<int>(g->nodes.size());
}

bool Contains(const Node& node, int cell) {
  for (int i = 0; i < node.ncells; ++i)
    if (node.cells[static_cast<size_t>(i)] == cell) return true;
  return false;
}

bool SeesAll(const Shape& shape, int cell, const Node& node) {
  for (int i = 0; i < node.ncells; ++i)
    if (!shape.SeesEachOther(cell, node.cells[static_cast<size_t>(i)]))
      return false;
  return true;
}

// The candidates weakly linked to both ends of a chain proving "s or e".
void EndEliminations(const Board& board, const Node& s, const Node& e,
                     std::vector<CellDigit>* out) {
  const Shape& shape = board.shape();
  out->clear();
  if (s.digit == e.digit) {
    const int d = s.digit;
    for (int cell : shape.peers(s.cells[0])) {
      if (board.value(cell) != 0 || !board.candidates(cell).Contains(d))
        continue;
      if (Contains(s, cell) || Contains(e, cell)) continue;
      if (SeesAll(shape, cell, s) && SeesAll(shape, cell, e))
        out->push_back({cell, d});
    }
    return;
  }
  if (s.ncells == 1 && e.ncells == 1 && s.cells[0] == e.cells[0]) {
    for (int d : board.candidates(s.cells[0]))
      if (d != s.digit && d != e.digit) out->push_back({s.cells[0], d});
    return;
  }
  if (s.ncells == 1) {
    const int cell = s.cells[0];
    if (board.candidates(cell).Contains(e.digit) && !Contains(e, cell) &&
        SeesAll(shape, cell, e))
      out->push_back({cell, e.digit});
  }
  if (e.ncells == 1) {
    const int cell = e.cells[0];
    if (board.candidates(cell).Contains(s.digit) && !Contains(s, cell) &&
        SeesAll(shape, cell, s))
      out->push_back({cell, s.digit});
  }
}

std::string NodeName(const Shape& shape, const Node& node, bool with_digit) {
  std::string cells;
  if (node.ncells == 1) {
    cells = shape.CellName(node.cells[0]);
  } else {
    std::vector<std::string> names;
    for (int i = 0; i < node.ncells; ++i)
      names.push_back(shape.CellName(node.cells[static_cast<size_t>(i)]));
    cells = absl::StrCat("{", absl::StrJoin(names, ","), "}");
  }
  if (!with_digit) return cells;
  return absl::StrCat("(", std::string(1, shape.Symbol(node.digit)), ")",
                      cells);
}

}  // namespace

// "r2c3,r5c2<>5; r1c1<>7" (grouped by digit, in order of first appearance).
std::string ChainEliminationText(const Shape& shape,
                                 const std::vector<CellDigit>& elims) {
  std::vector<int> digits;
  for (const CellDigit& e : elims)
    if (std::find(digits.begin(), digits.end(), e.digit) == digits.end())
      digits.push_back(e.digit);
  std::vector<std::string> parts;
  for (int d : digits) {
    std::vector<std::string> cells;
    for (const CellDigit& e : elims)
      if (e.digit == d) cells.push_back(shape.CellName(e.cell));
    parts.push_back(absl::StrCat(absl::StrJoin(cells, ","), "<>",
                                 std::string(1, shape.Symbol(d))));
  }
  return absl::StrJoin(parts, "; ");
}

std::optional<Deduction> ChainTechnique::Find(const Board& board) const {
  std::vector<Deduction> out;
  Search(board, false, &out);
  if (out.empty()) return std::nullopt;
  return std::move(out.front());
}

void ChainTechnique::FindAll(const Board& board,
                             std::vector<Deduction>* out) const {
  Search(board, true, out);
}

namespace {

// Fills in the step of the chain from the start to the state `end_state`
// (through `parent`), its conclusions already in `d`.
void DescribeChain(const Technique& technique, ChainKind kind,
                   const Board& board, const Graph& g, const int* parent,
                   const Node& start, int end_state, double rating,
                   Deduction* d) {
  const Shape& shape = board.shape();
  std::vector<int> path;
  for (int x = end_state; x != -1; x = parent[static_cast<size_t>(x)])
    path.push_back(x >> 1);
  std::reverse(path.begin(), path.end());
  std::string chain;
  for (size_t i = 0; i < path.size(); ++i) {
    const Node pn = g.NodeAt(path[i]);
    if (i > 0) chain += (i % 2 == 1) ? "=" : "-";
    chain += NodeName(shape, pn, kind != ChainKind::kX);
    for (int k = 0; k < pn.ncells; ++k) {
      d->pattern_cells.push_back(pn.cells[static_cast<size_t>(k)]);
      d->pattern_candidates.push_back(
          {pn.cells[static_cast<size_t>(k)], pn.digit});
    }
  }
  // Its strong links: from each false node to the next, true one.
  for (size_t i = 1; i < path.size(); i += 2) {
    const Node a = g.NodeAt(path[i - 1]);
    const Node b = g.NodeAt(path[i]);
    if (a.ncells == 1 && b.ncells == 1)
      d->on_causes.push_back(
          StrongLinkCause(board, {a.cells[0], a.digit}, {b.cells[0], b.digit}));
  }
  std::sort(d->pattern_cells.begin(), d->pattern_cells.end());
  d->pattern_cells.erase(
      std::unique(d->pattern_cells.begin(), d->pattern_cells.end()),
      d->pattern_cells.end());
  d->technique = std::string(technique.id());
  d->rating = rating;
  const std::string conclusion =
      d->placements.empty()
          ? ChainEliminationText(shape, d->eliminations)
          : absl::StrCat(shape.CellName(start.cells[0]), "=",
                         std::string(1, shape.Symbol(start.digit)));
  d->text =
      kind == ChainKind::kX
          ? absl::StrCat(technique.name(), " on ",
                         std::string(1, shape.Symbol(start.digit)), ": ", chain,
                         " => ", conclusion)
          : absl::StrCat(technique.name(), ": ", chain, " => ", conclusion);
}

}  // namespace

void ChainTechnique::Search(const Board& board, bool all,
                            std::vector<Deduction>* out) const {
  // Rebuilt in place on every search (its memory kept); a search calls no
  // other technique, so one graph per thread suffices.
  thread_local Graph graph;
  Graph& g = graph;
  BuildGraph(board, kind_, &g);
  const int num_nodes = g.num_nodes;
  if (num_nodes == 0) return;
  // The links of this kind: X-chains unit links only, XY-chains weak unit
  // links and strong links in bivalue cells, the others all.
  const bool unit_strong = kind_ != ChainKind::kXY;
  const bool cell_strong = kind_ != ChainKind::kX;
  const bool cell_weak = kind_ != ChainKind::kX && kind_ != ChainKind::kXY;
  // The start nodes: the candidates in order (and the groups after them).
  if (g.links == nullptr) {
    g.starts.resize(static_cast<size_t>(num_nodes));
    for (int i = 0; i < num_nodes; ++i) g.starts[static_cast<size_t>(i)] = i;
  }
  const absl::Span<const int> starts = g.links != nullptr
                                           ? g.links->Candidates()
                                           : absl::MakeConstSpan(g.starts);
  const size_t num_states = static_cast<size_t>(2 * num_nodes);
  // The breadth-first search's state arrays (a state is written before it
  // is read, once stamped).
  g.stamp.assign(num_states, 0);
  g.parent.resize(num_states);
  g.length.resize(num_states);
  g.queue.resize(num_states);
  int* const stamp = g.stamp.data();
  int* const parent = g.parent.data();
  int* const length = g.length.data();
  int* const queue = g.queue.data();
  std::vector<CellDigit> elims;
  const double base = difficulty();
  double best_rating = 1e9;
  std::optional<Deduction> best;
  int64_t expansions = 0;
  int gen = 0;
  for (const int s : starts) {
    if (expansions >= kMaxExpansions) break;
    if (g.Strong(s, unit_strong, cell_strong).empty()) continue;
    const Node start = g.NodeAt(s);
    if (kind_ == ChainKind::kXY &&
        board.candidates(start.cells[0]).Count() != 2)
      continue;
    ++gen;
    int head = 0, tail = 0;
    const int s_state = 2 * s;  // s false
    stamp[s_state] = gen;
    parent[s_state] = -1;
    length[s_state] = 1;
    queue[tail++] = s_state;
    bool done = false;
    while (head < tail && !done) {
      const int st = queue[head++];
      ++expansions;
      const int node = st >> 1;
      const bool truth = (st & 1) != 0;
      const int len = length[st];
      if (len >= kMaxChainNodes) continue;
      // A longer chain cannot beat the best found so far.
      if (!all && ChainRating(base, len + 1) >= best_rating) break;
      const absl::Span<const int> adj =
          truth ? g.Weak(node, true, cell_weak)
                : g.Strong(node, unit_strong, cell_strong);
      for (int m : adj) {
        const int next = 2 * m + (truth ? 0 : 1);
        if (stamp[next] == gen) continue;
        stamp[next] = gen;
        parent[next] = st;
        length[next] = len + 1;
        queue[tail++] = next;
        if (truth || len + 1 < 3) continue;
        // `m` is true whenever `s` is false: s or m.
        if (m == s) {
          if (start.ncells != 1) continue;
        } else {
          EndEliminations(board, start, g.NodeAt(m), &elims);
          if (elims.empty()) continue;
        }
        const double rating = ChainRating(base, len + 1);
        if (!all && rating >= best_rating) continue;
        Deduction d;
        if (m == s) {
          d.placements.push_back({start.cells[0], start.digit});
        } else {
          d.eliminations = elims;
        }
        DescribeChain(*this, kind_, board, g, parent, start, next, rating, &d);
        if (all) {
          out->push_back(std::move(d));
        } else {
          best_rating = rating;
          best = std::move(d);
          done = true;
          break;
        }
      }
    }
    // No chain rates below the base with no length bonus.
    if (!all && best && best_rating <= ChainRating(base, 4)) break;
  }
  if (best) out->push_back(std::move(*best));
}

void RemotePairs::Scan(const Board& board, const UnitIndex& /*index*/,
                       DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int cells = shape.num_cells();
  std::vector<int> bivalue;
  for (int cell = 0; cell < cells; ++cell)
    if (board.value(cell) == 0 && board.candidates(cell).Count() == 2)
      bivalue.push_back(cell);
  std::vector<bool> used(bivalue.size(), false);
  std::vector<int> comp, dist_row;
  for (size_t i = 0; i < bivalue.size(); ++i) {
    if (used[i]) continue;
    const CandidateSet pair = board.candidates(bivalue[i]);
    // The component of same-pair cells around bivalue[i].
    comp.assign(1, static_cast<int>(i));
    used[i] = true;
    for (size_t k = 0; k < comp.size(); ++k) {
      const int a = bivalue[static_cast<size_t>(comp[k])];
      for (size_t j = 0; j < bivalue.size(); ++j) {
        if (used[j] || board.candidates(bivalue[j]) != pair) continue;
        if (!shape.SeesEachOther(a, bivalue[j])) continue;
        used[j] = true;
        comp.push_back(static_cast<int>(j));
      }
    }
    const size_t m = comp.size();
    if (m < 4) continue;
    // All-pairs distances in the component (BFS from each cell).
    std::vector<int> dist(m * m, -1);
    for (size_t a = 0; a < m; ++a) {
      std::vector<size_t> q = {a};
      dist[a * m + a] = 0;
      for (size_t h = 0; h < q.size(); ++h) {
        const size_t u = q[h];
        for (size_t v = 0; v < m; ++v) {
          if (dist[a * m + v] >= 0) continue;
          if (!shape.SeesEachOther(bivalue[static_cast<size_t>(comp[u])],
                                   bivalue[static_cast<size_t>(comp[v])]))
            continue;
          dist[a * m + v] = dist[a * m + u] + 1;
          q.push_back(v);
        }
      }
    }
    Deduction d;
    int longest = 0;
    for (int cell = 0; cell < cells; ++cell) {
      if (board.value(cell) != 0) continue;
      const CandidateSet hit = board.candidates(cell) & pair;
      if (hit.empty()) continue;
      int shortest = -1;
      for (size_t a = 0; a < m; ++a) {
        const int ca = bivalue[static_cast<size_t>(comp[a])];
        if (ca == cell || !shape.SeesEachOther(cell, ca)) continue;
        for (size_t b = a + 1; b < m; ++b) {
          const int cb = bivalue[static_cast<size_t>(comp[b])];
          const int dd = dist[a * m + b];
          if (cb == cell || dd < 3 || dd % 2 == 0 ||
              !shape.SeesEachOther(cell, cb))
            continue;
          if (shortest < 0 || dd < shortest) shortest = dd;
        }
      }
      if (shortest < 0) continue;
      longest = std::max(longest, shortest);
      for (int dg : hit) d.eliminations.push_back({cell, dg});
    }
    if (d.eliminations.empty()) continue;
    std::vector<int> chain_cells;
    for (int c : comp) chain_cells.push_back(bivalue[static_cast<size_t>(c)]);
    std::sort(chain_cells.begin(), chain_cells.end());
    d.technique = std::string(id());
    // As the XY-chain SE sees: two candidates per cell of the pair chain.
    d.rating = ChainRating(difficulty(), 2 * (longest + 1));
    d.pattern_cells = chain_cells;
    for (int c : chain_cells)
      for (int dg : pair) d.pattern_candidates.push_back({c, dg});
    d.text = absl::StrCat("Remote pair ", DigitList(shape, pair), " on ",
                          CellList(shape, chain_cells), " => ",
                          ChainEliminationText(shape, d.eliminations));
    if (!emit(std::move(d))) return;
  }
}

}  // namespace sudoku
