#include "storage/blob_codec.h"

#include <string>

#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "storage/sudoku.pb.h"
#include "tests/testing/status_matchers.h"

namespace sudoku {
namespace {

using ::sudoku::testing::StatusIs;

proto::Rating ARating() {
  proto::Rating r;
  r.set_engine_version("rater-3.3162071c");
  (*r.mutable_parameters())["allow_uniqueness"] = "1";
  (*r.mutable_parameters())["exact_solver"] = "backtrack";
  (*r.mutable_parameters())["players"] =
      "players=16,box=10,line=5,full_house=10,naked=1,technique_slope=3,"
      "seed=1";
  (*r.mutable_parameters())["techniques"] = "default";
  r.set_score(5.93);
  r.set_level("easy");
  r.set_hardest_technique("hidden_single");
  auto* c = r.add_technique_counts();
  c->set_technique_id("hidden_single");
  c->set_count(38);
  (*r.mutable_features())["player_effort"] = 427.9;
  return r;
}

TEST(BlobCodecTest, RoundTripsAndCompresses) {
  const proto::Rating r = ARating();
  const std::string blob = EncodeBlob(r);
  ASSERT_FALSE(blob.empty());
  EXPECT_EQ(blob[0], '\0');  // compressed
  EXPECT_LT(blob.size(), r.ByteSizeLong() / 2);
  auto bytes = DecodeBlob(blob);
  ASSERT_OK(bytes);
  proto::Rating back;
  ASSERT_TRUE(back.ParseFromString(*bytes));
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(back, r));
}

// Banks written before compression hold plain serialized messages.
TEST(BlobCodecTest, ReadsUncompressedBlobsAsTheyAre) {
  const std::string plain = ARating().SerializeAsString();
  auto bytes = DecodeBlob(plain);
  ASSERT_OK(bytes);
  EXPECT_EQ(*bytes, plain);
  EXPECT_EQ(EncodeBlob(proto::Rating()), "");
}

TEST(BlobCodecTest, CorruptOrUnknownBlobsAreDataLoss) {
  std::string blob = EncodeBlob(ARating());
  EXPECT_THAT(DecodeBlob(blob.substr(0, blob.size() / 2)),
              StatusIs(absl::StatusCode::kDataLoss));
  blob[1] = '\7';
  EXPECT_THAT(DecodeBlob(blob), StatusIs(absl::StatusCode::kDataLoss));
  EXPECT_THAT(DecodeBlob(std::string(1, '\0')),
              StatusIs(absl::StatusCode::kDataLoss));
}

}  // namespace
}  // namespace sudoku
