#include "research/bench_report.h"

#include <iostream>

#include "absl/flags/flag.h"
#include "cli/flags.h"
#include "storage/json.h"

namespace sudoku::research {

BenchReport::BenchReport(const std::string& target, const std::string& corpus,
                         int64_t puzzles) {
  result_.set_target(target);
  result_.set_corpus(corpus);
  result_.set_puzzles(puzzles);
}

BenchReport& BenchReport::Option(const std::string& name,
                                 const std::string& value) {
  (*result_.mutable_options())[name] = value;
  return *this;
}

BenchReport& BenchReport::Metric(const std::string& name, double value,
                                 const std::string& unit) {
  proto::BenchMetric* metric = result_.add_metrics();
  metric->set_name(name);
  metric->set_value(value);
  metric->set_unit(unit);
  return *this;
}

void BenchReport::Print(const std::string& human) const {
  if (absl::GetFlag(FLAGS_json)) {
    std::cout << ToJson(result_) << "\n";
  } else {
    std::cout << human;
  }
}

}  // namespace sudoku::research
