#!/usr/bin/env python3
"""`symshape check --format html` in a real browser: Debian's `chromium`,
headless. Exit 77 (ctest's SKIP_RETURN_CODE) when it is not installed.

usage: check_browser.py SYMSHAPE GENERATOR ESCAPING.mlir EXAMPLE.mlir OUTDIR

- EXAMPLE's page loads without console errors: its script ran to the end
  (`#state[data-state=ready]`), caught no error (`#js-errors` empty),
  Chromium logged no console message, and it counts the findings shown (the
  ones not safe: safe ones are hidden at first). A copy with a failing
  script must be caught by the same checks (the test can fail).
- Its screenshot (OUTDIR/screenshot.png, 1280x2000) is a PNG of that size,
  not blank, and shows the findings: pixels of the badge colours of the
  verdicts it has.
- ESCAPING's page (names and strings holding `<script>`) keeps one script.
- A 10k-op generated model (GENERATOR --family transformer) gives a page
  under 5 MB that loads; its size and load times are printed, not judged."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import htmlpage  # noqa: E402
import pngread  # noqa: E402

WIDTH, HEIGHT = 1280, 2000
# The badge colours of the style (reports/lib/HtmlPage.cpp).
BADGES = {"ub-guaranteed": (0xc6, 0x28, 0x28), "error": (0xc6, 0x28, 0x28),
          "ub-possible": (0xe0, 0x70, 0x00), "unknown": (0x7b, 0x1f, 0xa2),
          "unreachable": (0x75, 0x75, 0x75)}
CHECK_BADGE = (0x15, 0x65, 0xc0)  # a runtime check that can fail
# Added to a copy of a page to time it: when the load event came, and when
# the page was laid out after it.
TIMING = ("<script>addEventListener('load', function () {"
          "var load = performance.now(); void document.body.offsetHeight;"
          "document.body.setAttribute('data-timing', 'load=' + "
          "Math.round(load) + ' laid-out=' + Math.round(performance.now()));"
          "});</script>")


def chromium_command():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium(binary, page, extra, profile):
    """Runs headless Chromium on `page`: (stdout, stderr, seconds)."""
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu",
           "--disable-quic", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync",
           "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
           "--hide-scrollbars"] + extra + ["file://" + os.path.abspath(page)]
    start = time.monotonic()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=180)
    seconds = time.monotonic() - start
    if r.returncode != 0:
        raise SystemExit("chromium exit %d on %s:\n%s" % (r.returncode, page,
                                                          r.stderr[-2000:]))
    return r.stdout, r.stderr, seconds


def loaded(binary, page, profile):
    """The page's DOM once loaded; a list of what went wrong."""
    dom, log, seconds = chromium(binary, page, ["--dump-dom"], profile)
    problems = ["console: " + line for line in log.splitlines()
                if ":CONSOLE" in line]
    # --dump-dom prints the <html> element, without the doctype.
    root = htmlpage.parse("<!DOCTYPE html>" + dom)
    byid = {n.attrs["id"]: n for n in root.walk() if "id" in n.attrs}
    if byid.get("state") is None or \
            byid["state"].attrs.get("data-state") != "ready":
        problems.append("the script did not finish (#state not ready)")
    errors = byid.get("js-errors")
    if errors is None or errors.text().strip() or "hidden" not in errors.attrs:
        problems.append("script errors: %r" % (errors and errors.text()))
    return root, byid, problems, seconds


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if r.returncode not in (0, 1):
        raise SystemExit("%s: exit %d\n%s" % (" ".join(cmd), r.returncode,
                                              r.stderr))


