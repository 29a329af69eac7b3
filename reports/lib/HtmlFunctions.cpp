//===- HtmlFunctions.cpp - A file's functions on the HTML page ------------===//
//
// Each function as a <details> block: its worst verdict and counts in the
// summary line; inside, its input contract (SEMANTICS.md §4: `checked`,
// `requires`, listed by finding when too long to print), the ops symshape
// could not model with the reasons (the coverage list), and its dim graph
// as SVG when Graphviz draws it, within a size budget for the page.
//
//===----------------------------------------------------------------------===//

#include "HtmlInternal.h"

namespace symshape::solver::html {

namespace {

void writeFormula(Page &page, const Problem &problem, const char *name,
                  const symshape::Condition &formula,
                  const std::vector<ContractPart> &parts,
                  const PositionResolver &resolve) {
  page.raw("<div class=\"d\">");
  page.raw(name);
  page.raw(": ");
  if (parts.empty()) {
    page.raw("<code>");
    page.text(formula.str());
    page.raw("</code></div>");
    return;
  }
  // Too long to print as one formula: each finding's part.
  page.raw("the conjunction of<ul>");
  for (const ContractPart &part : parts) {
    page.raw("<li><code>");
    page.text(part.text());
    page.raw("</code> (at ");
    page.text(
        resolve(problem.locOf(problem.obligations[part.obligation])).str());
    page.raw(")</li>");
  }
  page.raw("</ul></div>");
}

void writeContract(Page &page, const Problem &problem, const Contract &contract,
                   const PositionResolver &resolve) {
  page.raw("<div class=\"contract\"><h5>Input contract</h5>");
  writeFormula(page, problem, "checked (its runtime checks that can fail)",
               contract.checked, contract.checkedParts, resolve);
  writeFormula(page, problem, "requires (what a run without UB needs beyond)",
               contract.requires, contract.requiresParts, resolve);
  if (!contract.exact) {
    page.raw("<div class=\"d\">not exact: ");
    page.text(contractReason(contract, resolve));
    page.raw("</div>");
  }
  page.raw("</div>");
}

/// The ops symshape could not model, with why (`opaque` in the JSON).
void writeOpaque(Page &page, const Problem *problem,
                 const std::vector<OpaqueOp> &ops,
                 const PositionResolver &resolve) {
  page.raw("<ul class=\"opaque\">");
  for (const OpaqueOp &op : ops) {
    page.raw("<li>");
    page.text(resolve(op.loc).str());
    page.raw(" <code>");
    page.text(op.op);
    page.raw("</code>: ");
    page.text(op.reason);
    if (problem && op.callStack != 0) {
      page.raw(" (call stack:");
      for (const CallSite &call : problem->callStacks[op.callStack]) {
        page.raw(" ");
        page.text(resolve(call.loc).str());
      }
      page.raw(")");
    }
    page.raw("</li>");
  }
  page.raw("</ul>");
}

/// Gives each element id of a drawn SVG a prefix of its own: Graphviz
/// numbers them alike in every graph ("graph0", "node1"), and ids must be
/// unique in the page. Labels cannot hold `id="`: quotes are escaped.
std::string prefixIds(const std::string &svg, size_t graph) {
  std::string out, mark = " id=\"";
  std::string with = mark + "g" + std::to_string(graph) + "_";
  size_t from = 0;
  for (size_t at; (at = svg.find(mark, from)) != std::string::npos;
       from = at + mark.size()) {
    out.append(svg, from, at - from);
    out += with;
  }
  out.append(svg, from, std::string::npos);
  return out;
}

/// The dim graph, or why it is not drawn.
void writeGraph(Page &page, const std::string &fileName,
                const FunctionReport &function, const HtmlOptions &html,
                const PositionResolver &resolve, GraphState &graphs) {
  const Problem &problem = *function.problem;
  auto note = [&page](const std::string &why) {
    page.raw("<p class=\"nograph\">Dim graph not drawn: ");
    page.text(why);
    page.raw(".</p>");
  };
  if (!html.drawGraph)
    return note(html.noGraphReason);
  if (!graphs.off.empty())
    return note(graphs.off);
  // The DOT text is about 130 bytes an obligation: a function far too
  // large is not even written.
  std::string tooLarge = "too large to draw here (" +
                         std::to_string(problem.obligations.size()) +
                         " obligations); `symshape graph --func " +
                         problem.function + "` writes its DOT";
  if (problem.obligations.size() > html.maxGraphDotBytes / 64)
    return note(tooLarge);
  FileReport one;
  one.file = fileName;
  one.functions.push_back(function);
  one.functions.back().refinedTypes.clear();
  std::string dot = renderDot({one}, resolve);
  if (dot.size() > html.maxGraphDotBytes)
    return note(tooLarge);
  if (graphs.bytes >= html.graphBudgetBytes)
    return note("the page's graphs already take " +
                std::to_string(graphs.bytes / 1024) +
                " KiB; `symshape graph --func " + problem.function +
                "` writes its DOT");
  std::string why;
  std::optional<std::string> svg = html.drawGraph(dot, why);
  if (!svg) {
    if (why.find("not on PATH") != std::string::npos)
      graphs.off = why; // the same for every later function
    return note(why);
  }
  graphs.bytes += svg->size();
  page.raw("<details class=\"graph\" open><summary>Dim graph</summary>"
           "<div class=\"svg\">");
  page.raw(prefixIds(*svg, graphs.drawn++));
  page.raw("</div></details>");
}

} // namespace

void writeFunctions(Page &page, const FileReport &file,
                    const std::vector<ReportList> &lists,
                    const ReportOptions &options, const HtmlOptions &html,
                    const PositionResolver &resolve, GraphState &graphs) {
  for (size_t k = 0; k < file.functions.size(); ++k) {
    const FunctionReport &function = file.functions[k];
    const Problem &problem = *function.problem;
    Verdict verdict = reportVerdict(function, options);
    size_t notSafe = 0;
    for (size_t i = 0; i < lists[k].size(); ++i)
      notSafe += lists[k][i].verdict != Verdict::Safe;
    page.raw("<details class=\"fn\"");
    page.raw(verdict == Verdict::Safe ? ">" : " open>");
    page.raw("<summary><code>@");
    page.text(problem.function);
    page.raw("</code> <b class=\"v-");
    page.raw(classOf(verdictName(verdict)));
    page.raw("\">");
    page.raw(verdictName(verdict));
    page.raw("</b> at ");
    page.text(resolve(problem.loc).str());
    page.raw(": ");
    page.number(lists[k].size());
    page.raw(lists[k].size() == 1 ? " finding, " : " findings, ");
    page.number(notSafe);
    page.raw(" not safe, ");
    page.number(problem.opaque.size());
    page.raw(problem.opaque.size() == 1 ? " opaque op" : " opaque ops");
    page.raw("</summary>");
    if (function.contract)
      writeContract(page, problem, *function.contract, resolve);
    if (!problem.opaque.empty()) {
      page.raw("<h5>Ops symshape could not model</h5>");
      writeOpaque(page, &problem, problem.opaque, resolve);
    }
    writeGraph(page, file.file, function, html, resolve, graphs);
    page.raw("</details>\n");
    page.flushIfLarge();
  }
  if (!file.moduleOpaque.empty()) {
    page.raw("<h4>Module-level ops whose bodies are not read</h4>");
    writeOpaque(page, nullptr, file.moduleOpaque, resolve);
  }
}

} // namespace symshape::solver::html
