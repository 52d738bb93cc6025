// Canonical (minlex) keys per second for 9x9 puzzles.
// Corpora from SUDOKU_SHARED_DIR (skipped when absent), loaded outside the
// timed loop and cycled through inside it.
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "core/canonical.h"
#include "core/format.h"
#include "tests/testing/paths.h"

namespace sudoku {
namespace {

std::vector<Grid> Load(const std::string& path) {
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  std::vector<Grid> out;
  for (PuzzleRecord& rec : ParsePuzzles(text)) {
    if (rec.grid.ok()) out.push_back(*std::move(rec.grid));
  }
  return out;
}

void BM_CanonicalKey(benchmark::State& state, const char* file) {
  std::vector<Grid> puzzles =
      Load(sudoku::testing::SharedDir() + "/corpora/" + file);
  if (puzzles.empty()) {
    state.SkipWithError("corpus not found");
    return;
  }
  size_t i = 0;
  for (auto _ : state) {
    absl::StatusOr<std::string> key = CanonicalKey(puzzles[i]);
    benchmark::DoNotOptimize(key);
    if (++i == puzzles.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_CanonicalKey, seventeen, "puzzles2_17_clue.txt");
BENCHMARK_CAPTURE(BM_CanonicalKey, hardest,
                  "puzzles5_forum_hardest_1905_11+.txt");

}  // namespace
}  // namespace sudoku
