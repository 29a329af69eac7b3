//===- Signals.cpp - Ctrl-C while symshape runs without the GIL -----------===//

#include "Signals.h"

#include <pybind11/pybind11.h>

#include <csignal>
#include <pthread.h>

namespace py = pybind11;

namespace symshape::python {

void withoutGil(const std::function<void()> &work) {
  // SIGINT stays pending in this thread and the ones symshape starts
  // (they inherit the mask); another thread may still take it, with
  // Python's handler, which only notes it.
  sigset_t interrupt, previous;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  pthread_sigmask(SIG_BLOCK, &interrupt, &previous);
  // Should any code swap the process's SIGINT handler in and out (as Z3
  // does when a solver is not told otherwise), Python's is put back before
  // the signal is let through.
  struct sigaction pythonHandler;
  sigaction(SIGINT, nullptr, &pythonHandler);
  {
    py::gil_scoped_release release;
    work();
  }
  sigaction(SIGINT, &pythonHandler, nullptr);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  // A Ctrl-C during the run (delivered now, or to another thread
  // meanwhile): KeyboardInterrupt. Only the main thread raises it, as
  // Python does for any signal.
  if (PyErr_CheckSignals() != 0)
    throw py::error_already_set();
}

} // namespace symshape::python
