#!/usr/bin/env python3
"""`symshape check --format html`, checked without a browser.

usage: check_structure.py SYMSHAPE INPUT.mlir...
       check_structure.py --escaping SYMSHAPE ESCAPING.mlir
       check_structure.py --generate GENERATOR SYMSHAPE
       check_structure.py --several SYMSHAPE [--split-input-file] INPUT...

For each INPUT: the page is well formed; every finding of `check --json` on
the same file stands under its line with the same kind, dim, verdict, rule,
message, condition, witness and call stack, and nothing else does; the
summary table, the filters, each function's contract and opaque ops match the
JSON; each function has its graph or says why not; the page fetches nothing.

--escaping: ESCAPING.mlir (whose function name, strings, op names and
locations hold `<script>` and `&`) is copied to a file whose own name holds
them, and the page must hold one <script> element (its own), only the
elements it writes, and every one of those strings as text.

--several: one page for all INPUTs (a section per file, or per piece
under --split-input-file, where a piece that does not parse is listed
among the page's input errors, as in the JSON's `errors`).

--generate: the INPUT is a 10k-op model of the benchmark's `transformer`
family (bench/README.md), whose page must be under 5 MB (issue 45): past a
budget, its safe findings are counted per line and kind."""

import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import htmlpage  # noqa: E402

# The elements the page writes itself, and those of Graphviz's SVG.
PAGE_TAGS = {"#document", "html", "head", "meta", "title", "style", "body",
             "header", "h1", "h2", "h3", "h4", "h5", "p", "span", "div",
             "table", "tr", "th", "td", "form", "label", "input", "noscript",
             "nav", "a", "ul", "li", "b", "i", "code", "main", "section",
             "details", "summary", "pre", "br", "script"}
SVG_TAGS = {"svg", "g", "title", "polygon", "ellipse", "path", "text",
            "polyline"}


def run(cmd, bad_input=False):
    """stdout of a check; exit 2 (bad input) only when `bad_input`."""
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if r.returncode not in ((0, 1, 2) if bad_input else (0, 1)):
        sys.exit("%s: exit %d\n%s" % (" ".join(cmd), r.returncode, r.stderr))
    return r.stdout


def page_of(symshape, paths, workdir, bad_input=False):
    out = os.path.join(workdir, "report.html")
    run([symshape, "check", "--format", "html"] + paths + ["-o", out],
        bad_input)
    with open(out, encoding="utf-8") as f:
        return f.read()


def witness_text(w):
    return ", ".join("%s = %d" % kv for kv in w.items()) or "every size 1"


def json_findings(doc):
    for file in doc["files"]:
        for fn in file["functions"]:
            for f in fn["findings"]:
                name, line, col = f["loc"].rsplit(":", 2)
                yield name, int(line), int(col), f


def key_of_json(name, line, col, f):
    # An opaque op's coverage error has the witness {} in the JSON, which
    # the page does not repeat (any sizes reach it).
    witness = "witness" in f and f["kind"] != "coverage"
    return (name, line, col, f["kind"], f.get("dim"), f["verdict"], f["rule"],
            f["message"], f.get("condition"),
            witness_text(f["witness"]) if witness else None, f.get("reason"),
            (", ".join(f["implied_by"]) or "the types alone")
            if "implied_by" in f else None,
            " → ".join(f["call_stack"]) if "call_stack" in f else None)


def key_of_page(name, line, f):
    d = f["details"]

    def one(label):
        return (d.get(label) or [None])[0]
    return (name, line, f["col"], f["kind"], f["dim"], f["verdict"], f["rule"],
            f["message"], one("condition"), one("witness"), one("reason"),
            one("implied by"), one("call stack"))


