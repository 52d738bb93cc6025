// Golden tests against HoDoKu's regression library: the sample copied into
// tests/data/reglib_sample.txt (see tests/testing/reglib.h for the format).
#include "tests/testing/reglib.h"

#include <map>
#include <string>
#include <vector>

#include "deduction/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using namespace ::sudoku::testing;  // NOLINT: the reglib helpers

TEST(RegLibTest, SampleCasesMatchExactly) {
  const std::vector<std::string> lines =
      ReadLines(sudoku::testing::SourceDir() + "/tests/data/reglib_sample.txt");
  int checked = 0;
  for (const std::string& line : lines) {
    std::optional<RegLibCase> c = ParseRegLibLine(line);
    if (!c) continue;
    const std::string id = TechniqueFor(c->code);
    ASSERT_FALSE(id.empty()) << line;
    auto technique = FindTechnique(id);
    ASSERT_OK(technique);
    std::string found;
    EXPECT_TRUE(Passes(**technique, *c, &found))
        << id << " on " << line << "\nfound instead:\n"
        << found;
    ++checked;
  }
  EXPECT_GE(checked, 40);
}

// Negative cases: on each sample position, every technique of ours that is
// not the one the case tests, and is rated lower, must not produce the
// case's expected deduction (the position needs the tested technique).
// Exempt are known equivalences within a family: a naked k-subset of a unit
// with m empty cells is a hidden (m-k)-subset of the others, and a 2-string
// kite and an empty rectangle can be the same X-chain. Exempt too are the
// general techniques (colouring, chains, forcing chains) as `other`: an
// X-chain finds a finned fish's elimination by design, rated by length.
bool IsGeneral(absl::string_view id) {
  for (const char* group : {"colouring", "chains", "forcing-chains"})
    for (const std::string& m : GroupMembers(group))
      if (m == id) return true;
  return false;
}

bool SameFamily(absl::string_view a, absl::string_view b) {
  if (IsGeneral(a)) return true;
  for (const char* group : {"subsets", "single-digit"}) {
    bool has_a = false, has_b = false;
    for (const std::string& m : GroupMembers(group)) {
      has_a |= m == a;
      has_b |= m == b;
    }
    if (has_a && has_b) return true;
  }
  return false;
}

TEST(RegLibTest, EasierTechniquesDoNotProduceTheSampleDeductions) {
  const std::vector<std::string> lines =
      ReadLines(sudoku::testing::SourceDir() + "/tests/data/reglib_sample.txt");
  const std::vector<std::unique_ptr<Technique>> all = DefaultTechniques();
  int checked = 0;
  for (const std::string& line : lines) {
    std::optional<RegLibCase> c = ParseRegLibLine(line);
    if (!c || c->variant == "x") continue;
    auto tested = FindTechnique(TechniqueFor(c->code));
    ASSERT_OK(tested);
    for (const auto& other : all) {
      if (other->id() == (*tested)->id() ||
          other->difficulty() >= (*tested)->difficulty() ||
          SameFamily(other->id(), (*tested)->id()))
        continue;
      std::string found;
      EXPECT_FALSE(Passes(*other, *c, &found))
          << other->id() << " also finds the " << (*tested)->id()
          << " deduction of " << line;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(RegLibTest, SampleCoversEveryTechnique) {
  const std::vector<std::string> lines =
      ReadLines(sudoku::testing::SourceDir() + "/tests/data/reglib_sample.txt");
  std::map<std::string, int> seen;
  for (const std::string& line : lines)
    if (std::optional<RegLibCase> c = ParseRegLibLine(line))
      ++seen[TechniqueFor(c->code)];
  for (const char* id : {"full_house",       "hidden_single",
                         "naked_single",     "pointing",
                         "claiming",         "naked_pair",
                         "naked_triple",     "naked_quad",
                         "hidden_pair",      "hidden_triple",
                         "hidden_quad",      "x_wing",
                         "swordfish",        "jellyfish",
                         "finned_x_wing",    "finned_swordfish",
                         "finned_jellyfish", "skyscraper",
                         "two_string_kite",  "empty_rectangle",
                         "turbot_fish",      "unique_rectangle",
                         "bug_plus_one",     "xy_wing",
                         "xyz_wing",         "w_wing",
                         "simple_colouring", "multi_colouring",
                         "x_chain",          "xy_chain",
                         "remote_pair",      "aic",
                         "grouped_aic",      "als_xz"})
    EXPECT_GT(seen[id], 0) << id;
}

}  // namespace
}  // namespace sudoku
