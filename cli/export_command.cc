// sudoku-forge export: print stored puzzles, filtered, in a chosen format.
#include <iostream>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "bank/export_jsonl.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/store_util.h"
#include "core/format.h"
#include "storage/json.h"
#include "storage/proto_convert.h"

ABSL_FLAG(bool, with_solution, false, "Also print each puzzle's solution");

namespace sudoku::cli {
namespace {

constexpr int64_t kPage = 1000;  // rows per query: bounded memory on big banks

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
  } else if (format == "sdk") {
    // SadMan Sudoku style: '#' header lines, then N rows of N symbols.
    std::cout << "#C sudoku-forge puzzle " << p.id;
    if (!p.label.empty()) std::cout << " " << p.label;
    std::cout << "\n";
    if (solution) std::cout << "#S " << ToLine(*p.solution) << "\n";
    const std::string line = ToLine(p.givens);
    const auto n = static_cast<size_t>(p.givens.size());
    for (size_t r = 0; r < n; ++r) std::cout << line.substr(r * n, n) << "\n";
    std::cout << "\n";
  } else {  // json
    proto::Puzzle out = ToProto(p.givens, solution ? p.solution : std::nullopt);
    out.set_id(p.id);
    out.set_label(p.label);
    out.set_source(p.source);
    out.set_canonical_key(p.canonical_key);
    out.set_num_solutions(static_cast<uint32_t>(p.num_solutions));
    std::cout << ToJson(out) << "\n";
  }
}

int RunExport(const CommandArgs& args) {
  if (!args.positional.empty()) {
    return UsageError("export", absl::StrCat("unexpected argument '",
                                             args.positional[0], "'"));
  }
  std::string format = absl::GetFlag(FLAGS_format);
  if (format.empty()) format = absl::GetFlag(FLAGS_json) ? "json" : "line";
  if (format != "line" && format != "grid" && format != "json" &&
      format != "sdk" && format != "jsonl") {
    return UsageError("export", absl::StrCat("unknown --format '", format,
                                             "' (line|grid|json|sdk|jsonl)"));
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
  while (true) {
    absl::StatusOr<std::vector<StoredPuzzle>> page = (*store)->Query(*query);
    if (!page.ok()) {
      std::cerr << "sudoku-forge export: " << page.status().message() << "\n";
      return kExitUsage;
    }
    for (const StoredPuzzle& p : *page) Print(p, format, with_solution);
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
          "[--format=line|grid|json|sdk|jsonl]\n"
          "       [--with-solution]\n"
          "Prints every stored puzzle matching all the filters, in id order. "
          "Level and\n"
          "score refer to each puzzle's latest rating; --unused skips puzzles "
          "already in\n"
          "a book. line: one puzzle per line (TAB solution); grid: boxed "
          "grids; json: one\n"
          "object per puzzle (sudoku.proto Puzzle); sdk: '#' header + N rows "
          "per puzzle;\n"
          "jsonl: one object per puzzle with every stored field of the "
          "puzzle, its latest\n"
          "rating and its generation info (docs/STORAGE.md).",
          flags, &RunExport};
}

}  // namespace sudoku::cli
