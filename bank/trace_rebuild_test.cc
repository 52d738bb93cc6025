// Issue 22: the bank does not store traces by default; `show` and
// `explain --db` rebuild them and check them against the stored rating,
// and a bank without traces explains exactly as a bank with them.
#include "bank/trace_rebuild.h"

#include <sstream>
#include <string>
#include <vector>

#include "bank/batch.h"
#include "bank/export_jsonl.h"
#include "bank/records.h"
#include "bank/step_output.h"
#include "bank/testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "storage/json.h"
#include "tests/testing/status_matchers.h"

namespace sudoku::bank {
namespace {

using ::sudoku::testing::StatusIs;
using ::testing::HasSubstr;

// `count` generated puzzles stored as `generate --db` stores them; the ids.
std::vector<int64_t> Generate(SqlitePuzzleStore& store, const Rater& rater,
                              bool traces, int count) {
  std::vector<uint64_t> indices;
  for (int i = 0; i < count; ++i) indices.push_back(static_cast<uint64_t>(i));
  auto spec = PlanGeneration({}, {}, &rater, 22, indices, 1);
  EXPECT_TRUE(spec.ok());
  StoreSpec out;
  out.store = &store;
  out.collection = "generated";
  out.traces = traces;
  std::vector<int64_t> ids;
  BatchCallbacks callbacks;
  callbacks.on_made = [&](const MadePuzzle& m) { ids.push_back(m.puzzle_id); };
  EXPECT_TRUE(RunBatch(*spec, out, nullptr, callbacks).ok());
  return ids;
}

std::string ExplainJson(SqlitePuzzleStore& store, int64_t id,
                        const Rater& rater) {
  auto rebuilt = RebuildStored(store, id, rater);
  EXPECT_OK(rebuilt);
  if (!rebuilt.ok()) return "";
  return ToJson(ExplanationToOutput(*rebuilt->rating.explanation,
                                    rebuilt->puzzle.givens));
}

TEST(TraceRebuildTest, ABankWithoutTracesExplainsAsOneWithThem) {
  auto rater = MakeRater();
  auto with = MemoryStore();
  auto without = MemoryStore();
  const std::vector<int64_t> a = Generate(*with, *rater, true, 6);
  const std::vector<int64_t> b = Generate(*without, *rater, false, 6);
  ASSERT_EQ(a.size(), 6u);
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ((*with->Stats()).traces, 6);
  EXPECT_EQ((*without->Stats()).traces, 0);
  for (size_t i = 0; i < a.size(); ++i) {
    auto ra = RebuildStored(*with, a[i], *rater);
    auto rb = RebuildStored(*without, b[i], *rater);
    ASSERT_OK(ra);
    ASSERT_OK(rb);
    EXPECT_TRUE(ra->checked_rating && ra->checked_trace);
    EXPECT_TRUE(rb->checked_rating);
    EXPECT_FALSE(rb->checked_trace);
    EXPECT_EQ(ra->trace.SerializeAsString(), rb->trace.SerializeAsString());
    EXPECT_EQ(ExplainJson(*with, a[i], *rater),
              ExplainJson(*without, b[i], *rater));
  }
}

TEST(TraceRebuildTest, ARatingThatDoesNotMatchIsReported) {
  auto rater = MakeRater();
  auto store = MemoryStore();
  const std::vector<int64_t> ids = Generate(*store, *rater, false, 1);
  ASSERT_EQ(ids.size(), 1u);
  auto ratings = store->Ratings(ids[0]);
  ASSERT_OK(ratings);
  proto::Rating tampered = ratings->back();
  tampered.set_er(tampered.er() + 1);
  ASSERT_OK(store->AddRating(ids[0], tampered).status());
  EXPECT_THAT(RebuildStored(*store, ids[0], *rater),
              StatusIs(absl::StatusCode::kDataLoss));
  EXPECT_THAT(RebuildStored(*store, 999, *rater).status().ok(), false);
}

TEST(TraceRebuildTest, JsonlCarriesEveryRatingField) {
  auto rater = MakeRater();
  auto store = MemoryStore();
  const std::vector<int64_t> ids = Generate(*store, *rater, false, 3);
  std::ostringstream out;
  auto written = ExportJsonl(*store, {}, out);
  ASSERT_OK(written);
  EXPECT_EQ(*written, 3);
  std::istringstream lines(out.str());
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    const proto::Rating stored =
        store->Ratings(ids[static_cast<size_t>(n - 1)])->back();
    EXPECT_THAT(line, HasSubstr("\"rating\":" + ToJson(stored))) << line;
    EXPECT_THAT(line, HasSubstr("\"generation\":{")) << line;
    EXPECT_THAT(line, HasSubstr("\"engine_version\":\"rater-"));
  }
  EXPECT_EQ(n, 3);
}

}  // namespace
}  // namespace sudoku::bank
