//===- DotReport.cpp - The dim graph as Graphviz DOT ----------------------===//
//
// One cluster per function. Ellipses are dims (labelled with the value dims
// that denote them and, when refined, their value); boxes are obligations,
// coloured by verdict and joined to the dims they constrain. Edges say how
// an op relates two dims. Sizes that come from opaque ops (free symbols
// symshape could not relate to any operand) are dashed and brown.
//
//===----------------------------------------------------------------------===//

#include "symshape/reports/Report.h"

#include <unordered_set>

namespace symshape::solver {

namespace {

const char *verdictColor(Verdict verdict) {
  switch (verdict) {
  case Verdict::Safe:
    return "darkgreen";
  case Verdict::UbPossible:
    return "darkorange";
  case Verdict::UbGuaranteed:
  case Verdict::Error:
    return "red";
  case Verdict::Unreachable:
    return "gray";
  case Verdict::Unknown:
    return "purple";
  }
  return "black";
}

/// DOT string literal (quotes included).
std::string dotQuote(const std::string &text) {
  std::string out = "\"";
  for (char c : validUtf8(text)) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c == '\n' ? std::string("\\n") : std::string(1, c);
  }
  return out + "\"";
}

std::string termText(const DimGraph &graph, TermId t) {
  const TermNode &node = graph.term(t);
  switch (node.kind) {
  case TermKind::Const:
    return std::to_string(node.value);
  case TermKind::Symbol:
    return graph.symbolOf(t).name;
  case TermKind::Broadcast:
    return "broadcast";
  case TermKind::Add:
    return "+";
  case TermKind::Sub:
    return "-";
  case TermKind::Mul:
    return "*";
  case TermKind::Div:
    return "floordiv";
  case TermKind::Max:
    return "max";
  case TermKind::Min:
    return "min";
  case TermKind::SelectEq:
    return "select ==";
  case TermKind::SelectLe:
    return "select <=";
  }
  return "?";
}

/// One function's cluster: its dims (every term a value, an edge or an
/// obligation mentions, each once), its edges and its obligations.
class Cluster {
public:
  Cluster(std::string &out, const FunctionReport &fn, size_t number)
      : out(out), fn(fn), problem(*fn.problem), graph(problem.graph),
        number(number), prefix("f" + std::to_string(number) + "_") {}

  void write(const PositionResolver &resolve) {
    out += "  subgraph cluster_" + std::to_string(number) + " {\n";
    out += "    label=" +
           dotQuote("@" + problem.function + " (" +
                    verdictName(fn.verdicts->verdict) + ")") +
           ";\n";
    // Dims: every term a value, an edge or an obligation mentions.
    for (const ValueInfo &value : problem.values) {
      for (TermId dim : value.dims)
        show(dim);
      if (value.scalar != kNoTerm)
        show(value.scalar);
    }
    writeEdges();
    writeObligations(resolve);
    out += "  }\n";
  }

private:
  std::string &out;
  const FunctionReport &fn;
  const Problem &problem;
  const DimGraph &graph;
  size_t number;
  std::string prefix;
  std::unordered_set<TermId> shown;

  /// A dim's node, once: its names and refined value; sizes that come
  /// from opaque ops dashed and brown.
  void show(TermId t) {
    if (!shown.insert(t).second)
      return;
    std::string label = termText(graph, t);
    for (const std::string &name : graph.labels(t))
      if (name != label)
        label += "\n" + name;
    if (fn.shapes && fn.shapes->wellDefined() && !graph.constantValue(t)) {
      if (std::optional<int64_t> c = fn.shapes->constant(t))
        label += "\n= " + std::to_string(*c);
      else if (!fn.shapes->name(t).empty() &&
               fn.shapes->name(t) != termText(graph, t))
        label += "\n== " + fn.shapes->name(t);
    }
    bool opaque = graph.isSymbol(t) &&
                  graph.symbolOf(t).origin == SymbolOrigin::OpaqueDim;
    if (opaque)
      label += "\n(from an opaque op)";
    out += "    " + prefix + "t" + std::to_string(t) +
           " [label=" + dotQuote(label) +
           (opaque              ? ", style=\"bold,dashed\", color=saddlebrown, "
                                  "fontcolor=saddlebrown"
            : graph.isSymbol(t) ? ", style=bold"
                                : "") +
           "];\n";
  }

  void writeEdges() {
    for (const DimGraph::Edge &edge : graph.edges()) {
      if (!shown.count(edge.a) && !shown.count(edge.b) &&
          edge.relation != Relation::DerivedFrom)
        continue;
      // A fact tying a dim to a constant is a bound (>= --min-dim): noise.
      if (edge.relation == Relation::Fact &&
          (graph.constantValue(edge.a) || graph.constantValue(edge.b)))
        continue;
      show(edge.a);
      show(edge.b);
      const char *style = edge.relation == Relation::DerivedFrom ? "solid"
                          : edge.relation == Relation::Equal     ? "dashed"
                          : edge.relation == Relation::Fact      ? "dotted"
                                                                 : "bold";
      out += "    " + prefix + "t" + std::to_string(edge.a) + " -> " + prefix +
             "t" + std::to_string(edge.b) + " [style=" + style +
             (edge.relation == Relation::BroadcastCompatible
                  ? ", dir=none, color=steelblue"
                  : "") +
             "];\n";
    }
  }

  /// Obligations as boxes coloured by verdict, tied to the dims they name.
  void writeObligations(const PositionResolver &resolve) {
    for (size_t k = 0; k < problem.obligations.size(); ++k) {
      const Obligation &ob = problem.obligations[k];
      const Finding &finding = fn.verdicts->findings[k];
      std::string id = prefix + "o" + std::to_string(k);
      std::string label =
          std::string(obligationKindName(ob.kind)) +
          (ob.dim >= 0 ? " dim " + std::to_string(ob.dim) : std::string()) +
          "\n" + resolve(problem.locOf(ob)).str() + "\n" +
          verdictName(finding.verdict);
      if (!finding.condition.empty() && finding.condition != "true")
        label += "\nwhen " + finding.condition;
      out += "    " + id +
             " [shape=box, color=" + verdictColor(finding.verdict) +
             ", fontcolor=" + verdictColor(finding.verdict) +
             ", label=" + dotQuote(label) + "];\n";
      for (TermId t : problem.formulas.termsOf(ob.violation)) {
        show(t);
        out += "    " + id + " -> " + prefix + "t" + std::to_string(t) +
               " [color=" + verdictColor(finding.verdict) +
               ", arrowhead=none];\n";
      }
    }
  }
};

} // namespace

std::string renderDot(const std::vector<FileReport> &files,
                      const PositionResolver &resolve) {
  std::string out =
      "digraph symshape {\n  rankdir=LR;\n  node [fontsize=10];\n";
  size_t cluster = 0;
  for (const FileReport &file : files)
    for (const FunctionReport &fn : file.functions) {
      Cluster(out, fn, cluster).write(resolve);
      ++cluster;
    }
  return out + "}\n";
}

} // namespace symshape::solver
