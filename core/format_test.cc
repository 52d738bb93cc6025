#include "core/format.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

constexpr char kPuzzle[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.."
    "..8..79";

TEST(FormatTest, ParsesLineWithLabel) {
  std::vector<PuzzleRecord> recs = ParsePuzzles(
      absl::StrCat("# comment\n\n", kPuzzle, "  wikipedia example\n"));
  ASSERT_EQ(recs.size(), 1u);
  ASSERT_OK(recs[0].grid);
  EXPECT_EQ(recs[0].line, 3);
  EXPECT_EQ(recs[0].label, "wikipedia example");
  EXPECT_EQ(ToLine(*recs[0].grid), kPuzzle);
  EXPECT_EQ(recs[0].grid->NumFilled(), 30);
}

TEST(FormatTest, AcceptsEveryEmptyMarker) {
  std::string p = kPuzzle;
  std::string zeros = p, dashes = p, unders = p, stars = p;
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '.') {
      zeros[i] = '0';
      dashes[i] = '-';
      unders[i] = '_';
      stars[i] = '*';
    }
  }
  for (const std::string& s : {zeros, dashes, unders, stars}) {
    absl::StatusOr<Grid> g = ParseGrid(s);
    ASSERT_OK(g);
    EXPECT_EQ(ToLine(*g), kPuzzle);
  }
}

TEST(FormatTest, ReportsLineAndColumnOfBadCharacter) {
  std::string bad = kPuzzle;
  bad[16] = 'x';
  std::vector<PuzzleRecord> recs =
      ParsePuzzles(absl::StrCat(kPuzzle, "\n", bad, "\n", kPuzzle));
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_OK(recs[0].grid);
  EXPECT_THAT(
      recs[1].grid,
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("line 2, column 17: unexpected character 'x'")));
  EXPECT_OK(recs[2].grid);  // the batch carries on
}

TEST(FormatTest, ReportsWrongCellCount) {
  std::string longer = std::string(kPuzzle) + "1234567";  // 88 cells
  std::string shorter = std::string(kPuzzle).substr(0, 60);
  EXPECT_THAT(ParseGrid(longer), StatusIs(absl::StatusCode::kInvalidArgument,
                                          HasSubstr("got 88")));
  EXPECT_THAT(ParseGrid(shorter), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("got 60")));
}

TEST(FormatTest, ReportsClashingGivens) {
  std::string clash = kPuzzle;
  clash[2] = '7';  // row 1 already holds 7 at r1c5
  EXPECT_THAT(ParseGrid(clash),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("r1c3 and r1c5 both hold 7")));
}

TEST(FormatTest, ParsesPrettyGridBlock) {
  const std::string block =
      "+-------+-------+-------+\n"
      "| 5 3 . | . 7 . | . . . |\n"
      "| 6 . . | 1 9 5 | . . . |\n"
      "| . 9 8 | . . . | . 6 . |\n"
      "+-------+-------+-------+\n"
      "| 8 . . | . 6 . | . . 3 |\n"
      "| 4 . . | 8 . 3 | . . 1 |\n"
      "| 7 . . | . 2 . | . . 6 |\n"
      "+-------+-------+-------+\n"
      "| . 6 . | . . . | 2 8 . |\n"
      "| . . . | 4 1 9 | . . 5 |\n"
      "| . . . | . 8 . | . 7 9 |\n"
      "+-------+-------+-------+\n";
  std::vector<PuzzleRecord> recs = ParsePuzzles(block + "\n" + block);
  ASSERT_EQ(recs.size(), 2u);
  for (const auto& r : recs) {
    ASSERT_OK(r.grid);
    EXPECT_EQ(ToLine(*r.grid), kPuzzle);
  }
  EXPECT_EQ(recs[1].line, 15);
  // Our own pretty output reads back.
  EXPECT_EQ(ToLine(*ParseGrid(ToPrettyGrid(*recs[0].grid))), kPuzzle);
}

