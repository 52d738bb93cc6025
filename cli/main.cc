// sudoku-forge: the one command-line entry point of the product.
//
// Usage: sudoku-forge COMMAND [ARGS...] [--flag=value ...]
// The table below lists the commands; cli/driver.cc parses the flags and
// dispatches. The research commands (bench, calibrate, reproduce) live in the
// sibling binary sudoku-forge-research, which this one runs for them
// (cli/research_commands.cc), so the product links no research code.
#include <vector>

#include "cli/command.h"
#include "cli/commands.h"
#include "cli/driver.h"

namespace sudoku::cli {
namespace {

const std::vector<Command>& Commands() {
  static const auto* commands = new std::vector<Command>{
      ValidateCommand(),  SolveCommand(),     FormatCommand(),
      BenchCommand(),     GenerateCommand(),  RateCommand(),
      CalibrateCommand(), ReproduceCommand(), ImportCommand(),
      ExportCommand(),    ListCommand(),      ShowCommand(),
      StatsCommand(),     CanonCommand(),     RenderCommand(),
      BookCommand(),      ExplainCommand(),   HintCommand(),
      CorpusCommand(),    ServeCommand(),
  };
  return *commands;
}

}  // namespace
}  // namespace sudoku::cli

int main(int argc, char** argv) {
  return sudoku::cli::RunCommandLine(
      {"sudoku-forge",
       "generate, solve and rate Sudoku puzzles of any box shape (4x4 to "
       "25x25).",
       SUDOKU_FORGE_VERSION},
      sudoku::cli::Commands(), argc, argv);
}
