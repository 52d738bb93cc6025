// Stored puzzles as JSON Lines, every stored field of each: the puzzle
// (sudoku.proto Puzzle), its latest rating (Rating: score, level, ER/EP/ED,
// technique counts, features, stochastic results, engine version and
// parameters) and how it was generated (GenerationInfo), one object per
// line, for pandas, DuckDB or Spark:
//   {"puzzle": {...}, "rating": {...}, "generation": {...}}
// "rating" and "generation" are absent when not stored. The engine behind
// `export --format=jsonl`; streams page by page (bounded memory).
#ifndef SUDOKU_BANK_EXPORT_JSONL_H_
#define SUDOKU_BANK_EXPORT_JSONL_H_

#include <cstdint>
#include <ostream>
#include <string>

#include "absl/status/statusor.h"
#include "storage/puzzle_store.h"

namespace sudoku::bank {

// One line (without the newline) for stored puzzle `p`.
absl::StatusOr<std::string> JsonlRecord(PuzzleStore& store,
                                        const StoredPuzzle& p);

// Every puzzle matching `query` (its limit and after_id are the function's
// own), in id order, one line each to `out`. Returns the count written.
absl::StatusOr<int64_t> ExportJsonl(PuzzleStore& store, PuzzleQuery query,
                                    std::ostream& out);

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_EXPORT_JSONL_H_
