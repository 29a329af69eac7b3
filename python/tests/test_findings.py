"""symshape.Session and its Finding objects: the C++ public API's values
(symshape/symshape.h), each checked against check()'s JSON document of the
same input, which the tests of test_symshape.py compare with the CLI's.

Run by ctest (python/pytest) with PYTHONPATH at the built package and
SYMSHAPE_SOURCE_DIR the source tree.
"""

import os
import pathlib

import pytest

import symshape

SOURCE = pathlib.Path(os.environ["SYMSHAPE_SOURCE_DIR"])
# Examples whose ops carry no loc(...): the JSON places each finding at its
# MLIR op, as Finding.loc does.
EXAMPLES = ["bias_add.mlir", "tosa_mlp.mlir", "stablehlo_attention.mlir",
            "xla_bias_add.mlir", "linalg_bias.mlir", "torch_contract.mlir",
            "onnx_attention.mlir", "layer_norm_shapes.mlir"]

ADD = """func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
"""


def as_json(finding):
    """A Finding's fields under the names the JSON report gives them."""
    out = {"loc": str(finding.loc), "op": finding.op, "kind": finding.kind,
           "verdict": finding.verdict, "severity": finding.severity,
           "rule": finding.rule, "message": finding.message}
    if finding.dim >= 0:
        out["dim"] = finding.dim
    if finding.condition:
        out["condition"] = str(finding.condition)
    if finding.has_witness:
        out["witness"] = finding.witness
    return out


@pytest.mark.parametrize("name", EXAMPLES)
def test_findings_are_the_json_documents(name):
    text = (SOURCE / "examples" / name).read_text()
    doc = symshape.check(text, filename=name)
    session = symshape.analyze(text, filename=name)
    functions = session.functions()
    expected = doc["files"][0]["functions"]
    assert [fn.name for fn in functions] == [f["name"] for f in expected]
    for fn, json_fn in zip(functions, expected):
        assert fn.verdict == json_fn["verdict"]
        unsafe = [f for f in json_fn["findings"] if f["verdict"] != "safe"]
        keys = ["loc", "op", "kind", "verdict", "severity", "rule", "message",
                "dim", "condition", "witness"]
        assert [as_json(f) for f in fn.unsafe_findings()] == [
            {k: f[k] for k in keys if k in f} for f in unsafe]
        assert all(f.safe == (f.verdict == "safe") for f in fn.findings())
        contract = json_fn.get("contract")
        if contract:
            assert str(fn.contract.requires) == contract["requires"]
            assert str(fn.contract.checked) == contract["checked"]


def tree(condition):
    """The condition's tree as nested tuples, parentheses left out."""
    def term(t):
        if t.kind == "const":
            return t.value
        if t.kind == "ref":
            return t.name
        return (t.kind,) + tuple(term(o) for o in t.operands)
    kind = condition.kind
    if kind in ("and", "or", "not"):
        return (kind,) + tuple(tree(c) for c in condition.children)
    if kind == "compare":
        return (condition.op, term(condition.lhs), term(condition.rhs))
    if kind in ("in", "not-in", "in-range"):
        return (kind, term(condition.lhs), tuple(condition.values))
    if kind == "broadcastable":
        return (kind,) + tuple(term(t) for t in condition.terms)
    return kind


@pytest.mark.parametrize("name", EXAMPLES)
def test_conditions_are_formulas_the_witness_satisfies(name):
    text = (SOURCE / "examples" / name).read_text()
    doc = symshape.check(text, filename=name)
    session = symshape.analyze(text, filename=name)
    json_conditions = [f.get("condition")
                       for json_fn in doc["files"][0]["functions"]
                       for f in json_fn["findings"] if f["verdict"] != "safe"]
    findings = [f for fn in session.functions() for f in fn.unsafe_findings()]
    assert [str(f.condition) if f.condition else None
            for f in findings] == json_conditions
    for finding in findings:
        condition = finding.condition
        if not condition:
            continue
        # The tree prints the JSON's text; read back, it is the same tree.
        parsed = symshape.Condition.parse(str(condition))
        assert parsed is not None and str(parsed) == str(condition)
        assert tree(parsed) == tree(condition)
        if finding.has_witness:
            # UB exactly when the condition holds: at the witness's sizes
            # (every other size 1) it holds and its negation does not.
            assert condition.evaluate(finding.witness, 1) is True
            assert condition.negated().evaluate(finding.witness, 1) is False


