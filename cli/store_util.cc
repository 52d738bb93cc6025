#include "cli/store_util.h"

#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "cli/flags.h"
#include "core/shape.h"
#include "core/status_macros.h"

ABSL_FLAG(std::string, score_min, "", "Only puzzles whose latest rating scores at least this");
ABSL_FLAG(std::string, score_max, "", "Only puzzles whose latest rating scores at most this");
ABSL_FLAG(bool, unused, false, "Only puzzles not yet used in any book");

namespace sudoku::cli {
namespace {

absl::StatusOr<std::optional<double>> ScoreFlag(const std::string& value, const char* name) {
  if (value.empty()) return std::optional<double>();
  double v = 0;
  if (!absl::SimpleAtod(value, &v)) {
    return absl::InvalidArgumentError(absl::StrCat("--", name, ": not a number: '", value, "'"));
  }
  return std::optional<double>(v);
}

}  // namespace

absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> OpenStoreFromFlags(bool create) {
  return SqlitePuzzleStore::Open(absl::GetFlag(FLAGS_db), {.create_if_missing = create});
}

absl::StatusOr<PuzzleQuery> QueryFromFlags() {
  PuzzleQuery q;
  q.collection = absl::GetFlag(FLAGS_collection);
  q.level = absl::GetFlag(FLAGS_level);
  if (const std::string spec = absl::GetFlag(FLAGS_shape); !spec.empty()) {
    SUDOKU_ASSIGN_OR_RETURN(const Shape* shape, Shape::FromSpec(spec));
    q.shape = shape->name();
  }
  SUDOKU_ASSIGN_OR_RETURN(q.score_min, ScoreFlag(absl::GetFlag(FLAGS_score_min), "score-min"));
  SUDOKU_ASSIGN_OR_RETURN(q.score_max, ScoreFlag(absl::GetFlag(FLAGS_score_max), "score-max"));
  q.unused_in_books = absl::GetFlag(FLAGS_unused);
  return q;
}

}  // namespace sudoku::cli
