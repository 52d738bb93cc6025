// sudoku-forge-research: the research commands (benchmarks, paper
// reproductions, calibration runs). Users reach them as `sudoku-forge bench|
// calibrate|reproduce ...`, which runs this binary from the same directory;
// it can also be run directly.
#include <vector>

#include "cli/driver.h"
#include "research/commands.h"

namespace sudoku::research {
namespace {

const std::vector<Command>& Commands() {
  static const auto* commands = new std::vector<Command>{
      BenchCommand(),
      CalibrateCommand(),
      ReproduceCommand(),
      AllStepsCommand(),
  };
  return *commands;
}

}  // namespace
}  // namespace sudoku::research

int main(int argc, char** argv) {
  return sudoku::cli::RunCommandLine(
      {"sudoku-forge-research",
       "the research commands of sudoku-forge (benchmarks, paper "
       "reproductions, calibration of the score).",
       SUDOKU_FORGE_VERSION},
      sudoku::research::Commands(), argc, argv);
}
