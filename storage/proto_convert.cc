#include "storage/proto_convert.h"

#include "absl/strings/str_cat.h"
#include "core/format.h"
#include "core/status_macros.h"

namespace sudoku {

proto::Shape ToProto(const Shape& shape) {
  proto::Shape out;
  out.set_box_rows(static_cast<uint32_t>(shape.box_rows()));
  out.set_box_cols(static_cast<uint32_t>(shape.box_cols()));
  return out;
}

absl::StatusOr<const Shape*> ShapeFromProto(const proto::Shape& shape) {
  if (shape.box_rows() > 25 || shape.box_cols() > 25) {
    return absl::InvalidArgumentError(absl::StrCat(
        "shape: bad box size ", shape.box_rows(), "x", shape.box_cols()));
  }
  return Shape::Get(static_cast<int>(shape.box_rows()),
                    static_cast<int>(shape.box_cols()));
}

proto::Puzzle ToProto(const Grid& givens, const std::optional<Grid>& solution) {
  proto::Puzzle out;
  *out.mutable_shape() = ToProto(givens.shape());
  out.set_givens(ToLine(givens));
  if (solution.has_value()) out.set_solution(ToLine(*solution));
  return out;
}

absl::StatusOr<Grid> GridFromLine(const Shape& shape, absl::string_view line) {
  if (static_cast<int>(line.size()) != shape.num_cells()) {
    return absl::InvalidArgumentError(
        absl::StrCat("grid: expected ", shape.num_cells(), " cells for shape ",
                     shape.name(), ", got ", line.size()));
  }
  Grid grid(shape);
  for (int cell = 0; cell < shape.num_cells(); ++cell) {
    const char symbol = line[static_cast<size_t>(cell)];
    const int d = shape.DigitOf(symbol);
    if (d < 0 || d > shape.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("grid: bad symbol '", std::string(1, symbol), "' at ",
                       shape.CellName(cell), " (position ", cell + 1, ")"));
    }
    grid.set(cell, d);
  }
  SUDOKU_RETURN_IF_ERROR(CheckGivens(grid));
  return grid;
}

absl::StatusOr<Grid> GridFromProto(const proto::Puzzle& puzzle) {
  SUDOKU_ASSIGN_OR_RETURN(const Shape* shape, ShapeFromProto(puzzle.shape()));
  return GridFromLine(*shape, puzzle.givens());
}

absl::StatusOr<std::optional<Grid>> SolutionFromProto(
    const proto::Puzzle& puzzle) {
  if (puzzle.solution().empty()) return std::optional<Grid>();
  SUDOKU_ASSIGN_OR_RETURN(Grid givens, GridFromProto(puzzle));
  SUDOKU_ASSIGN_OR_RETURN(Grid solution,
                          GridFromLine(givens.shape(), puzzle.solution()));
  if (!IsValidSolution(givens, solution)) {
    return absl::InvalidArgumentError(
        "solution: not a complete valid grid agreeing with the givens");
  }
  return std::optional<Grid>(std::move(solution));
}

}  // namespace sudoku
