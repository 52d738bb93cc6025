#include "storage/exchange.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/types/span.h"
#include "core/format.h"
#include "core/status_macros.h"
#include "google/protobuf/util/json_util.h"
#include "storage/json.h"
#include "storage/proto_convert.h"

namespace sudoku {
namespace {

// The last column, the box shape (RxC), keeps a 3x2 puzzle from coming
// back as 2x3 (a line of 36 symbols reads as the shape ForCellCount picks).
// Files written before it (without the column) are still read.
constexpr absl::string_view kTsvColumns[] = {
    "puzzle", "solution", "level", "score",  "rating_version", "collections",
    "books",  "source",   "label", "rating", "generation",     "shape"};
constexpr size_t kTsvColumnsWithoutShape = std::size(kTsvColumns) - 1;
constexpr absl::string_view kSdkHeader = "#C sudoku-forge puzzle";

// TSV and sdk fields: backslash, tab and line ends escaped.
std::string Escape(absl::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      out += c;
    }
  }
  return out;
}

std::string Unescape(absl::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    const char c = text[++i];
    out += c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c;
  }
  return out;
}

// A list of names in one field: each escaped, ',' and '\' doubled.
std::string JoinNames(const std::vector<std::string>& names) {
  std::vector<std::string> parts;
  for (const std::string& n : names)
    parts.push_back(absl::StrReplaceAll(Escape(n), {{",", "\\,"}}));
  return absl::StrJoin(parts, ",");
}

std::vector<std::string> SplitNames(absl::string_view field) {
  std::vector<std::string> out;
  if (field.empty()) return out;
  std::string current;
  for (size_t i = 0; i < field.size(); ++i) {
    if (field[i] == '\\' && i + 1 < field.size()) {
      current += field[i];
      current += field[++i];
    } else if (field[i] == ',') {
      out.push_back(Unescape(current));
      current.clear();
    } else {
      current += field[i];
    }
  }
  out.push_back(Unescape(current));
  return out;
}

template <typename Message>
absl::StatusOr<Message> FromJson(absl::string_view json,
                                 absl::string_view what) {
  Message m;
  if (json.empty()) return m;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(json.data(), json.size()), &m, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "unreadable ", what, " JSON: ", status.message().as_string()));
  }
  return m;
}

// The puzzle's givens and solution from the two line strings, in the box
// shape `shape_spec` (RxC; "" = inferred from the cell count).
absl::Status SetGrids(absl::string_view givens, absl::string_view solution,
                      absl::string_view shape_spec, ImportItem* item) {
  const Shape* shape = nullptr;
  if (!shape_spec.empty()) {
    absl::StatusOr<const Shape*> s = Shape::FromSpec(shape_spec);
    if (!s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("shape: ", s.status().message()));
    }
    shape = *s;
  }
  item->grid = ParseGrid(givens, {.shape = shape, .check_givens = false});
  if (!item->grid.ok()) return item->grid.status();
  if (!solution.empty()) {
    absl::StatusOr<Grid> s = ParseGrid(
        solution, {.shape = &item->grid->shape(), .check_givens = false});
    if (!s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("solution: ", s.status().message()));
    }
  }
  return absl::OkStatus();
}

ImportItem FromRecord(const proto::ExportedPuzzle& record, std::string where) {
  ImportItem item{.where = std::move(where)};
  absl::StatusOr<Grid> grid = GridFromProto(record.puzzle());
  item.grid = std::move(grid);
  item.label = record.puzzle().label();
  item.source = record.puzzle().source();
  if (record.has_rating()) item.rating = record.rating();
  if (record.has_generation()) item.generation = record.generation();
  item.collections.assign(record.collections().begin(),
                          record.collections().end());
  item.books.assign(record.books().begin(), record.books().end());
  return item;
}

ImportItem ParseJsonLine(absl::string_view line, std::string where) {
  absl::StatusOr<proto::ExportedPuzzle> record =
      FromJson<proto::ExportedPuzzle>(line, "export record");
  if (!record.ok()) {
    ImportItem bad{.where = std::move(where)};
    bad.grid = record.status();
    return bad;
  }
  return FromRecord(*record, std::move(where));
}

// `columns`: how many the file's header names (with or without the shape).
ImportItem ParseTsvRow(absl::string_view line, size_t columns,
                       std::string where) {
  ImportItem item{.where = std::move(where)};
  const std::vector<absl::string_view> f = absl::StrSplit(line, '\t');
  if (f.size() != columns) {
    item.grid = absl::InvalidArgumentError(
        absl::StrCat("expected ", columns, " columns (",
                     absl::StrJoin(absl::MakeSpan(kTsvColumns, columns), ", "),
                     "), got ", f.size()));
    return item;
  }
  const absl::string_view shape =
      columns > kTsvColumnsWithoutShape ? f[kTsvColumnsWithoutShape] : "";
  if (absl::Status s = SetGrids(f[0], f[1], shape, &item); !s.ok()) {
    item.grid = s;
    return item;
  }
  absl::StatusOr<proto::Rating> rating =
      FromJson<proto::Rating>(Unescape(f[9]), "rating");
  absl::StatusOr<proto::GenerationInfo> generation =
      FromJson<proto::GenerationInfo>(Unescape(f[10]), "generation");
  if (!rating.ok() || !generation.ok()) {
    item.grid = !rating.ok() ? rating.status() : generation.status();
    return item;
  }
  if (!f[9].empty()) item.rating = *rating;
  if (!f[10].empty()) item.generation = *generation;
  item.collections = SplitNames(f[5]);
  item.books = SplitNames(f[6]);
  item.source = Unescape(f[7]);
  item.label = Unescape(f[8]);
  return item;
}

