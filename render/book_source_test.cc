#include "render/book_source.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "render/test_util.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using render_testing::PatternSolution;
using render_testing::PuzzleFrom;
using render_testing::ReadFile;
using render_testing::SolveUnique;
using ::sudoku::testing::IsOk;
using ::sudoku::testing::StatusIs;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string TestFile() {
  return sudoku::testing::SourceDir() + "/render/testdata/qqwing_32.tsv";
}

std::unique_ptr<TsvPuzzleSource> TestSource() {
  auto source = TsvPuzzleSource::Parse(ReadFile(TestFile()), "qqwing_32.tsv");
  EXPECT_THAT(source, IsOk());
  return source.ok() ? *std::move(source) : nullptr;
}

// The level column of line `where` ("file:line") of the test file.
std::string LevelAt(const std::string& where) {
  int line = 0;
  EXPECT_TRUE(absl::SimpleAtoi(where.substr(where.rfind(':') + 1), &line));
  std::vector<std::string> lines = absl::StrSplit(ReadFile(TestFile()), '\n');
  std::vector<std::string> cols =
      absl::StrSplit(lines[static_cast<size_t>(line - 1)], '\t');
  return cols.size() > 1 ? cols[1] : "";
}

TEST(SectionSpecTest, ParsesLevelsCountsAndHeadings) {
  auto specs = ParseSectionSpecs("easy:40, medium:30,expert:10:Evil");
  ASSERT_THAT(specs, IsOk());
  ASSERT_EQ(specs->size(), 3u);
  EXPECT_EQ((*specs)[0].level, "easy");
  EXPECT_EQ((*specs)[0].count, 40);
  EXPECT_EQ((*specs)[0].heading, "Easy");
  EXPECT_EQ((*specs)[1].level, "medium");
  EXPECT_EQ((*specs)[1].count, 30);
  EXPECT_EQ((*specs)[2].level, "expert");
  EXPECT_EQ((*specs)[2].heading, "Evil");
}

