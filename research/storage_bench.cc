// `sudoku-forge bench canon` and `bench import`: canonical keys per second
// and end-to-end import throughput (parse + uniqueness check + canonical key
// + insert into a fresh database file).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "bank/exact_uniqueness.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "core/canonical.h"
#include "research/bench.h"
#include "research/bench_report.h"
#include "solvers/solver.h"
#include "storage/importer.h"
#include "storage/sqlite_puzzle_store.h"

ABSL_DECLARE_FLAG(int, repeat);  // bench_command.cc
ABSL_DECLARE_FLAG(int, limit);   // bench_command.cc

namespace sudoku::research {
namespace {

absl::StatusOr<std::string> CorpusText() {
  const std::string path = absl::GetFlag(FLAGS_corpus);
  if (path.empty())
    return absl::InvalidArgumentError("--corpus=FILE is required");
  return cli::ReadFileOrStdin(path);
}

absl::StatusOr<std::vector<Grid>> CorpusGrids() {
  absl::StatusOr<std::string> text = CorpusText();
  if (!text.ok()) return text.status();
  absl::StatusOr<ParseOptions> options = cli::ParseOptionsFromFlags();
  if (!options.ok()) return options.status();
  std::vector<Grid> grids;
  const int limit = absl::GetFlag(FLAGS_limit);
  for (PuzzleRecord& rec : ParsePuzzles(*text, *options)) {
    if (!rec.grid.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          absl::GetFlag(FLAGS_corpus), ": ", rec.grid.status().message()));
    }
    grids.push_back(*std::move(rec.grid));
    if (limit > 0 && static_cast<int>(grids.size()) >= limit) break;
  }
  if (grids.empty())
    return absl::InvalidArgumentError("no puzzles in --corpus");
  return grids;
}

struct CanonBench {
  const std::vector<Grid>* grids;
  int64_t failures = 0;
};

void RunCanonPass(void* context) {
  auto* b = static_cast<CanonBench*>(context);
  b->failures = 0;
  for (const Grid& g : *b->grids) {
    absl::StatusOr<std::string> key = CanonicalKey(g);
    if (!key.ok()) ++b->failures;
  }
}

struct ImportBench {
  std::string text;
  std::string db;
  size_t limit = 0;  // --limit: import only the first N puzzles (0 = all)
  ImportSummary summary = {};
  absl::Status status = absl::OkStatus();
};

// One full import of the corpus text into a new database file: the timed
// unit includes parsing, the exact uniqueness check, the canonical key and
// the batched inserts with their commits.
void RunImportPass(void* context) {
  auto* b = static_cast<ImportBench*>(context);
  for (const char* suffix : {"", "-wal", "-shm"})
    std::remove((b->db + suffix).c_str());
  std::vector<ImportItem> items;
  for (PuzzleRecord& rec : ParsePuzzles(b->text, {.check_givens = false})) {
    if (b->limit > 0 && items.size() >= b->limit) break;
    items.push_back({std::to_string(rec.line), std::move(rec.grid),
                     std::move(rec.label), "bench"});
  }
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
      SqlitePuzzleStore::Open(b->db);
  if (!store.ok()) {
    b->status = store.status();
    return;
  }
  absl::StatusOr<std::unique_ptr<Solver>> solver =
      MakeSolver(absl::GetFlag(FLAGS_solver));
  if (!solver.ok()) {
    b->status = solver.status();
    return;
  }
  absl::StatusOr<ImportSummary> summary =
      ImportPuzzles(items, {}, ExactUniquenessCheck(solver->get(), 0), **store);
  b->status = summary.status();
  if (summary.ok()) b->summary = *summary;
}

}  // namespace

int BenchCanon(const CommandArgs&) {
  absl::StatusOr<std::vector<Grid>> grids = CorpusGrids();
  if (!grids.ok())
    return UsageError("bench", std::string(grids.status().message()));
  CanonBench bench{&*grids};
  const int repeat = std::max(3, absl::GetFlag(FLAGS_repeat));
  const double secs = MedianSeconds(repeat, &RunCanonPass, &bench);
  const double n = static_cast<double>(grids->size());
  BenchReport report("canon", absl::GetFlag(FLAGS_corpus),
                     static_cast<int64_t>(grids->size()));
  report.Metric("us_per_key", 1e6 * secs / n, "µs")
      .Metric("keys_per_second", n / secs, "keys/s");
  report.Print(absl::StrFormat(
      "bench canon: corpus=%s puzzles=%d\n"
      "  %.2f us/key  %.0f keys/s  (median of %d passes after a warm-up)  "
      "failures: %d\n",
      absl::GetFlag(FLAGS_corpus), grids->size(), 1e6 * secs / n, n / secs,
      repeat, bench.failures));
  return kExitOk;
}

int BenchImport(const CommandArgs&) {
  absl::StatusOr<std::string> text = CorpusText();
  if (!text.ok())
    return UsageError("bench", std::string(text.status().message()));
  ImportBench bench{
      *std::move(text),
      absl::StrCat("/tmp/sudoku-forge-bench-", getpid(), ".db"),
      static_cast<size_t>(std::max(0, absl::GetFlag(FLAGS_limit)))};
  const int repeat = std::max(1, absl::GetFlag(FLAGS_repeat));
  const double secs = MedianSeconds(repeat, &RunImportPass, &bench);
  for (const char* suffix : {"", "-wal", "-shm"})
    std::remove((bench.db + suffix).c_str());
  if (!bench.status.ok()) {
    std::cerr << "sudoku-forge bench import: " << bench.status.message()
              << "\n";
    return kExitUsage;
  }
  const double n = static_cast<double>(bench.summary.read);
  BenchReport report("import", absl::GetFlag(FLAGS_corpus),
                     static_cast<int64_t>(bench.summary.read));
  report.Option("solver", absl::GetFlag(FLAGS_solver))
      .Metric("puzzles_per_second", n / secs, "puzzles/s")
      .Metric("seconds_per_import", secs, "s");
  report.Print(absl::StrFormat(
      "bench import: corpus=%s solver=%s puzzles=%d (imported %d, duplicates "
      "%d, invalid %d)\n"
      "  %.2f s/import  %.0f puzzles/s  (median of %d passes after a warm-up; "
      "fresh file "
      "database each pass)\n",
      absl::GetFlag(FLAGS_corpus), absl::GetFlag(FLAGS_solver),
      bench.summary.read, bench.summary.imported, bench.summary.duplicates,
      bench.summary.invalid, secs, n / secs, repeat));
  return kExitOk;
}

}  // namespace sudoku::research
