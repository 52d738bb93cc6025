// End-to-end tests of `sudoku-forge book` and `sudoku-forge render`: exit
// codes, messages, and the PDF/SVG files they write.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/cli_runner.h"
#include "tests/testing/paths.h"

namespace sudoku {
namespace {

using testing::CliResult;
using testing::ReadFileToString;
using testing::RunCli;
using testing::RunCommand;

using ::testing::HasSubstr;

std::string Tmp(const std::string& name) {
  return ::testing::TempDir() + "/" + name;
}

bool HavePoppler() {
  return std::system("pdfinfo -v >/dev/null 2>&1") == 0 &&
         std::system("pdftotext -v >/dev/null 2>&1") == 0;
}

int PdfPages(const std::string& pdf) {
  for (absl::string_view line :
       absl::StrSplit(RunCommand("pdfinfo '" + pdf + "'").out, '\n')) {
    int pages = 0;
    if (absl::ConsumePrefix(&line, "Pages:") &&
        absl::SimpleAtoi(absl::StripAsciiWhitespace(line), &pages)) {
      return pages;
    }
  }
  return -1;
}

std::string PdfText(const std::string& pdf, int first, int last) {
  return RunCommand(absl::StrCat("pdftotext -layout -f ", first, " -l ", last,
                                 " '", pdf, "' -"))
      .out;
}

// 8 puzzles of each QQWing level (simple, easy, intermediate, expert).
const std::string kFile =
    sudoku::testing::SourceDir() + "/render/testdata/qqwing_32.tsv";
constexpr char kPuzzle[] =
    ".73..2........6.37......42.8....1....2.6..9..9.....87.2.941......7......."
    "1.....68";

TEST(BookCliTest, RepeatedAndCommaSeparatedSectionsMakeTheSameBook) {
  const std::string a = Tmp("cli_book_a.pdf"), b = Tmp("cli_book_b.pdf");
  CliResult ra =
      RunCli(absl::StrCat("book --out ", a, " --from ", kFile,
                          " --section simple:5:Easy --section expert:3:Evil "
                          "--title 'Test Title' --per-page 2"));
  ASSERT_EQ(ra.exit_code, 0) << ra.err;
  CliResult rb = RunCli(absl::StrCat("book --out=", b, " --from=", kFile,
                                     " --section=simple:5:Easy,expert:3:Evil "
                                     "--title='Test Title' --per-page=2"));
  ASSERT_EQ(rb.exit_code, 0) << rb.err;
  // Title page, 3 + 2 puzzle pages, 1 solutions page.
  EXPECT_THAT(ra.out, HasSubstr("7 pages, 8 puzzles (Easy 5, Evil 3)"));
  EXPECT_EQ(ra.out.substr(ra.out.find(':')), rb.out.substr(rb.out.find(':')));
  if (!HavePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  EXPECT_EQ(PdfPages(a), 7);
  EXPECT_EQ(PdfText(a, 1, 7), PdfText(b, 1, 7));
  EXPECT_THAT(PdfText(a, 1, 1), HasSubstr("Test Title"));
  EXPECT_THAT(PdfText(a, 2, 2), HasSubstr("Easy"));
  EXPECT_THAT(PdfText(a, 5, 5), HasSubstr("Evil"));
  EXPECT_THAT(PdfText(a, 7, 7), HasSubstr("Solutions"));
}

TEST(BookCliTest, SeedChoosesThePuzzles) {
  if (!HavePoppler()) GTEST_SKIP() << "poppler-utils not installed";
  auto book = [&](int seed, const std::string& name) {
    const std::string out = Tmp(name);
    CliResult r =
        RunCli(absl::StrCat("book --out ", out, " --from ", kFile,
                            " --section intermediate:4 --seed ", seed));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return PdfText(out, 2, 2);
  };
  const std::string one = book(1, "seed1.pdf");
  EXPECT_EQ(one, book(1, "seed1b.pdf"));
  EXPECT_NE(one, book(2, "seed2.pdf"));
}

TEST(BookCliTest, BadInputIsAUsageError) {
  const std::string out = Tmp("cli_bad.pdf");
  const std::string base = absl::StrCat("book --out ", out, " --from ", kFile);
  CliResult r = RunCli(base + " --section evil:3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("level 'evil' does not occur"));
  EXPECT_THAT(r.err, HasSubstr("simple, easy, intermediate, expert"));
  r = RunCli(base + " --section easy:9");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("wants 9 puzzles but the source has only 8"));
  r = RunCli(base + " --section easy:0");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCli(base + " --section easy:2 --per-page 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("1, 2, 4 or 6"));
  r = RunCli(base + " --section easy:2 --page a3");
  EXPECT_EQ(r.exit_code, 2);
  r = RunCli(absl::StrCat("book --out /no/such/dir/b.pdf --from ", kFile,
                          " --section easy:2"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("cannot write '/no/such/dir/b.pdf'"));
  r = RunCli(absl::StrCat("book --out ", out,
                          " --from /no/such/file.tsv --section easy:2"));
  EXPECT_EQ(r.exit_code, 2);
  r = RunCli(absl::StrCat("book --out ", out, " --section easy:2"));
  EXPECT_EQ(r.exit_code, 2);
}

TEST(BookCliTest, PuzzleWithoutUniqueSolutionExitsOne) {
  const std::string file = Tmp("open.tsv");
  std::ofstream(file) << "1...................................................."
                         "............................\teasy\n";
  CliResult r = RunCli(absl::StrCat("book --out ", Tmp("open.pdf"), " --from ",
                                    file, " --section easy:1"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("open.tsv:1: several solutions"));
}

TEST(RenderCliTest, WritesEachFormat) {
  for (const char* ext : {"svg", "png", "pdf"}) {
    const std::string out = Tmp(absl::StrCat("render.", ext));
    CliResult r =
        RunCli(absl::StrCat("render ", kPuzzle, " --solution --out ", out));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string data = ReadFileToString(out);
    const std::string magic = std::string(ext) == "svg"   ? "<?xml"
                              : std::string(ext) == "png" ? "\x89PNG"
                                                          : "%PDF-";
    EXPECT_TRUE(absl::StartsWith(data, magic)) << ext;
  }
}

TEST(RenderCliTest, ErrorsAndExitCodes) {
  CliResult r = RunCli(absl::StrCat("render ", kPuzzle, " --out x.gif"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr(".svg"));
  r = RunCli(absl::StrCat("render ", kPuzzle));
  EXPECT_EQ(r.exit_code, 2);
  r = RunCli(absl::StrCat("render ", kPuzzle, " --out /no/such/dir/x.svg"));
  EXPECT_EQ(r.exit_code, 2);
  // Several solutions: --solution cannot draw one.
  r = RunCli(absl::StrCat("render 1", std::string(80, '.'),
                          " --solution --out ", Tmp("open.svg")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("several solutions"));
  // A 6x6 puzzle with 3x2 boxes needs --shape.
  r = RunCli(absl::StrCat("render ", std::string(36, '.'),
                          " --shape 3x2 --out ", Tmp("six.svg")));
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace
}  // namespace sudoku
