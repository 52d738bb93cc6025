// A fixed set of worker threads with a bounded queue: the service's
// compute (rating, explaining, generating) runs here, never on the HTTP
// threads, so a full queue is refused at once (503) instead of piling up.
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
  // A job gets the index of the worker that runs it (0..workers-1), so it
  // can use that worker's own resources (its database connection).
  using Job = std::function<void(int worker)>;

  // REQUIRES: workers >= 1, capacity >= 0 (0 = no waiting: a job starts
  // only when a worker is idle).
  WorkQueue(int workers, int capacity);
  ~WorkQueue();  // Shutdown()
  WorkQueue(const WorkQueue&) = delete;
  WorkQueue& operator=(const WorkQueue&) = delete;

  // Queues `job`; false (and `job` dropped) when `workers + capacity` jobs
  // are already running or waiting, or after Shutdown().
  bool TrySubmit(Job job);

  // Jobs waiting for a worker.
  int Depth() const;
  // Workers running a job.
  int Busy() const;

  // Runs every queued job, then joins the workers. Idempotent.
  void Shutdown();

 private:
  void Loop(int worker);

  const int workers_;
  const int capacity_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> jobs_;
  int busy_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace sudoku::service

#endif  // SUDOKU_SERVICE_WORK_QUEUE_H_
