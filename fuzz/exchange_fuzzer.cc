// libFuzzer target: the export files `import` reads back
// (storage/exchange.h: json lines, tsv with its header, sdk blocks; the
// bank's JSONL export has the json form's first field and reads the same
// way). Every record that reads is written again in each format and read
// back: the same givens in the same box shape.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/format.h"
#include "storage/exchange.h"

namespace {

void RoundTrip(const sudoku::ImportItem& item) {
  sudoku::StoredPuzzle p;
  p.id = 1;
  p.givens = *item.grid;
  p.label = item.label;
  p.source = item.source;
  sudoku::ExchangeExtras extras;
  extras.rating = item.rating;
  extras.generation = item.generation;
  extras.collections = item.collections;
  extras.books = item.books;
  for (auto format :
       {sudoku::ExchangeFormat::kJson, sudoku::ExchangeFormat::kTsv,
        sudoku::ExchangeFormat::kSdk}) {
    std::string text = sudoku::FormatExchange(p, extras, format);
    if (format == sudoku::ExchangeFormat::kTsv)
      text = sudoku::ExchangeTsvHeader() + text;
    auto back = sudoku::ParseExchange(text, "again");
    if (!back.has_value() || back->size() != 1) std::abort();
    const sudoku::ImportItem& again = (*back)[0];
    // A label or source that is not UTF-8 may not survive the JSON form;
    // a grid that reads is always the same grid.
    if (again.grid.ok() && !(*again.grid == p.givens)) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto items = sudoku::ParseExchange(text, "fuzz");
  if (!items.has_value()) return 0;
  for (const sudoku::ImportItem& item : *items) {
    if (item.grid.ok()) RoundTrip(item);
  }
  return 0;
}
