#include "core/format.h"

#include <algorithm>
#include <cstddef>
#include <istream>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace sudoku {
namespace {

// One cell as read: its symbol text (one character, or a number token) and
// where it stood.
struct RawCell {
  absl::string_view text;
  int line;
  int column;    // 1-based byte column
  bool numeric;  // from a whitespace-separated numbers row
};

bool IsBlank(absl::string_view s) {
  return absl::StripAsciiWhitespace(s).empty();
}

bool IsComment(absl::string_view s) {
  s = absl::StripLeadingAsciiWhitespace(s);
  return !s.empty() && s[0] == '#';
}

std::string CountsText() {
  return absl::StrJoin(Shape::KnownCellCounts(), ", ");
}

absl::Status LineError(int line, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", what));
}

absl::Status CellError(const RawCell& cell, const Shape& shape) {
  std::string expected;
  if (cell.numeric) {
    expected = absl::StrCat("0..", shape.size());
  } else if (shape.size() <= 9) {
    expected =
        absl::StrCat("1-", shape.size(), " or . 0 - _ * for an empty cell");
  } else {
    expected =
        absl::StrCat("1-9, A-", std::string(1, shape.Symbol(shape.size())),
                     " or . 0 - _ * for an empty cell");
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "line ", cell.line, ", column ", cell.column, ": unexpected ",
      cell.numeric ? "number '" : "character '", cell.text, "' (expected ",
      expected, " for ", shape.name(), " boxes)"));
}

// Turns raw cells into a grid of `shape`, reporting the first bad cell.
absl::StatusOr<Grid> BuildGrid(const std::vector<RawCell>& raw,
                               const Shape& shape, const ParseOptions& options,
                               int first_line) {
  Grid grid(shape);
  for (size_t i = 0; i < raw.size(); ++i) {
    const RawCell& cell = raw[i];
    int digit = -1;
    if (cell.numeric) {
      int value = 0;
      if (absl::SimpleAtoi(cell.text, &value) && value >= 0 &&
          value <= shape.size()) {
        digit = value;
      }
    } else {
      digit = shape.DigitOf(cell.text[0]);
    }
    if (digit < 0) return CellError(cell, shape);
    grid.set(static_cast<int>(i), digit);
  }
  if (options.check_givens) {
    absl::Status status = CheckGivens(grid);
    if (!status.ok()) return LineError(first_line, status.message());
  }
  return grid;
}

const Shape* ShapeForCells(size_t cells, const ParseOptions& options) {
  if (options.shape != nullptr) {
    return static_cast<size_t>(options.shape->num_cells()) == cells
               ? options.shape
               : nullptr;
  }
  return Shape::ForCellCount(static_cast<int>(cells));
}

absl::Status CountError(int line, size_t got, const ParseOptions& options) {
  if (options.shape != nullptr) {
    return LineError(line, absl::StrCat("expected ", options.shape->num_cells(),
                                        " cells for shape ",
                                        options.shape->name(), ", got ", got));
  }
  return LineError(line, absl::StrCat("expected ", CountsText(),
                                      " cells (or give --shape), got ", got));
}

// A separator line of a pasted grid: only - + = | and spaces. A line of
// exactly `width` dashes and nothing else is a row of empty cells instead.
bool IsSeparator(absl::string_view line, int width) {
  int dashes = 0;
  bool strong = false;
  for (char ch : line) {
    if (ch == '-') {
      ++dashes;
    } else if (ch == '+' || ch == '=') {
      strong = true;
    } else if (ch != '|' &&
               !absl::ascii_isspace(static_cast<unsigned char>(ch))) {
      return false;
    }
  }
  if (strong) return true;
  return dashes > 0 && dashes != width;
}

