// InnerStepCache (deduction/se_inner_cache.h) on its own, and the nested
// forcing chains that share it: a step found with the cache warm, under any
// work budget, is the step found with it cold.
#include "deduction/se_inner_cache.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/board.h"
#include "core/format.h"
#include "deduction/registry.h"
#include "deduction/se_chaining.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

// A hardest-list puzzle (SE 10.1) whose first step is a level-1 dynamic
// forcing chain (see se_chaining_test.cc).
constexpr const char* kSe101 =
    ".....1.....7.2.....9.6.8..5..1..7....6.9....42.9.........8...59.8.."
    "..4....6.3...8";

// Another puzzle, searched between two searches of kSe101 so that the
// second starts with the cache cold.
constexpr const char* kOther =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3"
    "...9.8...2.....1";

absl::StatusOr<Board> BoardOf(const char* puzzle) {
  absl::StatusOr<Grid> grid = ParseGrid(puzzle);
  if (!grid.ok()) return grid.status();
  return Board::FromGrid(*grid);
}

std::vector<Deduction> Steps(int n) {
  std::vector<Deduction> steps(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) steps[static_cast<size_t>(i)].complexity = i;
  return steps;
}

TEST(InnerStepCacheTest, FindHandsOutAnEntryOnlyWhenItsWorkFits) {
  InnerStepCache cache;
  EXPECT_EQ(cache.Find("grid", 0, 0), nullptr);
  std::vector<Deduction> steps = Steps(2);
  const InnerStepCache::Entry* kept = cache.Insert("grid", &steps, 100);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->steps.size(), 2u);
  EXPECT_EQ(kept->work, 100);
  EXPECT_EQ(cache.Find("grid", 0, 0), kept);       // no limit
  EXPECT_EQ(cache.Find("grid", 900, 1000), kept);  // 900 + 100 fits
  EXPECT_EQ(cache.Find("grid", 901, 1000), nullptr);
  EXPECT_EQ(cache.Find("other", 0, 0), nullptr);
}

TEST(InnerStepCacheTest, InsertKeepsTheFirstEntry) {
  InnerStepCache cache;
  std::vector<Deduction> first = Steps(1), second = Steps(3);
  const InnerStepCache::Entry* kept = cache.Insert("grid", &first, 5);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(cache.Insert("grid", &second, 7), nullptr);
  EXPECT_EQ(second.size(), 3u);  // left to the caller
  EXPECT_EQ(cache.Find("grid", 0, 0), kept);
}

// Entries stay while the boards follow each other as a walk's do (the same
// board, then one with a candidate gone, then one with a cell filled), and
// go on a board that does not follow (another puzzle, or a candidate back).
TEST(InnerStepCacheTest, ResetKeepsEntriesAlongAWalkOnly) {
  absl::StatusOr<Board> board = BoardOf(kSe101);
  ASSERT_OK(board);
  InnerStepCache cache;
  cache.Reset(*board);
  std::vector<Deduction> steps = Steps(2);
  const InnerStepCache::Entry* kept = cache.Insert("grid", &steps, 5);
  ASSERT_NE(kept, nullptr);
  cache.Reset(*board);
  EXPECT_EQ(cache.Find("grid", 0, 0), kept);

  Board later = *board;
  int cell = 0;
  while (later.value(cell) != 0) ++cell;
  const CandidateSet cands = later.candidates(cell);
  const int gone = *cands.begin();
  ASSERT_TRUE(later.Eliminate(cell, gone));
  cache.Reset(later);
  EXPECT_EQ(cache.Find("grid", 0, 0), kept);
  Board filled = later;
  ASSERT_TRUE(filled.Place(cell, *later.candidates(cell).begin()));
  cache.Reset(filled);
  EXPECT_EQ(cache.Find("grid", 0, 0), kept);

  // Back to `board`: `gone` is a candidate again.
  cache.Reset(*board);
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.Find("grid", 0, 0), nullptr);
  ASSERT_NE(cache.Insert("grid", &steps, 5), nullptr);
  absl::StatusOr<Board> other = BoardOf(kOther);
  ASSERT_OK(other);
  cache.Reset(*other);
  EXPECT_EQ(cache.size(), 0u);
}

