#include "deduction/util.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace sudoku {

void GridKey(const Board& board, std::vector<uint32_t>* key) {
  const int cells = board.shape().num_cells();
  key->resize(static_cast<size_t>(cells));
  for (int cell = 0; cell < cells; ++cell)
    (*key)[static_cast<size_t>(cell)] =
        board.value(cell) != 0
            ? uint32_t{1} << 31 | static_cast<uint32_t>(board.value(cell))
            : board.candidates(cell).bits();
}

namespace {

// Runs scan(index) with the unit index of `board`. The index of the last
// board is kept per thread, keyed on its grid (GridKey): the se ladder's
// nested forcing chains scan each branch's grid with several techniques in
// turn. A scan started inside another scan builds its own.
template <typename F>
void WithUnitIndex(const Board& board, F&& scan) {
  thread_local std::optional<UnitIndex> kept;
  thread_local const Shape* kept_shape = nullptr;
  thread_local std::vector<uint32_t> kept_key, key;
  thread_local bool in_scan = false;
  if (in_scan) {
    const UnitIndex index(board);
    scan(index);
    return;
  }
  GridKey(board, &key);
  if (!kept || kept_shape != &board.shape() || key != kept_key) {
    kept.emplace(board);
    kept_shape = &board.shape();
    kept_key.swap(key);
  }
  struct InScan {
    InScan() { in_scan = true; }
    ~InScan() { in_scan = false; }
  } guard;
  scan(*kept);
}

}  // namespace

std::optional<Deduction> ScanningTechnique::Find(const Board& board) const {
  std::optional<Deduction> found;
  WithUnitIndex(board, [&](const UnitIndex& index) {
    Scan(board, index, [&found](Deduction&& d) {
      found = std::move(d);
      return false;
    });
  });
  return found;
}

void ScanningTechnique::FindAll(const Board& board,
                                std::vector<Deduction>* out) const {
  WithUnitIndex(board, [&](const UnitIndex& index) {
    Scan(board, index, [out](Deduction&& d) {
      out->push_back(std::move(d));
      return true;
    });
  });
}

bool ApplyDeduction(const Deduction& deduction, Board* board) {
  bool ok = true;
  for (const CellDigit& p : deduction.placements) {
    if (board->value(p.cell) == p.digit) continue;
    if (board->value(p.cell) != 0 || !board->Place(p.cell, p.digit)) ok = false;
  }
  for (const CellDigit& e : deduction.eliminations) {
    if (board->value(e.cell) != 0) continue;
    if (!board->Eliminate(e.cell, e.digit)) ok = false;
  }
  return ok;
}

bool MakesProgress(const Deduction& d, const Board& board) {
  for (const CellDigit& p : d.placements)
    if (board.value(p.cell) == 0) return true;
  for (const CellDigit& e : d.eliminations)
    if (board.value(e.cell) == 0 && board.candidates(e.cell).Contains(e.digit))
      return true;
  return false;
}

const std::vector<std::string>& LiteralNames(const Shape& shape) {
  thread_local absl::flat_hash_map<const Shape*,
                                   std::unique_ptr<std::vector<std::string>>>
      tables;
  std::unique_ptr<std::vector<std::string>>& names = tables[&shape];
  if (names == nullptr) {
    names = std::make_unique<std::vector<std::string>>();
    const int n = shape.size();
    for (int cell = 0; cell < shape.num_cells(); ++cell)
      for (int d = 1; d <= n; ++d)
        for (const char* op : {"<>", "="})
          names->push_back(absl::StrCat(shape.CellName(cell), op,
                                        std::string(1, shape.Symbol(d))));
  }
  return *names;
}

std::string CellList(const Shape& shape, absl::Span<const int> cells) {
  return absl::StrJoin(cells, ", ", [&shape](std::string* out, int cell) {
    out->append(shape.CellName(cell));
  });
}

std::string DescribeEliminations(const Shape& shape,
                                 absl::Span<const CellDigit> eliminations) {
  std::vector<int> digits;
  for (const CellDigit& e : eliminations)
    if (std::find(digits.begin(), digits.end(), e.digit) == digits.end())
      digits.push_back(e.digit);
  std::vector<std::string> parts;
  for (int d : digits) {
    std::vector<int> cells;
    for (const CellDigit& e : eliminations)
      if (e.digit == d) cells.push_back(e.cell);
    parts.push_back(absl::StrCat(std::string(1, shape.Symbol(d)), " from ",
                                 CellList(shape, cells)));
  }
  std::string joined;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) joined += (i + 1 == parts.size()) ? " and " : "; ";
    joined += parts[i];
  }
  return absl::StrCat("remove ", joined);
}

std::string DigitList(const Shape& shape, CandidateSet digits) {
  std::string s = "{";
  bool first = true;
  for (int d : digits) {
    if (!first) s += ",";
    s += shape.Symbol(d);
    first = false;
  }
  return s + "}";
}

std::string UnitList(const Shape& shape, absl::Span<const int> units) {
  if (units.empty()) return "";
  const int n = shape.size();
  bool same_kind = true;
  for (int u : units)
    if (Shape::KindOf(u, n) != Shape::KindOf(units[0], n)) same_kind = false;
  std::vector<std::string> names;
  if (same_kind && units.size() > 1) {
    for (int u : units) names.push_back(std::to_string(u % n + 1));
    static constexpr const char* kPlural[] = {"rows", "columns", "boxes"};
    std::string list;
    for (size_t i = 0; i < names.size(); ++i) {
      if (i > 0) list += (i + 1 == names.size()) ? " and " : ", ";
      list += names[i];
    }
    return absl::StrCat(kPlural[static_cast<int>(Shape::KindOf(units[0], n))],
                        " ", list);
  }
  for (int u : units) names.push_back(shape.UnitName(u));
  std::string list;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) list += (i + 1 == names.size()) ? " and " : ", ";
    list += names[i];
  }
  return list;
}

std::optional<Deduction> LowestRated(std::vector<Deduction>&& all) {
  if (all.empty()) return std::nullopt;
  size_t best = 0;
  for (size_t i = 1; i < all.size(); ++i)
    if (all[i].rating < all[best].rating) best = i;
  return std::move(all[best]);
}

void Canonicalize(std::vector<CellDigit>* v) {
  std::sort(v->begin(), v->end(), [](const CellDigit& a, const CellDigit& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  });
  v->erase(std::unique(v->begin(), v->end()), v->end());
}

ChainCause StrongLinkCause(const Board& board, CellDigit from, CellDigit to) {
  ChainCause cause{to.cell, to.digit, -1};
  if (from.cell == to.cell) return cause;
  const Shape& shape = board.shape();
  const std::array<int, 3> units = shape.UnitsOf(to.cell);
  const std::array<int, 3> from_units = shape.UnitsOf(from.cell);
  // Box, row, column.
  for (int k : {2, 0, 1}) {
    if (units[static_cast<size_t>(k)] != from_units[static_cast<size_t>(k)])
      continue;
    const int u = units[static_cast<size_t>(k)];
    if (cause.unit < 0) cause.unit = u;
    int places = 0;
    for (int q : shape.unit(u))
      if (board.value(q) == 0 && board.candidates(q).Contains(to.digit))
        ++places;
    if (places == 2) {
      cause.unit = u;
      break;
    }
  }
  return cause;
}

}  // namespace sudoku