// Splits one row of a pasted grid or numbers list into raw cells.
std::vector<RawCell> SplitRow(absl::string_view line, int line_no) {
  std::vector<RawCell> cells;
  // Tokens separated by whitespace and '|'.
  struct Token {
    absl::string_view text;
    int column;
  };
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < line.size()) {
    const char ch = line[i];
    if (ch == '|' || absl::ascii_isspace(static_cast<unsigned char>(ch))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < line.size() && line[j] != '|' &&
           !absl::ascii_isspace(static_cast<unsigned char>(line[j]))) {
      ++j;
    }
    tokens.push_back({line.substr(i, j - i), static_cast<int>(i) + 1});
    i = j;
  }
  // Whitespace-separated numbers when every token is a number, one has
  // several digits, and either the tokens are a row (or a puzzle) of
  // numbers that fit it, or the characters alone would not make a row or a
  // puzzle ("534 678 912" is a 9-cell row; "16 0 0 10 ..." is numbers, and
  // so is a 16x16 row with four two-digit numbers, whose 20 characters
  // would also make a 20-cell row).
  bool all_digits = !tokens.empty(), multi = false;
  size_t chars = 0;
  int largest = 0;
  for (const Token& t : tokens) {
    chars += t.text.size();
    multi |= t.text.size() > 1;
    for (char ch : t.text)
      all_digits &= absl::ascii_isdigit(static_cast<unsigned char>(ch)) != 0;
    int value = 0;
    if (t.text.size() <= 3 && absl::SimpleAtoi(t.text, &value))
      largest = std::max(largest, value);
    else
      largest = 1 << 20;
  }
  auto valid_count = [](size_t k) {
    return Shape::ForCellCount(static_cast<int>(k)) != nullptr ||
           Shape::ForCellCount(static_cast<int>(k * k)) != nullptr;
  };
  const int count = static_cast<int>(tokens.size());
  const bool fit_as_row =
      Shape::ForCellCount(count * count) != nullptr && largest <= count;
  const Shape* as_puzzle = Shape::ForCellCount(count);
  const bool fit_as_puzzle =
      as_puzzle != nullptr && largest <= as_puzzle->size();
  const bool numeric = all_digits && multi &&
                       (fit_as_row || fit_as_puzzle || !valid_count(chars));
  for (const Token& t : tokens) {
    if (numeric) {
      cells.push_back({t.text, line_no, t.column, true});
    } else {
      for (size_t k = 0; k < t.text.size(); ++k) {
        cells.push_back({t.text.substr(k, 1), line_no,
                         t.column + static_cast<int>(k), false});
      }
    }
  }
  return cells;
}

// The error for a line of `width` cells that is neither a puzzle line nor
// a row of a grid of the shape.
absl::Status NoGridRowError(size_t width, const ParseOptions& options,
                            int line_no) {
  if (options.shape != nullptr) {
    return LineError(line_no, absl::StrCat("a grid row of ", width,
                                           " cells does not fit shape ",
                                           options.shape->name(), " (",
                                           options.shape->size(), " per row)"));
  }
  return LineError(line_no,
                   absl::StrCat("neither a puzzle line (", CountsText(),
                                " cells) nor a grid row (4, 6, 8, 9, 10, 12, "
                                "16, 20 or 25 cells): got ",
                                width, " cells"));
}

// The rest of a grid block whose first row (line `line_no`, cells `raw`)
// is read, from lines[*i] on. A grid block is one only when its rows form a
// complete grid: a row of another width, a blank line or the end before
// `width` rows make the first line a line that is not a puzzle, reported
// alone, and *i is left on the line after it so the lines there are read
// afresh (a stray header never swallows the puzzles below it). Otherwise
// *i moves past the block's rows.
absl::StatusOr<Grid> ReadGridBlock(const std::vector<absl::string_view>& lines,
                                   size_t* i, std::vector<RawCell> raw,
                                   const Shape& shape,
                                   const ParseOptions& options, int line_no) {
  const size_t width = raw.size();
  const size_t after_first = *i;
  size_t rows = 1;
  std::string broken;  // why the block is not a grid
  while (rows < width && *i < lines.size()) {
    const absl::string_view next = lines[*i];
    const int next_no = static_cast<int>(*i) + options.first_line;
    if (IsBlank(next)) break;
    ++*i;
    if (IsComment(next) || IsSeparator(next, static_cast<int>(width))) continue;
    std::vector<RawCell> row = SplitRow(next, next_no);
    if (row.size() != width) {
      broken = absl::StrCat("line ", next_no, " has ", row.size(), " cells");
      break;
    }
    raw.insert(raw.end(), row.begin(), row.end());
    ++rows;
  }
  if (broken.empty() && rows < width) {
    broken = absl::StrCat("the block ends after ", rows,
                          rows == 1 ? " row" : " rows");
  }
  if (!broken.empty()) {
    *i = after_first;
    return LineError(
        line_no,
        absl::StrCat("not a puzzle: ", width,
                     " cells, and no complete grid of ", width, " rows of ",
                     width, " cells starts here (", broken, ")"));
  }
  return BuildGrid(raw, shape, options, line_no);
}

