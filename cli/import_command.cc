// sudoku-forge import: validate puzzles and store them in the --db bank,
// deduplicated up to isomorphism.
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "bank/exact_uniqueness.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "cli/progress.h"
#include "cli/store_util.h"
#include "core/format.h"
#include "core/status_macros.h"
#include "solvers/solver.h"
#include "storage/exchange.h"
#include "storage/importer.h"

ABSL_DECLARE_FLAG(int64_t, max_nodes);  // validate_command.cc
ABSL_FLAG(std::string, source, "",
          "Provenance stored with each puzzle (default: the file name)");
ABSL_FLAG(bool, allow_nonunique, false,
          "Keep puzzles with several solutions (flagged num_solutions=2, no "
          "solution stored)");

namespace sudoku::cli {
namespace {

ImportItem ItemOf(InputPuzzle in) {
  std::string source = in.file.empty()  ? "argument"
                       : in.file == "-" ? "stdin"
                                        : in.file;
  return {in.where(), std::move(in.grid), std::move(in.label),
          std::move(source)};
}

// Puzzles are handed to the importer in pieces of about this many.
constexpr size_t kPiece = 2000;

// Reads the export file `in` (named `name`) whose first non-empty line,
// the last of `head_lines`, starts `head`, piece by piece, into `sink`.
absl::Status ReadExchangeStream(
    std::istream& in, const std::string& name, const ExchangeHead& head,
    const std::vector<std::string>& head_lines,
    const std::function<absl::Status(std::vector<ImportItem>)>& sink) {
  // The tsv header is no record: the first piece starts after it.
  int next_line = static_cast<int>(head_lines.size()) + 1;
  std::string piece;
  int piece_first = next_line;
  size_t lines = 0;
  if (head.format != ExchangeFormat::kTsv) {
    piece = head_lines.back() + "\n";
    piece_first = next_line - 1;
    lines = 1;
  }
  auto flush = [&]() -> absl::Status {
    std::vector<ImportItem> items =
        ParseExchangePiece(piece, name, head, piece_first);
    for (ImportItem& item : items) {
      if (item.source.empty()) item.source = name;
    }
    piece.clear();
    lines = 0;
    piece_first = next_line;
    return items.empty() ? absl::OkStatus() : sink(std::move(items));
  };
  std::string line;
  while (std::getline(in, line)) {
    ++next_line;
    absl::StrAppend(&piece, line, "\n");
    ++lines;
    // An sdk piece ends at a blank line, so it holds whole blocks.
    const bool blank = absl::StripSuffix(line, "\r").empty();
    if (lines >= kPiece && (head.format != ExchangeFormat::kSdk || blank))
      SUDOKU_RETURN_IF_ERROR(flush());
  }
  return flush();
}

// Every puzzle of `arg`, handed to `sink` piece by piece (bounded memory):
// an export file (json, tsv, sdk: storage/exchange.h) with its ratings,
// generation records and collections; any other file or argument as plain
// puzzles (cli/input.h, the reader of every command).
absl::Status ReadImportSource(
    const std::string& arg, int arg_index, const ParseOptions& options,
    const std::function<absl::Status(std::vector<ImportItem>)>& sink) {
  std::vector<ImportItem> items;
  absl::Status sunk;
  auto add = [&](InputPuzzle in) {
    items.push_back(ItemOf(std::move(in)));
    if (items.size() >= kPiece && sunk.ok()) {
      sunk = sink(std::move(items));
      items.clear();
    }
  };
  struct stat st;
  if (arg != "-" && stat(arg.c_str(), &st) != 0) {
    SUDOKU_RETURN_IF_ERROR(ForEachInput(arg, arg_index, options, add));
  } else {
    std::ifstream file;
    SUDOKU_ASSIGN_OR_RETURN(std::istream * in, OpenInput(arg, file));
    const std::string name = arg == "-" ? "stdin" : arg;
    // The first non-empty line says whether this is an export file.
    std::vector<std::string> head_lines;
    std::string line;
    while (std::getline(*in, line)) {
      head_lines.push_back(line);
      absl::string_view l = absl::StripSuffix(line, "\r");
      if (head_lines.size() == 1) absl::ConsumePrefix(&l, "\xEF\xBB\xBF");
      if (!l.empty()) break;
    }
    const std::optional<ExchangeHead> head =
        head_lines.empty() ? std::nullopt : DetectExchange(head_lines.back());
    if (head.has_value())
      return ReadExchangeStream(*in, name, *head, head_lines, sink);
    ForEachInStream(*in, arg, options, std::move(head_lines), add);
  }
  SUDOKU_RETURN_IF_ERROR(sunk);
  return items.empty() ? absl::OkStatus() : sink(std::move(items));
}

// Every argument names a readable file or a puzzle: checked before
// anything is stored, so a typo is a usage error with nothing written.
absl::Status CheckImportSources(const std::vector<std::string>& args,
                                const ParseOptions& options) {
  int arg_index = 0;
  for (const std::string& arg : args) {
    ++arg_index;
    struct stat st;
    if (arg != "-" && stat(arg.c_str(), &st) != 0) {
      SUDOKU_RETURN_IF_ERROR(
          ForEachInput(arg, arg_index, options, [](InputPuzzle) {}));
    } else if (arg != "-") {
      std::ifstream file;
      SUDOKU_RETURN_IF_ERROR(OpenInput(arg, file).status());
    }
  }
  return absl::OkStatus();
}

int RunImport(const CommandArgs& args) {
  if (args.positional.empty())
    return UsageError("import", "name at least one FILE ('-' = stdin)");
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("import", std::string(options.status().message()));
  options->check_givens = false;  // the importer reports clashes itself
  if (absl::Status s = CheckImportSources(args.positional, *options); !s.ok())
    return UsageError("import", std::string(s.message()));
  absl::StatusOr<std::unique_ptr<Solver>> solver =
      MakeSolver(absl::GetFlag(FLAGS_solver));
  if (!solver.ok())
    return UsageError("import", std::string(solver.status().message()));
  absl::StatusOr<std::unique_ptr<SqlitePuzzleStore>> store =
      OpenStoreFromFlags(/*create=*/true);
  if (!store.ok())
    return UsageError("import", std::string(store.status().message()));

  ImportOptions import_options{
      .collection = absl::GetFlag(FLAGS_collection),
      .source = absl::GetFlag(FLAGS_source),
      .allow_nonunique = absl::GetFlag(FLAGS_allow_nonunique)};
  const auto start = std::chrono::steady_clock::now();
  Progress progress("import", 0);  // streamed: the total is not known
  ImportObserver observer;
  observer.on_item_written = [&](int64_t) { progress.Add(); };
  observer.on_event = [&](const ImportEvent& e) {
    if (e.outcome == ImportOutcome::kInvalid) {
      std::cerr << e.item->where << ": invalid (" << e.reason
                << "): " << e.message << "\n";
    } else if (e.outcome == ImportOutcome::kDuplicate) {
      std::cerr << e.item->where << ": duplicate of puzzle " << e.id << "\n";
    }
  };
  const UniquenessCheck check =
      ExactUniquenessCheck(solver->get(), absl::GetFlag(FLAGS_max_nodes));
  ImportSummary total;
  absl::Status store_error;  // the store's, as opposed to reading's
  auto sink = [&](std::vector<ImportItem> items) -> absl::Status {
    absl::StatusOr<ImportSummary> s =
        ImportPuzzles(items, import_options, check, **store, observer);
    if (!s.ok()) {
      store_error = s.status();
      return s.status();
    }
    total.Add(*s);
    return absl::OkStatus();
  };
  int arg_index = 0;
  for (const std::string& arg : args.positional) {
    absl::Status read = ReadImportSource(arg, ++arg_index, *options, sink);
    if (!store_error.ok()) break;
    if (!read.ok()) return UsageError("import", std::string(read.message()));
  }
  if (!store_error.ok()) {
    std::cerr << "sudoku-forge import: " << store_error.message();
    // A read-only bank: nothing to complete by running again.
    if (store_error.code() != absl::StatusCode::kFailedPrecondition) {
      std::cerr << " (batches committed before the error are kept; run the "
                   "same import again to complete it)";
    }
    std::cerr << "\n";
    return kExitUsage;
  }
  const ImportSummary* summary = &total;
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::cout << absl::StrFormat(
      "read %d, imported %d, duplicates %d, invalid %d into %s (%.2f s, %.0f "
      "puzzles/s)\n",
      summary->read, summary->imported, summary->duplicates, summary->invalid,
      absl::GetFlag(FLAGS_db), secs,
      static_cast<double>(summary->read) / std::max(secs, 1e-9));
  if (summary->nonunique_kept > 0) {
    std::cout << "kept " << summary->nonunique_kept
              << " with several solutions (--allow-nonunique)\n";
  }
  if (!summary->invalid_by_reason.empty()) {
    std::cout << "invalid by reason:";
    for (const auto& [reason, n] : summary->invalid_by_reason)
      std::cout << " " << reason << " " << n << ";";
    std::cout << "\n";
  }
  return summary->invalid > 0 ? kExitBadPuzzle : kExitOk;
}

}  // namespace

Command ImportCommand() {
  return {"import",
          "validate puzzles and add them to the --db puzzle bank",
          "Usage: sudoku-forge import FILE... [--db=PATH] [--collection=NAME] "
          "[--source=TEXT]\n"
          "       [--allow-nonunique] [--shape=RxC] [--solver=NAME] "
          "[--max-nodes=N]\n"
          "Reads any supported format (one puzzle per line, grids, numbers; "
          "TSV files\n"
          "whose first column is the puzzle: the other columns are kept as its "
          "label).\n"
          "Each puzzle must have exactly one solution (exact solver, counting "
          "to 2);\n"
          "isomorphs of stored puzzles (relabelled, rotated, mirrored, "
          "band-swapped) are\n"
          "duplicates. Bad lines are reported on stderr with file:line and "
          "skipped.\n"
          "Writes in batches of 500, one transaction each: an interrupted "
          "import keeps\n"
          "its committed batches, and re-running it completes the rest.\n"
          "Exit code 1 when any puzzle was invalid.",
          {"db", "collection", "source", "allow_nonunique", "shape", "solver",
           "max_nodes"},
          &RunImport};
}

}  // namespace sudoku::cli
