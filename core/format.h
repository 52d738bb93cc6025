// Reading and writing puzzles in the text formats users paste.
//
// Accepted input (any mix in one text):
//  * one puzzle per line: N*N symbols (1-9 then A, B, ... for N >= 10;
//    empty cells as . 0 - _ *); anything after the first whitespace is the
//    puzzle's label. Blank lines and lines starting with '#' are skipped.
//  * whitespace-separated numbers (0 = empty) for any N, on one line or
//    over several lines.
//  * a multi-line grid block: N rows of N cells with optional '|' column
//    separators and separator lines made of - + = | characters; blocks may
//    be separated by blank lines.
// The shape comes from the cell count (Shape::ForCellCount) unless
// ParseOptions::shape forces one (needed for 3x2, 4x3, 5x4, ...).
#ifndef SUDOKU_CORE_FORMAT_H_
#define SUDOKU_CORE_FORMAT_H_

#include <istream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"

namespace sudoku {

struct ParseOptions {
  // Forces the shape instead of inferring it from the cell count. Not owned.
  const Shape* shape = nullptr;
  // Reject givens that clash (CheckGivens). Off only for tools that want to
  // show the clash themselves.
  bool check_givens = true;
  // The number of the text's first line, for records and messages: a
  // piece of a longer input (PuzzleStreamReader) counts on from there.
  int first_line = 1;
};

// One puzzle read from a text, or the reason it could not be read.
struct PuzzleRecord {
  int line = 0;  // 1-based line where the puzzle starts
  absl::StatusOr<Grid> grid = absl::UnknownError("unset");
  std::string label;  // text after the puzzle on its line, trimmed
};

// Splits `text` into puzzles. Never fails as a whole: each bad puzzle is a
// record whose `grid` holds InvalidArgument with the line and column, e.g.
// "line 3, column 17: unexpected character 'x'".
std::vector<PuzzleRecord> ParsePuzzles(absl::string_view text,
                                       const ParseOptions& options = {});

// Reads the puzzles of a stream piece by piece, so that memory stays
// bounded whatever the input's size: each piece is about `piece_lines`
// lines, cut only where ParsePuzzles on the whole text would start afresh
// (after a blank line, or before a line that is a puzzle by itself), and
// the records, their lines and messages are those ParsePuzzles gives for
// the whole text. An input without such a place in max(16 * piece_lines,
// 1024) lines (no blank line, no puzzle line) is cut there anyway; a grid
// block across that cut is reported as broken.
class PuzzleStreamReader {
 public:
  // `in` must outlive the reader. `first_lines`: lines the caller has
  // already read from `in` (to look at its start), read first.
  explicit PuzzleStreamReader(std::istream& in, const ParseOptions& options,
                              size_t piece_lines = 4096,
                              std::vector<std::string> first_lines = {});
  // The next piece's records; false at the end of the input (no records).
  bool Next(std::vector<PuzzleRecord>* records);

 private:
  std::istream& in_;
  ParseOptions options_;
  size_t piece_lines_;
  std::vector<std::string> first_lines_;
  size_t next_first_ = 0;
  std::vector<std::string> pending_;  // lines read, not parsed yet
  int pending_first_line_ = 1;
  bool at_start_ = true;
};

// Parses exactly one puzzle (any format). InvalidArgument when `text` holds
// no puzzle, more than one, or a bad one.
absl::StatusOr<Grid> ParseGrid(absl::string_view text,
                               const ParseOptions& options = {});

// One line of N*N symbols, '.' for empty cells.
std::string ToLine(const Grid& grid);
// Rows of symbols with box borders, e.g. "+-------+-------+-------+".
std::string ToPrettyGrid(const Grid& grid);
// Whitespace-separated numbers, one grid row per line.
std::string ToTokens(const Grid& grid);

}  // namespace sudoku

#endif  // SUDOKU_CORE_FORMAT_H_
