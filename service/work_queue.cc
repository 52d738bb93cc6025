#include "service/work_queue.h"

#include <utility>

namespace sudoku::service {

WorkQueue::WorkQueue(int workers, int express, int capacity)
    : workers_(workers), express_(express), capacity_(capacity) {
  for (int i = 0; i < workers + express; ++i)
    threads_.emplace_back([this, i] { Loop(i, i >= workers_); });
}

WorkQueue::~WorkQueue() { Shutdown(); }

bool WorkQueue::TrySubmit(Job job, bool light) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) return false;
    // Every worker may run one job; beyond them, `capacity_` wait.
    const int accepted =
        busy_ + static_cast<int>(jobs_.size() + light_jobs_.size());
    if (accepted >= workers_ + express_ + capacity_) return false;
    (light ? light_jobs_ : jobs_).push_back(std::move(job));
  }
  // An express worker if it is light (one may be idle), and a worker of
  // either kind may be waiting on cv_.
  if (light) light_cv_.notify_one();
  cv_.notify_one();
  return true;
}

int WorkQueue::Depth() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(jobs_.size() + light_jobs_.size());
}

int WorkQueue::Busy() const {
  std::lock_guard<std::mutex> lock(mu_);
  return busy_;
}

void WorkQueue::Shutdown() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  cv_.notify_all();
  light_cv_.notify_all();
  for (std::thread& t : threads_) {
    if (t.joinable()) t.join();
  }
  std::lock_guard<std::mutex> lock(mu_);
  threads_.clear();
}

void WorkQueue::Loop(int worker, bool express) {
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    if (express) {
      light_cv_.wait(lock,
                     [this] { return stopping_ || !light_jobs_.empty(); });
    } else {
      cv_.wait(lock, [this] {
        return stopping_ || !jobs_.empty() || !light_jobs_.empty();
      });
    }
    std::deque<Job>& lane = light_jobs_.empty() ? jobs_ : light_jobs_;
    if (lane.empty() || (express && &lane != &light_jobs_))
      return;  // stopping, and nothing left to run here
    Job job = std::move(lane.front());
    lane.pop_front();
    ++busy_;
    lock.unlock();
    job(worker);
    lock.lock();
    --busy_;
  }
}

}  // namespace sudoku::service
