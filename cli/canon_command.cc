// sudoku-forge canon: the canonical (minlex) form of each puzzle, the key
// under which the puzzle bank deduplicates isomorphs.
#include <iostream>

#include "cli/command.h"
#include "cli/commands.h"
#include "cli/flags.h"
#include "cli/input.h"
#include "core/canonical.h"

namespace sudoku::cli {
namespace {

int RunCanon(const CommandArgs& args) {
  absl::StatusOr<ParseOptions> options = ParseOptionsFromFlags();
  if (!options.ok()) return UsageError("canon", std::string(options.status().message()));
  absl::StatusOr<std::vector<InputPuzzle>> inputs = ReadInputs(args.positional, *options);
  if (!inputs.ok()) return UsageError("canon", std::string(inputs.status().message()));
  int exit_code = kExitOk;
  for (const InputPuzzle& in : *inputs) {
    absl::StatusOr<std::string> key =
        in.grid.ok() ? CanonicalKey(*in.grid) : absl::StatusOr<std::string>(in.grid.status());
    if (!key.ok()) {
      std::cerr << in.where() << ": " << key.status().message() << "\n";
      exit_code = kExitBadPuzzle;
      continue;
    }
    std::cout << *key;
    if (!in.label.empty()) std::cout << "\t" << in.label;
    std::cout << "\n";
  }
  return exit_code;
}

}  // namespace

Command CanonCommand() {
  return {"canon", "print each puzzle's canonical (minlex) form",
          "Usage: sudoku-forge canon [FILE|-|PUZZLE]... [--shape=RxC]\n"
          "Prints, per puzzle, the lexicographically smallest isomorph (empty = '.',\n"
          "digits relabelled, rows/columns permuted within bands/stacks, bands/stacks\n"
          "permuted, transposed for square boxes), followed by the input label.\n"
          "Isomorphic puzzles print the same line. Exit code 1 for a bad puzzle.",
          {"shape"}, &RunCanon};
}

}  // namespace sudoku::cli
