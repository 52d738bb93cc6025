// Helpers shared by the bank's tests: an in-memory store and a rater.
#ifndef SUDOKU_BANK_TESTING_H_
#define SUDOKU_BANK_TESTING_H_

#include <memory>

#include "gtest/gtest.h"
#include "rater/rater.h"
#include "rater/solver_features.h"
#include "storage/sqlite_puzzle_store.h"

namespace sudoku::bank {

inline std::unique_ptr<SqlitePuzzleStore> MemoryStore() {
  auto store = SqlitePuzzleStore::Open(":memory:");
  EXPECT_TRUE(store.ok()) << store.status();
  return store.ok() ? *std::move(store) : nullptr;
}

inline std::unique_ptr<Rater> MakeRater(
    StochasticUse stochastic = StochasticUse::kIfModelUses) {
  RaterOptions options = WithSolverFeatures({});
  options.stochastic = stochastic;
  auto rater = Rater::Create(options);
  EXPECT_TRUE(rater.ok()) << rater.status();
  return rater.ok() ? *std::move(rater) : nullptr;
}

}  // namespace sudoku::bank

#endif  // SUDOKU_BANK_TESTING_H_
