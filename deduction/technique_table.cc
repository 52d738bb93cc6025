#include "deduction/technique_table.h"

#include "absl/container/flat_hash_map.h"

namespace sudoku {

const TechniqueInfo* FindTechniqueInfo(absl::string_view id) {
  static const auto* by_id = [] {
    auto* m = new absl::flat_hash_map<absl::string_view, const TechniqueInfo*>;
    for (const TechniqueInfo& t : kTechniqueTable) m->emplace(t.id, &t);
    return m;
  }();
  auto it = by_id->find(id);
  return it == by_id->end() ? nullptr : it->second;
}

}  // namespace sudoku
