//===- HtmlSource.cpp - A file's source with its findings under the lines -===//
//
// The source is written in blocks of numbered lines, broken after every
// line that has findings; the findings of that line follow, those not
// safe, then the safe ones, each as a list (a finding at another column
// than the list's first says its own):
//
//   <pre class=s>
//   <i>1</i>func.func @f(...
//   <i>2</i>  %0 = tosa.add ...
//   </pre>
//   <ul class="fs" data-l=2 data-c=8><li class="v-ub-possible k-broadcast">
//     <b>ub-possible</b> <b>broadcast</b> dim 0 <i>rule</i> message
//     <div class="d">condition: ...</div></li></ul>
//   <ul class="fs sf" data-l=2 data-c=8><li class=k-rank>rank <i>rule</i>
//     message</li></ul>
//
// A finding lists what the JSON report gives it: kind, dim, verdict, rule,
// message, condition, witness, reason, implied_by, call stacks and the
// exporter's position; a safe one without its position (op, `loc(...)`)
// and, past HtmlOptions::safeTextBudget, only counted per kind: a large
// model has tens of thousands of them.
//
//===----------------------------------------------------------------------===//

#include "HtmlInternal.h"

#include <algorithm>

namespace symshape::solver::html {

namespace {

/// An entry placed at a line: which list and which of its entries.
struct Placed {
  uint32_t line;
  uint32_t column;
  uint32_t list;
  uint32_t index;
  bool safe;
};

/// A call chain, outermost first: "a.mlir:3:5 → a.mlir:9:7".
void appendPositions(Page &page, const std::vector<CallSite> &calls,
                     const PositionResolver &resolve) {
  for (size_t i = 0; i < calls.size(); ++i) {
    page.raw(i ? " &rarr; " : "");
    page.text(resolve(calls[i].loc).str());
  }
}

/// The lines under a finding that is not only a message.
void writeDetails(Page &page, const Problem &problem, const ReportEntry &entry,
                  const SourcePosition &at, const ReportOptions &options,
                  const PositionResolver &resolve) {
  auto line = [&page](const char *label) {
    page.raw("<div class=\"d\">");
    page.raw(label);
    page.raw(": ");
  };
  if (entry.verdict != Verdict::Safe) {
    line("at");
    page.text(at.str());
    page.raw(", op <code>");
    page.text(entry.op);
    page.raw("</code></div>");
  }
  // Accepted by the team (`--baseline`, a `[[suppress]]` of the
  // configuration): shown, but not counted for the exit status, as in the
  // text, JSON and SARIF reports.
  if (const Waiver *waiver = options.waiver(entry)) {
    line(waiver->baselined ? "baselined" : "suppressed");
    page.text(waiver->baselined ? "recorded in the baseline, not counted for "
                                  "the exit status"
                                : waiver->reason);
    page.raw("</div>");
  }
  if (options.locations != LocationMode::Mlir && !at.origin.frames.empty()) {
    line("source");
    page.text(at.origin.frames.front().str());
    if (!at.origin.name.empty()) {
      page.raw(" (");
      page.text(at.origin.name);
      page.raw(")");
    }
    // The exporter's callers, innermost first, as the text report says.
    for (size_t i = 1; i < at.origin.frames.size(); ++i) {
      page.raw(", called from ");
      page.text(at.origin.frames[i].str());
    }
    page.raw("</div>");
  }
  if (const Finding *f = entry.finding) {
    if (!f->condition.empty()) {
      line("condition");
      page.raw("<code class=\"cond\">");
      page.text(f->condition);
      page.raw("</code></div>");
    }
    // SEMANTICS.md §7, as the JSON report: a witness for every finding
    // some size violates (empty: every size 1), for an unknown one only
    // when a violating assignment is known.
    bool violated = f->verdict == Verdict::UbPossible ||
                    f->verdict == Verdict::UbGuaranteed ||
                    f->verdict == Verdict::Error;
    if (violated || f->hasWitness) {
      line("witness");
      page.raw("<code class=\"wit\">");
      if (f->witness.empty())
        page.raw("every size 1");
      for (size_t i = 0; i < f->witness.size(); ++i) {
        page.raw(i ? ", " : "");
        page.text(f->witness[i].first);
        page.raw(" = ");
        page.number(f->witness[i].second);
      }
      page.raw("</code></div>");
    }
    if (!f->reason.empty()) {
      line("reason");
      page.text(f->reason);
      page.raw("</div>");
    }
  } else if (entry.opaque) {
    line("reason");
    page.text(entry.opaque->reason);
    page.raw("</div>");
  }
  if (const std::vector<uint32_t> *why = entry.impliedBy) {
    line("implied by");
    if (why->empty())
      page.raw("the types alone"); // as the text report says
    std::vector<std::string> seen;
    for (uint32_t j : *why) {
      std::string where = resolve(problem.locOf(problem.obligations[j])).str();
      if (std::find(seen.begin(), seen.end(), where) != seen.end())
        continue;
      page.raw(seen.empty() ? "" : ", ");
      page.text(where);
      seen.push_back(std::move(where));
    }
    page.raw("</div>");
  }
  // SEMANTICS.md §7: the calls into a private function, outermost first;
  // every call site's chain when several reached it with this verdict.
  for (size_t i = 0; i < entry.callStacks.size(); ++i) {
    line(i ? "also called" : "call stack");
    appendPositions(page, problem.callStacks[entry.callStacks[i]], resolve);
    page.raw("</div>");
  }
}

/// One finding as a list item; `column` is written unless it is the
/// list's (`listColumn`). In a list of safe findings (`safeList`), the
/// list says the verdict, and the kind is plain text: a large model has
/// tens of thousands of them.
void writeEntry(Page &page, const Problem &problem, const ReportEntry &entry,
                uint32_t column, uint32_t listColumn, bool safeList,
                const ReportOptions &options, const PositionResolver &resolve) {
  if (safeList) {
    page.raw("<li class=k-");
    page.raw(classOf(entry.kind));
    if (column != listColumn) {
      page.raw(" data-c=");
      page.number(column);
    }
    page.raw(">");
    page.text(entry.kind);
  } else {
    bool check = entry.obligation && isRuntimeCheck(entry.obligation->kind);
    page.raw("<li class=\"v-");
    page.raw(classOf(verdictName(entry.verdict)));
    page.raw(" k-");
    page.raw(classOf(entry.kind));
    if (severityOf(entry.verdict, check) == ReportMessage::Severity::Note)
      page.raw(" chk"); // a runtime check that can fail: the input contract
    page.raw("\"");
    if (column != listColumn) {
      page.raw(" data-c=");
      page.number(column);
    }
    page.raw("><b>");
    page.raw(verdictName(entry.verdict));
    page.raw("</b> <b>");
    page.text(entry.kind);
    page.raw("</b>");
  }
  if (entry.dim >= 0) {
    page.raw(" dim ");
    page.number(entry.dim);
  }
  page.raw(" <i>");
  page.text(entry.rule);
  page.raw("</i> ");
  std::string message;
  entry.appendMessage(message, problem);
  page.text(message);
  bool plain = entry.verdict == Verdict::Safe && !entry.impliedBy &&
               entry.callStacks.empty() &&
               (!entry.finding ||
                (entry.finding->condition.empty() &&
                 !entry.finding->hasWitness && entry.finding->reason.empty()));
  if (!plain) {
    SourcePosition at = resolve(entry.loc);
    writeDetails(page, problem, entry, at, options, resolve);
  }
  page.raw("</li>");
}

/// Lines [from, to) of `lines` as one block, numbered from `firstLine`.
void writeBlock(Page &page, const std::vector<std::string_view> &lines,
                size_t from, size_t to, uint32_t firstLine) {
  if (from >= to)
    return;
  // A newline right after <pre> is dropped by the HTML parser: one is
  // written, so that an empty first line is kept.
  page.raw("<pre class=s>\n");
  for (size_t i = from; i < to; ++i) {
    page.raw("<i>");
    page.number(firstLine + i);
    page.raw("</i>");
    page.text(lines[i]);
    page.raw("\n");
  }
  page.raw("</pre>\n");
  page.flushIfLarge();
}

/// Safe entries [from, to) of `group` as counts per kind, in order of
/// first appearance: `<li class=k-rank>2 rank</li>`.
void writeCounts(Page &page, const std::vector<Placed> &group, size_t from,
                 size_t to, const std::vector<ReportList> &lists) {
  std::vector<std::pair<std::string_view, size_t>> counts;
  for (size_t k = from; k < to; ++k) {
    std::string_view kind = lists[group[k].list][group[k].index].kind;
    auto it = std::find_if(counts.begin(), counts.end(),
                           [&](const auto &c) { return c.first == kind; });
    if (it == counts.end())
      counts.emplace_back(kind, 1);
    else
      ++it->second;
  }
  for (const auto &[kind, n] : counts) {
    page.raw("<li class=k-");
    page.raw(classOf(kind));
    page.raw(">");
    page.number(n);
    page.raw(" ");
    page.text(kind);
    page.raw("</li>");
  }
}

std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos)
      break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

} // namespace

