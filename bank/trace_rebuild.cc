#include "bank/trace_rebuild.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "bank/records.h"
#include "core/format.h"
#include "core/status_macros.h"

namespace sudoku::bank {
namespace {

std::string CountsText(const proto::Rating& r) {
  std::string text;
  for (const auto& c : r.technique_counts())
    absl::StrAppend(&text, c.technique_id(), "=", c.count(), " ");
  return text;
}

// The first field where `stored` and `rebuilt` differ, or "".
std::string RatingDifference(const proto::Rating& stored,
                             const proto::Rating& rebuilt) {
  if (stored.score() != rebuilt.score())
    return absl::StrCat("score ", stored.score(), " vs ", rebuilt.score());
  if (stored.level() != rebuilt.level())
    return absl::StrCat("level ", stored.level(), " vs ", rebuilt.level());
  if (stored.er() != rebuilt.er() || stored.ep() != rebuilt.ep() ||
      stored.ed() != rebuilt.ed()) {
    return absl::StrCat("ER/EP/ED ", stored.er(), "/", stored.ep(), "/",
                        stored.ed(), " vs ", rebuilt.er(), "/", rebuilt.ep(),
                        "/", rebuilt.ed());
  }
  if (stored.hardest_technique() != rebuilt.hardest_technique()) {
    return absl::StrCat("hardest technique ", stored.hardest_technique(),
                        " vs ", rebuilt.hardest_technique());
  }
  if (CountsText(stored) != CountsText(rebuilt)) {
    return absl::StrCat("technique counts ", CountsText(stored), "vs ",
                        CountsText(rebuilt));
  }
  return "";
}

// The first step where the traces differ, or "".
std::string TraceDifference(const proto::Trace& stored,
                            const proto::Trace& rebuilt) {
  if (stored.steps_size() != rebuilt.steps_size()) {
    return absl::StrCat(stored.steps_size(), " steps vs ",
                        rebuilt.steps_size());
  }
  for (int k = 0; k < stored.steps_size(); ++k) {
    if (stored.steps(k).SerializeAsString() !=
        rebuilt.steps(k).SerializeAsString()) {
      return absl::StrCat("step ", k + 1, ": ", stored.steps(k).explanation(),
                          " vs ", rebuilt.steps(k).explanation());
    }
  }
  return "";
}

}  // namespace

absl::StatusOr<RebuiltRating> RebuildStored(PuzzleStore& store, int64_t id,
                                            const Rater& rater) {
  RebuiltRating out;
  SUDOKU_ASSIGN_OR_RETURN(out.puzzle, store.GetPuzzle(id));
  out.rating = rater.Rate(out.puzzle.givens);
  if (out.rating.status != RateStatus::kRated ||
      out.rating.explanation == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(
        "puzzle ", id, " (", ToLine(out.puzzle.givens),
        ") has no rating to rebuild: ", RateStatusName(out.rating.status)));
  }
  out.trace = TraceRecord(*out.rating.explanation);
  const std::string where = absl::StrCat("puzzle ", id, ": the rebuilt ");
  SUDOKU_ASSIGN_OR_RETURN(std::vector<proto::Rating> ratings,
                          store.Ratings(id));
  for (auto it = ratings.rbegin(); it != ratings.rend(); ++it) {
    if (!SameRating(*it, rater)) continue;
    const std::string diff =
        RatingDifference(*it, RatingRecord(rater, out.rating));
    if (!diff.empty()) {
      return absl::DataLossError(absl::StrCat(
          where, "rating differs from the stored one (", diff, ")"));
    }
    out.checked_rating = true;
    break;
  }
  SUDOKU_ASSIGN_OR_RETURN(std::optional<proto::Trace> stored,
                          store.LatestTrace(id));
  if (stored.has_value() &&
      stored->engine_version() == out.trace.engine_version()) {
    const std::string diff = TraceDifference(*stored, out.trace);
    if (!diff.empty()) {
      return absl::DataLossError(absl::StrCat(
          where, "trace differs from the stored one (", diff, ")"));
    }
    out.checked_trace = true;
  }
  return out;
}

}  // namespace sudoku::bank
