// A fixed set of worker threads with a bounded queue: the service's
// compute (rating, explaining, generating) runs here, never on the HTTP
// threads, so a full queue is refused at once (503) instead of piling up.
// Light jobs (those a caller expects to be cheap) have their own lane: they
// run before any waiting ordinary job, and `express` workers run nothing
// else, so a light job never waits behind a long one.
#ifndef SUDOKU_SERVICE_WORK_QUEUE_H_
#define SUDOKU_SERVICE_WORK_QUEUE_H_

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sudoku::service {

class WorkQueue {
 public:
  // A job gets the index of the worker that runs it (0..workers+express-1),
  // so it can use that worker's own resources (its database connection).
  using Job = std::function<void(int worker)>;

  // `workers` run every job (light ones first), `express` workers only
  // light ones. REQUIRES: workers >= 1, express >= 0, capacity >= 0 (0 = no
  // waiting: a job starts only when a worker is idle).
  WorkQueue(int workers, int express, int capacity);
  ~WorkQueue();  // Shutdown()
  WorkQueue(const WorkQueue&) = delete;
  WorkQueue& operator=(const WorkQueue&) = delete;

  // Queues `job` (in the light lane when `light`); false (and `job`
  // dropped) when `workers + express + capacity` jobs are already running
  // or waiting, or after Shutdown().
  bool TrySubmit(Job job, bool light = false);

  // Jobs waiting for a worker.
  int Depth() const;
  // Workers running a job.
  int Busy() const;

  // Runs every queued job, then joins the workers. Idempotent.
  void Shutdown();

 private:
  void Loop(int worker, bool express);

  const int workers_;
  const int express_;
  const int capacity_;
  mutable std::mutex mu_;
  std::condition_variable cv_;        // any job queued (every worker)
  std::condition_variable light_cv_;  // a light job queued (express)
  std::deque<Job> jobs_;
  std::deque<Job> light_jobs_;
  int busy_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace sudoku::service

#endif  // SUDOKU_SERVICE_WORK_QUEUE_H_
