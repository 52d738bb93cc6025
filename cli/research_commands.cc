// The research commands as sudoku-forge lists them: each runs the sibling
// binary sudoku-forge-research (built from research/), which parses its own
// flags and prints its own --help, so the product links no benchmark,
// reproduction or calibration code.
#include "cli/command.h"
#include "cli/commands.h"

namespace sudoku::cli {
namespace {

constexpr char kResearchBinary[] = "sudoku-forge-research";

Command Forward(const char* name, const char* summary) {
  Command c{name, summary, "", {}, nullptr};
  c.forward_to = kResearchBinary;
  return c;
}

}  // namespace

Command BenchCommand() {
  return Forward("bench", "measure throughput (solve, ...) on a corpus");
}

Command CalibrateCommand() {
  return Forward(
      "calibrate",
      "agreement of the Forge score with external ratings; model fit");
}

Command ReproduceCommand() {
  return Forward(
      "reproduce",
      "re-run a paper's experiments and print its tables beside ours");
}

}  // namespace sudoku::cli
