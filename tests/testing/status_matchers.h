// GoogleTest helpers for absl::Status / StatusOr (Abseil 20220623 ships none).
#ifndef SUDOKU_TESTS_TESTING_STATUS_MATCHERS_H_
#define SUDOKU_TESTS_TESTING_STATUS_MATCHERS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace sudoku::testing {

inline const absl::Status& GetStatus(const absl::Status& s) { return s; }
template <typename T>
const absl::Status& GetStatus(const absl::StatusOr<T>& s) {
  return s.status();
}

MATCHER(IsOk, "is OK") {
  const absl::Status& s = ::sudoku::testing::GetStatus(arg);
  if (!s.ok()) *result_listener << "status: " << s;
  return s.ok();
}

MATCHER_P(StatusIs, code, "has status code " + ::testing::PrintToString(code)) {
  const absl::Status& s = ::sudoku::testing::GetStatus(arg);
  *result_listener << "status: " << s;
  return s.code() == code;
}

MATCHER_P2(StatusIs, code, message_matcher, "") {
  const absl::Status& s = ::sudoku::testing::GetStatus(arg);
  *result_listener << "status: " << s;
  return s.code() == code &&
         ::testing::ExplainMatchResult(
             message_matcher, std::string(s.message()), result_listener);
}

MATCHER_P(IsOkAndHolds, matcher, "is OK and holds a matching value") {
  if (!arg.ok()) {
    *result_listener << "status: " << arg.status();
    return false;
  }
  return ::testing::ExplainMatchResult(matcher, *arg, result_listener);
}

}  // namespace sudoku::testing

#define EXPECT_OK(expr) EXPECT_THAT((expr), ::sudoku::testing::IsOk())
#define ASSERT_OK(expr) ASSERT_THAT((expr), ::sudoku::testing::IsOk())

#endif  // SUDOKU_TESTS_TESTING_STATUS_MATCHERS_H_
