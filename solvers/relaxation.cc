#include "solvers/relaxation.h"

#include <cassert>

namespace sudoku {
namespace {

size_t Idx(int i) { return static_cast<size_t>(i); }

}  // namespace

Relaxation BuildRelaxation(const Grid& clues,
                           const std::vector<CandidateSet>* allowed) {
  const Shape& shape = clues.shape();
  const int n = shape.size();
  assert(allowed == nullptr || allowed->size() == Idx(clues.num_cells()));
  Relaxation r;
  r.clues = clues;
  // Candidates after hard-clue elimination, restricted by `allowed`.
  std::vector<CandidateSet> cand(Idx(shape.num_cells()));
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (clues[cell] != 0) continue;
    CandidateSet c = CandidateSet::All(n);
    for (int peer : shape.peers(cell))
      if (clues[peer] != 0) c.Erase(clues[peer]);
    if (allowed != nullptr && !(*allowed)[Idx(cell)].empty())
      c &= (*allowed)[Idx(cell)];
    cand[Idx(cell)] = c;
  }
  // Variable index of (cell, digit), -1 when eliminated.
  std::vector<int> index(Idx(shape.num_cells() * (n + 1)), -1);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    if (clues[cell] != 0) continue;
    const int start = r.num_vars();
    for (int d : cand[Idx(cell)]) {
      index[Idx(cell * (n + 1) + d)] = r.num_vars();
      r.var_cell.push_back(cell);
      r.var_digit.push_back(d);
    }
    for (int v = start; v < r.num_vars(); ++v) r.group_vars.push_back(v);
    if (r.num_vars() == start) r.feasible = false;
    r.group_start.push_back(static_cast<int>(r.group_vars.size()));
    ++r.num_cell_groups;
  }
  for (int u = 0; u < shape.num_units(); ++u) {
    CandidateSet placed;
    for (int cell : shape.unit(u))
      if (clues[cell] != 0) placed.Insert(clues[cell]);
    for (int d = 1; d <= n; ++d) {
      if (placed.Contains(d)) continue;
      const size_t before = r.group_vars.size();
      for (int cell : shape.unit(u)) {
        const int v = clues[cell] == 0 ? index[Idx(cell * (n + 1) + d)] : -1;
        if (v >= 0) r.group_vars.push_back(v);
      }
      if (r.group_vars.size() == before) r.feasible = false;
      r.group_start.push_back(static_cast<int>(r.group_vars.size()));
    }
  }
  return r;
}

Grid RoundArgmax(const Relaxation& relaxation, const std::vector<double>& p) {
  Grid g = relaxation.clues;
  for (int group = 0; group < relaxation.num_cell_groups; ++group) {
    const int begin = relaxation.group_start[Idx(group)];
    const int end = relaxation.group_start[Idx(group + 1)];
    int best = -1;
    for (int k = begin; k < end; ++k) {
      const int v = relaxation.group_vars[Idx(k)];
      if (best < 0 || p[Idx(v)] > p[Idx(best)]) best = v;
    }
    if (best >= 0)
      g.set(relaxation.var_cell[Idx(best)], relaxation.var_digit[Idx(best)]);
  }
  return g;
}

Grid RoundHalf(const Relaxation& relaxation, const std::vector<double>& p) {
  Grid g = relaxation.clues;
  for (int group = 0; group < relaxation.num_cell_groups; ++group) {
    const int begin = relaxation.group_start[Idx(group)];
    const int end = relaxation.group_start[Idx(group + 1)];
    int one = -1, ones = 0;
    for (int k = begin; k < end; ++k) {
      const int v = relaxation.group_vars[Idx(k)];
      if (p[Idx(v)] >= 0.5) {
        one = v;
        ++ones;
      }
    }
    if (ones == 1)
      g.set(relaxation.var_cell[Idx(one)], relaxation.var_digit[Idx(one)]);
  }
  return g;
}

}  // namespace sudoku
