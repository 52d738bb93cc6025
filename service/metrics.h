// The service's counters in Prometheus' text exposition format (GET
// /metrics): requests and errors by endpoint and status, a latency
// histogram by endpoint, ratings computed vs served from the bank, the
// work queue's depth and busy workers. Thread-safe.
#ifndef SUDOKU_SERVICE_METRICS_H_
#define SUDOKU_SERVICE_METRICS_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace sudoku::service {

class Metrics {
 public:
  // Upper bounds of the latency buckets, in seconds (+Inf is implied).
  static constexpr std::array<double, 12> kBuckets = {
      0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10};

  // One answered request; `seconds` < 0 when the latency is unknown (a
  // request refused before routing, e.g. an oversize body).
  void Record(const std::string& endpoint, int status, double seconds);
  void RatingComputed() { computed_.fetch_add(1); }
  void RatingFromBank() { from_bank_.fetch_add(1); }
  void BudgetExceeded() { budget_.fetch_add(1); }

  // The exposition text; `queue_depth` and `busy` are the queue's now.
  std::string Text(int queue_depth, int busy, int workers) const;

 private:
  struct Latency {
    std::array<int64_t, kBuckets.size() + 1> counts = {};
    double sum = 0;
    int64_t count = 0;
  };
  mutable std::mutex mu_;
  std::map<std::pair<std::string, int>, int64_t> requests_;
  std::map<std::string, Latency> latency_;
  std::atomic<int64_t> computed_{0}, from_bank_{0}, budget_{0};
};

}  // namespace sudoku::service

#endif  // SUDOKU_SERVICE_METRICS_H_
