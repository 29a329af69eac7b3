#!/usr/bin/env python3
"""Validates symshape's JSON and SARIF output (issue 14 items 5 and 6).

For every input: `check --json` against schema/symshape-report.schema.json,
`check --format sarif` against schema/sarif-2.1.0-subset.schema.json, both
with and without --require-coverage; also the documents of a bad file among
good ones and of a bad --assume. The SARIF is cross-checked with the JSON
(one result per finding that is not safe, rule id = kind, level from the
verdict, the same location) and read into the SARIF Python object model
(Debian's python3-sarif-python-om), a consumer that rejects any property
SARIF 2.1.0 does not define where it stands.

Usage: validate_reports.py SYMSHAPE SCHEMA_DIR FILE.mlir...
"""
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse

import jsonschema

try:
    import attr
    import sarif_om
except ImportError:  # the consumer is optional; the schemas are not
    sarif_om = None

# SPEC.md §7's one severity mapping (unreachable is a warning there).
LEVELS = {"error": "error", "ub-guaranteed": "error", "ub-possible": "warning",
          "unknown": "warning", "unreachable": "warning"}


def run(symshape, args, expect_exits):
    proc = subprocess.run([symshape] + args, capture_output=True, text=True)
    if proc.returncode not in expect_exits:
        raise AssertionError(f"symshape {' '.join(args)}: exit {proc.returncode}"
                             f"\n{proc.stderr[:2000]}")
    return json.loads(proc.stdout)


# Where each SARIF property leads, for the object-model reader.
OM_CLASSES = {
    "runs": "Run", "tool": "Tool", "driver": "ToolComponent",
    "rules": "ReportingDescriptor", "shortDescription": "MultiformatMessageString",
    "fullDescription": "MultiformatMessageString", "invocations": "Invocation",
    "toolExecutionNotifications": "Notification", "results": "Result",
    "message": "Message", "locations": "Location",
    "relatedLocations": "Location",
    "physicalLocation": "PhysicalLocation", "artifactLocation": "ArtifactLocation",
    "region": "Region",
}


def read_om(cls, obj, where):
    """Builds the sarif_om object for `obj`; fails on an unknown property
    or a missing required one."""
    fields = {f.metadata["schema_property_name"]: f.name for f in attr.fields(cls)}
    kwargs = {}
    for key, value in obj.items():
        if key not in fields:
            raise AssertionError(f"{where}: '{key}' is not a property of "
                                 f"SARIF {cls.__name__}")
        if key in OM_CLASSES:
            child = getattr(sarif_om, OM_CLASSES[key])
            if isinstance(value, list):
                value = [read_om(child, v, f"{where}.{key}[{i}]")
                         for i, v in enumerate(value)]
            else:
                value = read_om(child, value, f"{where}.{key}")
        kwargs[fields[key]] = value
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise AssertionError(f"{where}: {e}")


def cross_check(report, sarif, name, seen, coverage):
    findings = [(fn["name"], fn.get("contract"), f) for file in report["files"]
                for fn in file["functions"] for f in fn["findings"]
                if f["verdict"] != "safe"]
    results = sarif["runs"][0]["results"]
    rules = sarif["runs"][0]["tool"]["driver"]["rules"]
    # Under --require-coverage, the ops outside every function that
    # symshape does not read (the file's "opaque") are coverage errors
    # after the findings.
    outside = [op for file in report["files"] for op in file.get("opaque", [])
               if coverage]
    assert len(results) == len(findings) + len(outside), \
        f"{name}: {len(results)} SARIF results for {len(findings)} findings " \
        f"and {len(outside)} opaque ops outside functions"
    for op, result in zip(outside, results[len(findings):]):
        what = f"{name}: opaque {op} vs result {result}"
        assert result["ruleId"] == "coverage" and result["level"] == "error", what
        assert result["properties"]["op"] == op["op"], what
        line = int(op["loc"].rsplit(":", 2)[1])
        assert result["locations"][0]["physicalLocation"]["region"][
            "startLine"] == line, what
    results = results[:len(findings)]
    for (function, contract, finding), result in zip(findings, results):
        what = f"{name}: finding {finding} vs result {result}"
        # The rule id (SPEC 3), listed in tool.driver.rules with the kind
        # of the obligations that check it.
        assert result["ruleId"] == finding["rule"], what
        assert result["properties"]["kind"] == finding["kind"], what
        rule = rules[result["ruleIndex"]]
        assert rule["id"] == result["ruleId"], what
        assert finding["kind"] in rule["properties"]["kinds"], what
        # A runtime check that can fail is the input contract: a note.
        check = finding["kind"] in ("assert", "cstr")
        assert result["level"] == ("note" if check and finding["verdict"] ==
                                   "ub-possible"
                                   else LEVELS[finding["verdict"]]), what
        props = result["properties"]
        assert props["verdict"] == finding["verdict"], what
        assert props["function"] == function, what
        assert props.get("condition") == finding.get("condition"), what
        if "condition" in finding and finding["condition"] != "true":
            assert finding["condition"] in result["message"]["text"], what
        if finding.get("witness"):
            assert props["witness"] == finding["witness"], what
        # The function's contract, whole: a formula listed by parts
        # (`null` and `*_parts`), `exact` and `reason` as in the JSON.
        assert props.get("contract") == contract, \
            f"{what}: SARIF contract {props.get('contract')} vs JSON {contract}"
        if contract:
            seen["parts"] |= "checked_parts" in contract or \
                "requires_parts" in contract
            seen["inexact"] |= contract.get("exact") is False
        # At the exporter's position when the op's loc(...) names one,
        # with the MLIR op as the first related location.
        mlir = result["locations"][0]["physicalLocation"]
        if "source_loc" in finding:
            source = mlir
            file, line, col = finding["source_loc"].rsplit(":", 2)
            assert urllib.parse.unquote(source["artifactLocation"]["uri"]) \
                .endswith(file.lstrip("/")), what
            if int(line) > 0:
                assert source["region"]["startLine"] == int(line), what
                assert source["region"].get("startColumn", 0) == int(col), what
            related = result["relatedLocations"][0]
            assert related["message"]["text"].startswith("MLIR op"), what
            mlir = related["physicalLocation"]
        region = mlir["region"]
        line, col = finding["loc"].rsplit(":", 2)[1:]
        assert region["startLine"] == int(line), what
        assert region["startColumn"] <= int(col), what
    assert sarif["runs"][0]["invocations"][0]["executionSuccessful"] == \
        (not report["errors"]), f"{name}: executionSuccessful"


