// sudoku-forge format: converts puzzles between the text formats.
#include <iostream>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "core/format.h"
#include "storage/cli_output.pb.h"
#include "storage/json.h"

ABSL_FLAG(std::string, to, "line", "Output format: line|grid|json|tokens");

namespace sudoku::cli {
namespace {

int RunFormat(const CommandArgs& args) {
  const std::string to = absl::GetFlag(FLAGS_to);
  if (to != "line" && to != "grid" && to != "json" && to != "tokens") {
    return UsageError("format",
                      absl::StrCat("unknown --to '", to,
                                   "' (expected line, grid, json or tokens)"));
  }
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok())
    return UsageError("format", std::string(options.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs =
      ReadInputs(args.positional, *options);
  if (!inputs.ok())
    return UsageError("format", std::string(inputs.status().message()));
  int exit_code = kExitOk;
  for (const InputPuzzle& input : *inputs) {
    if (!input.grid.ok()) {
      std::cerr << input.where() << ": " << input.grid.status().message()
                << "\n";
      exit_code = kExitBadPuzzle;
      continue;
    }
    const Grid& g = *input.grid;
    if (to == "line") {
      std::cout << ToLine(g);
      if (!input.label.empty()) std::cout << " " << input.label;
      std::cout << "\n";
    } else if (to == "grid") {
      std::cout << ToPrettyGrid(g) << "\n";
    } else if (to == "tokens") {
      std::cout << ToTokens(g) << "\n";
    } else {
      FormattedPuzzle out;
      out.set_shape(g.shape().name());
      out.set_puzzle(ToLine(g));
      for (uint8_t v : g.cells()) out.add_cells(v);
      out.set_label(input.label);
      out.set_clues(static_cast<uint32_t>(g.NumFilled()));
      std::cout << ToJson(out) << "\n";
    }
  }
  return exit_code;
}

}  // namespace

Command FormatCommand() {
  return {
      "format",
      "convert puzzles between line, grid, tokens and JSON",
      "Usage: sudoku-forge format [FILE|-|PUZZLE]... "
      "--to=line|grid|json|tokens\n"
      "Reads any supported input format (one puzzle per line, whitespace-\n"
      "separated numbers, pasted grids with | - + borders) and writes each\n"
      "puzzle in the chosen format. Bad puzzles are reported on stderr with\n"
      "their line and column; the rest are converted (exit code 1).",
      {"to", "shape"},
      &RunFormat};
}

}  // namespace sudoku::cli
