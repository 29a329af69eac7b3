"""Check a StableHLO module the way a JAX user gets it.

    python3 examples/python/check_jax_module.py

(after `cmake --install build` or `pip install .`; in the build tree,
PYTHONPATH=build/python python3 examples/python/check_jax_module.py).

With JAX, `text = jax.jit(f).lower(x, y).as_text()`; here the text comes
from jax_module.mlir. Prints each function's verdict, the findings that
can fail with the sizes that make them fail, then the refined module.
"""
import pathlib

import symshape

path = pathlib.Path(__file__).with_name("jax_module.mlir")
text = path.read_text()

doc = symshape.check(text, min_dim=1, filename=path.name)
for function in doc["files"][0]["functions"]:
    print(f"@{function['name']}: {function['verdict']}")
    for finding in function["findings"]:
        if finding["verdict"] != "safe":
            print(f"  {finding['loc']}: {finding['verdict']}: "
                  f"{finding['message']}")
            if "condition" in finding:
                print(f"    UB exactly when {finding['condition']}, "
                      f"for example {finding['witness']}")
    for op in function.get("opaque", []):
        print(f"  {op['loc']}: {op['op']} not modelled: {op['reason']}")

print(symshape.refine(text, min_dim=1, filename=path.name), end="")
