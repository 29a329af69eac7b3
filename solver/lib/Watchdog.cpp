//===- Watchdog.cpp - Interrupts a solver check past its deadline ---------===//

#include "Watchdog.h"

#include <algorithm>

namespace symshape::solver {

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  if (started)
    pthread_join(thread, nullptr);
}

bool Watchdog::start() {
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0)
    return false;
  pthread_attr_setstacksize(&attributes, kStackBytes);
  auto body = [](void *self) -> void * {
    static_cast<Watchdog *>(self)->run();
    return nullptr;
  };
  started = pthread_create(&thread, &attributes, body, this) == 0;
  pthread_attr_destroy(&attributes);
  return started;
}

bool Watchdog::arm(unsigned ms) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!started && !start())
    return false;
  deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  // A tenth of the time-out, between 1 and 10 ms.
  period = std::chrono::milliseconds(std::clamp(ms / 10, 1u, 10u));
  armed = true;
  if (sleeping)
    wake.notify_all();
  return true;
}

void Watchdog::disarm() {
  std::lock_guard<std::mutex> lock(mutex);
  armed = false;
}

void Watchdog::run() {
  std::unique_lock<std::mutex> lock(mutex);
  unsigned idlePolls = 0;
  while (!stopping) {
    if (armed) {
      idlePolls = 0;
      // Under the lock: the check cannot end and a new one start between
      // this test and the interrupt.
      if (std::chrono::steady_clock::now() >= deadline) {
        armed = false;
        interrupt();
      }
    } else if (++idlePolls > kIdlePolls) {
      sleeping = true;
      wake.wait(lock, [this] { return armed || stopping; });
      sleeping = false;
      idlePolls = 0;
      continue;
    }
    wake.wait_for(lock, period);
  }
}

} // namespace symshape::solver
