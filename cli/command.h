// The sudoku-forge subcommand table.
//
// Every subcommand is one function `int RunX(const CommandArgs&)` in its own
// file, listed once in the table of cli/main.cc or research/main.cc. Flags
// are ABSL_FLAGs, but the driver (cli/driver.h) parses argv itself so that an
// unknown flag, or one the chosen command does not take, is a usage error
// (exit 2) instead of absl's exit(1); dashes work (--no-uniqueness).
#ifndef SUDOKU_CLI_COMMAND_H_
#define SUDOKU_CLI_COMMAND_H_

#include <set>
#include <string>
#include <vector>

namespace sudoku::cli {

// Exit codes, documented in --help and README.
inline constexpr int kExitOk = 0;         // every puzzle fine
inline constexpr int kExitBadPuzzle = 1;  // some puzzle invalid/unsolvable
inline constexpr int kExitUsage = 2;      // bad flags, arguments or files

struct CommandArgs {
  // Positional arguments after the subcommand name.
  std::vector<std::string> positional;
  // The flags given on the command line (names with underscores), so a
  // command can tell `--db=DEFAULT` from no --db at all.
  std::set<std::string> given_flags;
};

struct Command {
  const char* name;
  const char* summary;  // one line for `sudoku-forge --help`
  const char* usage;    // synopsis + description for `sudoku-forge CMD --help`
  // The flags this command accepts (names with underscores, no dashes).
  std::vector<const char*> flags;
  int (*run)(const CommandArgs&);
  // When set, the command lives in this sibling binary (the research
  // commands are in sudoku-forge-research): the driver runs it with the
  // whole command line instead of calling `run` (cli/driver.h).
  const char* forward_to = nullptr;
};

// Prints "sudoku-forge CMD: message" to stderr and returns kExitUsage.
int UsageError(const char* command, const std::string& message);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_COMMAND_H_
