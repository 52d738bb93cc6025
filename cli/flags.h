// Flags shared by several subcommands. Command-specific flags live in the
// command's own file.
#ifndef SUDOKU_CLI_FLAGS_H_
#define SUDOKU_CLI_FLAGS_H_

#include <cstdint>
#include <string>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"

ABSL_DECLARE_FLAG(bool, json);
ABSL_DECLARE_FLAG(std::string, shape);
ABSL_DECLARE_FLAG(std::string, format);
ABSL_DECLARE_FLAG(std::string, solver);
ABSL_DECLARE_FLAG(std::string, db);
ABSL_DECLARE_FLAG(uint64_t, seed);
ABSL_DECLARE_FLAG(int, jobs);
ABSL_DECLARE_FLAG(std::string, corpus);
ABSL_DECLARE_FLAG(int, count);
ABSL_DECLARE_FLAG(std::string, collection);
ABSL_DECLARE_FLAG(std::string, level);
ABSL_DECLARE_FLAG(std::string, techniques);
ABSL_DECLARE_FLAG(bool, no_uniqueness);
ABSL_DECLARE_FLAG(double, max_puzzle_seconds);
ABSL_DECLARE_FLAG(int64_t, max_nodes);  // validate_command.cc
ABSL_DECLARE_FLAG(int64_t, top_work);
ABSL_DECLARE_FLAG(int, runs);
ABSL_DECLARE_FLAG(std::string, out);

namespace sudoku::cli {

// --top-work (rate, serve, generate, corpus build: the rater's budget for
// the top); InvalidArgument "--top-work must be at least 0" when negative.
absl::StatusOr<int64_t> TopWorkFlag();

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_FLAGS_H_