TEST(FormatTest, ParsesCompactBlockWithoutBorders) {
  const std::string block =
      "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
      "7...2...6\n.6....28.\n...419..5\n....8..79\n";
  // 9-character lines are grid rows (a 9-cell line is no puzzle).
  absl::StatusOr<Grid> g = ParseGrid(block);
  ASSERT_OK(g);
  EXPECT_EQ(ToLine(*g), kPuzzle);
}

TEST(FormatTest, BlockErrorsNameTheLine) {
  const std::string short_row = "53..7....\n6..195..\n.98....6.\n";
  EXPECT_THAT(ParseGrid(short_row),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("line 1: not a puzzle: 9 cells, and no "
                                 "complete grid of 9 rows of 9 cells starts "
                                 "here (line 2 has 8 cells)")));
  const std::string truncated = "53..7....\n6..195...\n\n";
  EXPECT_THAT(ParseGrid(truncated),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("the block ends after 2 rows")));
}

// A line that is not a puzzle is reported and skipped; it never changes how
// the lines after it are read.
TEST(FormatTest, StrayLinesDoNotSwallowThePuzzlesAfterThem) {
  const std::string p1 =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419.."
      "5....8..79";
  const std::string p2 =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2...."
      ".1.4......";
  for (const std::string header :
       {"Puzzles from Bob:", "My puzzle", "puzzles", "x"}) {
    SCOPED_TRACE(header);
    const std::vector<PuzzleRecord> records =
        ParsePuzzles(header + "\n" + p1 + "\n" + p2 + "\n");
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0].line, 1);
    EXPECT_FALSE(records[0].grid.ok());
    EXPECT_THAT(records[0].grid.status().message(), HasSubstr("line 1"));
    ASSERT_OK(records[1].grid);
    EXPECT_EQ(ToLine(*records[1].grid), p1);
    ASSERT_OK(records[2].grid);
    EXPECT_EQ(ToLine(*records[2].grid), p2);
  }
}

TEST(FormatTest, ByteOrderMarkAndCrlfAreAccepted) {
  const std::string p1 =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419.."
      "5....8..79";
  const std::vector<PuzzleRecord> records =
      ParsePuzzles("\xEF\xBB\xBF" + p1 + "\r\n" + p1 + "\r\n");
  ASSERT_EQ(records.size(), 2u);
  for (const PuzzleRecord& r : records) {
    ASSERT_OK(r.grid);
    EXPECT_EQ(ToLine(*r.grid), p1);
  }
}

TEST(FormatTest, ANulByteSpoilsOnlyItsLine) {
  const std::string p1 =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419.."
      "5....8..79";
  std::string text = p1 + "\n";
  text += std::string("53..7\0", 6) + "\n";
  text += p1 + "\n";
  const std::vector<PuzzleRecord> records = ParsePuzzles(text);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_TRUE(records[0].grid.ok());
  EXPECT_FALSE(records[1].grid.ok());
  EXPECT_EQ(records[1].line, 2);
  EXPECT_TRUE(records[2].grid.ok());
}

TEST(FormatTest, ParsesNumberTokensForLargeShapes) {
  const Shape& s = Shape::GetOrDie(4, 4);
  Grid g(s);
  g.set(0, 16);
  g.set(17, 10);
  g.set(255, 1);
  const std::string tokens = ToTokens(g);
  absl::StatusOr<Grid> back = ParseGrid(tokens);
  ASSERT_OK(back);
  EXPECT_EQ(*back, g);
  // All 256 numbers on one line as well.
  std::string one_line = tokens;
  std::replace(one_line.begin(), one_line.end(), '\n', ' ');
  EXPECT_THAT(ParseGrid(one_line), ::sudoku::testing::IsOkAndHolds(g));
  // Letters in the line format.
  EXPECT_EQ(ToLine(g)[0], 'G');
  EXPECT_THAT(ParseGrid(ToLine(g)), ::sudoku::testing::IsOkAndHolds(g));
  // A number out of range names its place.
  std::string bad = tokens;
  bad.replace(0, 2, "17");
  EXPECT_THAT(ParseGrid(bad),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("line 1, column 1: unexpected number '17'")));
}

