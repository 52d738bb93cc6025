// Ordered parallel map for batch commands: `work(i)` runs on --jobs threads,
// `emit(i, result)` runs on one thread at a time in index order, as soon as
// the results up to i are ready. Output is therefore identical for any
// number of jobs.
#ifndef SUDOKU_CORE_PARALLEL_H_
#define SUDOKU_CORE_PARALLEL_H_

#include <atomic>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace sudoku {

// `stop` (may be null) is polled between items: when it becomes true the
// workers finish their current item and no new one starts.
template <typename Work, typename Emit>
void ParallelOrdered(size_t n, int jobs, Work work, Emit emit,
                     const std::atomic<bool>* stop = nullptr) {
  using Result = decltype(work(size_t{0}));
  std::atomic<size_t> next{0};
  std::mutex mu;
  std::map<size_t, Result> ready;
  size_t emitted = 0;
  auto worker = [&]() {
    while (stop == nullptr || !stop->load()) {
      const size_t i = next.fetch_add(1);
      if (i >= n) break;
      Result r = work(i);
      std::lock_guard<std::mutex> lock(mu);
      ready.emplace(i, std::move(r));
      for (auto it = ready.find(emitted); it != ready.end();
           it = ready.find(emitted)) {
        emit(emitted, std::move(it->second));
        ready.erase(it);
        ++emitted;
      }
    }
  };
  if (jobs <= 1) {
    worker();
    return;
  }
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; ++j) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
}

}  // namespace sudoku

#endif  // SUDOKU_CORE_PARALLEL_H_