void writeSource(Page &page, const FileReport &file,
                 const std::vector<ReportList> &lists, const HtmlSource *source,
                 const ReportOptions &options, const HtmlOptions &html,
                 const PositionResolver &resolve, SafeState &safeState) {
  std::vector<std::string_view> lines;
  uint32_t firstLine = 1;
  if (source) {
    lines = splitLines(source->text);
    firstLine = source->firstLine;
  }
  // Every entry at its line; those at no line of this text apart.
  std::vector<Placed> placed, apart;
  for (uint32_t l = 0; l < lists.size(); ++l)
    for (uint32_t i = 0; i < lists[l].size(); ++i) {
      Location loc = lists[l][i].loc;
      SourcePosition at = resolve(loc);
      bool here = source && loc.buffer == source->buffer &&
                  at.line >= firstLine && at.line - firstLine < lines.size();
      bool safe = lists[l][i].verdict == Verdict::Safe;
      (here ? placed : apart).push_back({at.line, at.column, l, i, safe});
    }
  // By line, a line's findings that are not safe first, each in program
  // order.
  std::stable_sort(
      placed.begin(), placed.end(), [](const Placed &a, const Placed &b) {
        return a.line != b.line ? a.line < b.line : a.safe < b.safe;
      });
  // The entries [from, to) of `group` (all safe or none) as a list after
  // `head` (an opening tag up to its class's value); a list's column is
  // its first entry's.
  auto entries = [&](const std::vector<Placed> &group, size_t from, size_t to,
                     const std::string &head, const std::string &tail) {
    bool safe = group[from].safe;
    bool brief = safe && safeState.bytes >= html.safeTextBudget;
    if (brief && !safeState.noted) {
      safeState.noted = true;
      page.raw("<p class=brief>From here on, safe findings are counted per "
               "line and kind, without their messages: the page's budget "
               "for them is spent (the JSON report lists them all).</p>\n");
    }
    size_t start = page.out.size();
    page.raw(head);
    page.raw(brief ? " sf brief\"" : safe ? " sf\"" : "\"");
    page.raw(tail);
    page.raw(" data-c=");
    page.number(group[from].column);
    page.raw(">");
    if (brief) {
      writeCounts(page, group, from, to, lists);
    } else {
      for (size_t k = from; k < to; ++k) {
        const Placed &p = group[k];
        const Problem &problem = *file.functions[p.list].problem;
        writeEntry(page, problem, lists[p.list][p.index], p.column,
                   group[from].column, safe, options, resolve);
      }
    }
    page.raw("</ul>\n");
    if (safe && !brief)
      safeState.bytes += page.out.size() - start;
    page.flushIfLarge();
  };
  if (source) {
    page.raw("<div class=\"src\">\n");
    size_t next = 0; // the first line not yet written (an index)
    for (size_t k = 0; k < placed.size();) {
      size_t line = placed[k].line - firstLine;
      writeBlock(page, lines, next, line + 1, firstLine);
      next = line + 1;
      // A list of those not safe, then a list of the safe ones.
      while (k < placed.size() && placed[k].line - firstLine == line) {
        size_t end = k;
        while (end < placed.size() && placed[end].line == placed[k].line &&
               placed[end].safe == placed[k].safe)
          ++end;
        entries(placed, k, end, "<ul class=\"fs",
                " data-l=" + std::to_string(placed[k].line));
        k = end;
      }
    }
    writeBlock(page, lines, next, lines.size(), firstLine);
    page.raw("</div>\n");
  }
  if (!apart.empty()) {
    page.raw("<h3>Findings at no line of this text</h3>\n");
    for (const Placed &p : apart) {
      std::string tail = " data-loc=\"";
      appendEscaped(tail, resolve(lists[p.list][p.index].loc).str(), true);
      entries({p}, 0, 1, "<ul class=\"fs apart", tail + "\"");
    }
  }
}

} // namespace symshape::solver::html
