#include "service/work_queue.h"

#include <utility>

namespace sudoku::service {

WorkQueue::WorkQueue(int workers, int capacity)
    : workers_(workers), capacity_(capacity) {
  for (int i = 0; i < workers; ++i)
    threads_.emplace_back([this, i] { Loop(i); });
}

WorkQueue::~WorkQueue() { Shutdown(); }

bool WorkQueue::TrySubmit(Job job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) return false;
    // Every worker may run one job; beyond them, `capacity_` wait.
    const int accepted = busy_ + static_cast<int>(jobs_.size());
    if (accepted >= workers_ + capacity_) return false;
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
  return true;
}

int WorkQueue::Depth() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(jobs_.size());
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
  for (std::thread& t : threads_) {
    if (t.joinable()) t.join();
  }
  std::lock_guard<std::mutex> lock(mu_);
  threads_.clear();
}

void WorkQueue::Loop(int worker) {
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) return;  // stopping, and nothing left to run
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    ++busy_;
    lock.unlock();
    job(worker);
    lock.lock();
    --busy_;
  }
}

}  // namespace sudoku::service
