// Fish.
//
// Basic fish: choose k "base" rows in which digit d has its candidates in
// at most k columns in all; if those "cover" columns are exactly k, the k
// d's of the base rows occupy the cover columns once each, so no other cell
// of the cover columns can be d. Rows and columns may swap roles.
//
//   X-Wing on d, rows 2 and 8:      . d . . . . d .
//     c2 and c7 cover both rows     (other cells of c2, c7 lose d)
//                                    . d . . . . d .
//
// Finned fish: the base rows have extra candidates ("fins") outside the
// cover columns, all in one box. Either a fin is d, or the basic fish
// holds; cover cells in the fin box that are not in a base row see every
// fin and lose d in both cases. Sashimi: a fish that, without its fins,
// would have a base row with fewer than two candidates left (the "raw"
// fish is degenerate); the logic is the same.
//
// Names: X-Wing, Swordfish and Jellyfish come from the Sudoku Players'
// Forum (2005); finned and sashimi fish likewise (Sudopedia, HoDoKu).
// Ratings: SE 1.2.1 X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2; finned forms
// are not in SE (see fish.h). Cost: per digit and orientation, C(N, k)
// combinations of lines with 1..k candidates (finned: per combination, the
// C(|union|, k) cover choices).
#include "deduction/fish.h"

#include <array>
#include <bit>

#include "absl/strings/str_cat.h"
#include "deduction/util.h"