// Along a walk, a Reset keeps the entries that the searches after the last
// kKeepResets Resets made or found, and drops the others; a lookup the
// budget refuses does not count as found.
TEST(InnerStepCacheTest, ResetKeepsWhatTheLastSearchesUsed) {
  absl::StatusOr<Board> board = BoardOf(kSe101);
  ASSERT_OK(board);
  InnerStepCache cache;
  cache.Reset(*board);
  std::vector<Deduction> a = Steps(1), b = Steps(2), c = Steps(3);
  ASSERT_NE(cache.Insert("a", &a, 1), nullptr);
  ASSERT_NE(cache.Insert("b", &b, 1), nullptr);
  ASSERT_NE(cache.Insert("c", &c, 1), nullptr);
  for (uint64_t i = 0; i < InnerStepCache::kKeepResets; ++i) {
    cache.Reset(*board);
    EXPECT_EQ(cache.size(), 3u) << "reset " << i;
    EXPECT_NE(cache.Find("a", 0, 0), nullptr);
    EXPECT_EQ(cache.Find("c", 10, 10), nullptr);  // 10 + 1 > 10
  }
  cache.Reset(*board);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_NE(cache.Find("a", 0, 0), nullptr);
  EXPECT_EQ(cache.Find("b", 0, 0), nullptr);
  EXPECT_EQ(cache.Find("c", 0, 0), nullptr);
}

TEST(InnerStepCacheTest, StopsTakingEntriesWhenFull) {
  InnerStepCache cache;
  std::vector<Deduction> big =
      Steps(static_cast<int>(InnerStepCache::kMaxSteps));
  ASSERT_NE(cache.Insert("a", &big, 1), nullptr);
  std::vector<Deduction> one = Steps(1);
  EXPECT_EQ(cache.Insert("b", &one, 1), nullptr);
  std::vector<Deduction> none;
  EXPECT_NE(cache.Insert("c", &none, 1), nullptr);
}

void ExpectSameStep(const std::optional<Deduction>& a,
                    const std::optional<Deduction>& b) {
  ASSERT_EQ(a.has_value(), b.has_value());
  if (!a) return;
  EXPECT_EQ(a->technique, b->technique);
  EXPECT_EQ(a->rating, b->rating);
  EXPECT_EQ(a->complexity, b->complexity);
  EXPECT_EQ(a->text, b->text);
  EXPECT_EQ(a->placements, b->placements);
  EXPECT_EQ(a->eliminations, b->eliminations);
  EXPECT_EQ(a->pattern_candidates, b->pattern_candidates);
  EXPECT_EQ(a->nested.size(), b->nested.size());
}

// SE's first step of this puzzle is a level-1 dynamic forcing chain (see
// se_chaining_test.cc); level 3, whose inner forcing chains count work of
// their own, finds one too. Each is searched with the cache cold (another
// board searched just before) and warm (this board searched just before
// without a budget), under budgets that stop the search early and late.
TEST(InnerStepCacheTest, NestedChainsFindTheSameStepWithTheCacheWarm) {
  absl::StatusOr<Board> board = BoardOf(kSe101);
  ASSERT_OK(board);
  absl::StatusOr<Board> other = BoardOf(kOther);
  ASSERT_OK(other);
  for (TechniqueId tid : {TechniqueId::kDynamicForcingChainPlus,
                          TechniqueId::kNestedChainMultiple}) {
    std::unique_ptr<Technique> t = MakeTechnique(tid);
    for (int64_t budget : {int64_t{150'000}, int64_t{400'000}, int64_t{0}}) {
      SCOPED_TRACE(::testing::Message() << t->id() << " budget " << budget);
      t->SetWorkBudget(0);
      t->Find(*other);
      t->SetWorkBudget(budget);
      const std::optional<Deduction> cold = t->Find(*board);
      t->SetWorkBudget(0);
      t->Find(*board);
      t->SetWorkBudget(budget);
      const std::optional<Deduction> warm = t->Find(*board);
      ExpectSameStep(cold, warm);
    }
  }
}

