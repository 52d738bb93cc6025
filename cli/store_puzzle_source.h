// StorePuzzleSource: the book's PuzzleSource on the puzzle store. Puzzles of
// a level are those whose latest rating has that level; unused puzzles (in
// no book) come first, then, if a section still needs more, puzzles already
// printed (flagged previously_used so the command can warn). MarkUsed adds
// the printed puzzles to the book's collection (is_book), so the next book
// skips them.
#ifndef SUDOKU_CLI_STORE_PUZZLE_SOURCE_H_
#define SUDOKU_CLI_STORE_PUZZLE_SOURCE_H_

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "render/book_source.h"
#include "storage/puzzle_store.h"

namespace sudoku::cli {

struct StoreSourceOptions {
  // Only puzzles in this collection ("" = any).
  std::string collection;
  // Only puzzles of this shape name, e.g. "3x3" ("" = any).
  std::string shape;
  // Fill a short section with puzzles already printed in earlier books.
  // Off with --generate-missing, which makes new ones instead.
  bool reuse_printed = true;
  // A level with no puzzle at all is NotFound (true) or simply short
  // (false, with --generate-missing).
  bool missing_level_is_error = true;
};

// Not thread-safe; `store` is not owned and must outlive the source.
class StorePuzzleSource : public PuzzleSource {
 public:
  StorePuzzleSource(PuzzleStore* store, StoreSourceOptions options)
      : store_(store), options_(std::move(options)) {}

  // NotFound (listing the levels the store has) when no puzzle matches the
  // level and filters; the store's errors otherwise.
  absl::StatusOr<std::vector<SourcePuzzle>> Take(absl::string_view level,
                                                 int count,
                                                 uint64_t seed) override;
  // Adds the puzzles to the book collection `book_name` in one transaction.
  absl::Status MarkUsed(absl::string_view book_name,
                        absl::Span<const SourcePuzzle> puzzles) override;

 private:
  absl::StatusOr<SourcePuzzle> ToSource(const StoredPuzzle& p, bool used);

  PuzzleStore* store_;  // not owned
  StoreSourceOptions options_;
  std::set<int64_t> taken_;  // ids handed out by Take
};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_STORE_PUZZLE_SOURCE_H_