def test_a_condition_is_a_tree_of_terms():
    session = symshape.analyze(ADD, filename="add.mlir")
    [finding] = session.function("@f").unsafe_findings()
    condition = finding.condition
    assert condition.kind == "and" and len(condition.children) == 3
    last = condition.children[2]
    assert (last.kind, last.op) == ("compare", "!=")
    assert (last.lhs.kind, last.lhs.name, last.lhs.value_name,
            last.lhs.dim) == ("ref", "%a[0]", "%a", 0)
    assert condition.children[0].rhs.kind == "const"
    assert condition.children[0].rhs.value == 1
    assert condition.evaluate({"%a[0]": 2, "%b[0]": 3}) is True
    assert condition.evaluate({"%a[0]": 3, "%b[0]": 3}) is False
    assert condition.evaluate({"%a[0]": 3}) is None  # %b[0] has no value
    assert condition.evaluate({"%a[0]": 3}, 1) is False
    assert symshape.Condition.parse("%a[0] +") is None
    mod = symshape.Condition.parse("(%x[0] * %y[0]) mod 16 != 0")
    assert str(mod) == "(%x[0] * %y[0]) mod 16 != 0"
    assert mod.lhs.kind == "mod" and mod.lhs.operands[0].parenthesized
    assert mod.evaluate({"%x[0]": 4, "%y[0]": 4}) is False


def test_a_finding_holds_its_condition_and_witness():
    session = symshape.analyze(ADD, filename="add.mlir")
    fn = session.function("@f")
    [finding] = fn.unsafe_findings()
    assert (finding.kind, finding.rule, finding.op) == (
        "broadcast", "broadcastable", "tosa.add")
    assert (finding.loc.file, finding.loc.line, finding.loc.col) == (
        "add.mlir", 2, 8)
    assert finding.verdict == "ub-possible" and finding.severity == "warning"
    # SEMANTICS.md §4: both sizes differ from 1 and from each other.
    condition = finding.condition
    assert isinstance(condition, symshape.Condition)
    assert str(condition) == "%a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]"
    assert str(condition.negated()) == f"!({condition})"
    assert condition and not condition.is_true
    a, b = finding.witness["%a[0]"], finding.witness["%b[0]"]
    assert a != 1 and b != 1 and a != b
    assert finding.call_stack == []
    safe = [f for f in fn.findings() if f.safe]
    assert safe and not safe[0].condition and not safe[0].has_witness


def test_shapes_and_refine_through_the_session():
    session = symshape.analyze(ADD, assume=["%a[0] == 8", "%b[0] == 1"])
    fn = session.functions()[0]
    assert fn.unsafe_findings() == []
    assert fn.shape_of("%0") == ["8"]
    assert fn.refined_type_of("%0") == "tensor<8xf32>"
    assert fn.same_size("%a", 0, "%0", 0)
    assert not fn.same_size("%b", 0, "%0", 0)
    assert fn.values()["%0"] == "tensor<?xf32>"
    assert session.refine() == symshape.refine(
        ADD, assume=["%a[0] == 8", "%b[0] == 1"])


def test_a_function_outlives_the_name_of_its_session():
    fn = symshape.analyze(ADD).functions()[0]
    # The Function keeps its Session alive.
    assert len(fn.unsafe_findings()) == 1


def test_errors_carry_diagnostic_objects():
    with pytest.raises(symshape.Error) as caught:
        symshape.analyze(ADD, assume=["%nope[0] == 1"])
    [diag] = [d for d in caught.value.diagnostics if d.severity == "error"]
    assert isinstance(diag, symshape.Diagnostic)
    assert diag.file == "<command-line>"
    assert caught.value.location == diag.location
    assert diag.rendered.startswith(f"{diag.location}: error: {diag.message}")
    # check() raises the same, with the same objects.
    with pytest.raises(symshape.Error) as again:
        symshape.check(ADD, assume=["%nope[0] == 1"])
    assert [d.rendered for d in again.value.diagnostics] == [
        d.rendered for d in caught.value.diagnostics]
    session = symshape.Session()
    with pytest.raises(symshape.Error) as parse:
        session.add_file("bad.mlir", "func.func @f(\n")
    assert parse.value.location == "bad.mlir:1:14"
    with pytest.raises(symshape.Error):
        symshape.analyze(ADD).refine(func="nope")
