#include "core/hash.h"

#include "gtest/gtest.h"

namespace sudoku {
namespace {

// Reference values of 64-bit FNV-1a (the published test vectors).
TEST(Fnv1aTest, PublishedVectors) {
  EXPECT_EQ(Fnv1a(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(Fnv1a("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(Fnv1a("foobar"), 0x85944171f73967e8ULL);
}

TEST(Fnv1aTest, PiecewiseEqualsWhole) {
  EXPECT_EQ(Fnv1a("bar", Fnv1a("foo")), Fnv1a("foobar"));
}

TEST(HashHexTest, WidthsAndFolding) {
  EXPECT_EQ(HashHex64(0xaf63dc4c8601ec8cULL), "af63dc4c8601ec8c");
  EXPECT_EQ(HashHex64(1), "0000000000000001");
  // 32-bit fold: high ^ low halves.
  EXPECT_EQ(HashHex32(0x0000000100000002ULL), "00000003");
  EXPECT_EQ(HashHex32(0xaf63dc4c8601ec8cULL), "296230c0");
}

}  // namespace
}  // namespace sudoku
