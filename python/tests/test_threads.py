"""check() and refine() release the GIL while symshape works, so Python
threads check modules in parallel, and each call is independent of the
others running beside it."""

import os
import pathlib
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import symshape

SOURCE = pathlib.Path(os.environ["SYMSHAPE_SOURCE_DIR"])


def many_functions(count):
    """`count` functions whose adds can each fail: a check that takes a
    while (about a second)."""
    out = []
    for k in range(count):
        out.append(
            f"func.func @f{k}(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {{\n"
            '  %0 = "tosa.add"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>\n'
            "  return %0 : tensor<?x?xf32>\n"
            "}\n")
    return "".join(out)


def test_other_threads_run_while_a_check_runs(monkeypatch):
    # The native call is timed; this thread notes the time as often as it
    # can. With the GIL held through the call it could not run inside that
    # window at all (but for a switch interval, 5 ms, at an edge); with the
    # GIL released it runs all along the window.
    window = {}
    native = symshape._symshape.run

    def timed(*args):
        window["start"] = time.perf_counter()
        try:
            return native(*args)
        finally:
            window["end"] = time.perf_counter()

    monkeypatch.setattr(symshape._symshape, "run", timed)
    text = many_functions(1000)
    finished = threading.Event()
    result = {}

    def work():
        result["doc"] = symshape.check(text, jobs=1)
        finished.set()

    worker = threading.Thread(target=work)
    stamps = []
    worker.start()
    while not finished.is_set():
        stamps.append(time.perf_counter())
        time.sleep(0.0002)
    worker.join()
    assert result["doc"]["summary"]["ub-possible"] == 2000
    start, end = window["start"], window["end"]
    inside = [t for t in stamps if start < t < end]
    assert inside, "this thread never ran during the check"
    covered = (inside[-1] - inside[0]) / (end - start)
    assert covered > 0.5, (f"this thread ran in {covered:.0%} of the "
                           f"{end - start:.3f} s check")


def test_threads_give_the_answers_of_one_thread():
    names = ["bias_add.mlir", "layer_norm_shapes.mlir", "xla_bias_add.mlir",
             "linalg_bias.mlir", "tosa_mlp.mlir", "stablehlo_attention.mlir"]
    texts = [(SOURCE / "examples" / name).read_text() for name in names]
    alone = [symshape.check(text, filename=name, jobs=1)
             for name, text in zip(names, texts)]
    refined = [symshape.refine(text, jobs=1) for text in texts]
    pairs = list(zip(names, texts)) * 4
    with ThreadPoolExecutor(max_workers=6) as pool:
        docs = list(pool.map(
            lambda pair: symshape.check(pair[1], filename=pair[0], jobs=1),
            pairs))
        texts_back = list(pool.map(lambda t: symshape.refine(t, jobs=1),
                                   texts * 4))
    assert docs == alone * 4
    assert texts_back == refined * 4
