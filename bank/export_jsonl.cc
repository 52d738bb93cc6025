#include "bank/export_jsonl.h"

#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/status_macros.h"
#include "storage/json.h"
#include "storage/proto_convert.h"
#include "storage/sudoku.pb.h"

namespace sudoku::bank {
namespace {

constexpr int64_t kPage = 1000;  // rows per query

}  // namespace

absl::StatusOr<std::string> JsonlRecord(PuzzleStore& store,
                                        const StoredPuzzle& p) {
  proto::Puzzle puzzle = ToProto(p.givens, p.solution);
  puzzle.set_id(p.id);
  puzzle.set_label(p.label);
  puzzle.set_source(p.source);
  puzzle.set_canonical_key(p.canonical_key);
  puzzle.set_num_solutions(static_cast<uint32_t>(p.num_solutions));
  std::string line = absl::StrCat("{\"puzzle\":", ToJson(puzzle));
  SUDOKU_ASSIGN_OR_RETURN(std::vector<proto::Rating> ratings,
                          store.Ratings(p.id));
  if (!ratings.empty())
    absl::StrAppend(&line, ",\"rating\":", ToJson(ratings.back()));
  SUDOKU_ASSIGN_OR_RETURN(std::optional<proto::GenerationInfo> generation,
                          store.GetGenerationInfo(p.id));
  if (generation.has_value())
    absl::StrAppend(&line, ",\"generation\":", ToJson(*generation));
  line += "}";
  return line;
}

absl::StatusOr<int64_t> ExportJsonl(PuzzleStore& store, PuzzleQuery query,
                                    std::ostream& out) {
  int64_t written = 0;
  query.limit = kPage;
  query.after_id = 0;
  while (true) {
    SUDOKU_ASSIGN_OR_RETURN(std::vector<StoredPuzzle> page, store.Query(query));
    for (const StoredPuzzle& p : page) {
      SUDOKU_ASSIGN_OR_RETURN(std::string line, JsonlRecord(store, p));
      out << line << "\n";
      ++written;
    }
    if (static_cast<int64_t>(page.size()) < kPage) break;
    query.after_id = page.back().id;
  }
  return written;
}

}  // namespace sudoku::bank
