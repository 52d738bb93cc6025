#include "render/book.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "render/test_util.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using render_testing::HaveTool;
using render_testing::PatternSolution;
using render_testing::PuzzleFrom;
using render_testing::ReadPgm;
using render_testing::RunOutput;
using render_testing::TempPath;
using ::sudoku::testing::IsOk;
using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

// A book of sections with the given sizes, all of one shape. The puzzles
// differ from one another by relabelling the digits.
Book MakeBook(const std::vector<int>& counts, const Shape& shape,
              const std::vector<std::string>& headings = {}) {
  Book book;
  book.title = "Test Book";
  const Grid base = PatternSolution(shape);
  int k = 0;
  for (size_t s = 0; s < counts.size(); ++s) {
    BookSection section;
    section.heading =
        s < headings.size() ? headings[s] : absl::StrCat("Level ", s + 1);
    for (int i = 0; i < counts[s]; ++i, ++k) {
      Grid solution(shape);
      for (int c = 0; c < shape.num_cells(); ++c) {
        solution.set(c, (base[c] - 1 + k) % shape.size() + 1);
      }
      section.puzzles.push_back(
          BookPuzzle{PuzzleFrom(solution), solution, "", 3.5, "x_wing"});
    }
    book.sections.push_back(std::move(section));
  }
  return book;
}

int CeilDiv(int a, int b) { return (a + b - 1) / b; }

// Title page + each section rounded up to whole pages + the solutions.
int ExpectedPages(const std::vector<int>& counts, int per_page,
                  int solutions_per_page) {
  int pages = 1, total = 0;
  for (int c : counts) {
    pages += CeilDiv(c, per_page);
    total += c;
  }
  return pages + CeilDiv(total, solutions_per_page);
}

TEST(PageSizeTest, ParsesA4AndLetter) {
  EXPECT_THAT(ParsePageSize("A4"), testing::IsOkAndHolds(PageSize::kA4));
  EXPECT_THAT(ParsePageSize("letter"),
              testing::IsOkAndHolds(PageSize::kLetter));
  EXPECT_THAT(ParsePageSize("a5"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("'a5'")));
  EXPECT_NEAR(PageWidth(PageSize::kA4), 595.28, 0.01);
  EXPECT_NEAR(PageHeight(PageSize::kA4), 841.89, 0.01);
  EXPECT_EQ(PageWidth(PageSize::kLetter), 612);
  EXPECT_EQ(PageHeight(PageSize::kLetter), 792);
}

TEST(BookOptionsTest, RejectsOddCounts) {
  BookOptions options;
  options.per_page = 3;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("got 3")));
  options.per_page = 6;
  options.solutions_per_page = 5;
  EXPECT_THAT(options.Validate(), StatusIs(absl::StatusCode::kInvalidArgument));
  options.solutions_per_page = 9;
  EXPECT_THAT(options.Validate(), IsOk());
}

TEST(LayoutBookTest, PageCountsForEveryPerPage) {
  const std::vector<int> counts = {40, 40, 30, 10};
  const Book book = MakeBook(counts, Shape::Classic());
  for (const PageSize page : {PageSize::kA4, PageSize::kLetter}) {
    for (const int per_page : {1, 2, 4, 6}) {
      BookOptions options;
      options.page = page;
      options.per_page = per_page;
      auto layout = LayoutBook(book, options);
      ASSERT_THAT(layout, IsOk());
      // 9x9 solutions go 12 a page by default.
      EXPECT_EQ(layout->num_pages, ExpectedPages(counts, per_page, 12))
          << per_page;
      EXPECT_EQ(layout->grids.size(), 240u);
      EXPECT_EQ(layout->section_first_page[0], 2);
      EXPECT_EQ(layout->section_first_page[1], 2 + CeilDiv(40, per_page));
    }
  }
}

TEST(LayoutBookTest, SolutionsPerPageFollowsGridSize) {
  const std::vector<int> counts = {10};
  BookOptions options;
  auto layout = LayoutBook(MakeBook(counts, Shape::GetOrDie(4, 4)), options);
  ASSERT_THAT(layout, IsOk());
  EXPECT_EQ(layout->num_pages, ExpectedPages(counts, 4, 6));
  layout = LayoutBook(MakeBook(counts, Shape::GetOrDie(5, 5)), options);
  ASSERT_THAT(layout, IsOk());
  EXPECT_EQ(layout->num_pages, ExpectedPages(counts, 4, 4));
  options.solutions_per_page = 9;
  layout = LayoutBook(MakeBook(counts, Shape::GetOrDie(5, 5)), options);
  ASSERT_THAT(layout, IsOk());
  EXPECT_EQ(layout->num_pages, ExpectedPages(counts, 4, 9));
}