TEST(SectionSpecTest, RejectsBadItemsNamingThem) {
  EXPECT_THAT(ParseSectionSpecs(""),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(
      ParseSectionSpecs("easy"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("'easy'")));
  EXPECT_THAT(ParseSectionSpecs("easy:0"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("count")));
  EXPECT_THAT(ParseSectionSpecs("easy:x"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("'x'")));
  EXPECT_THAT(ParseSectionSpecs("easy:20000"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseSectionSpecs("ea sy:3"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("level")));
  EXPECT_THAT(ParseSectionSpecs("easy:3,,hard:2"),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(TsvPuzzleSourceTest, ListsLevelsInFileOrder) {
  auto source = TestSource();
  ASSERT_NE(source, nullptr);
  EXPECT_THAT(source->levels(),
              ElementsAre("simple", "easy", "intermediate", "expert"));
}

TEST(TsvPuzzleSourceTest, TakesOnlyTheLevelAndNeverRepeats) {
  auto source = TestSource();
  ASSERT_NE(source, nullptr);
  std::set<std::string> seen;
  int total = 0;
  for (int count : {3, 3, 3}) {
    auto taken = source->Take("EASY", count, 7);
    ASSERT_THAT(taken, IsOk());
    for (const SourcePuzzle& p : *taken) {
      EXPECT_EQ(LevelAt(p.where), "easy") << p.where;
      EXPECT_TRUE(seen.insert(p.where).second) << "repeated " << p.where;
      ++total;
    }
  }
  EXPECT_EQ(total, 8);  // the file has 8 easy puzzles
  auto none = source->Take("easy", 1, 7);
  ASSERT_THAT(none, IsOk());
  EXPECT_TRUE(none->empty());
}

TEST(TsvPuzzleSourceTest, OrderFollowsTheSeed) {
  auto order = [](uint64_t seed) {
    auto source = TestSource();
    std::vector<std::string> wheres;
    auto taken = source->Take("expert", 8, seed);
    EXPECT_THAT(taken, IsOk());
    for (const SourcePuzzle& p : *taken) wheres.push_back(p.where);
    return wheres;
  };
  EXPECT_EQ(order(5), order(5));
  EXPECT_NE(order(5), order(6));
}

TEST(TsvPuzzleSourceTest, UnknownLevelListsTheKnownOnes) {
  auto source = TestSource();
  ASSERT_NE(source, nullptr);
  EXPECT_THAT(source->Take("evil", 3, 1),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("simple, easy, intermediate, expert")));
}

TEST(TsvPuzzleSourceTest, BadLinesNameFileAndLine) {
  EXPECT_THAT(
      TsvPuzzleSource::Parse("# header\n12x\teasy\n", "f.tsv"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("f.tsv:2: ")));
  const std::string good =
      ".73..2........6.37......42.8....1....2.6..9..9.....87.2.941......7......"
      ".1.....68";
  EXPECT_THAT(TsvPuzzleSource::Parse(good + "\teasy\n" + good + "\n", "f.tsv"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("f.tsv:2: expected a level in column 2")));
  EXPECT_THAT(
      TsvPuzzleSource::Parse("# nothing\n\n", "f.tsv"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("no puzzles")));
  // Clashing givens: two 7s in row 1.
  EXPECT_THAT(
      TsvPuzzleSource::Parse("77" + good.substr(2) + "\teasy\n", "f.tsv"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("f.tsv:1")));
}

TEST(TsvPuzzleSourceTest, LevelColumnAndSpaceSeparatedColumns) {
  const std::string good =
      ".73..2........6.37......42.8....1....2.6..9..9.....87.2.941......7......"
      ".1.....68";
  TsvSourceOptions options;
  options.level_column = 3;
  auto source =
      TsvPuzzleSource::Parse(good + "  17   Hard\n", "f.txt", options);
  ASSERT_THAT(source, IsOk());
  EXPECT_THAT((*source)->levels(), ElementsAre("hard"));
}

// PatternSolution with every digit d relabelled d + k (mod N): a different
// full grid for each k in 0..N-1.
Grid RelabelledSolution(int k) {
  Grid g = PatternSolution(Shape::Classic());
  for (int c = 0; c < g.num_cells(); ++c) g.set(c, (g[c] - 1 + k) % 9 + 1);
  return g;
}

// A test double for the generator: `count` puzzles given with their
// solutions, each of a new full grid.
std::vector<SourcePuzzle> DistinctGenerated(int count, int* made) {
  std::vector<SourcePuzzle> out;
  for (int i = 0; i < count; ++i) {
    const Grid solution = RelabelledSolution((*made)++ % 9);
    out.push_back(SourcePuzzle{PuzzleFrom(solution), solution, "", std::nullopt,
                               "", "generated", false, 0});
  }
  return out;
}

AssembleOptions WithSolver(uint64_t seed) {
  AssembleOptions options;
  options.seed = seed;
  options.solve = SolveUnique;
  return options;
}

TEST(AssembleBookTest, FillsSectionsWithSolvedPuzzles) {
  auto source = TestSource();
  ASSERT_NE(source, nullptr);
  auto specs = ParseSectionSpecs("simple:3:Easy,expert:2:Evil");
  ASSERT_THAT(specs, IsOk());
  auto book = AssembleBook(*specs, *source, WithSolver(3));
  ASSERT_THAT(book, IsOk());
  ASSERT_EQ(book->book.sections.size(), 2u);
  EXPECT_EQ(book->book.sections[0].heading, "Easy");
  EXPECT_EQ(book->book.sections[0].puzzles.size(), 3u);
  EXPECT_EQ(book->book.sections[1].heading, "Evil");
  EXPECT_EQ(book->book.sections[1].puzzles.size(), 2u);
  EXPECT_EQ(book->taken.size(), 5u);
  for (const BookSection& s : book->book.sections) {
    for (const BookPuzzle& p : s.puzzles) {
      EXPECT_TRUE(IsValidSolution(p.puzzle, p.solution));
      EXPECT_EQ(p.short_id, ShortPuzzleId(p.puzzle));
    }
  }
  for (size_t i = 0; i < 3; ++i)
    EXPECT_EQ(LevelAt(book->taken[i].where), "simple");
  for (size_t i = 3; i < 5; ++i)
    EXPECT_EQ(LevelAt(book->taken[i].where), "expert");
}

TEST(AssembleBookTest, ShortSourceIsAnErrorWithCounts) {
  auto source = TestSource();
  ASSERT_NE(source, nullptr);
  auto specs = ParseSectionSpecs("easy:9");
  ASSERT_THAT(specs, IsOk());
  EXPECT_THAT(AssembleBook(*specs, *source, WithSolver(1)),
              StatusIs(absl::StatusCode::kOutOfRange,
                       HasSubstr("wants 9 puzzles but the source has only 8")));
}

TEST(AssembleBookTest, GeneratorFillsTheGap) {
  auto source = TestSource();
  ASSERT_NE(source, nullptr);
  auto specs = ParseSectionSpecs("easy:10");
  ASSERT_THAT(specs, IsOk());
  AssembleOptions options = WithSolver(1);
  std::vector<int> asked;
  int made = 0;
  options.generate = [&](absl::string_view level, int count, uint64_t) {
    EXPECT_EQ(level, "easy");
    asked.push_back(count);
    return absl::StatusOr<std::vector<SourcePuzzle>>(
        DistinctGenerated(count, &made));
  };
  auto book = AssembleBook(*specs, *source, options);
  ASSERT_THAT(book, IsOk());
  EXPECT_THAT(asked, ElementsAre(2));
  EXPECT_EQ(book->generated, 2);
  EXPECT_EQ(book->book.sections[0].puzzles.size(), 10u);
}

TEST(AssembleBookTest, NoTwoPuzzlesOfTheBookShareASolutionGrid) {
  // An easy puzzle and a hard one made from the same full grid (the easy
  // one is the hard one with clues put back), as generate made them when
  // every level of a seed started from the same grids.
  const Grid grid = RelabelledSolution(0);
  Grid hard = grid;  // the first row emptied: still one solution
  for (int c = 0; c < 9; ++c) hard.set(c, 0);
  Grid easy = grid;
  easy.set(0, 0);
  const std::string tsv =
      absl::StrCat(ToLine(easy), "\teasy\n", ToLine(hard), "\thard\n");
  auto specs = ParseSectionSpecs("easy:1,hard:1");
  ASSERT_THAT(specs, IsOk());
  auto source = TsvPuzzleSource::Parse(tsv, "same.tsv");
  ASSERT_THAT(source, IsOk());
  // No other hard puzzle: refused, naming both puzzles.
  EXPECT_THAT(AssembleBook(*specs, **source, WithSolver(1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("same.tsv:2"), HasSubstr("same.tsv:1"),
                             HasSubstr("already in the book"))));
  // With a generator: replaced by a puzzle of another grid.
  source = TsvPuzzleSource::Parse(tsv, "same.tsv");
  ASSERT_THAT(source, IsOk());
  AssembleOptions options = WithSolver(1);
  int made = 1;  // grids other than RelabelledSolution(0)
  options.generate = [&made](absl::string_view, int count, uint64_t) {
    return absl::StatusOr<std::vector<SourcePuzzle>>(
        DistinctGenerated(count, &made));
  };
  auto book = AssembleBook(*specs, **source, options);
  ASSERT_THAT(book, IsOk());
  EXPECT_EQ(book->replaced, 1);
  EXPECT_EQ(book->generated, 1);
  ASSERT_EQ(book->book.sections.size(), 2u);
  ASSERT_EQ(book->book.sections[1].puzzles.size(), 1u);
  EXPECT_NE(book->book.sections[0].puzzles[0].solution,
            book->book.sections[1].puzzles[0].solution);
}

TEST(AssembleBookTest, MissingLevelCanBeLeftToTheGenerator) {
  TsvSourceOptions tsv;
  tsv.missing_level_is_error = false;
  auto source =
      TsvPuzzleSource::Parse(ReadFile(TestFile()), "qqwing_32.tsv", tsv);
  ASSERT_THAT(source, IsOk());
  auto specs = ParseSectionSpecs("evil:3");
  ASSERT_THAT(specs, IsOk());
  AssembleOptions options = WithSolver(1);
  int made = 0;
  options.generate = [&made](absl::string_view, int count, uint64_t) {
    return absl::StatusOr<std::vector<SourcePuzzle>>(
        DistinctGenerated(count, &made));
  };
  auto book = AssembleBook(*specs, **source, options);
  ASSERT_THAT(book, IsOk());
  EXPECT_EQ(book->generated, 3);
}

TEST(AssembleBookTest, PuzzleWithoutUniqueSolutionIsNamed) {
  const std::string open_puzzle =
      "1......................................................................."
      ".........";
  auto source = TsvPuzzleSource::Parse(open_puzzle + "\teasy\n", "f.tsv");
  ASSERT_THAT(source, IsOk());
  auto specs = ParseSectionSpecs("easy:1");
  ASSERT_THAT(specs, IsOk());
  EXPECT_THAT(AssembleBook(*specs, **source, WithSolver(1)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("f.tsv:1: several solutions")));
}

TEST(AssembleBookTest, UnknownLevelIsNotFound) {
  auto source = TestSource();
  ASSERT_NE(source, nullptr);
  auto specs = ParseSectionSpecs("simple:1,evil:2");
  ASSERT_THAT(specs, IsOk());
  EXPECT_THAT(AssembleBook(*specs, *source, WithSolver(1)),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("'evil'")));
}

}  // namespace
}  // namespace sudoku
