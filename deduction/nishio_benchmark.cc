// Benchmarks of the single-digit rule: DAG vs pattern overlay (9x9, top1465
// positions after singles, one call per digit) and the DAG on 16x16 and
// 25x25 positions. Positions are built outside the timed loop and cycled
// inside it.
//
//   build/rel/deduction/sudoku_nishio_benchmark
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "core/format.h"
#include "deduction/nishio.h"
#include "deduction/nishio_bench_positions.h"
#include "tests/testing/paths.h"

namespace sudoku {
namespace {

const std::vector<CellBits>& Top1465Positions() {
  static const auto* positions =
      new std::vector<CellBits>(nishio_bench::DigitSetsAfterSinglesFromFile(
          sudoku::testing::SharedDir() +
          "/corpora/puzzles3_magictour_top1465.txt"));
  return *positions;
}

template <typename Solve>
void Run(benchmark::State& state, const Shape& shape,
         const std::vector<CellBits>& positions, Solve solve) {
  if (positions.empty()) {
    state.SkipWithError("no positions (corpus missing?)");
    return;
  }
  size_t i = 0;
  int64_t work = 0;
  for (auto _ : state) {
    SingleDigitResult r = solve(shape, positions[i]);
    work += r.work;
    benchmark::DoNotOptimize(r);
    if (++i == positions.size()) i = 0;
  }
  state.counters["work_per_call"] = benchmark::Counter(
      static_cast<double>(work), benchmark::Counter::kAvgIterations);
  state.counters["positions"] = static_cast<double>(positions.size());
}

void BM_NishioDag9x9(benchmark::State& state) {
  Run(state, Shape::Classic(), Top1465Positions(), SolveSingleDigitDag);
}
BENCHMARK(BM_NishioDag9x9);

void BM_NishioOverlay9x9(benchmark::State& state) {
  Run(state, Shape::Classic(), Top1465Positions(),
      [](const Shape& s, const CellBits& p) {
        return *SolveSingleDigitOverlay(s, p);
      });
}
BENCHMARK(BM_NishioOverlay9x9);

void BM_NishioMatching9x9(benchmark::State& state) {
  Run(state, Shape::Classic(), Top1465Positions(), SolveSingleDigitMatching);
}
BENCHMARK(BM_NishioMatching9x9);

// Arg: box size (4 = 16x16, 5 = 25x25).
void BM_NishioDagLarge(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const Shape& shape = Shape::GetOrDie(k, k);
  static auto* cache = new std::vector<std::vector<CellBits>>(6);
  std::vector<CellBits>& positions = (*cache)[static_cast<size_t>(k)];
  if (positions.empty()) {
    positions = nishio_bench::RandomDigitSets(shape, /*puzzles=*/4,
                                              /*seed=*/20121);
  }
  Run(state, shape, positions, SolveSingleDigitDag);
}
BENCHMARK(BM_NishioDagLarge)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

// The worst case: an empty grid (P = every cell, the whole DAG).
void BM_NishioDagFullGrid(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const Shape& shape = Shape::GetOrDie(k, k);
  CellBits all;
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    all.set(static_cast<size_t>(cell));
  }
  Run(state, shape, {all}, SolveSingleDigitDag);
}
BENCHMARK(BM_NishioDagFullGrid)
    ->Arg(3)
    ->Arg(4)
    ->Arg(5)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sudoku