def check_page(text, doc, where):
    root = htmlpage.parse(text)
    tags = {n.tag for n in root.walk()}
    if not tags <= PAGE_TAGS | SVG_TAGS:
        raise ValueError("unexpected elements %s" % (tags - PAGE_TAGS - SVG_TAGS))
    scripts = root.find("script")
    if len(scripts) != 1 or any("src" in s.attrs for s in scripts):
        raise ValueError("%d script elements" % len(scripts))
    for n in root.walk():  # nothing fetched: no link, no src, no url()
        if n.tag in ("link", "img", "iframe") or "src" in n.attrs:
            raise ValueError("<%s> fetches" % n.tag)
    if "url(" in root.find("style")[0].text() or "@import" in text:
        raise ValueError("the style fetches")
    # Findings: the JSON's, each under its own line.
    shown = htmlpage.findings(root)
    page = collections.Counter(key_of_page(*x[:2], x[2])
                               for x in shown if "brief" not in x[2])
    # Safe findings the page counts per line and kind, past its budget.
    counted = collections.Counter()
    for name, line, f in shown:
        if "brief" in f:
            counted[(name, line, f["kind"])] += f["brief"]
    want, want_counted = collections.Counter(), collections.Counter()
    for name, line, col, f in json_findings(doc):
        if f["verdict"] == "safe" and (name, line, f["kind"]) in counted:
            want_counted[(name, line, f["kind"])] += 1
        else:
            want[key_of_json(name, line, col, f)] += 1
    if counted != want_counted:
        raise ValueError("safe findings counted differ: %s" % (
            list((counted - want_counted).items())[:3] +
            list((want_counted - counted).items())[:3]))
    if page != want:
        missing = list((want - page).elements())[:3]
        extra = list((page - want).elements())[:3]
        raise ValueError("findings differ: missing %s; extra %s"
                         % (missing, extra))
    # The summary table.
    rows = {}
    for tr in root.find("table", "sum")[0].find("tr")[1:]:
        th, td = tr.find("th")[0].text(), tr.find("td")[0].text()
        rows[th] = int(td)
    for verdict, count in doc["summary"].items():
        label = verdict if verdict != "checks_can_fail" else \
            "runtime checks that can fail (among ub-possible)"
        if rows.get(label) != count:
            raise ValueError("summary %s: %s, JSON %d" % (label,
                                                         rows.get(label), count))
    # The filters: a checkbox per verdict and per kind shown.
    boxes = {n.attrs["value"] for n in root.find("input")}
    shown = {"k-" + f["kind"] for _, _, _, f in json_findings(doc)}
    shown |= {"v-" + v for v in ("safe", "ub-possible", "ub-guaranteed",
                                 "error", "unreachable", "unknown")}
    if boxes != shown:
        raise ValueError("filters %s, findings %s" % (sorted(boxes),
                                                      sorted(shown)))
    if not root.find("p") or not [p for p in root.find("p")
                                  if p.attrs.get("id") == "state"]:
        raise ValueError("no #state marker")
    # Functions: contract, opaque ops, graph.
    blocks = root.find("details", "fn")
    functions = [fn for file in doc["files"] for fn in file["functions"]]
    if len(blocks) != len(functions):
        raise ValueError("%d function blocks, %d functions" % (len(blocks),
                                                              len(functions)))
    for block, fn in zip(blocks, functions):
        body = block.text()
        head = block.find("summary")[0].text()
        if not head.startswith("@" + fn["name"] + " " + fn["verdict"]):
            raise ValueError("function block %r for %s" % (head, fn["name"]))
        contract = fn.get("contract")
        if contract:
            for part in ("checked", "requires"):
                if contract.get(part) and contract[part] not in body:
                    raise ValueError("%s: %s %r not shown" % (fn["name"], part,
                                                             contract[part]))
        for op in fn["opaque"]:
            line = "%s %s: %s" % (op["loc"], op["op"], op["reason"])
            if line not in body:
                raise ValueError("%s: opaque %r not shown" % (fn["name"], line))
        if not block.find("svg") and not block.find("p", "nograph"):
            raise ValueError("%s: no graph and no reason" % fn["name"])
        if shutil.which("dot") and len(fn["findings"]) < 50 and \
                not block.find("svg"):
            raise ValueError("%s: small graph not drawn" % fn["name"])
    print("%s: %d bytes, %d findings under their lines (%d safe ones "
          "counted), %d functions" % (where, len(text.encode("utf-8")),
                                      sum(page.values()),
                                      sum(counted.values()), len(blocks)))
    return root


def main():
    args = sys.argv[1:]
    escaping = args[0] == "--escaping"
    generate = args[0] == "--generate"
    if escaping or generate:
        args = args[1:]
    several = args[0] == "--several"
    if several:
        args = args[1:]
    if generate:
        generator, args = args[0], args[1:]
    symshape, inputs = args[0], args[1:]
    with tempfile.TemporaryDirectory() as work:
        if generate:
            model = os.path.join(work, "transformer-10k.mlir")
            subprocess.run([generator, "--family", "transformer", "--ops",
                            "10000", "-o", model], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            inputs = [model]
        if several:
            options = [a for a in inputs if a.startswith("--")]
            files = [a for a in inputs if not a.startswith("--")]
            doc = json.loads(run([symshape, "check", "--json"] + inputs, True))
            text = page_of(symshape, inputs, work, True)
            root = check_page(text, doc, " ".join(options + [
                os.path.basename(f) for f in files]))
            sections = [s.attrs["data-file"]
                        for s in root.find("section", "file")]
            if sections != [f["file"] for f in doc["files"]]:
                raise SystemExit("sections %s" % sections)
            errors = [li.text() for li in root.find("ul", "errors")[0].find(
                "li")] if doc["errors"] else []
            if errors != ["%s: %s" % (e.get("loc", e["file"]), e["message"])
                          for e in doc["errors"]]:
                raise SystemExit("input errors %s" % errors)
            return 0
        for path in inputs:
            if escaping:
                # The file's own name holds HTML too.
                named = os.path.join(work, "e&<script>alert(2).mlir")
                shutil.copy(path, named)
                path = named
            doc = json.loads(run([symshape, "check", "--json", path]))
            text = page_of(symshape, [path], work)
            size = len(text.encode("utf-8"))
            if generate and size >= 5 * 1000 * 1000:
                raise SystemExit("10k-op page: %d bytes, not under 5 MB" % size)
            root = check_page(text, doc, os.path.basename(path))
            if escaping:
                shown = root.text()
                for s in ("sizes <script>alert(1)</script> & \"differ\"",
                          "@f<script>alert('&amp;')</script>",
                          "foo.<bar>", "model<script>&.py:12:4",
                          "e&<script>alert(2).mlir"):
                    if s not in shown:
                        raise SystemExit("not shown as text: %r" % s)
                files = [s.attrs["data-file"]
                         for s in root.find("section", "file")]
                if files != [path]:
                    raise SystemExit("section of %r" % files)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ValueError as e:
        sys.exit("error: %s" % e)
