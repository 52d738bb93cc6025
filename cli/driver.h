// The command-line driver shared by the sudoku-forge binary (cli/main.cc)
// and the sudoku-forge-research binary (research/main.cc): help, flag
// parsing and dispatch over a table of Commands.
#ifndef SUDOKU_CLI_DRIVER_H_
#define SUDOKU_CLI_DRIVER_H_

#include <vector>

#include "cli/command.h"

namespace sudoku::cli {

struct Program {
  const char* name;     // "sudoku-forge"
  const char* what;     // first line of the main --help
  const char* version;  // printed by --version
};

// Runs the command named by argv[1] from `commands`: prints the main help
// (no command, --help), the version (--version) or the command's help
// (--help anywhere after it); otherwise parses the flags the command accepts
// and returns its exit code. A command with `forward_to` set is not parsed
// here: the whole command line goes to that sibling binary (see
// ForwardToSibling). Unknown commands and flags are usage errors (exit 2).
int RunCommandLine(const Program& program, const std::vector<Command>& commands,
                   int argc, char** argv);

// Replaces this process by the binary `binary` of the running executable's
// directory, with argv[0] set to its path and argv[1..] unchanged. Returns
// (kExitUsage, after saying why) only when that binary is missing or cannot
// be run.
int ForwardToSibling(const char* binary, const char* command, int argc,
                     char** argv);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_DRIVER_H_