def check_example(binary, symshape, example, outdir, work):
    page = os.path.join(outdir, "example.html")
    run([symshape, "check", "--format", "html", example, "-o", page])
    root, byid, problems, _ = loaded(binary, page, os.path.join(work, "p1"))
    if problems:
        raise SystemExit("%s: %s" % (example, "; ".join(problems)))
    items = [(line, f) for _, line, f in htmlpage.findings(root)]
    not_safe = [f for _, f in items if f["verdict"] != "safe"]
    shown = byid["shown"].text()
    if shown != "%d of %d findings shown" % (len(not_safe), len(items)):
        raise SystemExit("%s: %r, %d findings not safe of %d" % (
            example, shown, len(not_safe), len(items)))
    if not not_safe:
        raise SystemExit("%s: pick an example with findings" % example)
    print("%s: loaded, %s" % (os.path.basename(example), shown))

    # The same checks catch a failing script.
    with open(page, encoding="utf-8") as f:
        text = f.read()
    bad = os.path.join(work, "bad.html")
    with open(bad, "w", encoding="utf-8") as f:
        f.write(text.replace("</body>", "<script>noSuchFunction();</script>"
                             "</body>"))
    _, _, problems, _ = loaded(binary, bad, os.path.join(work, "p2"))
    if len(problems) < 2:
        raise SystemExit("a failing script was not caught: %s" % problems)

    shot = os.path.join(outdir, "screenshot.png")
    if os.path.exists(shot):
        os.remove(shot)
    chromium(binary, page, ["--screenshot=" + shot,
                            "--window-size=%d,%d" % (WIDTH, HEIGHT)],
             os.path.join(work, "p3"))
    width, height, pixels = pngread.read(shot)
    if (width, height) != (WIDTH, HEIGHT):
        raise SystemExit("screenshot is %dx%d" % (width, height))
    white = pixels[b"\xff\xff\xff"]
    inked = width * height - white
    if inked < width * height // 10 or len(pixels) < 100:
        raise SystemExit("screenshot looks blank: %d pixels not white, %d "
                         "colours" % (inked, len(pixels)))
    for f in not_safe:
        colour = CHECK_BADGE if f["check"] else BADGES[f["verdict"]]
        if pixels[bytes(colour)] < 200:
            raise SystemExit("screenshot: no %s badge (%s) drawn" % (
                f["verdict"], colour))
    print("screenshot %s: %dx%d, %d colours, %.0f%% not white" % (
        shot, width, height, len(pixels), 100.0 * inked / (width * height)))


def check_escaping(binary, symshape, escaping, work):
    named = os.path.join(work, "e&<script>alert(2).mlir")
    shutil.copy(escaping, named)
    page = os.path.join(work, "escaping.html")
    run([symshape, "check", "--format", "html", named, "-o", page])
    root, _, problems, _ = loaded(binary, page, os.path.join(work, "p4"))
    scripts = root.find("script")
    if problems or len(scripts) != 1:
        raise SystemExit("escaping page: %d scripts; %s" % (
            len(scripts), "; ".join(problems)))
    print("escaping page: one script, loaded without errors")


def check_large(binary, symshape, generator, work):
    model = os.path.join(work, "t10k.mlir")
    subprocess.run([generator, "--family", "transformer", "--ops", "10000",
                    "-o", model], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    page = os.path.join(work, "t10k.html")
    start = time.monotonic()
    run([symshape, "check", "--format", "html", model, "-o", page])
    written = time.monotonic() - start
    size = os.path.getsize(page)
    if size >= 5 * 1000 * 1000:
        raise SystemExit("10k-op page: %d bytes, not under 5 MB" % size)
    # Chromium's start alone, on a blank page, to tell it from the load.
    blank = os.path.join(work, "blank.html")
    with open(blank, "w") as f:
        f.write("<!DOCTYPE html><title>x</title>")
    _, _, base = chromium(binary, blank, ["--dump-dom"],
                          os.path.join(work, "p5"))
    root, byid, problems, seconds = loaded(binary, page,
                                           os.path.join(work, "p6"))
    if problems:
        raise SystemExit("10k-op page: " + "; ".join(problems))
    # The page's own clock, in a copy with a timing script: the load event
    # and the layout of the whole page after it (milliseconds from the
    # start of the navigation).
    timed = os.path.join(work, "timed.html")
    with open(page, encoding="utf-8") as f:
        text = f.read()
    with open(timed, "w", encoding="utf-8") as f:
        f.write(text.replace("</body>", TIMING + "</body>"))
    runs = []
    for run_number in range(3):  # a busy machine's times vary
        timing, _, _ = chromium(binary, timed, ["--dump-dom"],
                                os.path.join(work, "t%d" % run_number))
        found = re.search(r'data-timing="load=(\d+) laid-out=(\d+)"',
                          timing)
        runs.append("%s/%s" % found.groups() if found else "?")
    print("10k-op page: %d bytes (written in %.2f s), %s; in Chromium, load "
          "event/laid out at (ms) %s; chromium --dump-dom %.2f s (a blank "
          "page %.2f s)" % (size, written, byid["shown"].text(),
                            ", ".join(runs), seconds, base))


def main():
    symshape, generator, escaping, example, outdir = sys.argv[1:6]
    binary = chromium_command()
    if not binary:
        print("chromium is not installed (Debian `chromium`): skipped")
        return 77
    os.makedirs(outdir, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        check_example(binary, symshape, example, outdir, work)
        check_escaping(binary, symshape, escaping, work)
        check_large(binary, symshape, generator, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
