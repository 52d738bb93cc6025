#include <cmath>
#include <string>

#include "cli/reproduce.h"
#include "gtest/gtest.h"

namespace sudoku::cli {
namespace {

TEST(SummariseTest, EmptySampleIsAllZero) {
  const SampleSummary s = Summarise({});
  EXPECT_EQ(s.min, 0);
  EXPECT_EQ(s.median, 0);
  EXPECT_EQ(s.mean, 0);
  EXPECT_EQ(s.max, 0);
  EXPECT_EQ(s.sd, 0);
}

TEST(SummariseTest, OddAndEvenSamples) {
  const SampleSummary odd = Summarise({3, 1, 2});
  EXPECT_EQ(odd.min, 1);
  EXPECT_EQ(odd.median, 2);
  EXPECT_EQ(odd.mean, 2);
  EXPECT_EQ(odd.max, 3);
  EXPECT_DOUBLE_EQ(odd.sd, std::sqrt(2.0 / 3.0));  // population sd
  const SampleSummary even = Summarise({4, 1, 10, 2});
  EXPECT_EQ(even.median, 3);  // (2 + 4) / 2
  EXPECT_EQ(even.mean, 4.25);
}

TEST(ReplaceReproduceSectionTest, ReplacesOnlyTheNamedSection) {
  const std::string doc =
      "# Title\n"
      "<!-- reproduce:anneal begin -->\nold anneal\n<!-- reproduce:anneal end "
      "-->\n"
      "between\n"
      "<!-- reproduce:reseda begin -->\nold reseda\n<!-- reproduce:reseda end "
      "-->\n"
      "tail\n";
  const std::string out =
      ReplaceReproduceSection(doc, "anneal", "new anneal\n");
  EXPECT_EQ(out,
            "# Title\n"
            "<!-- reproduce:anneal begin -->\nnew anneal\n<!-- "
            "reproduce:anneal end -->\n"
            "between\n"
            "<!-- reproduce:reseda begin -->\nold reseda\n<!-- "
            "reproduce:reseda end -->\n"
            "tail\n");
  // Writing the same section again changes nothing.
  EXPECT_EQ(ReplaceReproduceSection(out, "anneal", "new anneal\n"), out);
}

TEST(ReplaceReproduceSectionTest, AppendsAMissingSectionAfterABlankLine) {
  EXPECT_EQ(ReplaceReproduceSection("text", "entropy", "table\n"),
            "text\n\n<!-- reproduce:entropy begin -->\ntable\n"
            "<!-- reproduce:entropy end -->\n");
  EXPECT_EQ(ReplaceReproduceSection("", "entropy", "table\n"),
            "<!-- reproduce:entropy begin -->\ntable\n<!-- reproduce:entropy "
            "end -->\n");
  // A begin marker without its end marker is not a section: append.
  const std::string broken = "<!-- reproduce:entropy begin -->\nhalf\n";
  EXPECT_EQ(ReplaceReproduceSection(broken, "entropy", "t\n"),
            broken +
                "\n<!-- reproduce:entropy begin -->\nt\n<!-- reproduce:entropy "
                "end -->\n");
}

}  // namespace
}  // namespace sudoku::cli