TEST(FormatTest, ReadsLargeGridRowsWithAnyNumberOfTwoDigitTokens) {
  // One grid row per line: a 16x16 row with four two-digit numbers has 20
  // characters, a 25x25 row with eleven 36, which would also make a row of
  // a 20x20 grid (a 6x6 puzzle) if read character by character. Row r here
  // keeps r % (n - 8) of its two-digit numbers, so every count occurs.
  for (auto [br, bc] : std::vector<std::pair<int, int>>{{4, 4}, {5, 5}}) {
    const Shape& s = Shape::GetOrDie(br, bc);
    SCOPED_TRACE(s.name());
    const int n = s.size();
    Grid g(s);
    for (int r = 0; r < n; ++r) {
      int two_digit = 0;
      for (int c = 0; c < n; ++c) {
        // A valid solution pattern: row r shifted by r * bc + r / br.
        const int d = (r * bc + r / br + c) % n + 1;
        if (d >= 10 && two_digit++ >= r % (n - 8)) continue;
        g.set(s.Cell(r, c), d);
      }
    }
    ASSERT_OK(CheckGivens(g));
    EXPECT_THAT(ParseGrid(ToTokens(g)), ::sudoku::testing::IsOkAndHolds(g))
        << ToTokens(g);
  }
}

// Every record of `text` as PuzzleStreamReader gives it, in pieces of
// `piece_lines`; `largest` = the most records one piece held.
std::vector<PuzzleRecord> ReadInPieces(const std::string& text,
                                       size_t piece_lines, size_t* largest) {
  std::istringstream in(text);
  PuzzleStreamReader reader(in, {}, piece_lines);
  std::vector<PuzzleRecord> all, piece;
  *largest = 0;
  while (reader.Next(&piece)) {
    *largest = std::max(*largest, piece.size());
    for (PuzzleRecord& r : piece) all.push_back(std::move(r));
  }
  return all;
}

TEST(FormatTest, StreamReaderGivesTheWholeTextsRecordsPieceByPiece) {
  // Lines, grid blocks (good and broken), stray lines, comments, numbers,
  // a byte-order mark and CRLF: the same records, lines and messages as
  // ParsePuzzles on the whole text, for any piece size.
  const std::string grid = ToPrettyGrid(*ParseGrid(kPuzzle));
  std::string text = "\xEF\xBB\xBF# header\r\n";
  text += std::string(kPuzzle) + " first\r\n" + kPuzzle + "\n\n" + grid +
          "\nMy puzzle\n" + grid.substr(0, 60) + "\n\n";
  for (int i = 0; i < 5; ++i) text += std::string(kPuzzle) + "\n";
  text += ToTokens(*ParseGrid(kPuzzle)) + "x" + std::string(kPuzzle) + "\n" +
          kPuzzle;
  const std::vector<PuzzleRecord> whole = ParsePuzzles(text);
  ASSERT_GE(whole.size(), 10u);
  for (size_t piece_lines :
       {size_t{1}, size_t{2}, size_t{3}, size_t{7}, size_t{4096}}) {
    SCOPED_TRACE(piece_lines);
    size_t largest = 0;
    const std::vector<PuzzleRecord> read =
        ReadInPieces(text, piece_lines, &largest);
    ASSERT_EQ(read.size(), whole.size());
    for (size_t i = 0; i < read.size(); ++i) {
      SCOPED_TRACE(i);
      EXPECT_EQ(read[i].line, whole[i].line);
      EXPECT_EQ(read[i].label, whole[i].label);
      EXPECT_EQ(read[i].grid.status(), whole[i].grid.status());
      if (read[i].grid.ok()) {
        EXPECT_EQ(*read[i].grid, *whole[i].grid);
      }
    }
  }
  // One puzzle a line: pieces of about piece_lines records, never the
  // whole input at once.
  std::string lines;
  for (int i = 0; i < 100; ++i) lines += std::string(kPuzzle) + "\n";
  size_t largest = 0;
  EXPECT_EQ(ReadInPieces(lines, 10, &largest).size(), 100u);
  EXPECT_LE(largest, 10u);
}

