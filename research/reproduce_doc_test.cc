#include <string>

#include "gtest/gtest.h"
#include "research/reproduce.h"

namespace sudoku::research {
namespace {

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
}  // namespace sudoku::research