// Every grid sits inside the margins, none overlaps another on its page,
// numbers run 1..total, and solutions are smaller than puzzles.
TEST(LayoutBookTest, GridsFitThePageAndDoNotOverlap) {
  const Book book = MakeBook({7, 5}, Shape::Classic());
  for (const int per_page : {1, 2, 4, 6}) {
    BookOptions options;
    options.per_page = per_page;
    options.show_rating = true;
    auto layout = LayoutBook(book, options);
    ASSERT_THAT(layout, IsOk());
    double puzzle_size = 0, solution_size = 1e9;
    for (size_t i = 0; i < layout->grids.size(); ++i) {
      const PlacedGrid& g = layout->grids[i];
      EXPECT_EQ(g.number, static_cast<int>(i % 12) + 1);
      EXPECT_EQ(g.solution, i >= 12);
      EXPECT_GE(g.box.x, 36);
      EXPECT_GE(g.box.y, 36);
      EXPECT_LE(g.box.x + g.box.size, layout->page_width - 36);
      EXPECT_LE(g.box.y + g.box.size, layout->page_height - 36);
      if (g.solution)
        solution_size = std::min(solution_size, g.box.size);
      else
        puzzle_size = std::max(puzzle_size, g.box.size);
      for (size_t j = 0; j < i; ++j) {
        const PlacedGrid& h = layout->grids[j];
        if (h.page != g.page) continue;
        const bool apart = g.box.x >= h.box.x + h.box.size ||
                           h.box.x >= g.box.x + g.box.size ||
                           g.box.y >= h.box.y + h.box.size ||
                           h.box.y >= g.box.y + g.box.size;
        EXPECT_TRUE(apart) << "grids " << j << " and " << i << " overlap";
      }
    }
    EXPECT_LT(solution_size, puzzle_size);
  }
}

TEST(LayoutBookTest, RejectsEmptyBooksAndSections) {
  EXPECT_THAT(
      LayoutBook(Book{}, BookOptions{}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("no sections")));
  Book book = MakeBook({2, 0}, Shape::Classic(), {"Easy", "Hard"});
  EXPECT_THAT(
      LayoutBook(book, BookOptions{}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("'Hard'")));
}

TEST(ShortPuzzleIdTest, StableAndDistinct) {
  const Grid a = PuzzleFrom(PatternSolution(Shape::Classic()));
  Grid b = a;
  b.set(0, 0);
  EXPECT_EQ(ShortPuzzleId(a).size(), 8u);
  EXPECT_EQ(ShortPuzzleId(a), ShortPuzzleId(Grid(a)));
  EXPECT_NE(ShortPuzzleId(a), ShortPuzzleId(b));
}

TEST(WriteBookPdfTest, UnwritablePathIsAnError) {
  EXPECT_THAT(WriteBookPdf(MakeBook({1}, Shape::Classic()), BookOptions{},
                           "/no/such/dir/book.pdf"),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("/no/such/dir")));
}

class BookPdfTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!HaveTool("pdfinfo") || !HaveTool("pdftotext") ||
        !HaveTool("pdftoppm")) {
      GTEST_SKIP()
          << "poppler-utils (pdfinfo, pdftotext, pdftoppm) not installed";
    }
  }

  std::string PageText(const std::string& pdf, int page) {
    return RunOutput(absl::StrCat("pdftotext -layout -f ", page, " -l ", page,
                                  " '", pdf, "' -"));
  }
  int PdfPages(const std::string& pdf) {
    for (absl::string_view line :
         absl::StrSplit(RunOutput(absl::StrCat("pdfinfo '", pdf, "'")), '\n')) {
      if (absl::ConsumePrefix(&line, "Pages:")) {
        int pages = 0;
        if (absl::SimpleAtoi(absl::StripAsciiWhitespace(line), &pages))
          return pages;
      }
    }
    return -1;
  }
};

