// Reading puzzles for a command: from files, standard input ("-" or no
// argument) or puzzles given literally on the command line.
#ifndef SUDOKU_CLI_INPUT_H_
#define SUDOKU_CLI_INPUT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/format.h"

namespace sudoku::cli {

struct InputPuzzle {
  std::string file;  // file name, "-" for standard input, "" for an argument
  int line = 0;      // 1-based line in `file` (0 for an argument)
  absl::StatusOr<Grid> grid = absl::UnknownError("unset");
  std::string label;  // text after the puzzle on its line
  // "file:line" or "argument N": where to point the user.
  std::string where() const;
};

// The --shape flag as parse options. InvalidArgument for a bad spec.
absl::StatusOr<ParseOptions> ParseOptionsFromFlags();

// Reads every puzzle named by `args` (no args: standard input). An argument
// that names no file but parses as a puzzle is taken literally. NotFound or
// InvalidArgument (a usage error) when a file cannot be read; bad puzzles are
// records with an error status, so a batch carries on.
absl::StatusOr<std::vector<InputPuzzle>> ReadInputs(
    const std::vector<std::string>& args, const ParseOptions& options);

// Reads a whole file ("-" = standard input).
absl::StatusOr<std::string> ReadFileOrStdin(const std::string& path);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_INPUT_H_