// Whether ParsePuzzles reads `line` (its '\r' removed) as one puzzle on a
// line of its own, whatever comes before it: the test of its main loop,
// minus a line of dashes (which a grid block takes as a separator).
bool IsPuzzleLine(absl::string_view line, const ParseOptions& options) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (IsBlank(line) || IsComment(line) || IsSeparator(line, -1)) return false;
  const absl::string_view body = absl::StripLeadingAsciiWhitespace(line);
  const absl::string_view field = body.substr(0, body.find_first_of(" \t\v\f"));
  if (field.find('|') != absl::string_view::npos) return false;
  const bool forced_not_row =
      options.shape != nullptr &&
      field.size() > static_cast<size_t>(options.shape->size());
  return ShapeForCells(field.size(), options) != nullptr ||
         field.size() > 2 * kMaxDigits || forced_not_row;
}

}  // namespace

PuzzleStreamReader::PuzzleStreamReader(std::istream& in,
                                       const ParseOptions& options,
                                       size_t piece_lines,
                                       std::vector<std::string> first_lines)
    : in_(in),
      options_(options),
      piece_lines_(std::max<size_t>(1, piece_lines)),
      first_lines_(std::move(first_lines)) {}

bool PuzzleStreamReader::Next(std::vector<PuzzleRecord>* records) {
  records->clear();
  size_t cut = 0;  // how many pending lines make the piece
  std::string line;
  while (true) {
    if (next_first_ < first_lines_.size()) {
      line = std::move(first_lines_[next_first_++]);
    } else if (!std::getline(in_, line)) {
      cut = pending_.size();
      break;
    }
    if (at_start_) {
      if (absl::StartsWith(line, "\xEF\xBB\xBF")) line.erase(0, 3);  // BOM
      at_start_ = false;
    }
    pending_.push_back(std::move(line));
    const size_t n = pending_.size();
    if (n < piece_lines_ || n < 3) continue;
    // Cut before the newest line where the whole text's parse starts
    // afresh: after a blank line (not under a border line, which a grid
    // below it would take as its top), or between two puzzle lines.
    const std::string& a = pending_[n - 2];
    const std::string& b = pending_[n - 1];
    if ((IsBlank(a) && !IsSeparator(pending_[n - 3], -1)) ||
        (IsPuzzleLine(a, options_) && IsPuzzleLine(b, options_))) {
      cut = n - 1;
      break;
    }
    if (n >= std::max<size_t>(16 * piece_lines_, 1024)) {
      // No such place: bounded all the same.
      cut = n;
      break;
    }
  }
  if (cut == 0) return false;
  std::string text;
  for (size_t k = 0; k < cut; ++k) {
    absl::StrAppend(&text, pending_[k], "\n");
  }
  ParseOptions options = options_;
  options.first_line = pending_first_line_;
  *records = ParsePuzzles(text, options);
  pending_.erase(pending_.begin(),
                 pending_.begin() + static_cast<std::ptrdiff_t>(cut));
  pending_first_line_ += static_cast<int>(cut);
  return true;
}

