// Bulk import of puzzles into a PuzzleStore: validation (a uniqueness check
// supplied by the caller, so storage stays below the solvers), isomorph
// deduplication, collection membership, batched transactions.
//
// Crash safety: items are written in batches of ImportOptions::batch_size,
// one transaction each. A killed import leaves every committed batch intact
// and nothing of the open one; running the same import again skips what is
// stored (as duplicates) and completes the rest.
#ifndef SUDOKU_STORAGE_IMPORTER_H_
#define SUDOKU_STORAGE_IMPORTER_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/grid.h"
#include "storage/puzzle_store.h"
#include "storage/sudoku.pb.h"

namespace sudoku {

// One puzzle read from an input, or why it could not be read.
struct ImportItem {
  std::string where;  // "file:line", for messages
  absl::StatusOr<Grid> grid = absl::UnknownError("unset");
  std::string label = {};   // rest of the input line (e.g. TSV columns)
  std::string source = {};  // default provenance (the file name)
  // From an export file (storage/exchange.h): restored with the puzzle. The
  // rating and generation record only when the puzzle is new; the
  // collections also for a duplicate.
  std::optional<proto::Rating> rating = {};
  std::optional<proto::GenerationInfo> generation = {};
  std::vector<std::string> collections = {};
  std::vector<std::string> books = {};  // book collections (marked used)
};

// What an exact solver says about a puzzle, counting solutions up to 2.
struct UniquenessVerdict {
  int num_solutions = 0;              // 0, 1 or 2 (= two or more)
  bool limit_hit = false;             // the solver gave up: unknown
  std::optional<Grid> solution = {};  // the solution when unique
};
// REQUIRES: CheckGivens(grid).ok() (the importer checks first).
using UniquenessCheck = std::function<UniquenessVerdict(const Grid&)>;

struct ImportOptions {
  // Every imported or duplicate puzzle joins this collection ("" = none).
  std::string collection = {};
  // Overrides ImportItem::source when set (--source).
  std::string source = {};
  // Keep puzzles with several solutions (stored with num_solutions = 2 and
  // no solution) instead of rejecting them.
  bool allow_nonunique = false;
  // Puzzles per transaction: large enough to amortise the commit (fsync of
  // the WAL), small enough that a crash loses little and readers see
  // progress. 500 puzzles commit in ~10 ms.
  int batch_size = 500;
};

enum class ImportOutcome { kImported, kDuplicate, kInvalid };

// The fate of one item, reported after its batch committed.
struct ImportEvent {
  const ImportItem* item = nullptr;  // not owned
  ImportOutcome outcome = ImportOutcome::kInvalid;
  int64_t id = 0;            // new id, or the id it duplicates
  std::string reason = {};   // kInvalid: "unreadable", "clashing givens",
                             // "no solution", "multiple solutions",
                             // "solver gave up"
  std::string message = {};  // kInvalid: the detailed error
};

struct ImportObserver {
  // After each batch commits, once per item of the batch, in input order.
  std::function<void(const ImportEvent&)> on_event = nullptr;
  // Inside the open transaction, after each item is written (progress lines;
  // the crash test kills the process at these points).
  std::function<void(int64_t items_done)> on_item_written = nullptr;
  // After each commit, with the number of items committed so far.
  std::function<void(int64_t items_committed)> on_commit = nullptr;
};

struct ImportSummary {
  int64_t read = 0;
  int64_t imported = 0;
  int64_t duplicates = 0;
  int64_t invalid = 0;
  int64_t nonunique_kept = 0;  // imported with --allow-nonunique
  std::map<std::string, int64_t> invalid_by_reason = {};

  // Adds another summary's counts (one import run made of several calls).
  void Add(const ImportSummary& other);
};

// Validates and stores `items`. Bad items are counted and reported, never
// fatal. Errors: the store's (Aborted when another writer holds the lock
// too long, Internal, ...); batches committed before the error stay.
absl::StatusOr<ImportSummary> ImportPuzzles(
    absl::Span<const ImportItem> items, const ImportOptions& options,
    const UniquenessCheck& check, PuzzleStore& store,
    const ImportObserver& observer = {});

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_IMPORTER_H_
