// sudoku-forge export: print stored puzzles, filtered, in a chosen format.
#include <iostream>
#include <optional>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "bank/export_jsonl.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/store_util.h"
#include "core/format.h"
#include "storage/exchange.h"
#include "storage/json.h"
#include "storage/proto_convert.h"

ABSL_FLAG(bool, with_solution, false,
          "line and grid formats: also print each puzzle's solution (json, "
          "tsv and sdk always carry it)");

namespace sudoku::cli {
namespace {

constexpr int64_t kPage = 1000;  // rows per query: bounded memory on big banks

// line and grid: the puzzle (and --with-solution its solution) only.
void Print(const StoredPuzzle& p, const std::string& format,
           bool with_solution) {
  const bool solution = with_solution && p.solution.has_value();
  if (format == "line") {
    std::cout << ToLine(p.givens);
    if (solution) std::cout << "\t" << ToLine(*p.solution);
    std::cout << "\n";
  } else if (format == "grid") {
    std::cout << ToPrettyGrid(p.givens);
    if (solution) std::cout << "\n" << ToPrettyGrid(*p.solution);
    std::cout << "\n";
  }
}

int RunExport(const CommandArgs& args) {
  if (!args.positional.empty()) {
    return UsageError("export", absl::StrCat("unexpected argument '",
                                             args.positional[0], "'"));
  }
  std::string format = absl::GetFlag(FLAGS_format);
  if (format.empty()) format = absl::GetFlag(FLAGS_json) ? "json" : "line";
  std::optional<ExchangeFormat> exchange;
  if (format == "json") exchange = ExchangeFormat::kJson;
  if (format == "tsv") exchange = ExchangeFormat::kTsv;
  if (format == "sdk") exchange = ExchangeFormat::kSdk;
  if (format != "line" && format != "grid" && format != "jsonl" &&
      !exchange.has_value()) {
    return UsageError("export",
                      absl::StrCat("unknown --format '", format,
                                   "' (line|grid|json|tsv|sdk|jsonl)"));
  }
  absl::StatusOr<PuzzleQuery> query = QueryFromFlags();
  if (!query.ok())
    return UsageError("export", std::string(query.status().message()));
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
      OpenStoreFromFlags(false);
  if (!store.ok())
    return UsageError("export", std::string(store.status().message()));
  if (format == "jsonl") {  // every stored field (bank/export_jsonl.h)
    absl::StatusOr<int64_t> written =
        bank::ExportJsonl(**store, *query, std::cout);
    if (!written.ok()) {
      std::cerr << "sudoku-forge export: " << written.status().message()
                << "\n";
      return kExitUsage;
    }
    return kExitOk;
  }
  const bool with_solution = absl::GetFlag(FLAGS_with_solution);
  query->limit = kPage;
  if (exchange == ExchangeFormat::kTsv) std::cout << ExchangeTsvHeader();
  while (true) {
    absl::StatusOr<std::vector<StoredPuzzle>> page = (*store)->Query(*query);
    if (!page.ok()) {
      std::cerr << "sudoku-forge export: " << page.status().message() << "\n";
      return kExitUsage;
    }
    for (const StoredPuzzle& p : *page) {
      if (!exchange.has_value()) {
        Print(p, format, with_solution);
        continue;
      }
      absl::StatusOr<ExchangeExtras> extras = ReadExtras(**store, p);
      if (!extras.ok()) {
        std::cerr << "sudoku-forge export: puzzle " << p.id << ": "
                  << extras.status().message() << "\n";
        return kExitUsage;
      }
      std::cout << FormatExchange(p, *extras, *exchange);
    }
    if (static_cast<int64_t>(page->size()) < kPage) break;
    query->after_id = page->back().id;
  }
  return kExitOk;
}

}  // namespace

Command ExportCommand() {
  std::vector<const char*> flags = {"db", "format", "json", "with_solution"};
  flags.insert(flags.end(), std::begin(kQueryFlags), std::end(kQueryFlags));
  return {"export",
          "print stored puzzles (filtered) as line, grid, json or sdk",
          "Usage: sudoku-forge export [--db=PATH] [--collection=NAME] "
          "[--level=L] [--shape=RxC]\n"
          "       [--score-min=X] [--score-max=Y] [--unused] "
          "[--format=line|grid|json|tsv|sdk|jsonl]\n"
          "       [--with-solution]\n"
          "Prints every stored puzzle matching all the filters, in id order. "
          "Level and\n"
          "score refer to each puzzle's latest rating; --unused skips puzzles "
          "already in\n"
          "a book. line: one puzzle per line (TAB solution); grid: boxed "
          "grids\n"
          "(--with-solution adds the solution to these two). json (one "
          "ExportedPuzzle\n"
          "per line, sudoku.proto), tsv (a header line, then puzzle, solution, "
          "level,\n"
          "score, rating_version, collections, books, source, label, rating, "
          "generation)\n"
          "and sdk ('#' lines + N rows per puzzle) carry the solution, latest "
          "rating,\n"
          "generation record, collections and source: import reads them "
          "back.\n"
          "jsonl: one object per puzzle with every stored field of the "
          "puzzle, its latest\n"
          "rating and its generation info, streamed (docs/STORAGE.md).",
          flags, &RunExport};
}

}  // namespace sudoku::cli
