#include "cli/store_puzzle_source.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/rng.h"
#include "core/status_macros.h"

namespace sudoku::cli {

absl::StatusOr<SourcePuzzle> StorePuzzleSource::ToSource(const StoredPuzzle& p,
                                                         bool used) {
  SourcePuzzle out{p.givens,     p.solution, absl::StrCat(p.id),
                   std::nullopt, "",         absl::StrCat("db #", p.id),
                   used,         p.id};
  SUDOKU_ASSIGN_OR_RETURN(std::vector<proto::Rating> ratings,
                          store_->Ratings(p.id));
  if (!ratings.empty()) {  // the latest rating is the puzzle's rating
    out.rating = ratings.back().score();
    out.hardest_technique = ratings.back().hardest_technique();
  }
  return out;
}

absl::StatusOr<std::vector<SourcePuzzle>> StorePuzzleSource::Take(
    absl::string_view level, int count, uint64_t seed) {
  PuzzleQuery query;
  query.level = std::string(level);
  query.shape = options_.shape;
  query.collection = options_.collection;
  query.unused_in_books = true;
  SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> unused,
                          store_->Query(query));
  query.unused_in_books = false;
  SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> all, store_->Query(query));
  if (all.empty() && !options_.missing_level_is_error)
    return std::vector<SourcePuzzle>{};
  if (all.empty()) {
    SUDOKU_ASSIGN_OR_RETURN(StoreStats stats, store_->Stats());
    std::vector<std::string> levels;
    for (const auto& [name, n] : stats.by_level) {
      levels.push_back(absl::StrCat(name.empty() ? "(unrated)" : name, " ", n));
    }
    return absl::NotFoundError(absl::StrCat(
        "no puzzle of level '", level, "'",
        options_.shape.empty() ? ""
                               : absl::StrCat(" and shape ", options_.shape),
        options_.collection.empty()
            ? ""
            : absl::StrCat(" in collection '", options_.collection, "'"),
        " in the database (its levels: ",
        levels.empty() ? "none" : absl::StrJoin(levels, ", "), ")"));
  }
  // Unused first, then already printed ones, each group in a seeded order.
  std::set<int64_t> unused_ids;
  std::vector<const StoredPuzzle*> fresh, reused;
  for (const StoredPuzzle& p : unused) {
    unused_ids.insert(p.id);
    if (!taken_.count(p.id)) fresh.push_back(&p);
  }
  for (const StoredPuzzle& p : all) {
    if (options_.reuse_printed && !unused_ids.count(p.id) &&
        !taken_.count(p.id)) {
      reused.push_back(&p);
    }
  }
  Rng rng(seed);
  Shuffle(rng, fresh.begin(), fresh.end());
  Shuffle(rng, reused.begin(), reused.end());
  std::vector<SourcePuzzle> out;
  for (const auto* group : {&fresh, &reused}) {
    for (const StoredPuzzle* p : *group) {
      if (static_cast<int>(out.size()) >= count) break;
      SUDOKU_ASSIGN_OR_RETURN(SourcePuzzle s, ToSource(*p, group == &reused));
      taken_.insert(p->id);
      out.push_back(std::move(s));
    }
  }
  return out;
}

absl::Status StorePuzzleSource::MarkUsed(
    absl::string_view book_name, absl::Span<const SourcePuzzle> puzzles) {
  std::vector<int64_t> ids;
  for (const SourcePuzzle& p : puzzles) {
    if (p.source_key != 0) ids.push_back(p.source_key);
  }
  return store_->MarkUsed(book_name, ids);
}

}  // namespace sudoku::cli
