// sudoku-forge list: one summary line per stored puzzle.
#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/store_util.h"
#include "core/format.h"

namespace sudoku::cli {
namespace {

int RunList(const CommandArgs& args) {
  if (!args.positional.empty()) {
    return UsageError("list", absl::StrCat("unexpected argument '", args.positional[0], "'"));
  }
  absl::StatusOr<PuzzleQuery> query = QueryFromFlags();
  if (!query.ok()) return UsageError("list", std::string(query.status().message()));
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store = OpenStoreFromFlags(false);
  if (!store.ok()) return UsageError("list", std::string(store.status().message()));
  std::cout << "id\tshape\tclues\tlevel\tscore\tpuzzle\tlabel\n";
  query->limit = 1000;
  while (true) {
    absl::StatusOr<std::vector<StoredPuzzle>> page = (*store)->Query(*query);
    if (!page.ok()) {
      std::cerr << "sudoku-forge list: " << page.status().message() << "\n";
      return kExitUsage;
    }
    for (const StoredPuzzle& p : *page) {
      std::string level = "-", score = "-";
      absl::StatusOr<std::vector<proto::Rating>> ratings = (*store)->Ratings(p.id);
      if (ratings.ok() && !ratings->empty()) {
        level = ratings->back().level();
        score = absl::StrFormat("%.2f", ratings->back().score());
      }
      std::cout << p.id << "\t" << p.givens.shape().name() << "\t" << p.givens.NumFilled()
                << "\t" << level << "\t" << score << "\t" << ToLine(p.givens) << "\t"
                << p.label << "\n";
    }
    if (static_cast<int64_t>(page->size()) < query->limit) break;
    query->after_id = page->back().id;
  }
  return kExitOk;
}

}  // namespace

Command ListCommand() {
  std::vector<const char*> flags = {"db"};
  flags.insert(flags.end(), std::begin(kQueryFlags), std::end(kQueryFlags));
  return {"list", "list stored puzzles: id, shape, clues, level, score",
          "Usage: sudoku-forge list [--db=PATH] [filters as for export]\n"
          "Prints a header and one TAB-separated line per matching puzzle:\n"
          "id, shape, clues, latest level and score ('-' if unrated), puzzle, label.",
          flags, &RunList};
}

}  // namespace sudoku::cli
