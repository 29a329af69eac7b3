"""The example script runs as docs/LIBRARY.md shows it (it includes the
same file; package/readme-snippets checks that)."""

import os
import pathlib
import subprocess
import sys

import pytest

SOURCE = pathlib.Path(os.environ["SYMSHAPE_SOURCE_DIR"])


def test_check_jax_module_example():
    script = SOURCE / "examples/python/check_jax_module.py"
    run = subprocess.run([sys.executable, str(script)], cwd=SOURCE,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "@main:" in run.stdout
    assert "func.func public @main" in run.stdout  # the refined module


def test_check_jax_module_verdicts():
    import symshape
    text = (SOURCE / "examples/python/jax_module.mlir").read_text()
    function = symshape.check(text, min_dim=1)["files"][0]["functions"][0]
    unsafe = [f for f in function["findings"] if f["verdict"] != "safe"]
    assert [f["verdict"] for f in unsafe] == ["ub-possible"]
    assert unsafe[0]["condition"] == "%arg0[0] != %arg2[0]"
