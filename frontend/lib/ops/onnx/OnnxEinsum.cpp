//===- OnnxEinsum.cpp - ONNX Einsum: the equation as a shape rule ---------===//
//
// onnx.Einsum-12: `equation` is `term1,term2,...[->output]`, a term being
// letters (one per dim) and at most one `...` standing for the dims no
// letter names. A letter repeated across or within terms names one size:
// where two of its dims differ, one must be 1 (onnxruntime's Einsum
// broadcasts those, as numpy.einsum does not; the ONNX docs leave it open,
// so only what both reject is reported), and the `...` dims of the inputs
// broadcast (numpy). The output is the explicit output term, or (implicit
// mode) the `...` dims then the letters that appear once, alphabetically.
//
//===----------------------------------------------------------------------===//

#include "OnnxNeuralCommon.h"

#include <map>

namespace symshape::frontend {

namespace {

/// One term: its letters, and where the `...` is (npos: none).
struct Term {
  std::string letters;
  size_t ellipsis = std::string::npos;
};

/// Parses `text` (spaces removed) into a term; false for another character
/// or a second `...`.
bool parseTerm(std::string_view text, Term &term) {
  for (size_t i = 0; i < text.size(); ++i) {
    char ch = text[i];
    if (ch == '.') {
      if (text.substr(i, 3) != "..." || term.ellipsis != std::string::npos)
        return false;
      term.ellipsis = term.letters.size();
      i += 2;
    } else if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) {
      term.letters.push_back(ch);
    } else {
      return false;
    }
  }
  return true;
}

std::optional<std::vector<Term>> parseTerms(std::string_view text) {
  std::vector<Term> terms;
  while (true) {
    size_t comma = text.find(',');
    Term term;
    if (!parseTerm(text.substr(0, comma), term))
      return std::nullopt;
    terms.push_back(std::move(term));
    if (comma == std::string_view::npos)
      return terms;
    text.remove_prefix(comma + 1);
  }
}

void lowerEinsum(OpContext &c) {
  std::optional<std::string> equation = onnxString(c, "equation");
  if (!equation)
    return c.error("the attribute equation is required");
  std::string eq;
  for (char ch : *equation)
    if (ch != ' ')
      eq.push_back(ch);
  size_t arrow = eq.find("->");
  std::string_view lhs(eq);
  std::optional<Term> output;
  if (arrow != std::string::npos) {
    lhs = lhs.substr(0, arrow);
    output.emplace();
    if (!parseTerm(std::string_view(eq).substr(arrow + 2), *output))
      return c.error("equation \"" + *equation + "\" is not well formed");
  }
  std::optional<std::vector<Term>> inputs = parseTerms(lhs);
  if (!inputs)
    return c.error("equation \"" + *equation + "\" is not well formed");
  if (inputs->size() != c.numOperands())
    return c.error("equation \"" + *equation + "\" has " +
                   std::to_string(inputs->size()) + " terms for " +
                   std::to_string(c.numOperands()) + " inputs");
  std::map<char, std::vector<TermId>> sizes;
  std::vector<std::vector<TermId>> ellipses;
  bool anyEllipsis = false;
  for (size_t i = 0; i < inputs->size(); ++i) {
    const Term &term = (*inputs)[i];
    std::optional<std::vector<TermId>> dims = onnxInputDims(c, i);
    if (!dims)
      return;
    size_t named = term.letters.size();
    bool hasEllipsis = term.ellipsis != std::string::npos;
    if (dims->size() < named || (!hasEllipsis && dims->size() != named))
      return c.error("input " + std::to_string(i) + " has rank " +
                     std::to_string(dims->size()) + ", its term names " +
                     std::to_string(named) + " dims");
    size_t extra = dims->size() - named;
    size_t d = 0;
    for (size_t l = 0; l <= named; ++l) {
      if (l == term.ellipsis) {
        ellipses.emplace_back(dims->begin() + long(d),
                              dims->begin() + long(d + extra));
        anyEllipsis = true;
        d += extra;
      }
      if (l < named)
        sizes[term.letters[l]].push_back((*dims)[d++]);
    }
  }
  if (output && output->ellipsis == std::string::npos)
    for (const std::vector<TermId> &dims : ellipses)
      if (!dims.empty())
        return c.opaque("`...` dims that the explicit output leaves out");
  // Each letter's size, and the `...` dims: broadcast.
  std::map<char, TermId> size;
  for (auto &[letter, list] : sizes) {
    std::vector<std::vector<TermId>> shapes;
    for (TermId t : list)
      shapes.push_back({t});
    size[letter] = broadcastShapes(c, shapes)[0];
  }
  std::vector<TermId> ellipsis = broadcastShapes(c, ellipses);
  if (c.failed())
    return;

  if (!output) {
    output.emplace();
    if (anyEllipsis)
      output->ellipsis = 0;
    for (auto &[letter, list] : sizes)
      if (list.size() == 1)
        output->letters.push_back(letter);
  }
  std::vector<TermId> out;
  std::string seen;
  for (size_t l = 0; l <= output->letters.size(); ++l) {
    if (l == output->ellipsis)
      out.insert(out.end(), ellipsis.begin(), ellipsis.end());
    if (l == output->letters.size())
      break;
    char letter = output->letters[l];
    if (seen.find(letter) != std::string::npos)
      return c.error(std::string("the output letter '") + letter +
                     "' is repeated");
    seen.push_back(letter);
    auto it = size.find(letter);
    if (it == size.end())
      return c.error(std::string("the output letter '") + letter +
                     "' names no input dim");
    out.push_back(it->second);
  }
  setOnnxOutput(c, 0, std::move(out));
}

} // namespace

const std::vector<OnnxRule> &onnxEinsumRules() {
  static const std::vector<OnnxRule> rules = {
      {"Einsum", lowerEinsum,
       "the equation: a letter's sizes agree (or are 1), `...` broadcasts"},
  };
  return rules;
}

} // namespace symshape::frontend
