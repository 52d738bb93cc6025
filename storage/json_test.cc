#include "storage/json.h"

#include <string>

#include "gtest/gtest.h"
#include "storage/cli_output.pb.h"

namespace sudoku {
namespace {

TEST(ToJsonTest, ProtoFieldNamesOnOneLine) {
  RateOutput out;
  out.set_status(RateOutput::RATED);
  out.set_hardest_technique("x_wing");
  const std::string json = ToJson(out);
  EXPECT_NE(json.find("\"hardest_technique\":\"x_wing\""), std::string::npos)
      << json;
  EXPECT_NE(json.find("\"status\":\"RATED\""), std::string::npos) << json;
  EXPECT_EQ(json.find('\n'), std::string::npos);
}

// Map fields print with sorted keys whatever order they were inserted in,
// so the same rating prints the same bytes on every run.
TEST(ToJsonTest, MapKeysAreSorted) {
  const char* keys[] = {"naked_single",
                        "x_wing",
                        "full_house",
                        "hidden_single",
                        "box_line",
                        "swordfish",
                        "xy_wing",
                        "naked_pair",
                        "a",
                        "zz"};
  RateOutput forward, backward;
  for (int i = 0; i < 10; ++i) {
    (*forward.mutable_technique_counts())[keys[i]] =
        static_cast<uint32_t>(i + 1);
  }
  for (int i = 9; i >= 0; --i) {
    (*backward.mutable_technique_counts())[keys[i]] =
        static_cast<uint32_t>(i + 1);
  }
  const std::string a = ToJson(forward), b = ToJson(backward);
  EXPECT_EQ(a, b);
  size_t last = 0;
  for (const char* key :
       {"\"a\"", "\"box_line\"", "\"full_house\"", "\"hidden_single\"",
        "\"naked_pair\"", "\"naked_single\"", "\"swordfish\"", "\"x_wing\"",
        "\"xy_wing\"", "\"zz\""}) {
    const size_t at = a.find(key);
    ASSERT_NE(at, std::string::npos) << key << " in " << a;
    EXPECT_GT(at, last) << key << " out of order in " << a;
    last = at;
  }
}

}  // namespace
}  // namespace sudoku
