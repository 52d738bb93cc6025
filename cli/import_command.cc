// sudoku-forge import: validate puzzles and store them in the --db bank,
// deduplicated up to isomorphism.
#include <sys/stat.h>

#include <chrono>
#include <iostream>
#include <optional>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
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

// Every puzzle named by `args`: an export file (json, tsv, sdk:
// storage/exchange.h) with its ratings, generation records and collections;
// any other file or argument as plain puzzles.
absl::StatusOr<std::vector<ImportItem>> ReadImportItems(
    const std::vector<std::string>& args, const ParseOptions& options) {
  std::vector<ImportItem> items;
  for (const std::string& arg : args) {
    struct stat st;
    if (arg != "-" && stat(arg.c_str(), &st) != 0) {
      SUDOKU_ASSIGN_OR_RETURN(std::vector<InputPuzzle> literal,
                              ReadInputs({arg}, options));
      for (InputPuzzle& in : literal) items.push_back(ItemOf(std::move(in)));
      continue;
    }
    SUDOKU_ASSIGN_OR_RETURN(std::string text, ReadFileOrStdin(arg));
    const std::string name = arg == "-" ? "stdin" : arg;
    if (std::optional<std::vector<ImportItem>> exported =
            ParseExchange(text, name)) {
      for (ImportItem& item : *exported) {
        if (item.source.empty()) item.source = name;
        items.push_back(std::move(item));
      }
      continue;
    }
    for (PuzzleRecord& rec : ParsePuzzles(text, options)) {
      InputPuzzle in;
      in.file = arg;
      in.line = rec.line;
      in.grid = std::move(rec.grid);
      in.label = std::move(rec.label);
      items.push_back(ItemOf(std::move(in)));
    }
  }
  return items;
}

int RunImport(const CommandArgs& args) {
  if (args.positional.empty())
    return UsageError("import", "name at least one FILE ('-' = stdin)");
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("import", std::string(options.status().message()));
  options->check_givens = false;  // the importer reports clashes itself
  absl::StatusOr<std::vector<ImportItem>> read =
      ReadImportItems(args.positional, *options);
  if (!read.ok())
    return UsageError("import", std::string(read.status().message()));
  std::vector<ImportItem>& items = *read;
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
  Progress progress("import", static_cast<int64_t>(items.size()));
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
  absl::StatusOr<ImportSummary> summary = ImportPuzzles(
      items, import_options,
      ExactUniquenessCheck(solver->get(), absl::GetFlag(FLAGS_max_nodes)),
      **store, observer);
  if (!summary.ok()) {
    std::cerr << "sudoku-forge import: " << summary.status().message();
    // A read-only bank: nothing to complete by running again.
    if (summary.status().code() != absl::StatusCode::kFailedPrecondition) {
      std::cerr << " (batches committed before the error are kept; run the "
                   "same import again to complete it)";
    }
    std::cerr << "\n";
    return kExitUsage;
  }
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