def main():
    symshape, schema_dir, inputs = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(os.path.join(schema_dir, "symshape-report.schema.json")) as f:
        report_schema = json.load(f)
    with open(os.path.join(schema_dir, "sarif-2.1.0-subset.schema.json")) as f:
        sarif_schema = json.load(f)
    checker = jsonschema.FormatChecker()
    report_validator = jsonschema.Draft7Validator(report_schema,
                                                  format_checker=checker)
    sarif_validator = jsonschema.Draft4Validator(sarif_schema,
                                                 format_checker=checker)

    def validate(validator, document, what):
        errors = sorted(validator.iter_errors(document), key=lambda e: e.path)
        if errors:
            e = errors[0]
            raise AssertionError(f"{what}: {e.message} at "
                                 f"{'/'.join(map(str, e.absolute_path))}")

    def args(path):
        # A file of `// -----` pieces is read the way its RUN line says.
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.readline()
        return (["--split-input-file", path]
                if "--split-input-file" in head else [path])

    def exits(path):
        # Goldens say their exit status (`// EXIT: N`); a bad piece of a
        # split file makes it 2, with a report of the good pieces.
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(400)
        return [2] if "// EXIT: 2" in head else [0, 1]

    cases = [(args(path), exits(path)) for path in inputs]
    with tempfile.TemporaryDirectory() as work:
        bad = os.path.join(work, "bad.mlir")
        with open(bad, "w") as f:
            f.write('func.func @f(%a: tensor<?xf32>) {\n  %0 = "tosa.add"(%a\n')
        cases.append(([bad] + inputs[:2], [2]))
        cases.append(([os.path.join(work, "missing.mlir")] + inputs[:1], [2]))
        documents = 0
        seen = {"parts": False, "inexact": False}
        for files, exits in cases:
            for extra in ([], ["--require-coverage"]):
                name = " ".join(extra + files)
                report = run(symshape, ["check", "--json"] + extra + files, exits)
                validate(report_validator, report, "json " + name)
                sarif = run(symshape, ["check", "--format", "sarif"] + extra + files,
                            exits)
                validate(sarif_validator, sarif, "sarif " + name)
                cross_check(report, sarif, name, seen, bool(extra))
                if sarif_om is not None:
                    read_om(sarif_om.SarifLog, sarif, "sarif")
                documents += 2
        # A bad --assume stops the whole run: still one valid document.
        for fmt, validator in (("json", report_validator), ("sarif", sarif_validator)):
            doc = run(symshape, ["check", "--format", fmt, "--assume", "%zz[0] == 1",
                                 inputs[0]], [2])
            validate(validator, doc, f"{fmt} bad --assume")
            documents += 1
    # The inputs include contracts listed by parts and inexact ones
    # (tests/golden/semantics/contract-*.mlir): the cross-check saw them.
    assert seen["parts"], "no input has a contract listed by parts"
    assert seen["inexact"], "no input has an inexact contract"
    consumer = "and read by sarif_om" if sarif_om else "(sarif_om not installed)"
    print(f"{documents} documents valid against their schemas {consumer}")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"FAIL: {e}")
        sys.exit(1)
