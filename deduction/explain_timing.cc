// Times the stepping solver (full ladder) per puzzle over a puzzle file and
// prints median / mean / p90 / max, the share solved without guessing and
// how often each technique was used. Not a test; a measuring tool:
//
//   build/release/deduction/sudoku_explain_timing FILE [LIMIT [LADDER]]
// LADDER: a --techniques list (default "all").
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "core/format.h"
#include "deduction/step_solver.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE [LIMIT]\n", argv[0]);
    return 2;
  }
  const size_t limit = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1u << 30;
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  auto solver = sudoku::StepSolver::Create(argc > 3 ? argv[3] : "all", {});
  if (!solver.ok()) return 1;
  std::vector<double> times;
  std::map<std::string, int> used;
  // With a second tab-separated column (an SE ER, e.g. rated/*.tsv): ER
  // agreement per SE ER value, and the mean of our ER for it.
  std::map<int, std::array<double, 4>>
      bands;  // SE x10 -> {n, exact, within 0.1, sum ER}
  size_t by_logic = 0;
  std::string line;
  while (times.size() < limit && std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto grid =
        sudoku::ParseGrid(line.substr(0, std::min<size_t>(81, line.size())));
    if (!grid.ok()) continue;
    // CPU time of this process (the machine may be shared).
    const std::clock_t t0 = std::clock();
    const sudoku::Explanation e = (*solver)->Explain(*grid);
    const std::clock_t t1 = std::clock();
    times.push_back(static_cast<double>(t1 - t0) / CLOCKS_PER_SEC);
    if (e.solved_by_logic) ++by_logic;
    const size_t tab = line.find('\t');
    if (tab != std::string::npos) {
      const double se = std::strtod(line.c_str() + tab + 1, nullptr);
      if (se > 0) {
        auto& b = bands[static_cast<int>(std::lround(se * 10))];
        ++b[0];
        if (std::abs(e.ratings.er - se) < 0.05) ++b[1];
        if (std::abs(e.ratings.er - se) < 0.15) ++b[2];
        b[3] += e.ratings.er;
      }
    }
    for (const auto& [id, count] : e.technique_counts) used[id] += count;
  }
  if (times.empty()) return 1;
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0;
  for (double t : times) sum += t;
  std::printf("%s: %zu puzzles, %zu solved without guessing\n", argv[1],
              times.size(), by_logic);
  std::printf(
      "CPU seconds per puzzle: median %.4f mean %.4f p90 %.4f max %.4f "
      "total %.2f\n",
      sorted[sorted.size() / 2], sum / static_cast<double>(times.size()),
      sorted[sorted.size() * 9 / 10], sorted.back(), sum);
  for (const auto& [band, b] : bands)
    std::printf(
        "SE ER %.1f: %3.0f puzzles, ER equal %3.0f, within 0.1 %3.0f, "
        "mean ER %.2f\n",
        band / 10.0, b[0], b[1], b[2], b[3] / b[0]);
  for (const auto& [id, count] : used)
    std::printf("  %-24s %d\n", id.c_str(), count);
  return 0;
}
