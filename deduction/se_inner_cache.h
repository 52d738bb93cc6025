// InnerStepCache: the steps an inner technique of SE's nested forcing
// chains found on a branch's grid, kept for the searches on the boards of
// one walk.
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
// Keys are strings the caller makes (the grid and the rule, and for a list
// made for one outer board, that board). Such steps do not depend on the
// board being solved, so entries stay from one board of a walk to the next
// (Reset): the next boards' branches reach many grids the boards before
// reached. Entries that none of the last few Resets' searches made or found
// go (a walk resets once per search at each level on each board). The
// cache holds at most kMaxEntries entries and kMaxSteps steps, then takes
// no more. Entries keep their address until a Reset drops them. Not
// thread-safe: one per thread.
#ifndef SUDOKU_DEDUCTION_SE_INNER_CACHE_H_
#define SUDOKU_DEDUCTION_SE_INNER_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "core/board.h"
#include "deduction/technique.h"

namespace sudoku {

class InnerStepCache {
 public:
  // Bounds on the memory: entries, and steps held over all entries.
  static constexpr size_t kMaxEntries = 1 << 17;
  static constexpr size_t kMaxSteps = 1 << 19;
  // Along a walk, entries that none of the searches of the last
  // kKeepResets Resets made or found go (one Reset per outermost search:
  // each level's on each board).
  static constexpr uint64_t kKeepResets = 3;

  struct Entry {
    std::vector<Deduction> steps;
    int64_t work = 0;  // the work the search counted
    // The last Reset whose searches made or found it (Find and Insert).
    mutable uint64_t used_at = 0;
  };

  // Ready for a search on `board`. When `board` follows the board of the
  // Reset before in a walk (Follows), keeps the entries that the searches
  // after the last kKeepResets Resets made or found (the next searches'
  // branches reach many of the same grids) and drops the others, so that
  // the cache holds a few searches' steps; empties it otherwise. (Counting
  // boards instead, once per new board, kept twice the memory on a level-4
  // puzzle for the same work.)
  void Reset(const Board& board) {
    const bool follows = last_.has_value() && Follows(board, *last_);
    last_.emplace(board);
    if (!follows) {
      entries_.clear();
      num_steps_ = 0;
      return;
    }
    for (auto it = entries_.begin(); it != entries_.end();) {
      const Entry& e = *it->second;
      if (e.used_at + kKeepResets > resets_) {
        ++it;
        continue;
      }
      num_steps_ -= e.steps.size();
      entries_.erase(it++);
    }
    ++resets_;
  }
  // Whether `board` may come after `before` in a walk: the same shape,
  // every value kept, and every empty cell's candidates, or its value,
  // among `before`'s.
  static bool Follows(const Board& board, const Board& before) {
    if (&board.shape() != &before.shape()) return false;
    for (int c = 0; c < board.shape().num_cells(); ++c) {
      const int was = before.value(c);
      if (was != 0) {
        if (board.value(c) != was) return false;
      } else if (board.value(c) != 0) {
        if (!before.candidates(c).Contains(board.value(c))) return false;
      } else if (!board.candidates(c).Without(before.candidates(c)).empty()) {
        return false;
      }
    }
    return true;
  }

  // The entry under `key` when its work fits: `used` plus its work at most
  // `limit` (`limit` <= 0: no limit); nullptr otherwise.
  const Entry* Find(absl::string_view key, int64_t used, int64_t limit) const {
    const auto it = entries_.find(key);
    if (it == entries_.end()) return nullptr;
    const Entry& e = *it->second;
    if (limit > 0 && used + e.work > limit) return nullptr;
    e.used_at = resets_;
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
    entry->used_at = resets_;
    num_steps_ += entry->steps.size();
    const Entry* kept = entry.get();
    entries_.emplace(std::string(key), std::move(entry));
    return kept;
  }

  size_t size() const { return entries_.size(); }

 private:
  std::optional<Board> last_;  // the board of the last Reset
  uint64_t resets_ = 0;        // Resets that kept entries
  // By key; each entry on the heap, so its address outlives rehashing.
  absl::flat_hash_map<std::string, std::unique_ptr<Entry>> entries_;
  size_t num_steps_ = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_SE_INNER_CACHE_H_
