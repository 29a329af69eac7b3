"""Reads a `symshape check --format html` page into a small tree, checking
that it is well formed (every element closed, in order), and lists what the
page shows: its findings with the line each stands under, its functions and
its opaque ops. Shared by check_structure.py and check_browser.py."""

import html.parser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs):
        self.tag = tag
        self.attrs = dict(attrs)
        self.children = []

    def classes(self):
        return (self.attrs.get("class") or "").split()

    def text(self):
        return "".join(c if isinstance(c, str) else c.text()
                       for c in self.children)

    def walk(self):
        """Every element below this one (itself first), in document order."""
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.walk()

    def find(self, tag, cls=None):
        return [n for n in self.walk()
                if n.tag == tag and (cls is None or cls in n.classes())]


class Parser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [])
        self.stack = [self.root]
        self.errors = []
        self.doctype = None

    def handle_decl(self, decl):
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs)
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):  # <polygon .../> in SVG
        self.stack[-1].children.append(Node(tag, attrs))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if len(self.stack) < 2 or self.stack[-1].tag != tag:
            self.errors.append("</%s> closes <%s> at %s" % (
                tag, self.stack[-1].tag, self.getpos()))
            return
        self.stack.pop()

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(text):
    """The page's tree; raises ValueError when it is not well formed."""
    p = Parser()
    p.feed(text)
    p.close()
    if p.errors:
        raise ValueError("; ".join(p.errors[:5]))
    if len(p.stack) != 1:
        raise ValueError("unclosed: " + ", ".join(n.tag for n in p.stack[1:]))
    if (p.doctype or "").lower() != "doctype html":
        raise ValueError("no <!DOCTYPE html>")
    return p.root


def one_class(node, prefix):
    found = [c[len(prefix):] for c in node.classes() if c.startswith(prefix)]
    if len(found) != 1:
        raise ValueError("%s has %d %s* classes" % (node.classes(), len(found),
                                                    prefix))
    return found[0]


def read_finding(li, column, safe_list):
    """A finding's fields as the page shows them (`column`: its list's,
    unless it says its own). In a list of safe findings the list says the
    verdict and the kind is the text before the rule; else the badges
    say both."""
    b = [c for c in li.children if isinstance(c, Node) and c.tag == "b"]
    rule = [c for c in li.children if isinstance(c, Node) and c.tag == "i"]
    if len(rule) != 1:
        raise ValueError("finding without a rule: " + li.text()[:200])
    i_rule = li.children.index(rule[0])
    kind = one_class(li, "k-")
    if safe_list:
        verdict = "safe"
        if b or any(c.startswith("v-") for c in li.classes()):
            raise ValueError("a badge in a list of safe findings")
        head = "".join(c for c in li.children[:i_rule]
                       if isinstance(c, str)).strip()
        if head != kind and not head.startswith(kind + " dim "):
            raise ValueError("finding kind mismatch: " + li.text()[:200])
        between = head[len(kind):].strip()
    else:
        verdict = one_class(li, "v-")
        if len(b) != 2 or b[0].text() != verdict or b[1].text() != kind:
            raise ValueError("finding badge/kind mismatch: " + li.text()[:200])
        if verdict == "safe":
            raise ValueError("a safe finding among those not safe")
        i_kind = li.children.index(b[1])
        between = "".join(c for c in li.children[i_kind + 1:i_rule]
                          if isinstance(c, str)).strip()
    # " dim N" or nothing before the rule; the message follows the rule,
    # up to the first detail line.
    dim = int(between[4:]) if between.startswith("dim ") else None
    message = ""
    details = {}
    for c in li.children[i_rule + 1:]:
        if isinstance(c, str):
            message += c
        elif c.tag == "div" and "d" in c.classes():
            label, _, value = c.text().partition(": ")
            details.setdefault(label, []).append(value)
    return {"verdict": verdict, "kind": kind, "dim": dim,
            "rule": rule[0].text(), "message": message.strip(),
            "col": int(li.attrs.get("data-c", column)), "details": details,
            "check": "chk" in li.classes()}


def findings(root):
    """(file, line, finding) for every finding (a count of safe ones of a
    kind, {"brief": n, "kind": k}, where the page counts them), checking
    that each list
    of findings stands right under its line: the last line number before
    it."""
    out = []
    for section in root.find("section", "file"):
        name = section.attrs["data-file"]
        last = None
        for n in section.walk():
            if n.tag == "pre" and "s" in n.classes():
                numbers = [c.text() for c in n.children
                           if isinstance(c, Node) and c.tag == "i"]
                if numbers:
                    last = int(numbers[-1])
            elif n.tag == "ul" and "fs" in n.classes():
                if "apart" in n.classes():
                    loc = n.attrs["data-loc"]
                    line = int(loc.rsplit(":", 2)[1])
                else:
                    line = int(n.attrs["data-l"])
                    if line != last:
                        raise ValueError("%s: findings of line %d under line %s"
                                         % (name, line, last))
                for li in n.children:
                    if isinstance(li, Node) and "brief" in n.classes():
                        # Safe findings counted per kind: "2 rank".
                        count, _, kind = li.text().partition(" ")
                        if one_class(li, "k-") != kind:
                            raise ValueError("count of %r under %s" % (
                                li.text(), one_class(li, "k-")))
                        out.append((name, line, {"brief": int(count),
                                                 "kind": kind}))
                    elif isinstance(li, Node):
                        out.append((name, line,
                                    read_finding(li, int(n.attrs["data-c"]),
                                                 "sf" in n.classes())))
    return out
