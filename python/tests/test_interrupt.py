"""One Ctrl-C during symshape.check() ends it in KeyboardInterrupt, also
when the process has other Python threads, where the kernel may hand the
signal to any of them (issue 45). It once went to Z3's own SIGINT handler,
installed process-wide while a solver ran: the check cancelled a query,
carried on and returned, and Python never heard of the Ctrl-C."""

import os
import signal
import threading
import time

import pytest

import symshape


def slow_module(functions, count=6):
    """`functions` chains of `count` dynamic reshapes: many solver queries.
    The time of one chain grows steeply and unevenly with its length, so
    the module is made longer with more chains of 6, each about 0.1 s."""
    args = ", ".join(f"%s{i}: tensor<3xindex>" for i in range(count))
    lines = []
    for f in range(functions):
        lines.append(f"func.func @f{f}(%a: tensor<?x?x?xf32>, {args}) -> "
                     "tensor<?x?x?xf32> {")
        prev = "%a"
        for i in range(count):
            lines.append(f"  %r{i} = stablehlo.dynamic_reshape {prev}, %s{i} : "
                         "(tensor<?x?x?xf32>, tensor<3xindex>) -> "
                         "tensor<?x?x?xf32>")
            lines.append(f"  %u{i} = stablehlo.add %r{i}, %r{i} : "
                         "tensor<?x?x?xf32>")
            prev = f"%u{i}"
        lines += [f"  return {prev} : tensor<?x?x?xf32>", "}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("when", [0.2, 0.4, 0.6])
def test_ctrl_c_to_the_process_with_other_threads_is_not_lost(when):
    # The signal comes `when` of the way through the check, while Z3 works.
    # As many chains as make the check last a few tenths of a second on
    # this machine.
    functions = 2
    while True:
        text = slow_module(functions)
        started = time.perf_counter()
        symshape.check(text, jobs=2)
        alone = time.perf_counter() - started
        if alone > 0.4 or functions >= 64:
            break
        functions *= 2
    assert alone > 0.1, f"the check took {alone:.2f} s only"
    delay = when * alone
    # Threads that do not block SIGINT, as any Python program may have:
    # the kernel hands a process-directed signal to one of them.
    stop = threading.Event()
    others = [threading.Thread(target=stop.wait) for _ in range(4)]
    for other in others:
        other.start()
    timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            symshape.check(text, jobs=2)
            # Had the check ended before the signal: let it come here.
            timer.join()
            time.sleep(1.0)
    finally:
        timer.cancel()
        stop.set()
        for other in others:
            other.join()