namespace sudoku {
namespace {

constexpr const char* kFishNames[] = {"", "", "X-Wing", "Swordfish",
                                      "Jellyfish"};

// Cell at line `line` (row if !by_col), position `pos` along it.
int CellOf(const Shape& shape, bool by_col, int line, int pos) {
  return by_col ? shape.Cell(pos, line) : shape.Cell(line, pos);
}

// The pattern of a fish on digit `d`: the base lines (`base`, bits over
// the lines from unit `unit0`) with their candidates of d, and the cover
// lines (`cover`, from unit `cover0`). Fills ded's pattern and returns the
// two unit lists for the step's text.
void SetFishPattern(const Shape& shape, const UnitIndex& index, int d,
                    bool by_col, int unit0, int cover0, uint32_t base,
                    uint32_t cover, Deduction& ded,
                    std::vector<int>* base_units,
                    std::vector<int>* cover_units) {
  for (int line : Bits(base)) {
    base_units->push_back(unit0 + line);
    for (int p : Bits(index.where(unit0 + line, d))) {
      const int cell = CellOf(shape, by_col, line, p);
      ded.pattern_cells.push_back(cell);
      ded.pattern_candidates.push_back({cell, d});
    }
  }
  for (int cpos : Bits(cover)) cover_units->push_back(cover0 + cpos);
  ded.pattern_units = *base_units;
  ded.pattern_units.insert(ded.pattern_units.end(), cover_units->begin(),
                           cover_units->end());
}

}  // namespace

BasicFish::BasicFish(TechniqueId tid, int size)
    : ScanningTechnique(tid), size_(size) {}

void BasicFish::Scan(const Board& board, const UnitIndex& index,
                     DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  const int k = size_;
  std::array<int, kMaxDigits> lines{};
  for (int d = 1; d <= n; ++d) {
    for (int orient = 0; orient < 2; ++orient) {
      const bool by_col = orient == 1;
      const int unit0 = by_col ? n : 0;
      int m = 0;
      for (int line = 0; line < n; ++line) {
        const int count = std::popcount(index.where(unit0 + line, d));
        if (count >= 2 && count <= k) lines[static_cast<size_t>(m++)] = line;
      }
      const bool go =
          ForEachCombination(m, k, [&](const std::array<int, 4>& c) {
            uint32_t cover = 0, base = 0;
            for (int i = 0; i < k; ++i) {
              const int line =
                  lines[static_cast<size_t>(c[static_cast<size_t>(i)])];
              cover |= index.where(unit0 + line, d);
              base |= uint32_t{1} << line;
            }
            if (std::popcount(cover) != k) return true;
            Deduction ded;
            for (int cpos : Bits(cover)) {
              // Cover line `cpos` (a column when base lines are rows).
              const int cover_unit = (by_col ? 0 : n) + cpos;
              for (int p : Bits(index.where(cover_unit, d) & ~base))
                ded.eliminations.push_back(
                    {CellOf(shape, !by_col, cpos, p), d});
            }
            if (ded.eliminations.empty()) return true;
            Canonicalize(&ded.eliminations);
            ded.technique = std::string(id());
            ded.rating = difficulty();
            std::vector<int> base_units, cover_units;
            SetFishPattern(shape, index, d, by_col, unit0, (by_col ? 0 : n),
                           base, cover, ded, &base_units, &cover_units);
            ded.text = absl::StrCat(
                kFishNames[k], " on ", std::string(1, shape.Symbol(d)), " in ",
                UnitList(shape, base_units), ", ", UnitList(shape, cover_units),
                ": ", DescribeEliminations(shape, ded.eliminations));
            return emit(std::move(ded));
          });
      if (!go) return;
    }
  }
}

FinnedFish::FinnedFish(TechniqueId tid, int size)
    : ScanningTechnique(tid), size_(size) {}

void FinnedFish::Scan(const Board& board, const UnitIndex& index,
                      DeductionSink emit) const {
  const Shape& shape = board.shape();
  const int n = shape.size();
  const int k = size_;
  std::array<int, kMaxDigits> lines{};
  std::array<int, kMaxDigits> cols{};
  for (int d = 1; d <= n; ++d) {
    for (int orient = 0; orient < 2; ++orient) {
      const bool by_col = orient == 1;
      const int unit0 = by_col ? n : 0;
      const int cover0 = by_col ? 0 : n;
      int m = 0;
      for (int line = 0; line < n; ++line) {
        const int count = std::popcount(index.where(unit0 + line, d));
        // A base line may hold up to k cover candidates plus fins, which
        // lie in one box (at most box width of them).
        if (count >= 1) lines[static_cast<size_t>(m++)] = line;
      }
      const bool go =
          ForEachCombination(m, k, [&](const std::array<int, 4>& c) {
            uint32_t all = 0, base = 0;
            for (int i = 0; i < k; ++i) {
              const int line =
                  lines[static_cast<size_t>(c[static_cast<size_t>(i)])];
              all |= index.where(unit0 + line, d);
              base |= uint32_t{1} << line;
            }
            const int u = std::popcount(all);
            if (u <= k) return true;  // basic fish (or nothing): not finned
            int nc = 0;
            for (int p : Bits(all)) cols[static_cast<size_t>(nc++)] = p;
            return ForEachCombination(nc, k, [&](const std::array<int, 4>& cc) {
              uint32_t cover = 0;
              for (int i = 0; i < k; ++i)
                cover |=
                    uint32_t{1}
                    << cols[static_cast<size_t>(cc[static_cast<size_t>(i)])];
              // Fins: base candidates outside the cover; all in one box. (No
              // allocation until a deduction is certain: this loop is hot.)
              std::array<int, kMaxDigits * kMaxDigits> fin_cells;
              size_t num_fins = 0;
              int fin_box = -1;
              bool sashimi = false;
              for (int line : Bits(base)) {
                const uint32_t w = index.where(unit0 + line, d);
                if (std::popcount(w & cover) < 2) sashimi = true;
                for (int p : Bits(w & ~cover)) {
                  const int cell = CellOf(shape, by_col, line, p);
                  fin_cells[num_fins++] = cell;
                  if (fin_box == -1) fin_box = shape.Box(cell);
                  if (shape.Box(cell) != fin_box)
                    return true;  // fins in two boxes
                }
              }
              if (num_fins == 0) return true;
              bool any = false;
              for (int cpos : Bits(cover)) {
                for (int p : Bits(index.where(cover0 + cpos, d) & ~base)) {
                  if (shape.Box(CellOf(shape, !by_col, cpos, p)) == fin_box)
                    any = true;
                }
              }
              if (!any) return true;
              const std::vector<int> fins(fin_cells.begin(),
                                          fin_cells.begin() + num_fins);
              Deduction ded;
              for (int cpos : Bits(cover)) {
                for (int p : Bits(index.where(cover0 + cpos, d) & ~base)) {
                  const int cell = CellOf(shape, !by_col, cpos, p);
                  if (shape.Box(cell) == fin_box)
                    ded.eliminations.push_back({cell, d});
                }
              }
              Canonicalize(&ded.eliminations);
              ded.technique = std::string(id());
              ded.rating = difficulty();
              std::vector<int> base_units, cover_units;
              SetFishPattern(shape, index, d, by_col, unit0, cover0, base,
                             cover, ded, &base_units, &cover_units);
              ded.text = absl::StrCat(
                  sashimi ? "Sashimi " : "Finned ", kFishNames[k], " on ",
                  std::string(1, shape.Symbol(d)), " in ",
                  UnitList(shape, base_units), ", ",
                  UnitList(shape, cover_units), " with fin",
                  fins.size() > 1 ? "s " : " ", CellList(shape, fins), ": ",
                  DescribeEliminations(shape, ded.eliminations));
              return emit(std::move(ded));
            });
          });
      if (!go) return;
    }
  }
}

}  // namespace sudoku
