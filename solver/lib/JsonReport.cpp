//===- JsonReport.cpp - The `check --json` document -----------------------===//

#include "symshape/solver/Report.h"

#include <cstdio>

namespace symshape::solver {

std::string jsonQuote(const std::string &text) {
  std::string out = "\"";
  // JSON text is Unicode; source text is copied into names as it is.
  for (unsigned char c : validUtf8(text)) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += char(c);
      }
    }
  }
  return out + "\"";
}

namespace {

/// A dim as the JSON `shape` lists it: an integer, a name, or "?".
std::string dimText(const Problem &problem, const ShapeRefinement *shapes,
                    TermId term) {
  if (shapes && shapes->wellDefined())
    return shapes->dimText(term);
  if (std::optional<int64_t> value = problem.graph.constantValue(term))
    return std::to_string(*value);
  if (problem.graph.isSymbol(term))
    return problem.graph.symbolOf(term).name;
  return "?";
}

/// The value's tensor type with every dim that is a known integer written
/// in; other types are kept.
std::string refinedType(const Problem &problem, const ShapeRefinement *shapes,
                        const ValueInfo &value) {
  if (value.kind != ValueInfo::Kind::Tensor || !value.ranked)
    return value.type;
  std::string text = "tensor<";
  for (TermId dim : value.dims) {
    std::optional<int64_t> c = shapes && shapes->wellDefined()
                                   ? shapes->constant(dim)
                                   : problem.graph.constantValue(dim);
    text += (c ? std::to_string(*c) : std::string("?")) + "x";
  }
  return text + value.element + ">";
}

void writeValues(std::string &out, const Problem &problem,
                 const ShapeRefinement *shapes) {
  out += "\"values\": {";
  bool first = true;
  for (const ValueInfo &value : problem.values) {
    if (value.kind != ValueInfo::Kind::Tensor &&
        value.kind != ValueInfo::Kind::Vector &&
        value.kind != ValueInfo::Kind::Shape)
      continue;
    if (value.name == "%")
      continue; // an unnamed result
    out += first ? "\n        " : ",\n        ";
    first = false;
    out += jsonQuote(value.name) + ": {\"type\": " + jsonQuote(value.type) +
           ", \"shape\": [";
    if (!value.ranked && value.typeRanked) {
      // Not followed by symshape: what the type says.
      for (size_t d = 0; d < value.typeDims.size(); ++d)
        out += (d ? ", " : "") +
               jsonQuote(value.typeDims[d] < 0
                             ? std::string("?")
                             : std::to_string(value.typeDims[d]));
    } else if (!value.ranked) {
      out += "\"*\"";
    } else {
      for (size_t d = 0; d < value.dims.size(); ++d)
        out += (d ? ", " : "") +
               jsonQuote(dimText(problem, shapes, value.dims[d]));
    }
    out += "], \"refined\": " + jsonQuote(refinedType(problem, shapes, value)) +
           "}";
  }
  out += first ? "}" : "\n      }";
}

void writeFinding(std::string &out, const Problem &problem,
                  const Obligation &ob, const Finding &finding,
                  const LocationFormatter &formatLoc) {
  out += "{\"loc\": " + jsonQuote(formatLoc(ob.loc)) +
         ", \"op\": " + jsonQuote(ob.op) +
         ", \"kind\": " + jsonQuote(obligationKindName(ob.kind));
  if (ob.dim >= 0)
    out += ", \"dim\": " + std::to_string(ob.dim);
  out += ", \"verdict\": " + jsonQuote(verdictName(finding.verdict));
  if (!finding.condition.empty())
    out += ", \"condition\": " + jsonQuote(finding.condition);
  if (finding.hasWitness) {
    out += ", \"witness\": {";
    for (size_t i = 0; i < finding.witness.size(); ++i)
      out += (i ? ", " : "") + jsonQuote(finding.witness[i].first) + ": " +
             std::to_string(finding.witness[i].second);
    out += "}";
  }
  if (!finding.reason.empty())
    out += ", \"reason\": " + jsonQuote(finding.reason);
  out +=
      ", \"message\": " + jsonQuote(findingMessage(problem, ob, finding)) + "}";
}

} // namespace

std::string renderJson(const std::vector<FileReport> &files,
                       const Summary &summary,
                       const LocationFormatter &formatLoc) {
  std::string out = "{\"files\": [";
  for (size_t f = 0; f < files.size(); ++f) {
    out += f ? ",\n  " : "\n  ";
    out += "{\"file\": " + jsonQuote(files[f].file) + ", \"functions\": [";
    const std::vector<FunctionReport> &functions = files[f].functions;
    for (size_t i = 0; i < functions.size(); ++i) {
      const Problem &problem = *functions[i].problem;
      const FunctionVerdicts &verdicts = *functions[i].verdicts;
      out += i ? ",\n    " : "\n    ";
      out += "{\"name\": " + jsonQuote(problem.function) +
             ", \"verdict\": " + jsonQuote(verdictName(verdicts.verdict)) +
             ",\n      \"findings\": [";
      for (size_t k = 0; k < problem.obligations.size(); ++k) {
        out += k ? ",\n        " : "\n        ";
        writeFinding(out, problem, problem.obligations[k], verdicts.findings[k],
                     formatLoc);
      }
      out += problem.obligations.empty() ? "],\n      " : "\n      ],\n      ";
      writeValues(out, problem, functions[i].shapes);
      out += "}";
    }
    out += functions.empty() ? "]}" : "\n  ]}";
  }
  out += files.empty() ? "],\n" : "\n],\n";
  static const Verdict order[] = {Verdict::Safe,         Verdict::UbPossible,
                                  Verdict::UbGuaranteed, Verdict::Error,
                                  Verdict::Unreachable,  Verdict::Unknown};
  out += " \"summary\": {";
  for (size_t i = 0; i < 6; ++i)
    out += (i ? ", " : "") + jsonQuote(verdictName(order[i])) + ": " +
           std::to_string(summary.counts[size_t(order[i])]);
  return out + "}}\n";
}

} // namespace symshape::solver
