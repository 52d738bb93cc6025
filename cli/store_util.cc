#include "cli/store_util.h"

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "cli/flags.h"
#include "core/shape.h"
#include "core/status_macros.h"

// --score-min/--score-max are defined in generate_command.cc (double,
// defaults -1e9/1e9 meaning "no bound"); export and list read the same flags.
ABSL_DECLARE_FLAG(double, score_min);
ABSL_DECLARE_FLAG(double, score_max);
ABSL_FLAG(bool, unused, false, "Only puzzles not yet used in any book");

namespace sudoku::cli {
namespace {

// The generate command's "no bound" defaults.
constexpr double kNoBound = 1e9;

}  // namespace

absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> OpenStoreFromFlags(
    bool create) {
  return SqlitePuzzleStore::Open(
      absl::GetFlag(FLAGS_db),
      {.create_if_missing = create, .read_only = !create});
}

absl::StatusOr<PuzzleQuery> QueryFromFlags() {
  PuzzleQuery q;
  q.collection = absl::GetFlag(FLAGS_collection);
  q.level = absl::GetFlag(FLAGS_level);
  if (const std::string spec = absl::GetFlag(FLAGS_shape); !spec.empty()) {
    SUDOKU_ASSIGN_OR_RETURN(const Shape* shape, Shape::FromSpec(spec));
    q.shape = shape->name();
  }
  if (const double v = absl::GetFlag(FLAGS_score_min); v > -kNoBound) {
    q.score_min = v;
  }
  if (const double v = absl::GetFlag(FLAGS_score_max); v < kNoBound) {
    q.score_max = v;
  }
  q.unused_in_books = absl::GetFlag(FLAGS_unused);
  return q;
}

}  // namespace sudoku::cli
