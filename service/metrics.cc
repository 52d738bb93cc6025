#include "service/metrics.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace sudoku::service {

void Metrics::Record(const std::string& endpoint, int status, double seconds) {
  std::lock_guard<std::mutex> lock(mu_);
  ++requests_[{endpoint, status}];
  if (seconds < 0) return;
  Latency& l = latency_[endpoint];
  size_t b = 0;
  while (b < kBuckets.size() && seconds > kBuckets[b]) ++b;
  ++l.counts[b];
  l.sum += seconds;
  ++l.count;
}

std::string Metrics::Text(int queue_depth, int busy, int workers) const {
  std::string out;
  std::lock_guard<std::mutex> lock(mu_);
  absl::StrAppend(&out,
                  "# HELP sudoku_requests_total HTTP requests answered, by "
                  "endpoint and status.\n"
                  "# TYPE sudoku_requests_total counter\n");
  std::map<std::string, int64_t> errors;
  for (const auto& [key, n] : requests_) {
    absl::StrAppend(&out, "sudoku_requests_total{endpoint=\"", key.first,
                    "\",code=\"", key.second, "\"} ", n, "\n");
    if (key.second >= 400) errors[key.first] += n;
  }
  absl::StrAppend(&out,
                  "# HELP sudoku_request_errors_total Answers with a 4xx or "
                  "5xx status, by endpoint.\n"
                  "# TYPE sudoku_request_errors_total counter\n");
  for (const auto& [endpoint, n] : errors) {
    absl::StrAppend(&out, "sudoku_request_errors_total{endpoint=\"", endpoint,
                    "\"} ", n, "\n");
  }
  absl::StrAppend(&out,
                  "# HELP sudoku_request_seconds Request latency, from "
                  "routing to the answer.\n"
                  "# TYPE sudoku_request_seconds histogram\n");
  for (const auto& [endpoint, l] : latency_) {
    int64_t cumulative = 0;
    for (size_t b = 0; b <= kBuckets.size(); ++b) {
      cumulative += l.counts[b];
      const std::string le =
          b < kBuckets.size() ? absl::StrFormat("%g", kBuckets[b]) : "+Inf";
      absl::StrAppend(&out, "sudoku_request_seconds_bucket{endpoint=\"",
                      endpoint, "\",le=\"", le, "\"} ", cumulative, "\n");
    }
    absl::StrAppend(&out, "sudoku_request_seconds_sum{endpoint=\"", endpoint,
                    "\"} ", absl::StrFormat("%.6f", l.sum), "\n",
                    "sudoku_request_seconds_count{endpoint=\"", endpoint,
                    "\"} ", l.count, "\n");
  }
  absl::StrAppend(
      &out,
      "# HELP sudoku_ratings_total Ratings answered, by where they came "
      "from.\n# TYPE sudoku_ratings_total counter\n",
      "sudoku_ratings_total{source=\"computed\"} ", computed_.load(), "\n",
      "sudoku_ratings_total{source=\"bank\"} ", from_bank_.load(), "\n",
      "# HELP sudoku_budget_exceeded_total Requests refused by the work "
      "budget.\n# TYPE sudoku_budget_exceeded_total counter\n",
      "sudoku_budget_exceeded_total ", budget_.load(), "\n",
      "# HELP sudoku_queue_depth Jobs waiting for a worker.\n"
      "# TYPE sudoku_queue_depth gauge\nsudoku_queue_depth ",
      queue_depth, "\n",
      "# HELP sudoku_workers_busy Workers running a job.\n"
      "# TYPE sudoku_workers_busy gauge\nsudoku_workers_busy ",
      busy, "\n", "# HELP sudoku_workers Worker threads.\n",
      "# TYPE sudoku_workers gauge\nsudoku_workers ", workers, "\n");
  return out;
}

}  // namespace sudoku::service
