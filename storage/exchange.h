// The export formats that `import` reads back: json (one ExportedPuzzle per
// line), tsv (a header line, then one row per puzzle) and sdk (a '#' header
// block and N rows per puzzle). Each keeps the givens, solution, source,
// label, latest rating (level, score, engine version and the rest), the
// generation record and the collections of a puzzle, so that
// export --format=F then import gives the same bank contents back.
#ifndef SUDOKU_STORAGE_EXCHANGE_H_
#define SUDOKU_STORAGE_EXCHANGE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "storage/importer.h"
#include "storage/puzzle_store.h"
#include "storage/sudoku.pb.h"

namespace sudoku {

enum class ExchangeFormat { kJson, kTsv, kSdk };

// What one exported puzzle carries besides StoredPuzzle's own fields.
struct ExchangeExtras {
  std::optional<proto::Rating> rating = {};  // the latest rating
  std::optional<proto::GenerationInfo> generation = {};
  std::vector<std::string> collections = {};
  std::vector<std::string> books = {};  // book collections (marked used)
};

// The puzzle's extras read from `store` (latest rating, generation record,
// collections).
absl::StatusOr<ExchangeExtras> ReadExtras(PuzzleStore& store,
                                          const StoredPuzzle& puzzle);

// The TSV header line (with '\n'), printed once before the rows.
std::string ExchangeTsvHeader();

// One puzzle in `format`, ending with a newline (sdk: with a blank line).
std::string FormatExchange(const StoredPuzzle& puzzle,
                           const ExchangeExtras& extras, ExchangeFormat format);

// Reads `text` (the contents of `file`) as an export file. nullopt when it
// is none (its first line is not an export's), so the caller reads it as
// plain puzzles. Otherwise one item per puzzle, with `where` = file:line; a
// bad record becomes an item whose grid holds the error (the importer
// reports it and carries on).
std::optional<std::vector<ImportItem>> ParseExchange(absl::string_view text,
                                                     absl::string_view file);

// Reading an export file piece by piece (import streams its input): the
// format from the file's first non-empty line, then the records of each
// piece.
struct ExchangeHead {
  ExchangeFormat format = ExchangeFormat::kJson;
  size_t tsv_columns = 0;  // tsv: columns its header names
};
// nullopt when `first_line` (without its line end) starts no export file.
std::optional<ExchangeHead> DetectExchange(absl::string_view first_line);
// The records of `text`, a piece of an export file in `head`'s format that
// holds whole records (sdk: whole blocks; tsv: no header line), whose first
// line is line `first_line` of `file`.
std::vector<ImportItem> ParseExchangePiece(absl::string_view text,
                                           absl::string_view file,
                                           const ExchangeHead& head,
                                           int first_line);

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_EXCHANGE_H_
