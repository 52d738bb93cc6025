#include "bank/rating_bank.h"

#include <utility>
#include <vector>

#include "bank/records.h"
#include "core/status_macros.h"

namespace sudoku::bank {

RatingBank::RatingBank(PuzzleStore& store, const Rater& rater,
                       std::string source)
    : store_(store),
      rater_(rater),
      score_parameters_(rater.ScoreParameters()),
      source_(std::move(source)) {}

absl::StatusOr<std::optional<RateOutput>> RatingBank::Lookup(
    const Grid& puzzle) {
  SUDOKU_ASSIGN_OR_RETURN(std::optional<StoredPuzzle> known,
                          store_.FindIsomorph(puzzle));
  return StoredRating(puzzle, known);
}

absl::StatusOr<std::optional<RateOutput>> RatingBank::Lookup(
    const Grid& puzzle, absl::string_view key) {
  SUDOKU_ASSIGN_OR_RETURN(
      std::optional<StoredPuzzle> known,
      store_.FindByCanonicalKey(puzzle.shape().name(), key));
  return StoredRating(puzzle, known);
}

absl::StatusOr<std::optional<RateOutput>> RatingBank::StoredRating(
    const Grid& puzzle, const std::optional<StoredPuzzle>& known) {
  if (!known.has_value()) return std::nullopt;
  SUDOKU_ASSIGN_OR_RETURN(std::vector<proto::Rating> ratings,
                          store_.Ratings(known->id));
  const bool wants_stochastic = rater_.RunsStochastic();
  for (auto r = ratings.rbegin(); r != ratings.rend(); ++r) {
    if (!SameRating(*r, score_parameters_)) continue;
    // The same rating without the solvers' results: rate again so the bank
    // gets them (the score and level do not change).
    if (wants_stochastic && !HasStochastic(*r)) continue;
    return RateOutputOfStored(puzzle, *r, known->id);
  }
  return std::nullopt;
}

absl::StatusOr<int64_t> RatingBank::Store(const Grid& puzzle,
                                          const RatingResult& rating,
                                          const std::string& label,
                                          absl::string_view key) {
  int64_t id = 0;
  const absl::Status stored = store_.RunInTransaction([&]() -> absl::Status {
    NewPuzzle np;
    np.givens = puzzle;
    np.solution = rating.solutions.at(0);
    np.num_solutions = 1;
    np.source = source_;
    np.label = label;
    np.canonical_key = std::string(key);
    SUDOKU_ASSIGN_OR_RETURN(InsertResult inserted, store_.InsertPuzzle(np));
    id = inserted.id;
    SUDOKU_ASSIGN_OR_RETURN(int64_t rating_id,
                            store_.AddRating(id, RatingRecord(rater_, rating)));
    if (store_traces_ && rating.explanation != nullptr) {
      SUDOKU_RETURN_IF_ERROR(
          store_.AddTrace(id, rating_id, TraceRecord(*rating.explanation))
              .status());
    }
    return absl::OkStatus();
  });
  SUDOKU_RETURN_IF_ERROR(stored);
  return id;
}

}  // namespace sudoku::bank
