#include "storage/importer.h"

#include <algorithm>
#include <utility>

#include "core/status_macros.h"

namespace sudoku {
namespace {

// Classifies one item before any write: its event (without id yet) and,
// when valid, the puzzle to insert.
ImportEvent Validate(const ImportItem& item, const ImportOptions& options,
                     const UniquenessCheck& check,
                     std::optional<NewPuzzle>* out) {
  ImportEvent event{.item = &item};
  auto invalid = [&](std::string reason, std::string message) {
    event.outcome = ImportOutcome::kInvalid;
    event.reason = std::move(reason);
    event.message = std::move(message);
    return event;
  };
  if (!item.grid.ok())
    return invalid("unreadable", std::string(item.grid.status().message()));
  const Grid& grid = *item.grid;
  if (absl::Status s = CheckGivens(grid); !s.ok()) {
    return invalid("clashing givens", std::string(s.message()));
  }
  UniquenessVerdict verdict = check(grid);
  if (verdict.limit_hit && verdict.num_solutions < 2) {
    return invalid("solver gave up",
                   "the solver's node limit stopped the uniqueness check");
  }
  if (verdict.num_solutions == 0)
    return invalid("no solution", "the puzzle has no solution");
  if (verdict.num_solutions >= 2 && !options.allow_nonunique) {
    return invalid(
        "multiple solutions",
        "the puzzle has several solutions (--allow-nonunique keeps it)");
  }
  NewPuzzle puzzle{.givens = grid};
  puzzle.num_solutions = std::min(verdict.num_solutions, 2);
  if (puzzle.num_solutions == 1) puzzle.solution = std::move(verdict.solution);
  puzzle.source = options.source.empty() ? item.source : options.source;
  puzzle.label = item.label;
  *out = std::move(puzzle);
  event.outcome = ImportOutcome::kImported;  // or kDuplicate, decided on insert
  return event;
}

// What an export file carried besides the puzzle (storage/exchange.h).
absl::Status RestoreExtras(const ImportItem& item, bool inserted, int64_t id,
                           PuzzleStore& store) {
  if (inserted && item.rating.has_value()) {
    SUDOKU_RETURN_IF_ERROR(store.AddRating(id, *item.rating).status());
  }
  if (inserted && item.generation.has_value()) {
    SUDOKU_RETURN_IF_ERROR(store.SetGenerationInfo(id, *item.generation));
  }
  for (const std::string& name : item.collections) {
    SUDOKU_ASSIGN_OR_RETURN(int64_t collection,
                            store.EnsureCollection(name, false));
    SUDOKU_RETURN_IF_ERROR(store.AddToCollection(collection, id));
  }
  for (const std::string& book : item.books) {
    SUDOKU_RETURN_IF_ERROR(store.MarkUsed(book, {id}));
  }
  return absl::OkStatus();
}

}  // namespace

void ImportSummary::Add(const ImportSummary& other) {
  read += other.read;
  imported += other.imported;
  duplicates += other.duplicates;
  invalid += other.invalid;
  nonunique_kept += other.nonunique_kept;
  for (const auto& [reason, n] : other.invalid_by_reason)
    invalid_by_reason[reason] += n;
}

absl::StatusOr<ImportSummary> ImportPuzzles(absl::Span<const ImportItem> items,
                                            const ImportOptions& options,
                                            const UniquenessCheck& check,
                                            PuzzleStore& store,
                                            const ImportObserver& observer) {
  if (options.batch_size < 1) {
    return absl::InvalidArgumentError("import: batch_size must be >= 1");
  }
  std::optional<int64_t> collection_id;
  if (!options.collection.empty()) {
    absl::Status status = store.RunInTransaction([&]() -> absl::Status {
      SUDOKU_ASSIGN_OR_RETURN(
          collection_id, store.EnsureCollection(options.collection, false));
      return absl::OkStatus();
    });
    if (!status.ok()) return status;
  }
  ImportSummary summary;
  const auto batch = static_cast<size_t>(options.batch_size);
  int64_t written = 0;
  for (size_t begin = 0; begin < items.size(); begin += batch) {
    const size_t end = std::min(items.size(), begin + batch);
    // Validation (the solver) runs outside the transaction, so the write
    // lock is held only for the inserts.
    std::vector<ImportEvent> events;
    std::vector<std::optional<NewPuzzle>> puzzles(end - begin);
    for (size_t i = begin; i < end; ++i) {
      events.push_back(Validate(items[i], options, check, &puzzles[i - begin]));
    }
    ImportSummary delta;
    absl::Status status = store.RunInTransaction([&]() -> absl::Status {
      delta = ImportSummary();
      for (size_t k = 0; k < events.size(); ++k) {
        ImportEvent& event = events[k];
        ++delta.read;
        if (!puzzles[k].has_value()) {
          ++delta.invalid;
          ++delta.invalid_by_reason[event.reason];
        } else {
          SUDOKU_ASSIGN_OR_RETURN(InsertResult r,
                                  store.InsertPuzzle(*puzzles[k]));
          event.id = r.id;
          event.outcome =
              r.inserted ? ImportOutcome::kImported : ImportOutcome::kDuplicate;
          if (r.inserted) {
            ++delta.imported;
            if (puzzles[k]->num_solutions >= 2) ++delta.nonunique_kept;
          } else {
            ++delta.duplicates;
          }
          if (collection_id.has_value()) {
            SUDOKU_RETURN_IF_ERROR(store.AddToCollection(*collection_id, r.id));
          }
          SUDOKU_RETURN_IF_ERROR(
              RestoreExtras(*event.item, r.inserted, r.id, store));
        }
        if (observer.on_item_written)
          observer.on_item_written(written + static_cast<int64_t>(k) + 1);
      }
      return absl::OkStatus();
    });
    if (!status.ok()) return status;
    written += static_cast<int64_t>(events.size());
    summary.Add(delta);
    if (observer.on_commit) observer.on_commit(written);
    if (observer.on_event) {
      for (const ImportEvent& e : events) observer.on_event(e);
    }
  }
  return summary;
}

}  // namespace sudoku
