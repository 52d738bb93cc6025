// Positions for the nishio benchmarks (Google Benchmark and `sudoku-forge
// bench nishio`): one digit's cell set P per entry. Not part of the engine.
#ifndef SUDOKU_DEDUCTION_NISHIO_BENCH_POSITIONS_H_
#define SUDOKU_DEDUCTION_NISHIO_BENCH_POSITIONS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/grid.h"
#include "core/shape.h"
#include "deduction/nishio.h"

namespace sudoku::nishio_bench {

// For each puzzle: naked and hidden singles to a fixpoint, then P for every
// digit with a candidate left (puzzles that singles prove contradictory give
// none).
std::vector<CellBits> DigitSetsAfterSingles(const std::vector<Grid>& puzzles);

// The same for the puzzles of a text file (e.g. top1465). Unreadable files
// and bad lines give no positions.
std::vector<CellBits> DigitSetsAfterSinglesFromFile(const std::string& path);

// `puzzles` random partial grids of `shape`: a solution made from the
// pattern grid by seeded row/column/band/stack/digit shuffles, keeping 20%,
// 30%, 40%, 50%, ... (cycling) of its cells as givens; candidates are the
// digits no peer holds. Returns P for every digit with a candidate.
std::vector<CellBits> RandomDigitSets(const Shape& shape, int puzzles,
                                      uint64_t seed);

}  // namespace sudoku::nishio_bench

#endif  // SUDOKU_DEDUCTION_NISHIO_BENCH_POSITIONS_H_
