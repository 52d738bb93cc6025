// `sudoku-forge bench TARGET ...`: the benchmark targets. Each is one
// function in its own file, listed in kBenchTargets
// (research/bench_command.cc).
#ifndef SUDOKU_RESEARCH_BENCH_H_
#define SUDOKU_RESEARCH_BENCH_H_

#include "research/commands.h"

namespace sudoku::research {

struct BenchTarget {
  const char* name;     // e.g. "solve"
  const char* summary;  // one line for `sudoku-forge bench --help`
  int (*run)(const CommandArgs& args);  // args.positional[0] is the name
};

// Runs `body` once as a warm-up and then `runs` times, returning the median
// wall-clock seconds of the timed runs.
double MedianSeconds(int runs, void (*body)(void*), void* context);

// Targets defined in their own files.
int BenchNishio(const CommandArgs& args);   // research/nishio_bench.cc
int BenchExplain(const CommandArgs& args);  // research/explain_bench.cc
// Storage benchmarks (research/storage_bench.cc).
int BenchCanon(const CommandArgs& args);
int BenchImport(const CommandArgs& args);
int BenchRate(const CommandArgs& args);  // research/rate_bench.cc

}  // namespace sudoku::research

#endif  // SUDOKU_RESEARCH_BENCH_H_
