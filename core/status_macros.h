// Status propagation macros. Debian's Abseil (20220623) predates
// ABSL_RETURN_IF_ERROR / ABSL_ASSIGN_OR_RETURN, so we carry our own.
#ifndef SUDOKU_CORE_STATUS_MACROS_H_
#define SUDOKU_CORE_STATUS_MACROS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define SUDOKU_RETURN_IF_ERROR(expr)                 \
  do {                                               \
    ::absl::Status sudoku_status_ = (expr);          \
    if (!sudoku_status_.ok()) return sudoku_status_; \
  } while (false)

#define SUDOKU_STATUS_CONCAT_INNER_(a, b) a##b
#define SUDOKU_STATUS_CONCAT_(a, b) SUDOKU_STATUS_CONCAT_INNER_(a, b)

// SUDOKU_ASSIGN_OR_RETURN(lhs, expr): evaluates `expr` (a StatusOr<T>),
// returns its status on error, otherwise assigns the value to `lhs`, which
// may be a declaration (`auto x`).
#define SUDOKU_ASSIGN_OR_RETURN(lhs, expr) \
  SUDOKU_ASSIGN_OR_RETURN_IMPL_(           \
      SUDOKU_STATUS_CONCAT_(sudoku_statusor_, __LINE__), lhs, expr)

#define SUDOKU_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, expr) \
  auto statusor = (expr);                                  \
  if (!statusor.ok()) return std::move(statusor).status(); \
  lhs = std::move(statusor).value()

#endif  // SUDOKU_CORE_STATUS_MACROS_H_
