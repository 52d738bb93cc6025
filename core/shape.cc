#include "core/shape.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace sudoku {

Shape::Shape(int box_rows, int box_cols)
    : box_rows_(box_rows),
      box_cols_(box_cols),
      n_(box_rows * box_cols),
      num_peers_(3 * n_ - box_rows - box_cols - 1) {
  const int cells = n_ * n_;
  box_of_.resize(static_cast<size_t>(cells));
  for (int cell = 0; cell < cells; ++cell) {
    const int r = cell / n_, c = cell % n_;
    // There are N / box_cols_ = box_rows_ boxes per band.
    box_of_[static_cast<size_t>(cell)] =
        (r / box_rows_) * (n_ / box_cols_) + c / box_cols_;
  }
  units_.reserve(static_cast<size_t>(3 * cells));
  for (int r = 0; r < n_; ++r)
    for (int c = 0; c < n_; ++c) units_.push_back(Cell(r, c));
  for (int c = 0; c < n_; ++c)
    for (int r = 0; r < n_; ++r) units_.push_back(Cell(r, c));
  for (int b = 0; b < n_; ++b)
    for (int cell = 0; cell < cells; ++cell)
      if (Box(cell) == b) units_.push_back(cell);
  peers_.reserve(static_cast<size_t>(cells * num_peers_));
  for (int cell = 0; cell < cells; ++cell) {
    for (int other = 0; other < cells; ++other)
      if (SeesEachOther(cell, other)) peers_.push_back(other);
  }
}

absl::StatusOr<const Shape*> Shape::Get(int box_rows, int box_cols) {
  // Each side is bounded before the product, which could overflow int.
  if (box_rows < 2 || box_cols < 2 || box_rows > kMaxDigits ||
      box_cols > kMaxDigits || box_rows * box_cols < kMinDigits ||
      box_rows * box_cols > kMaxDigits) {
    return absl::InvalidArgumentError(absl::StrCat(
        "shape: boxes must be at least 2x2 with ", kMinDigits,
        " <= r*c <= ", kMaxDigits, ", got ", box_rows, "x", box_cols));
  }
  static std::mutex mu;
  static auto* shapes =
      new std::map<std::pair<int, int>, std::unique_ptr<Shape>>();
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = (*shapes)[{box_rows, box_cols}];
  if (slot == nullptr) slot.reset(new Shape(box_rows, box_cols));
  return slot.get();
}

const Shape& Shape::GetOrDie(int box_rows, int box_cols) {
  absl::StatusOr<const Shape*> shape = Get(box_rows, box_cols);
  assert(shape.ok());
  return **shape;
}

absl::StatusOr<const Shape*> Shape::FromSpec(absl::string_view spec) {
  size_t x = spec.find_first_of("xX*");
  int r = 0, c = 0;
  if (x == absl::string_view::npos ||
      !absl::SimpleAtoi(spec.substr(0, x), &r) ||
      !absl::SimpleAtoi(spec.substr(x + 1), &c)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "shape: expected RxC (box rows x box columns, e.g. 3x3), got '", spec,
        "'"));
  }
  return Get(r, c);
}

const Shape* Shape::ForCellCount(int cells) {
  switch (cells) {
    case 16:
      return &GetOrDie(2, 2);
    case 36:
      return &GetOrDie(2, 3);
    case 64:
      return &GetOrDie(2, 4);
    case 81:
      return &GetOrDie(3, 3);
    case 100:
      return &GetOrDie(2, 5);
    case 144:
      return &GetOrDie(3, 4);
    case 256:
      return &GetOrDie(4, 4);
    case 400:
      return &GetOrDie(4, 5);
    case 625:
      return &GetOrDie(5, 5);
    default:
      return nullptr;
  }
}

std::vector<int> Shape::KnownCellCounts() {
  return {16, 36, 64, 81, 100, 144, 256, 400, 625};
}

std::string Shape::name() const {
  return absl::StrCat(box_rows_, "x", box_cols_);
}

std::string Shape::CellName(int cell) const {
  return absl::StrCat("r", Row(cell) + 1, "c", Col(cell) + 1);
}

std::string Shape::UnitName(int unit) const {
  static constexpr const char* kNames[] = {"row ", "column ", "box "};
  return absl::StrCat(kNames[unit / n_], unit % n_ + 1);
}

char Shape::Symbol(int digit) const {
  if (digit <= 0) return '.';
  if (digit <= 9) return static_cast<char>('0' + digit);
  return static_cast<char>('A' + (digit - 10));
}

int Shape::DigitOf(char symbol) const {
  switch (symbol) {
    case '.':
    case '0':
    case '-':
    case '_':
    case '*':
      return 0;
    default:
      break;
  }
  int d = -1;
  if (symbol >= '1' && symbol <= '9') {
    d = symbol - '0';
  } else if (symbol >= 'A' && symbol <= 'Z') {
    d = symbol - 'A' + 10;
  } else if (symbol >= 'a' && symbol <= 'z') {
    d = symbol - 'a' + 10;
  }
  return d >= 1 && d <= n_ ? d : -1;
}

}  // namespace sudoku
