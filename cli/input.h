// Reading puzzles for a command: from files, standard input ("-" or no
// argument) or puzzles given literally on the command line.
#ifndef SUDOKU_CLI_INPUT_H_
#define SUDOKU_CLI_INPUT_H_

#include <fstream>
#include <functional>
#include <istream>
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

// Calls `each` with every puzzle of one source, in order: a file or "-"
// (standard input), read piece by piece (PuzzleStreamReader: bounded
// memory), or, when no file has that name, a puzzle given literally
// (argument number `arg_index`). NotFound or InvalidArgument (a usage
// error) when a file cannot be read.
absl::Status ForEachInput(const std::string& source, int arg_index,
                          const ParseOptions& options,
                          const std::function<void(InputPuzzle)>& each);

// The same for the puzzles of `in`, the stream of `source` (a file name or
// "-"), after `first_lines` already read from it.
void ForEachInStream(std::istream& in, const std::string& source,
                     const ParseOptions& options,
                     std::vector<std::string> first_lines,
                     const std::function<void(InputPuzzle)>& each);

// Opens `path` for reading ("-" = standard input): NotFound or
// InvalidArgument (a directory) as ReadFileOrStdin. `file` holds the
// stream of a file; the result points to it or to std::cin.
absl::StatusOr<std::istream*> OpenInput(const std::string& path,
                                        std::ifstream& file);

// Reads a whole file ("-" = standard input).
absl::StatusOr<std::string> ReadFileOrStdin(const std::string& path);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_INPUT_H_
