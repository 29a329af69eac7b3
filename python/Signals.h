//===- Signals.h - Ctrl-C while symshape runs without the GIL ---*- C++ -*-===//
//
// symshape's calls release the GIL; a Ctrl-C that arrives meanwhile must
// still end in KeyboardInterrupt, whichever thread the kernel hands the
// signal to (the calling one, one symshape started, another Python
// thread). Z3 could take it: its solver installs a SIGINT handler of its
// own while it solves, unless told not to (the solver library tells every
// Z3 solver so, `ctrl_c=false`). Here, the calling thread and the threads
// symshape starts keep SIGINT pending, and Python's handler is put back
// in place before the signal is let through, so Python sees it once the
// call returns: KeyboardInterrupt then, instead of its result.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PYTHON_SIGNALS_H
#define SYMSHAPE_PYTHON_SIGNALS_H

#include <functional>

namespace symshape::python {

/// Runs `work` with the GIL released and SIGINT held back as above; throws
/// pybind11::error_already_set (KeyboardInterrupt) when a Ctrl-C came.
/// Called with the GIL held.
void withoutGil(const std::function<void()> &work);

} // namespace symshape::python

#endif // SYMSHAPE_PYTHON_SIGNALS_H
