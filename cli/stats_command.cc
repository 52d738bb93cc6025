// sudoku-forge stats: what the puzzle bank holds.
#include <iostream>

#include "absl/strings/str_cat.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/store_util.h"

namespace sudoku::cli {
namespace {

int RunStats(const CommandArgs& args) {
  if (!args.positional.empty()) {
    return UsageError("stats", absl::StrCat("unexpected argument '", args.positional[0], "'"));
  }
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store = OpenStoreFromFlags(false);
  if (!store.ok()) return UsageError("stats", std::string(store.status().message()));
  absl::StatusOr<StoreStats> stats = (*store)->Stats();
  if (!stats.ok()) {
    std::cerr << "sudoku-forge stats: " << stats.status().message() << "\n";
    return kExitUsage;
  }
  std::cout << "puzzles " << stats->puzzles << ", ratings " << stats->ratings << ", traces "
            << stats->traces << ", solver runs " << stats->solver_runs << ", collections "
            << stats->collections << "\n";
  auto section = [](const char* title,
                    const std::vector<std::pair<std::string, int64_t>>& rows) {
    std::cout << title << ":\n";
    for (const auto& [key, n] : rows) {
      std::cout << "  " << (key.empty() ? "(unrated)" : key) << "\t" << n << "\n";
    }
  };
  section("by shape", stats->by_shape);
  section("by level (latest rating)", stats->by_level);
  section("by collection", stats->by_collection);
  return kExitOk;
}

}  // namespace

Command StatsCommand() {
  return {"stats", "count stored puzzles by shape, level and collection",
          "Usage: sudoku-forge stats [--db=PATH]\n"
          "Safe to run while an import writes (readers see the last committed batch).",
          {"db"}, &RunStats};
}

}  // namespace sudoku::cli
