"""The Python module against the CLI: check() is `check --json`'s document,
refine() is `refine`'s text, and bad input raises symshape.Error located as
the CLI's error is.

Run by ctest (python/pytest) with PYTHONPATH at the built package,
SYMSHAPE_CLI the built CLI and SYMSHAPE_SOURCE_DIR the source tree.
"""

import json
import os
import pathlib
import subprocess

import pytest

import symshape

CLI = os.environ["SYMSHAPE_CLI"]
SOURCE = pathlib.Path(os.environ["SYMSHAPE_SOURCE_DIR"])
BIAS_ADD = "examples/bias_add.mlir"

# %x[0] is 1 or 8 in every run where the add is defined: %0 is 8x768.
BATCH_8 = """func.func @f(%x: tensor<?x768xf32>, %b: tensor<8x1xf32>) -> tensor<?x768xf32> {
  %0 = "tosa.add"(%x, %b) : (tensor<?x768xf32>, tensor<8x1xf32>) -> tensor<?x768xf32>
  return %0 : tensor<?x768xf32>
}
"""

BAD = """func.func @f(%a: tensor<?xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %missing) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
"""


def cli(*args, stdin=None):
    return subprocess.run([CLI, *args], cwd=SOURCE, input=stdin,
                          capture_output=True, text=True)


def test_check_is_the_cli_json_document():
    text = (SOURCE / BIAS_ADD).read_text()
    doc = symshape.check(text, filename=BIAS_ADD)
    run = cli("check", "--json", BIAS_ADD)
    assert run.returncode == 1  # the example has findings
    assert doc == json.loads(run.stdout)
    assert doc["summary"]["ub-possible"] == 2


def test_assume_and_min_dim_are_the_cli_options():
    text = (SOURCE / BIAS_ADD).read_text()
    facts = ["%x[0] == 8", "%skip[0] == 8"]
    doc = symshape.check(text, assume=facts, min_dim=1, filename=BIAS_ADD)
    run = cli("check", "--json", "--assume", facts[0], "--assume", facts[1],
              "--min-dim", "1", BIAS_ADD)
    assert doc == json.loads(run.stdout)
    assert doc["summary"]["ub-possible"] == 0


def test_refine_is_the_cli_text():
    run = cli("refine", "-", stdin=BATCH_8)
    refined = symshape.refine(BATCH_8)
    assert refined == run.stdout
    assert "-> tensor<8x768xf32>" in refined
    assert "tensor.cast %0 : tensor<8x768xf32> to tensor<?x768xf32>" in refined


def test_bad_input_raises_error_with_its_location():
    with pytest.raises(symshape.Error) as caught:
        symshape.check(BAD, filename="bad.mlir")
    error = caught.value
    run = cli("check", "-", stdin=BAD)
    assert run.returncode == 2
    # The CLI names stdin "<stdin>"; otherwise the message is the same.
    assert str(error) + "\n" == run.stderr.replace("<stdin>", "bad.mlir")
    assert (error.file, error.line, error.col) == ("bad.mlir", 2, 33)
    assert error.location == "bad.mlir:2:33"
    assert str(error).startswith("bad.mlir:2:33: error: ")
    assert isinstance(error, ValueError)


def test_bad_assumption_is_located_on_the_command_line():
    text = (SOURCE / BIAS_ADD).read_text()
    with pytest.raises(symshape.Error) as caught:
        symshape.refine(text, assume=["%x[0] =="])
    assert caught.value.file == "<command-line>"
    assert caught.value.line == 1
    assert str(caught.value).startswith(caught.value.location + ": error: ")


def test_default_filename_and_empty_module():
    doc = symshape.check("func.func @f() {\n  return\n}\n")
    assert doc["files"][0]["file"] == "<string>"
    assert sum(doc["summary"].values()) == 0


def test_arguments_are_checked():
    with pytest.raises(TypeError):
        symshape.check("", assume="%a[0] == 1")
    with pytest.raises(ValueError):
        symshape.check("", min_dim=-1)


def test_version_is_the_cli_version():
    run = cli("--version")
    assert run.stdout.split()[1] == symshape.__version__
    assert symshape.__version__[0].isdigit()


@pytest.mark.parametrize("text,location", [
    ("hello world\n", "<string>:1:1"), ("xxxx", "<string>:1:1"),
    ("x" * (100 << 20), "<string>:1:1"),
    # A dotted first word followed by words alone is prose too.
    ("foo.bar baz\n", "<string>:1:1"), ("hello.world", "<string>:1:1"),
    ("the.quick brown fox jumps\n", "<string>:1:1"),
    ("module { foo.bar baz }\n", "<string>:1:10")])
def test_text_that_is_not_mlir_is_an_error(text, location):
    # Never an all-zero document that passes as safe (SEMANTICS.md §1).
    with pytest.raises(symshape.Error) as caught:
        symshape.check(text)
    assert caught.value.location == location
    assert "this is not MLIR text" in str(caught.value)
    with pytest.raises(symshape.Error):
        symshape.refine(text)


