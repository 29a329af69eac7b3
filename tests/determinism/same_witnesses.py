#!/usr/bin/env python3
"""`check` and `check --json` report the same witnesses.

Usage: same_witnesses.py SYMSHAPE FILE...

Each file is checked twice, as text and as JSON (split at `// -----` when it
has such lines). The text's `note: for example ...` lines, in order, must
be the JSON findings' witnesses, in order, written the way the text writes
them (`%a[0] = 2, %b[0] = 3`). Empty ones (`every size 1`) are left out:
JSON also gives an error's witness `{}`, where the text says nothing. A size's
value comes from the Z3 model the judge found, so this fails when the
shapes or explanations computed for JSON change what the judge is asked.
"""
import json
import re
import subprocess
import sys

WITNESS_NOTE = re.compile(r": note: for example (.*)$")


def run(symshape, args):
    done = subprocess.run([symshape] + args, capture_output=True, text=True)
    if done.returncode not in (0, 1, 2):  # 2: a bad input, reported
        sys.exit(f"FAIL: '{' '.join(args)}' exited {done.returncode}:\n"
                 f"{done.stderr}")
    return done.stdout


def text_witnesses(output):
    return [m.group(1) for line in output.splitlines()
            if (m := WITNESS_NOTE.search(line)) and
            m.group(1) != "every size 1"]


def json_witnesses(output):
    out = []
    for file in json.loads(output)["files"]:
        for function in file["functions"]:
            for finding in function["findings"]:
                sizes = finding.get("witness")
                if sizes and finding["verdict"] != "unreachable":
                    out.append(", ".join(f"{k} = {v}"
                                         for k, v in sizes.items()))
    return out


def main():
    symshape, files = sys.argv[1], sys.argv[2:]
    failed = 0
    compared = 0
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            split = any(line.startswith("// -----") for line in f)
        args = ["--split-input-file"] if split else []
        text = text_witnesses(run(symshape, ["check", "--color=never"] +
                                  args + [path]))
        data = json_witnesses(run(symshape, ["check", "--json"] + args +
                                  [path]))
        compared += len(text)
        if text != data:
            failed += 1
            print(f"FAIL: {path}: text and JSON witnesses differ")
            for a, b in zip(text + ["-"] * len(data), data + ["-"] * len(text)):
                if a != b:
                    print(f"  text: {a}\n  json: {b}")
                    break
    if compared == 0:
        sys.exit("FAIL: no witness among the inputs: nothing was compared")
    if failed:
        sys.exit(1)
    print(f"the same {compared} witnesses as text and JSON in {len(files)} "
          "files")


if __name__ == "__main__":
    main()
