//===- DimParams.cpp - onnx-mlir's named argument dims --------------------===//
//
// onnx-mlir keeps an ONNX graph input's symbolic dims (the model's
// `dim_param`s) as an argument attribute (SPEC.md section 2, "Exporters'
// facts"):
//
//   func.func @f(%arg0: tensor<1x?x2048xf32> {onnx.dim_params = "1:s0"},
//                %arg1: tensor<1x?x2048xf32> {onnx.dim_params = "1:s0"})
//
// Each `INDEX:NAME` entry says dim INDEX of that argument is the size
// `$NAME`: dims of one function that share a name are equal. These are
// facts, like --assume. An entry that is not of that form, or names a dim
// the argument does not have, states nothing (a fact left out only makes
// the analysis less precise, never wrong).
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

#include <cctype>
#include <map>

namespace symshape::frontend {

namespace {

/// "1:s0,0:batch" -> {(1, "s0"), (0, "batch")}; malformed entries are
/// left out.
std::vector<std::pair<size_t, std::string>> parseDimParams(std::string_view s) {
  std::vector<std::pair<size_t, std::string>> out;
  while (!s.empty()) {
    size_t comma = s.find(',');
    std::string_view entry = s.substr(0, comma);
    s = comma == std::string_view::npos ? std::string_view()
                                        : s.substr(comma + 1);
    size_t colon = entry.find(':');
    if (colon == 0 || colon == std::string_view::npos || colon > 9 ||
        colon + 1 == entry.size())
      continue;
    bool digits = true;
    for (size_t k = 0; k < colon; ++k)
      digits = digits && std::isdigit(static_cast<unsigned char>(entry[k]));
    if (!digits)
      continue;
    out.emplace_back(size_t(std::stoul(std::string(entry.substr(0, colon)))),
                     std::string(entry.substr(colon + 1)));
  }
  return out;
}

} // namespace

void Lowerer::addDimParamFacts() {
  // One symbol per name: DimGraph::symbol never shares one.
  std::map<std::string, TermId> named;
  for (size_t a = 0;
       a < function.arguments.size() && a < function.argumentAttributes.size();
       ++a) {
    const Attribute *params =
        findAttr(function.argumentAttributes[a], "onnx.dim_params");
    if (!params || params->kind != AttrKind::String)
      continue;
    const ValueState &s = states[function.arguments[a]];
    if (!s.ranked)
      continue;
    for (const auto &[dim, name] : parseDimParams(params->str)) {
      if (dim >= s.dims.size())
        continue;
      auto [it, fresh] = named.emplace(name, solver::kNoTerm);
      if (fresh)
        it->second = graph().symbol("$" + name, solver::SymbolOrigin::Scalar);
      prob->addFact(formulas().mkEq(s.dims[dim], it->second));
    }
  }
}

} // namespace symshape::frontend