def test_bytecode_is_an_error_that_says_how_to_print_text():
    with pytest.raises(symshape.Error) as caught:
        symshape.check(b"ML\xefR\x00\x05\x01garbage\x1b[2J", filename="m.mlirbc")
    message = str(caught.value)
    assert message.startswith("m.mlirbc:1:1: error: this is MLIR bytecode")
    assert "'mlir-opt m.mlirbc -o m.mlir', then check m.mlir" in message
    assert "\x1b" not in message and "\x00" not in message


def test_an_op_outside_any_function_is_listed_as_opaque():
    # Read, not analysed: the file's "opaque" list names it.
    document = symshape.check("foo.bar @x : tensor<4xf32>\n")
    assert document["files"][0]["opaque"] == [{
        "loc": "<string>:1:1", "op": "foo.bar",
        "reason": "an op outside any function: not analysed (symshape "
                  "reads func.func, util.func and util.global there)"}]


def test_empty_text_is_an_empty_module():
    for text in ["", "// only a comment\n", "module {\n}\n"]:
        assert sum(symshape.check(text)["summary"].values()) == 0


def test_text_that_is_no_text_is_a_clear_type_error():
    # Not pybind's TypeError listing the private run()'s signature.
    for text in [None, 42, ["func.func"]]:
        with pytest.raises(TypeError) as caught:
            symshape.check(text)
        assert str(caught.value).startswith("the module text must be a str")
        assert "run()" not in str(caught.value)
    with pytest.raises(TypeError, match="filename must be a str"):
        symshape.check("", filename=None)


def test_ctrl_c_during_check_is_not_lost():
    # Z3's own SIGINT handler took the signal while it solved: the call
    # returned normally. Now KeyboardInterrupt follows (once it returns).
    import signal
    import threading
    args = ", ".join(f"%s{i}: tensor<3xindex>" for i in range(12))
    lines = [f"func.func @f(%a: tensor<?x?x?xf32>, {args}) -> tensor<?x?x?xf32> {{"]
    prev = "%a"
    for i in range(12):
        lines.append(f"  %r{i} = stablehlo.dynamic_reshape {prev}, %s{i} : "
                     "(tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>")
        lines.append(f"  %u{i} = stablehlo.add %r{i}, %r{i} : tensor<?x?x?xf32>")
        prev = f"%u{i}"
    lines += [f"  return {prev} : tensor<?x?x?xf32>", "}"]
    # At the calling thread, as a terminal's Ctrl-C reaches a script whose
    # only thread is calling check() (a process-directed kill would go to
    # the timer's thread, where Z3's handler may still take it).
    main = threading.main_thread().ident
    timer = threading.Timer(0.3, signal.pthread_kill, (main, signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        symshape.check("\n".join(lines) + "\n", jobs=1)
        # Had it ended before the timer: wait for the signal here.
        timer.join()
        time_left = 2.0
        import time
        while time_left > 0:
            time.sleep(0.05)
            time_left -= 0.05
    timer.cancel()


# Issue 45: every option of the CLI the library can take, each compared
# with the CLI's own output on the same input.
CONTRACT = "examples/torch_contract.mlir"


def test_func_explain_require_coverage_are_the_cli_options():
    text = (SOURCE / CONTRACT).read_text()
    for kwargs, flags in (({"explain": True}, ["--explain"]),
                          ({"require_coverage": True},
                           ["--require-coverage"])):
        doc = symshape.check(text, filename=CONTRACT, **kwargs)
        assert doc == json.loads(cli("check", "--json", *flags,
                                     CONTRACT).stdout)
    functions = [f["name"] for f in symshape.check(
        text, filename=CONTRACT)["files"][0]["functions"]]
    name = functions[-1]
    doc = symshape.check(text, filename=CONTRACT, func=name)
    assert doc == json.loads(cli("check", "--json", "--func", name,
                                 CONTRACT).stdout)
    assert symshape.check(text, filename=CONTRACT, func="@" + name) == doc


def test_refine_drop_redundant_checks_and_func_are_the_cli_options():
    text = (SOURCE / CONTRACT).read_text()
    run = cli("refine", "--drop-redundant-checks", CONTRACT)
    assert run.returncode == 0
    dropped = symshape.refine(text, filename=CONTRACT,
                              drop_redundant_checks=True)
    assert dropped == run.stdout
    assert dropped != symshape.refine(text, filename=CONTRACT)


def test_graph_is_the_cli_dot():
    run = cli("graph", BIAS_ADD)
    dot = symshape.graph((SOURCE / BIAS_ADD).read_text(), filename=BIAS_ADD)
    assert dot == run.stdout
    assert dot.startswith("digraph")


def test_unknown_func_is_an_error_as_in_the_cli():
    with pytest.raises(symshape.Error) as caught:
        symshape.check(BATCH_8, func="nope")
    assert "no function named '@nope'" in str(caught.value)
    with pytest.raises(TypeError):
        symshape.check(BATCH_8, func=3)
