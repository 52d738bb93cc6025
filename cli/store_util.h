// Opening the --db store and the puzzle filters shared by the storage
// commands (import, export, list, show, stats).
#ifndef SUDOKU_CLI_STORE_UTIL_H_
#define SUDOKU_CLI_STORE_UTIL_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "storage/puzzle_store.h"
#include "storage/sqlite_puzzle_store.h"

namespace sudoku::cli {

// Opens --db. `create`: make the file if missing and open it for writing
// (import, generate, rate); read commands (export, list, show, stats) pass
// false: a mistyped path is an error, not a new empty database, and the bank
// is opened read-only, so a bank without write permission can be read.
absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> OpenStoreFromFlags(
    bool create);

// --collection, --level, --shape, --score-min, --score-max, --unused.
// InvalidArgument for a bad number or shape.
absl::StatusOr<PuzzleQuery> QueryFromFlags();

// The flag names QueryFromFlags reads (for Command::flags).
inline constexpr const char* kQueryFlags[] = {
    "collection", "level", "shape", "score_min", "score_max", "unused"};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_STORE_UTIL_H_