// The forcing chains nested in the branches of levels 3 (static), 4 and 5
// (dynamic) restore runs made on the outer board where their grid differs
// in nothing a run read (SeForcingChains::ShareOuterRuns). The steps, and
// the work they count, are those of the searches that make every run: the
// same step under budgets that stop the search early and late (a whole
// level 4 or 5 search takes minutes under the sanitizers). Each search
// starts with the cache cold (another board searched just before), so
// each makes its inner lists itself.
TEST(InnerStepCacheTest, NestedChainsFindTheSameStepSharingRuns) {
  absl::StatusOr<Board> board = BoardOf(kSe101);
  ASSERT_OK(board);
  absl::StatusOr<Board> other = BoardOf(kOther);
  ASSERT_OK(other);
  for (TechniqueId tid :
       {TechniqueId::kNestedChainMultiple, TechniqueId::kNestedChainDynamic,
        TechniqueId::kNestedChainDynamicPlus}) {
    std::unique_ptr<Technique> shared = MakeTechnique(tid);
    std::unique_ptr<Technique> own = MakeTechnique(tid);
    auto* chains = dynamic_cast<SeForcingChains*>(own.get());
    ASSERT_NE(chains, nullptr);
    chains->ShareOuterRuns(false);
    for (int64_t budget : {int64_t{50'000}, int64_t{400'000}}) {
      SCOPED_TRACE(::testing::Message() << own->id() << " budget " << budget);
      shared->SetWorkBudget(budget);
      own->SetWorkBudget(budget);
      shared->Find(*other);
      const std::optional<Deduction> with = shared->Find(*board);
      own->Find(*other);
      const std::optional<Deduction> without = own->Find(*board);
      ExpectSameStep(with, without);
    }
  }
}

// A level 0 search (the 8.x rows, no budget of their own) run after a
// nested search that used up its budget on this thread finds what it
// finds on a fresh thread: the outermost search starts its own count.
TEST(InnerStepCacheTest, AnOutermostSearchIsNotCutShortByAnEarlierBudget) {
  absl::StatusOr<Board> board = BoardOf(
      "...4....94.71...3..8..3...5...673.5.3..8.....87..9..4......2.6......."
      "5..9.2...8.4");
  ASSERT_OK(board);
  absl::StatusOr<Board> hardest = BoardOf(kSe101);
  ASSERT_OK(hardest);
  const std::unique_ptr<Technique> dynamic =
      MakeTechnique(TechniqueId::kSeDynamicChains);
  const std::optional<Deduction> before = dynamic->Find(*board);
  ASSERT_TRUE(before.has_value());
  const std::unique_ptr<Technique> nested =
      MakeTechnique(TechniqueId::kNestedChainMultiple);
  nested->SetWorkBudget(1);
  nested->Find(*hardest);
  ExpectSameStep(before, dynamic->Find(*board));
}

// Steps shared through the cache keep their texts: every nested step of
// every step, at every depth, has its rule's text.
void ExpectTexts(const Deduction& d) {
  const TechniqueInfo* info = FindTechniqueInfo(d.technique);
  ASSERT_NE(info, nullptr) << d.technique;
  EXPECT_EQ(d.text.rfind(std::string(info->name), 0), 0u)
      << d.technique << ": " << d.text;
  for (const Deduction& n : d.nested) ExpectTexts(n);
}

TEST(InnerStepCacheTest, NestedStepsHaveTheirTexts) {
  absl::StatusOr<Board> board = BoardOf(kSe101);
  ASSERT_OK(board);
  std::vector<Deduction> all;
  MakeTechnique(TechniqueId::kNestedChainForcing)->FindAll(*board, &all);
  int nested = 0;
  for (const Deduction& d : all) {
    ExpectTexts(d);
    nested += static_cast<int>(d.nested.size());
  }
  EXPECT_GT(nested, 0);
}

}  // namespace
}  // namespace sudoku
