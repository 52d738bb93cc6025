// StorePuzzleSource on a real SQLite store, and `sudoku-forge book --db`
// end to end: unused puzzles first, printed ones marked, the next book
// does not repeat them.
#include "cli/store_puzzle_source.h"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/sqlite_puzzle_store.h"
#include "storage/sudoku.pb.h"
#include "tests/testing/paths.h"
#include "tests/testing/status_matchers.h"

namespace sudoku::cli {
namespace {

using ::sudoku::testing::IsOk;
using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

// QQWing level -> the project's level names.
const std::map<std::string, std::string> kLevels = {{"simple", "easy"},
                                                    {"easy", "medium"},
                                                    {"intermediate", "hard"},
                                                    {"expert", "evil"}};

// Fills `store` with the 32 test puzzles (8 a level), each rated with its
// mapped level and a score of 1..4. Returns the ids by level.
std::map<std::string, std::set<int64_t>> Fill(PuzzleStore& store) {
  std::ifstream in(sudoku::testing::SourceDir() +
                   "/render/testdata/qqwing_32.tsv");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  std::map<std::string, std::set<int64_t>> ids;
  int k = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    if (line[0] == '#') continue;
    std::vector<std::string> cols = absl::StrSplit(line, '\t');
    auto grid = ParseGrid(cols[0]);
    EXPECT_THAT(grid, IsOk());
    NewPuzzle p;
    p.givens = *grid;
    p.source = "qqwing_32.tsv";
    auto inserted = store.InsertPuzzle(p);
    EXPECT_THAT(inserted, IsOk());
    proto::Rating rating;
    const std::string& level = kLevels.at(cols[1]);
    rating.set_level(level);
    rating.set_score(1 + k++ % 4);
    rating.set_hardest_technique("hidden_single");
    EXPECT_THAT(store.AddRating(inserted->id, rating), IsOk());
    ids[level].insert(inserted->id);
  }
  return ids;
}

TEST(StorePuzzleSourceTest, UnusedFirstThenReusedAndMarked) {
  auto store = SqlitePuzzleStore::Open(":memory:");
  ASSERT_THAT(store, IsOk());
  auto ids = Fill(**store);
  StorePuzzleSource first(store->get(), {"", "3x3"});
  auto taken = first.Take("hard", 5, 1);
  ASSERT_THAT(taken, IsOk());
  ASSERT_EQ(taken->size(), 5u);
  for (const SourcePuzzle& p : *taken) {
    EXPECT_TRUE(ids["hard"].count(p.source_key)) << p.where;
    EXPECT_FALSE(p.previously_used);
    ASSERT_TRUE(p.rating.has_value());
    EXPECT_EQ(p.hardest_technique, "hidden_single");
  }
  ASSERT_THAT(first.MarkUsed("Book One", *taken), IsOk());

  // A new book: the 3 unused hard puzzles first, then 2 printed ones.
  StorePuzzleSource second(store->get(), {"", "3x3"});
  auto again = second.Take("hard", 5, 1);
  ASSERT_THAT(again, IsOk());
  ASSERT_EQ(again->size(), 5u);
  std::set<int64_t> printed;
  for (const SourcePuzzle& p : *taken) printed.insert(p.source_key);
  for (size_t i = 0; i < 5; ++i) {
    const SourcePuzzle& p = (*again)[i];
    EXPECT_EQ(p.previously_used, i >= 3) << i;
    EXPECT_EQ(printed.count(p.source_key) == 1, i >= 3) << i;
  }
  // Never the same puzzle twice from one source.
  auto rest = second.Take("hard", 8, 2);
  ASSERT_THAT(rest, IsOk());
  EXPECT_EQ(rest->size(), 3u);
}

TEST(StorePuzzleSourceTest, UnknownLevelAndFiltersAreNotFound) {
  auto store = SqlitePuzzleStore::Open(":memory:");
  ASSERT_THAT(store, IsOk());
  Fill(**store);
  StorePuzzleSource source(store->get(), {"", "3x3"});
  EXPECT_THAT(source.Take("fiendish", 2, 1),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("easy 8")));
  StorePuzzleSource other_shape(store->get(), {"", "4x4"});
  EXPECT_THAT(other_shape.Take("easy", 2, 1),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("shape 4x4")));
  StorePuzzleSource other_collection(store->get(), {"nope", "3x3"});
  EXPECT_THAT(other_collection.Take("easy", 2, 1),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("'nope'")));
}

