// InnerStepCache: the steps an inner technique of SE's nested forcing
// chains found on a branch's grid, kept for every search on one board.
//
// The levels of SE's chains (se_chaining.h) apply the same inner rules
// (pointing, claiming, subsets, X-wing, chains and cycles, ...) to the
// grids their branches reach, and on one board the levels, and the
// searches nested in their branches, reach many grids more than once. A
// rule's steps on a grid depend on that grid alone, so they are searched
// once and shared.
//
// The work budget (SeForcingChains::SetWorkBudget) must not see the
// difference: an entry keeps the work its search counted, and a lookup
// hands it out only when that work fits in what is left of the budget (the
// caller then counts it as if it had searched); otherwise the caller
// searches itself, as it would have without the cache, and may come out
// short. Only a search that ended inside the budget is kept, so an entry is
// the whole answer.
//
// Keys are strings the caller makes (the grid and the rule); the cache holds
// at most kMaxEntries entries and kMaxSteps steps, then takes no more. Entries
// keep their address until Reset(). Not thread-safe: one per thread.
#ifndef SUDOKU_DEDUCTION_SE_INNER_CACHE_H_
#define SUDOKU_DEDUCTION_SE_INNER_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "deduction/technique.h"

namespace sudoku {

class InnerStepCache {
 public:
  // Bounds on the memory: entries, and steps held over all entries.
  static constexpr size_t kMaxEntries = 1 << 17;
  static constexpr size_t kMaxSteps = 1 << 19;

  struct Entry {
    std::vector<Deduction> steps;
    int64_t work = 0;  // the work the search counted
  };

  // Empties the cache unless it already holds `board`'s steps (`board`:
  // any string that names the board).
  void Reset(absl::string_view board) {
    if (board == board_) return;
    board_ = std::string(board);
    entries_.clear();
    num_steps_ = 0;
  }

  // The entry under `key` when its work fits: `used` plus its work at most
  // `limit` (`limit` <= 0: no limit); nullptr otherwise.
  const Entry* Find(absl::string_view key, int64_t used, int64_t limit) const {
    const auto it = entries_.find(key);
    if (it == entries_.end()) return nullptr;
    const Entry& e = *it->second;
    if (limit > 0 && used + e.work > limit) return nullptr;
    return &e;
  }

  // Keeps `steps` (found with `work`) under `key` unless the key is taken or
  // the cache is full; returns the kept entry, or nullptr (then `*steps` is
  // left as it was).
  const Entry* Insert(absl::string_view key, std::vector<Deduction>* steps,
                      int64_t work) {
    if (entries_.size() >= kMaxEntries ||
        num_steps_ + steps->size() > kMaxSteps || entries_.contains(key))
      return nullptr;
    auto entry = std::make_unique<Entry>();
    entry->steps = std::move(*steps);
    entry->work = work;
    num_steps_ += entry->steps.size();
    const Entry* kept = entry.get();
    entries_.emplace(std::string(key), std::move(entry));
    return kept;
  }

  size_t size() const { return entries_.size(); }

 private:
  std::string board_;
  // By key; each entry on the heap, so its address outlives rehashing.
  absl::flat_hash_map<std::string, std::unique_ptr<Entry>> entries_;
  size_t num_steps_ = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_SE_INNER_CACHE_H_
