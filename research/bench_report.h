// What a bench target measured, for people (its text) and for machines
// (`--json`: one sudoku.proto.BenchResult line), so that the tables of
// docs/PERFORMANCE.md are generated from the same run that prints them.
#ifndef SUDOKU_RESEARCH_BENCH_REPORT_H_
#define SUDOKU_RESEARCH_BENCH_REPORT_H_

#include <cstdint>
#include <string>

#include "research/bench_output.pb.h"

namespace sudoku::research {

class BenchReport {
 public:
  BenchReport(const std::string& target, const std::string& corpus,
              int64_t puzzles);

  BenchReport& Option(const std::string& name, const std::string& value);
  BenchReport& Metric(const std::string& name, double value,
                      const std::string& unit);

  // Prints `human` to stdout, or with --json the result as one JSON line.
  void Print(const std::string& human) const;

  const proto::BenchResult& result() const { return result_; }

 private:
  proto::BenchResult result_;
};

}  // namespace sudoku::research

#endif  // SUDOKU_RESEARCH_BENCH_REPORT_H_