// One sdk block: '#' lines, then the grid's rows.
ImportItem ParseSdkBlock(const std::vector<absl::string_view>& lines,
                         std::string where) {
  ImportItem item{.where = std::move(where)};
  std::string rows, solution, shape;
  for (absl::string_view line : lines) {
    if (!absl::StartsWith(line, "#")) {
      absl::StrAppend(&rows, line);
      continue;
    }
    const absl::string_view tag = line.substr(0, 2);
    const absl::string_view value =
        line.size() > 3 ? line.substr(3) : absl::string_view();
    absl::Status status;
    if (tag == "#C") {
      // "#C sudoku-forge puzzle ID[ LABEL]"
      absl::string_view rest = absl::StripPrefix(line, kSdkHeader);
      rest = absl::StripLeadingAsciiWhitespace(rest);
      const size_t space = rest.find(' ');
      if (space != absl::string_view::npos)
        item.label = Unescape(rest.substr(space + 1));
    } else if (tag == "#S") {
      solution = std::string(value);
    } else if (tag == "#X") {
      shape = std::string(value);
    } else if (tag == "#O") {
      item.source = Unescape(value);
    } else if (tag == "#K") {
      item.collections.push_back(Unescape(value));
    } else if (tag == "#B") {
      item.books.push_back(Unescape(value));
    } else if (tag == "#R") {
      absl::StatusOr<proto::Rating> r =
          FromJson<proto::Rating>(value, "rating");
      if (r.ok()) item.rating = *r;
      status = r.status();
    } else if (tag == "#G") {
      absl::StatusOr<proto::GenerationInfo> g =
          FromJson<proto::GenerationInfo>(value, "generation");
      if (g.ok()) item.generation = *g;
      status = g.status();
    }
    if (!status.ok()) {
      item.grid = status;
      return item;
    }
  }
  if (absl::Status s = SetGrids(rows, solution, shape, &item); !s.ok())
    item.grid = s;
  return item;
}

}  // namespace

absl::StatusOr<ExchangeExtras> ReadExtras(PuzzleStore& store,
                                          const StoredPuzzle& puzzle) {
  ExchangeExtras extras;
  SUDOKU_ASSIGN_OR_RETURN(std::vector<proto::Rating> ratings,
                          store.Ratings(puzzle.id));
  if (!ratings.empty()) extras.rating = std::move(ratings.back());
  SUDOKU_ASSIGN_OR_RETURN(extras.generation,
                          store.GetGenerationInfo(puzzle.id));
  SUDOKU_ASSIGN_OR_RETURN(auto collections, store.CollectionsOf(puzzle.id));
  for (auto& [name, is_book] : collections)
    (is_book ? extras.books : extras.collections).push_back(std::move(name));
  return extras;
}

std::string ExchangeTsvHeader() {
  return absl::StrCat("#", absl::StrJoin(kTsvColumns, "\t"), "\n");
}