int RunCli(const std::string& args, std::string* err) {
  const std::string err_path = ::testing::TempDir() + "/store_cli_err.txt";
  const int status =
      std::system(absl::StrCat(sudoku::testing::ForgeBinary(), " ", args,
                               " >/dev/null 2>", err_path)
                      .c_str());
  std::ifstream in(err_path);
  err->assign(std::istreambuf_iterator<char>(in), {});
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(BookDbCliTest, SecondBookDoesNotRepeatTheFirst) {
  const std::string db = ::testing::TempDir() + "/book_cli.db";
  std::remove(db.c_str());
  std::map<std::string, std::set<int64_t>> ids;
  {
    auto store = SqlitePuzzleStore::Open(db);
    ASSERT_THAT(store, IsOk());
    ids = Fill(**store);
  }
  std::string err;
  const std::string common =
      absl::StrCat(" --db ", db, " --section easy:4,evil:4");
  ASSERT_EQ(RunCli(absl::StrCat("book --out ", ::testing::TempDir(), "/db1.pdf",
                                common, " --book-name first"),
                   &err),
            0)
      << err;
  ASSERT_EQ(RunCli(absl::StrCat("book --out ", ::testing::TempDir(), "/db2.pdf",
                                common, " --book-name second"),
                   &err),
            0)
      << err;
  EXPECT_THAT(err, ::testing::Not(HasSubstr("already printed")));
  auto store = SqlitePuzzleStore::Open(db);
  ASSERT_THAT(store, IsOk());
  std::set<int64_t> books[2];
  for (int b = 0; b < 2; ++b) {
    PuzzleQuery q;
    q.collection = b == 0 ? "first" : "second";
    auto members = (*store)->Query(q);
    ASSERT_THAT(members, IsOk());
    for (const StoredPuzzle& p : *members) books[b].insert(p.id);
    EXPECT_EQ(books[b].size(), 8u);
  }
  for (int64_t id : books[0])
    EXPECT_EQ(books[1].count(id), 0u) << "repeated #" << id;
  // Only 8 per level: a third book must reuse, and says so.
  ASSERT_EQ(RunCli(absl::StrCat("book --out ", ::testing::TempDir(), "/db3.pdf",
                                common, " --book-name third"),
                   &err),
            0)
      << err;
  EXPECT_THAT(err, HasSubstr("8 puzzle(s) were already printed"));
  // Errors: a missing database, an unknown level, too many puzzles.
  EXPECT_EQ(RunCli(absl::StrCat("book --out x.pdf --db ", db,
                                ".missing --section easy:1"),
                   &err),
            2);
  EXPECT_THAT(err, HasSubstr(".missing"));
  EXPECT_EQ(RunCli(absl::StrCat("book --out x.pdf --db ", db,
                                " --section fiendish:1"),
                   &err),
            2);
  EXPECT_THAT(err, HasSubstr("no puzzle of level 'fiendish'"));
  EXPECT_EQ(
      RunCli(absl::StrCat("book --out x.pdf --db ", db, " --section easy:9"),
             &err),
      2);
  EXPECT_THAT(err, HasSubstr("wants 9"));
}

// --generate-missing on an empty store: the generator makes rated puzzles
// of the level, stores them, and they join the book; the next book makes
// new ones instead of reprinting.
TEST(BookDbCliTest, GenerateMissingMakesStoresAndMarksPuzzles) {
  const std::string db = ::testing::TempDir() + "/book_gen.db";
  std::remove(db.c_str());
  ASSERT_THAT(SqlitePuzzleStore::Open(db), IsOk());  // an empty database
  std::string err;
  const std::string out =
      absl::StrCat(" --out ", ::testing::TempDir(), "/gen.pdf --db ", db);
  ASSERT_EQ(RunCli(absl::StrCat(
                       "book", out,
                       " --section easy:2 --generate-missing --book-name g1"),
                   &err),
            0)
      << err;
  ASSERT_EQ(
      RunCli(absl::StrCat("book", out,
                          " --section easy:1 --generate-missing --book-name g2 "
                          "--seed 9"),
             &err),
      0)
      << err;
  EXPECT_THAT(err, ::testing::Not(HasSubstr("already printed")));
  auto store = SqlitePuzzleStore::Open(db);
  ASSERT_THAT(store, IsOk());
  auto all = (*store)->Query(PuzzleQuery{});
  ASSERT_THAT(all, IsOk());
  EXPECT_EQ(all->size(), 3u);
  for (const StoredPuzzle& p : *all) {
    auto ratings = (*store)->Ratings(p.id);
    ASSERT_THAT(ratings, IsOk());
    ASSERT_EQ(ratings->size(), 1u);
    EXPECT_EQ(ratings->back().level(), "easy");
    ASSERT_TRUE(p.solution.has_value());
    EXPECT_TRUE(IsValidSolution(p.givens, *p.solution));
  }
  for (const char* book : {"g1", "g2"}) {
    PuzzleQuery q;
    q.collection = book;
    auto members = (*store)->Query(q);
    ASSERT_THAT(members, IsOk());
    EXPECT_EQ(members->size(), std::string(book) == "g1" ? 2u : 1u) << book;
  }
  EXPECT_EQ(RunCli(absl::StrCat("book", out,
                                " --section fiendish:1 --generate-missing"),
                   &err),
            2);
  EXPECT_THAT(err, HasSubstr("cannot generate level 'fiendish'"));
}

}  // namespace
}  // namespace sudoku::cli