std::vector<PuzzleRecord> ParsePuzzles(absl::string_view text,
                                       const ParseOptions& options) {
  // A UTF-8 byte-order mark (as some editors save) is not part of the text.
  if (options.first_line == 1) absl::ConsumePrefix(&text, "\xEF\xBB\xBF");
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  for (auto& l : lines) {
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  }
  if (!lines.empty() && lines.back().empty()) lines.pop_back();

  std::vector<PuzzleRecord> records;
  int block_start = 0;  // line of a border above the current block, if any
  size_t i = 0;
  while (i < lines.size()) {
    const absl::string_view line = lines[i];
    const int line_no = static_cast<int>(i) + options.first_line;
    if (IsBlank(line) || IsComment(line)) {
      ++i;
      continue;
    }
    PuzzleRecord record;
    record.line = line_no;
    const size_t lead =
        line.size() - absl::StripLeadingAsciiWhitespace(line).size();
    const absl::string_view body = line.substr(lead);
    const size_t field_end = body.find_first_of(" \t\v\f");
    const absl::string_view field = body.substr(0, field_end);
    const bool has_bar = field.find('|') != absl::string_view::npos;

    // A border above a pasted grid; a line of only N*N dashes is an empty
    // puzzle instead.
    const bool all_dashes = field == body && field.find_first_not_of('-') ==
                                                 absl::string_view::npos;
    if (IsSeparator(line, -1) &&
        !(all_dashes && ShapeForCells(field.size(), options))) {
      if (block_start == 0) block_start = line_no;
      ++i;
      continue;
    }
    if (block_start != 0) record.line = block_start;
    block_start = 0;

    // One puzzle per line.
    const bool forced_not_row =
        options.shape != nullptr &&
        field.size() > static_cast<size_t>(options.shape->size());
    if (!has_bar && (ShapeForCells(field.size(), options) != nullptr ||
                     field.size() > 2 * kMaxDigits || forced_not_row)) {
      if (field_end != absl::string_view::npos) {
        record.label =
            std::string(absl::StripAsciiWhitespace(body.substr(field_end)));
      }
      const Shape* shape = ShapeForCells(field.size(), options);
      if (shape == nullptr) {
        record.grid = CountError(line_no, field.size(), options);
      } else {
        std::vector<RawCell> raw;
        raw.reserve(field.size());
        for (size_t k = 0; k < field.size(); ++k) {
          raw.push_back({field.substr(k, 1), line_no,
                         static_cast<int>(lead + k) + 1, false});
        }
        record.grid = BuildGrid(raw, *shape, options, line_no);
      }
      records.push_back(std::move(record));
      ++i;
      continue;
    }

    // Numbers on one line, or a multi-line grid block.
    std::vector<RawCell> raw = SplitRow(line, line_no);
    ++i;
    if (const Shape* shape = ShapeForCells(raw.size(), options)) {
      // 16 numbers are a 2x2 puzzle unless they only make sense as the first
      // row of a 16x16 grid (a number above 4).
      absl::StatusOr<Grid> whole = BuildGrid(raw, *shape, options, line_no);
      const bool could_be_row =
          options.shape == nullptr &&
          Shape::ForCellCount(static_cast<int>(raw.size() * raw.size())) !=
              nullptr;
      if (whole.ok() || !could_be_row) {
        record.grid = std::move(whole);
        records.push_back(std::move(record));
        continue;
      }
    }
    const size_t width = raw.size();
    const Shape* shape = nullptr;
    if (options.shape != nullptr) {
      if (static_cast<size_t>(options.shape->size()) == width)
        shape = options.shape;
    } else {
      shape = Shape::ForCellCount(static_cast<int>(width * width));
    }
    if (shape == nullptr) {
      record.grid = NoGridRowError(width, options, line_no);
      // Reported alone: the lines after it are read as if it were not
      // there.
      records.push_back(std::move(record));
      continue;
    }
    const size_t after_first = i;
    record.grid =
        ReadGridBlock(lines, &i, std::move(raw), *shape, options, line_no);
    records.push_back(std::move(record));
    if (i == after_first) continue;  // not a grid: the next line afresh
    // A trailing separator line closes the block.
    while (i < lines.size() && !IsBlank(lines[i]) &&
           IsSeparator(lines[i], static_cast<int>(width))) {
      ++i;
    }
  }
  return records;
}

absl::StatusOr<Grid> ParseGrid(absl::string_view text,
                               const ParseOptions& options) {
  std::vector<PuzzleRecord> records = ParsePuzzles(text, options);
  if (records.empty()) return absl::InvalidArgumentError("no puzzle found");
  if (records.size() > 1) {
    // A broken grid reads as several lines that are not puzzles: the first
    // one's reason says what is wrong.
    if (!records[0].grid.ok()) return std::move(records[0].grid);
    return absl::InvalidArgumentError(
        absl::StrCat("expected one puzzle, found ", records.size(),
                     " (the second starts on line ", records[1].line, ")"));
  }
  return std::move(records[0].grid);
}

std::string ToLine(const Grid& grid) {
  std::string out;
  out.reserve(static_cast<size_t>(grid.num_cells()));
  for (int cell = 0; cell < grid.num_cells(); ++cell)
    out.push_back(grid.shape().Symbol(grid[cell]));
  return out;
}

std::string ToPrettyGrid(const Grid& grid) {
  const Shape& shape = grid.shape();
  const int n = shape.size();
  std::string border = "+";
  for (int stack = 0; stack < n / shape.box_cols(); ++stack) {
    border += std::string(static_cast<size_t>(2 * shape.box_cols() + 1), '-');
    border += "+";
  }
  border += "\n";
  std::string out;
  for (int r = 0; r < n; ++r) {
    if (r % shape.box_rows() == 0) out += border;
    for (int c = 0; c < n; ++c) {
      if (c % shape.box_cols() == 0) out += "| ";
      out.push_back(shape.Symbol(grid[shape.Cell(r, c)]));
      out.push_back(' ');
    }
    out += "|\n";
  }
  out += border;
  return out;
}

std::string ToTokens(const Grid& grid) {
  const int n = grid.size();
  std::string out;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c > 0) out.push_back(' ');
      absl::StrAppend(&out, grid[r * n + c]);
    }
    out.push_back('\n');
  }
  return out;
}

}  // namespace sudoku
