#include "cli/flags.h"

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "deduction/registry.h"

ABSL_FLAG(int64_t, top_work, sudoku::DeductionOptions::kDefaultMaxNodes,
          "rate, serve, generate, corpus build: the work budget of each "
          "search of SE's nested forcing "
          "chains in the walk for top_er, in literal expansions (9x9 puzzles "
          "above SE 9.0; 0 = none); "
          "past it the search stops and a walk left stuck gets the trial "
          "estimate. A rating parameter: counted, not timed");
ABSL_FLAG(bool, json, false,
          "Machine output: one JSON object per puzzle (protobuf JSON mapping)");
ABSL_FLAG(std::string, shape, "",
          "Box shape RxC (e.g. 3x3, 2x3, 3x2); default: inferred from the cell "
          "count");
ABSL_FLAG(std::string, format, "",
          "Output format (per command: line|grid|json|tokens|...)");
ABSL_FLAG(std::string, solver, "backtrack",
          "Solver name (see `sudoku-forge solve --help`)");
ABSL_FLAG(std::string, db, "sudoku-forge.db", "SQLite database file");
ABSL_FLAG(uint64_t, seed, 1,
          "Seed for every random choice (same seed, same output)");
ABSL_FLAG(int, jobs, 1, "Worker threads");
ABSL_FLAG(std::string, corpus, "",
          "Puzzle file to read (benchmarks, calibration)");
ABSL_FLAG(int, count, 1,
          "How many: solve: solutions to look for (0 = count them all, "
          "bounded by --max-nodes); generate: puzzles to make (at least 1)");
ABSL_FLAG(std::string, collection, "",
          "Collection in the bank: generate stores into it (empty: "
          "'generated'), import adds to it (empty: none), corpus build uses "
          "it as the prefix of PREFIX/LEVEL (empty: 'corpus'); export, list, "
          "stats and book --db read only it (empty: every puzzle)");
ABSL_FLAG(std::string, level, "", "Difficulty level: {levels}");
ABSL_FLAG(
    std::string, techniques, "",
    "Comma-separated technique ids or groups restricting the deduction ladder");
ABSL_FLAG(bool, no_uniqueness, false,
          "Disable techniques that assume a unique solution");
ABSL_FLAG(double, max_puzzle_seconds,
          sudoku::DeductionOptions::kDefaultMaxSeconds,
          "Work bound per puzzle, in seconds, for the commands that run the "
          "deduction engine or a solver's search (explain, hint, rate): past "
          "it the puzzle is reported as out of time; 0 = no bound");
ABSL_FLAG(int, runs, 10, "Runs per puzzle for stochastic solvers");
ABSL_FLAG(std::string, out, "", "Output file or directory");

namespace sudoku::cli {

absl::StatusOr<int64_t> TopWorkFlag() {
  const int64_t top_work = absl::GetFlag(FLAGS_top_work);
  if (top_work < 0)
    return absl::InvalidArgumentError("--top-work must be at least 0");
  return top_work;
}

}  // namespace sudoku::cli
