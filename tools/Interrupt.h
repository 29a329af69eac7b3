//===- Interrupt.h - Ctrl-C stops a run at once ------------------*- C++
//-*-===//
//
// SPEC.md §7: Ctrl-C (SIGINT) stops a run within a second, exit status 130,
// no `-o` file changed. Z3 installs a SIGINT handler of its own while it
// solves (and restores the previous one after), which swallowed a Ctrl-C
// landing in a check: the check was cancelled, judged `unknown`, and the
// run went on. So SIGINT is blocked in every thread and one thread of its
// own waits for it with sigwait(), whatever handler Z3 has put in place.
// It then removes the temporary file of an `-o` being written and ends the
// process. An output that is changing the user's file (the rename, or a
// write in place) holds an OutputChange for that short while: the
// interrupt waits for it.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TOOLS_INTERRUPT_H
#define SYMSHAPE_TOOLS_INTERRUPT_H

#include <mutex>
#include <string>

namespace symshape::tool {

/// Installs the SIGINT handling above. Called first in main, before any
/// thread starts (threads inherit the blocked signal). Without memory for
/// the thread, a plain signal handler does the same.
void installInterruptHandler();

/// The temporary file of the output being written ("" when none): removed
/// when Ctrl-C ends the run.
void setPendingTemporary(const std::string &path);

/// Held while an output changes the file the user named: Ctrl-C waits
/// until it is released, then ends the run (exit status 130).
class OutputChange {
public:
  OutputChange();
  ~OutputChange();
  OutputChange(const OutputChange &) = delete;
  OutputChange &operator=(const OutputChange &) = delete;
  /// The pending temporary was renamed: nothing to remove any more.
  void temporaryGone();
};

} // namespace symshape::tool

#endif // SYMSHAPE_TOOLS_INTERRUPT_H
