// Conversions between core types and the persisted protos (sudoku.proto).
// Everything read back from a database or an exchanged file is validated
// here, at the boundary, so engine code only ever sees well-formed Grids.
#ifndef SUDOKU_STORAGE_PROTO_CONVERT_H_
#define SUDOKU_STORAGE_PROTO_CONVERT_H_

#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/grid.h"
#include "core/shape.h"
#include "storage/sudoku.pb.h"

namespace sudoku {

// {box_rows, box_cols}.
proto::Shape ToProto(const Shape& shape);

// The interned shape. InvalidArgument for dimensions Shape::Get refuses.
absl::StatusOr<const Shape*> ShapeFromProto(const proto::Shape& shape);

// Shape, givens (and the solution if given) as line strings. Leaves label,
// source, canonical_key, id and num_solutions for the caller.
proto::Puzzle ToProto(const Grid& givens, const std::optional<Grid>& solution);

// Parses a line string of exactly N*N symbols of `shape` ('.' or '0' for an
// empty cell). InvalidArgument naming the position of a bad symbol, a wrong
// length, or clashing givens (CheckGivens).
absl::StatusOr<Grid> GridFromLine(const Shape& shape, absl::string_view line);

// The puzzle's givens, validated as above.
absl::StatusOr<Grid> GridFromProto(const proto::Puzzle& puzzle);

// The puzzle's solution: nullopt when absent; InvalidArgument when it is not
// a complete valid grid agreeing with the givens (IsValidSolution).
absl::StatusOr<std::optional<Grid>> SolutionFromProto(
    const proto::Puzzle& puzzle);

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_PROTO_CONVERT_H_