TEST_F(BookPdfTest, PagesHeadersNumbersAndSolutions) {
  const std::vector<int> counts = {5, 3};
  const Book book = MakeBook(counts, Shape::Classic(), {"Easy", "Hard"});
  BookOptions options;
  options.per_page = 2;
  options.show_id = true;
  const std::string pdf = TempPath("book_text.pdf");
  auto layout = WriteBookPdf(book, options, pdf);
  ASSERT_THAT(layout, IsOk());
  const int pages = ExpectedPages(counts, 2, 12);
  EXPECT_EQ(layout->num_pages, pages);
  EXPECT_EQ(PdfPages(pdf), pages);

  const std::string title = PageText(pdf, 1);
  EXPECT_THAT(title, HasSubstr("Test Book"));
  EXPECT_THAT(title, HasSubstr("8 puzzles in 2 levels"));
  EXPECT_THAT(title, HasSubstr("Contents"));
  EXPECT_THAT(title, HasSubstr("Solutions"));

  const std::string first = PageText(pdf, 2);
  EXPECT_THAT(first, HasSubstr("Easy"));
  EXPECT_THAT(first, HasSubstr("Puzzles 1\u20132"));
  EXPECT_THAT(first, HasSubstr("Puzzle 1"));
  EXPECT_THAT(first, HasSubstr("Puzzle 2"));
  EXPECT_THAT(first,
              HasSubstr(absl::StrCat(
                  "id ", ShortPuzzleId(book.sections[0].puzzles[0].puzzle))));
  // A lone puzzle on the last Easy page, then Hard starts a new page.
  const std::string last_easy = PageText(pdf, 4);
  EXPECT_THAT(last_easy, HasSubstr("Puzzle 5"));
  EXPECT_THAT(last_easy, ::testing::Not(HasSubstr("Puzzle 6")));
  const std::string hard = PageText(pdf, 5);
  EXPECT_THAT(hard, HasSubstr("Hard"));
  EXPECT_THAT(hard, HasSubstr("Puzzles 6\u20137"));

  const std::string solutions = PageText(pdf, pages);
  EXPECT_THAT(solutions, HasSubstr("Solutions"));
  EXPECT_THAT(solutions, HasSubstr("1 \u00b7 Easy"));
  EXPECT_THAT(solutions, HasSubstr("8 \u00b7 Hard"));

  // The page number is the last text on each page but the title page.
  for (int page = 2; page <= pages; ++page) {
    std::vector<std::string> lines =
        absl::StrSplit(PageText(pdf, page), '\n', absl::SkipWhitespace());
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(absl::StripAsciiWhitespace(lines.back()), absl::StrCat(page));
  }
}

// Rasterise a puzzle page and check the ink: dark where givens are, white in
// empty cells, dark on every grid line, with box lines heavier.
TEST_F(BookPdfTest, RasterHasDigitsAndLinesWhereTheLayoutSays) {
  const Book book = MakeBook({2}, Shape::Classic());
  BookOptions options;
  options.per_page = 2;
  const std::string pdf = TempPath("book_raster.pdf");
  auto layout = WriteBookPdf(book, options, pdf);
  ASSERT_THAT(layout, IsOk());
  const std::string prefix = TempPath("book_raster_p2");
  ASSERT_EQ(
      std::system(absl::StrCat("pdftoppm -r 144 -gray -singlefile -f 2 -l 2 '",
                               pdf, "' '", prefix, "'")
                      .c_str()),
      0);
  auto image = ReadPgm(prefix + ".pgm");
  ASSERT_TRUE(image.has_value());
  const double scale = 2;  // 144 dpi / 72 points per inch
  EXPECT_NEAR(image->width, layout->page_width * scale, 2);

  const Shape& shape = Shape::Classic();
  int checked = 0;
  for (const PlacedGrid& g : layout->grids) {
    if (g.page != 2) continue;
    ++checked;
    const Grid& puzzle =
        book.sections[0].puzzles[static_cast<size_t>(g.index)].puzzle;
    const double cell = g.box.size / 9 * scale;
    const double x0 = g.box.x * scale, y0 = g.box.y * scale;
    for (int c = 0; c < shape.num_cells(); ++c) {
      const int cx0 = static_cast<int>(x0 + (shape.Col(c) + 0.2) * cell);
      const int cy0 = static_cast<int>(y0 + (shape.Row(c) + 0.2) * cell);
      const int side = static_cast<int>(0.6 * cell);
      const double ink = image->MeanDarkness(cx0, cy0, cx0 + side, cy0 + side);
      if (puzzle[c] != 0) {
        EXPECT_GT(ink, 0.08)
            << "puzzle " << g.number << " " << shape.CellName(c);
      } else {
        EXPECT_LT(ink, 0.002)
            << "puzzle " << g.number << " " << shape.CellName(c);
      }
    }
    // Vertical lines, sampled in the top fifth of each row (clear of
    // digits): darkness summed across a 7-pixel window centred on the line.
    for (int i = 0; i <= 9; ++i) {
      const int x = static_cast<int>(x0 + i * cell + 0.5);
      double weight = 0;
      int rows = 0;
      for (int r = 0; r < 9; ++r) {
        const int y = static_cast<int>(y0 + (r + 0.1) * cell);
        for (int dx = -3; dx <= 3; ++dx) weight += image->Darkness(x + dx, y);
        ++rows;
        // Halfway between lines it is white.
        EXPECT_LT(image->Darkness(static_cast<int>(x0 + (i + 0.5) * cell), y),
                  0.05);
      }
      weight /= rows;  // ~ line width in pixels
      if (i % 3 == 0) {
        EXPECT_GT(weight, 3.5) << "box line " << i;
      } else {
        EXPECT_GT(weight, 0.8) << "cell line " << i;
        EXPECT_LT(weight, 2.5) << "cell line " << i;
      }
    }
  }
  // Two puzzles a page: both sit on page 2, so neither check ran vacuously.
  EXPECT_EQ(checked, 2);
}

}  // namespace
}  // namespace sudoku