std::string FormatExchange(const StoredPuzzle& p, const ExchangeExtras& extras,
                           ExchangeFormat format) {
  const std::string solution = p.solution ? ToLine(*p.solution) : "";
  const std::string rating = extras.rating ? ToJson(*extras.rating) : "";
  const std::string generation =
      extras.generation ? ToJson(*extras.generation) : "";
  switch (format) {
    case ExchangeFormat::kJson: {
      proto::ExportedPuzzle out;
      *out.mutable_puzzle() = ToProto(p.givens, p.solution);
      out.mutable_puzzle()->set_id(p.id);
      out.mutable_puzzle()->set_label(p.label);
      out.mutable_puzzle()->set_source(p.source);
      out.mutable_puzzle()->set_canonical_key(p.canonical_key);
      out.mutable_puzzle()->set_num_solutions(
          static_cast<uint32_t>(p.num_solutions));
      if (extras.rating) *out.mutable_rating() = *extras.rating;
      if (extras.generation) *out.mutable_generation() = *extras.generation;
      for (const std::string& c : extras.collections) out.add_collections(c);
      for (const std::string& b : extras.books) out.add_books(b);
      return ToJson(out) + "\n";
    }
    case ExchangeFormat::kTsv: {
      const std::string score =
          extras.rating ? absl::StrCat(extras.rating->score()) : "";
      return absl::StrCat(
          absl::StrJoin(
              {ToLine(p.givens), solution,
               extras.rating ? Escape(extras.rating->level()) : "", score,
               extras.rating ? Escape(extras.rating->engine_version()) : "",
               JoinNames(extras.collections), JoinNames(extras.books),
               Escape(p.source), Escape(p.label), Escape(rating),
               Escape(generation), p.givens.shape().name()},
              "\t"),
          "\n");
    }
    case ExchangeFormat::kSdk: {
      std::string out = absl::StrCat(kSdkHeader, " ", p.id);
      if (!p.label.empty()) absl::StrAppend(&out, " ", Escape(p.label));
      out += "\n";
      // The box shape (RxC): the rows alone do not tell 3x2 from 2x3.
      absl::StrAppend(&out, "#X ", p.givens.shape().name(), "\n");
      if (!solution.empty()) absl::StrAppend(&out, "#S ", solution, "\n");
      if (extras.rating) {
        absl::StrAppend(&out, "#L ", Escape(extras.rating->level()), "\n");
        absl::StrAppend(&out, "#R ", rating, "\n");
      }
      if (extras.generation) absl::StrAppend(&out, "#G ", generation, "\n");
      if (!p.source.empty())
        absl::StrAppend(&out, "#O ", Escape(p.source), "\n");
      for (const std::string& c : extras.collections)
        absl::StrAppend(&out, "#K ", Escape(c), "\n");
      for (const std::string& b : extras.books)
        absl::StrAppend(&out, "#B ", Escape(b), "\n");
      const std::string line = ToLine(p.givens);
      const auto n = static_cast<size_t>(p.givens.size());
      for (size_t r = 0; r < n; ++r)
        absl::StrAppend(&out, line.substr(r * n, n), "\n");
      return out + "\n";
    }
  }
  return "";
}

std::optional<ExchangeHead> DetectExchange(absl::string_view first_line) {
  absl::ConsumePrefix(&first_line, "\xEF\xBB\xBF");
  first_line = absl::StripSuffix(first_line, "\r");
  if (absl::StartsWith(first_line, "{\"puzzle\"")) {
    return ExchangeHead{.format = ExchangeFormat::kJson};
  }
  const std::string header =
      absl::StrCat("#", absl::StrJoin(kTsvColumns, "\t"));
  const std::string old_header = absl::StrCat(
      "#", absl::StrJoin(absl::MakeSpan(kTsvColumns, kTsvColumnsWithoutShape),
                         "\t"));
  if (first_line == header || first_line == old_header) {
    return ExchangeHead{.format = ExchangeFormat::kTsv,
                        .tsv_columns = first_line == header
                                           ? std::size(kTsvColumns)
                                           : kTsvColumnsWithoutShape};
  }
  if (absl::StartsWith(first_line, kSdkHeader)) {
    return ExchangeHead{.format = ExchangeFormat::kSdk};
  }
  return std::nullopt;
}

std::vector<ImportItem> ParseExchangePiece(absl::string_view text,
                                           absl::string_view file,
                                           const ExchangeHead& head,
                                           int first_line) {
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  for (absl::string_view& l : lines) l = absl::StripSuffix(l, "\r");
  auto where = [&](size_t i) {
    return absl::StrCat(file, ":", static_cast<int>(i) + first_line);
  };
  std::vector<ImportItem> items;
  if (head.format == ExchangeFormat::kSdk) {
    std::vector<absl::string_view> block;
    size_t start = 0;
    for (size_t i = 0; i <= lines.size(); ++i) {
      if (i == lines.size() || lines[i].empty()) {
        if (!block.empty()) items.push_back(ParseSdkBlock(block, where(start)));
        block.clear();
        start = i + 1;
      } else {
        block.push_back(lines[i]);
      }
    }
    return items;
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    items.push_back(head.format == ExchangeFormat::kJson
                        ? ParseJsonLine(lines[i], where(i))
                        : ParseTsvRow(lines[i], head.tsv_columns, where(i)));
  }
  return items;
}

std::optional<std::vector<ImportItem>> ParseExchange(absl::string_view text,
                                                     absl::string_view file) {
  absl::ConsumePrefix(&text, "\xEF\xBB\xBF");
  // The first non-empty line names the format.
  size_t start = 0;
  int line = 1;
  while (start < text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size());
    const absl::string_view first =
        absl::StripSuffix(text.substr(start, end - start), "\r");
    if (first.empty()) {
      start = end + 1;
      ++line;
      continue;
    }
    const std::optional<ExchangeHead> head = DetectExchange(first);
    if (!head.has_value()) return std::nullopt;
    if (head->format == ExchangeFormat::kTsv) {  // the header is no record
      start = end + 1;
      ++line;
    }
    if (start >= text.size()) return std::vector<ImportItem>();
    return ParseExchangePiece(text.substr(start), file, *head, line);
  }
  return std::nullopt;
}

}  // namespace sudoku
