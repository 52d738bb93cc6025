#include "storage/importer.h"

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "bank/exact_uniqueness.h"
#include "core/canonical.h"
#include "core/format.h"
#include "core/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "solvers/solver.h"
#include "storage/sqlite_puzzle_store.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

std::vector<ImportItem> ItemsFrom(const std::string& text) {
  std::vector<ImportItem> items;
  for (PuzzleRecord& rec : ParsePuzzles(text, {.check_givens = false})) {
    items.push_back(
        {"t:" + std::to_string(rec.line), std::move(rec.grid), rec.label, "t"});
  }
  return items;
}

class ImporterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = *SqlitePuzzleStore::Open(":memory:");
    solver_ = *MakeSolver("backtrack");
  }
  absl::StatusOr<ImportSummary> Import(const std::vector<ImportItem>& items,
                                       ImportOptions options = {}) {
    return ImportPuzzles(
        items, options, ExactUniquenessCheck(solver_.get(), 0), *store_,
        {.on_event = [&](const ImportEvent& e) { events_.push_back(e); }});
  }
  std::unique_ptr<SqlitePuzzleStore> store_;
  std::unique_ptr<Solver> solver_;
  std::vector<ImportEvent> events_;
};

constexpr char kWiki[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.."
    "..8..79";

TEST_F(ImporterTest, ClassifiesEveryLineAndCarriesOn) {
  std::string clash = kWiki;
  clash[2] = '5';
  std::string two_solutions = kWiki;
  two_solutions[0] = '.';
  two_solutions[1] = '.';
  two_solutions[4] = '.';
  two_solutions[9] = '.';
  std::string none = kWiki;
  // r1c3 = 1 clashes with no given but the unique solution has 4 there.
  none[2] = '1';
  std::string bad_symbol = kWiki;
  bad_symbol[10] = 'x';
  const std::string text = std::string(kWiki) +
                           "\tlevel=easy\tsrc=wiki\n" +  // 1
                           bad_symbol + "\n" +           // 2
                           clash + "\n" +                // 3
                           two_solutions + "\n" +        // 4
                           none + "\n" +                 // 5
                           kWiki + "\n";                 // 6 duplicate
  // Events point into `items`: keep it alive.
  const std::vector<ImportItem> items = ItemsFrom(text);
  absl::StatusOr<ImportSummary> summary =
      Import(items, {.collection = "c", .batch_size = 2});
  ASSERT_THAT(summary, IsOk());
  EXPECT_EQ(summary->read, 6);
  EXPECT_EQ(summary->imported, 1);
  EXPECT_EQ(summary->duplicates, 1);
  EXPECT_EQ(summary->invalid, 4);
  EXPECT_THAT(
      summary->invalid_by_reason,
      ElementsAre(Pair("clashing givens", 1), Pair("multiple solutions", 1),
                  Pair("no solution", 1), Pair("unreadable", 1)));
  ASSERT_EQ(events_.size(), 6u);
  EXPECT_EQ(events_[0].outcome, ImportOutcome::kImported);
  EXPECT_EQ(events_[1].item->where, "t:2");
  EXPECT_THAT(events_[1].message, HasSubstr("line 2, column 11"));
  EXPECT_EQ(events_[2].reason, "clashing givens");
  EXPECT_THAT(events_[2].message, HasSubstr("both hold 5"));
  EXPECT_EQ(events_[5].outcome, ImportOutcome::kDuplicate);
  EXPECT_EQ(events_[5].id, events_[0].id);

  const StoredPuzzle p = *store_->GetPuzzle(events_[0].id);
  EXPECT_EQ(p.label, "level=easy\tsrc=wiki");  // TSV columns kept
  EXPECT_EQ(p.num_solutions, 1);
  ASSERT_TRUE(p.solution.has_value());
  EXPECT_TRUE(IsValidSolution(p.givens, *p.solution));
  EXPECT_THAT(store_->Collections(),
              ::sudoku::testing::IsOkAndHolds(ElementsAre(Pair("c", 1))));
}

TEST_F(ImporterTest, AllowNonuniqueKeepsThemFlagged) {
  std::string two_solutions = kWiki;
  for (int i : {0, 1, 4, 9}) two_solutions[static_cast<size_t>(i)] = '.';
  const std::vector<ImportItem> items = ItemsFrom(two_solutions + "\n");
  absl::StatusOr<ImportSummary> summary =
      Import(items, {.allow_nonunique = true});
  ASSERT_THAT(summary, IsOk());
  EXPECT_EQ(summary->imported, 1);
  EXPECT_EQ(summary->nonunique_kept, 1);
  const StoredPuzzle p = *store_->GetPuzzle(events_[0].id);
  EXPECT_EQ(p.num_solutions, 2);
  EXPECT_FALSE(p.solution.has_value());
}

TEST_F(ImporterTest, ReimportingIsomorphsAddsNothing) {
  std::ifstream in(sudoku::testing::SourceDir() +
                   "/storage/testdata/seventeen_600.txt");
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  std::vector<ImportItem> items = ItemsFrom(text);
  items.resize(100);
  ASSERT_THAT(Import(items), IsOk());
  Rng rng(11);
  for (ImportItem& item : items) item.grid = RandomIsomorph(*item.grid, rng);
  absl::StatusOr<ImportSummary> again = Import(items, {.source = "scrambled"});
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(again->imported, 0);
  EXPECT_EQ(again->duplicates, 100);
  EXPECT_EQ(store_->Stats()->puzzles, 100);
}

}  // namespace
}  // namespace sudoku
