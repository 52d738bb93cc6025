// Test helper for the crash test (storage/import_crash_test.cc): imports a
// puzzle file into a database, printing "row N" after each item written and
// "commit N" after each commit, and SIGKILLs itself at a chosen point, so
// that the kill lands at a seeded, reproducible place mid-transaction
// instead of after a timing-dependent sleep.
//
// Usage: sudoku_storage_import_helper DB FILE BATCH KILL_AT_ROW KILL_AT_COMMIT
//   KILL_AT_ROW > 0: die right after writing item KILL_AT_ROW (uncommitted);
//   KILL_AT_COMMIT > 0: die right after the commit covering that many items.
// Prints "summary imported=I duplicates=D invalid=V" when it completes.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "bank/exact_uniqueness.h"
#include "core/format.h"
#include "storage/importer.h"
#include "storage/sqlite_puzzle_store.h"

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: %s DB FILE BATCH KILL_AT_ROW KILL_AT_COMMIT\n",
                 argv[0]);
    return 2;
  }
  const long kill_at_row = std::atol(argv[4]);
  const long kill_at_commit = std::atol(argv[5]);
  std::ifstream in(argv[2]);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  std::vector<sudoku::ImportItem> items;
  for (sudoku::PuzzleRecord& rec :
       sudoku::ParsePuzzles(text, {.check_givens = false})) {
    items.push_back(
        {std::to_string(rec.line), std::move(rec.grid), rec.label, argv[2]});
  }
  auto store = sudoku::SqlitePuzzleStore::Open(argv[1]);
  if (!store.ok()) {
    std::fprintf(stderr, "%s\n", store.status().ToString().c_str());
    return 1;
  }
  auto solver = sudoku::MakeSolver("backtrack");
  if (!solver.ok()) return 1;
  sudoku::ImportObserver observer;
  observer.on_item_written = [&](int64_t n) {
    std::printf("row %lld\n", static_cast<long long>(n));
    std::fflush(stdout);
    if (n == kill_at_row) std::raise(SIGKILL);
  };
  observer.on_commit = [&](int64_t n) {
    std::printf("commit %lld\n", static_cast<long long>(n));
    std::fflush(stdout);
    if (n == kill_at_commit) std::raise(SIGKILL);
  };
  sudoku::ImportOptions options{.collection = "crash",
                                .batch_size = std::atoi(argv[3])};
  auto summary = sudoku::ImportPuzzles(
      items, options, sudoku::ExactUniquenessCheck(solver->get(), 0), **store,
      observer);
  if (!summary.ok()) {
    std::fprintf(stderr, "%s\n", summary.status().ToString().c_str());
    return 1;
  }
  std::printf("summary imported=%lld duplicates=%lld invalid=%lld\n",
              static_cast<long long>(summary->imported),
              static_cast<long long>(summary->duplicates),
              static_cast<long long>(summary->invalid));
  return 0;
}