TEST(FormatTest, RoundTripsEveryShapeInEveryFormat) {
  Rng rng(3);
  for (auto [r, c] : std::vector<std::pair<int, int>>{{2, 2},
                                                      {2, 3},
                                                      {3, 2},
                                                      {2, 4},
                                                      {3, 3},
                                                      {2, 5},
                                                      {3, 4},
                                                      {4, 3},
                                                      {4, 4},
                                                      {4, 5},
                                                      {5, 4},
                                                      {5, 5}}) {
    const Shape& s = Shape::GetOrDie(r, c);
    SCOPED_TRACE(s.name());
    // A grid with a few non-clashing givens: digit d on the diagonal of
    // cells (i, (i * c + i / r) % N) is a valid Latin pattern row.
    Grid g(s);
    for (int i = 0; i < s.size(); i += 2) {
      const int cell = s.Cell(i, (i * c + i / r) % s.size());
      g.set(cell,
            static_cast<int>(UniformInt(rng, static_cast<uint64_t>(s.size()))) +
                1);
    }
    ParseOptions options;
    options.shape = &s;
    options.check_givens = false;
    EXPECT_THAT(ParseGrid(ToLine(g), options),
                ::sudoku::testing::IsOkAndHolds(g));
    EXPECT_THAT(ParseGrid(ToTokens(g), options),
                ::sudoku::testing::IsOkAndHolds(g))
        << ToTokens(g);
    EXPECT_THAT(ParseGrid(ToPrettyGrid(g), options),
                ::sudoku::testing::IsOkAndHolds(g))
        << ToPrettyGrid(g);
  }
}

TEST(FormatTest, ForcedShapeDisambiguates) {
  // 36 cells default to 2x3 boxes; --shape 3x2 reads the same text as 3x2.
  std::string line(36, '.');
  line[0] = '1';
  line[7] = '1';  // r2c2: same 2x3 box as r1c1, but a different 3x2 box? no
  EXPECT_FALSE(ParseGrid(line).ok());  // r1c1 and r2c2 share a 2x3 box
  ParseOptions options;
  options.shape = &Shape::GetOrDie(3, 2);
  EXPECT_FALSE(ParseGrid(line, options).ok());  // and a 3x2 box too
  line[7] = '.';
  line[9] = '1';  // r2c4: same 2x3 box (cols 4-6? no: cols 1-3 | 4-6)
  EXPECT_OK(ParseGrid(line));
  EXPECT_EQ(&ParseGrid(line, options)->shape(), &Shape::GetOrDie(3, 2));
  ParseOptions wrong;
  wrong.shape = &Shape::GetOrDie(4, 4);
  EXPECT_THAT(ParseGrid(line, wrong),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("expected 256 cells for shape 4x4, got 36")));
}

TEST(FormatTest, ParseGridRejectsEmptyAndMultiple) {
  EXPECT_THAT(
      ParseGrid("# nothing\n\n"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("no puzzle")));
  EXPECT_THAT(
      ParseGrid(absl::StrCat(kPuzzle, "\n", kPuzzle)),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("found 2")));
}

TEST(FormatTest, RandomBytesNeverCrash) {
  Rng rng(12345);
  const std::string alphabet = "123456789ABCDEFG.0-_*|+= \n\r\t#x\xff";
  for (int round = 0; round < 3000; ++round) {
    const size_t len = UniformInt(rng, 700);
    std::string text;
    const bool any_byte = round % 3 == 0;
    for (size_t i = 0; i < len; ++i) {
      text.push_back(any_byte ? static_cast<char>(rng() & 0xff)
                              : alphabet[UniformInt(rng, alphabet.size())]);
    }
    std::vector<PuzzleRecord> recs = ParsePuzzles(text);
    for (const auto& r : recs) {
      if (r.grid.ok()) {
        EXPECT_OK(CheckGivens(*r.grid));
      } else {
        EXPECT_EQ(r.grid.status().code(), absl::StatusCode::kInvalidArgument);
      }
    }
  }
}

}  // namespace
}  // namespace sudoku
