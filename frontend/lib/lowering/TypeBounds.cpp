//===- TypeBounds.cpp - Bounded dynamism: #stablehlo.bounds ---------------===//
//
// StableHLO's bounded dynamism writes an upper bound for a `?` dim in the
// tensor type's encoding (SPEC.md section 2, "Exporters' facts"):
//
//   tensor<?x4xf32, #stablehlo.bounds<16, ?>>     dim 0 is at most 16
//
// (`?` for a dim without a bound; a static dim has none: the verifier's
// `bounds` rule, hlo::verifyBounds, in stablehlo/dialect/Base.cpp). mhlo
// spells it `#mhlo.type_extensions<bounds = [16, ?]>` (older printers
// `#stablehlo.type_extensions<bounds = [16, -1]>`). A bound is a fact
// about the value from where it is defined on, like --assume. An encoding
// that is not one of these, or does not fit the type, states nothing.
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

#include <cctype>

namespace symshape::frontend {

std::optional<std::vector<int64_t>> typeBounds(const Type &type) {
  std::string_view text = type.encoding;
  size_t start = std::string_view::npos;
  char close = '>';
  for (std::string_view prefix : {"#stablehlo.bounds<", "#mhlo.bounds<"})
    if (text.substr(0, prefix.size()) == prefix)
      start = prefix.size();
  for (std::string_view ext : {"#mhlo.type_extensions<bounds = [",
                               "#stablehlo.type_extensions<bounds = ["})
    if (text.substr(0, ext.size()) == ext) {
      start = ext.size();
      close = ']';
    }
  if (start == std::string_view::npos || !type.hasRank())
    return std::nullopt;
  std::vector<int64_t> bounds;
  size_t p = start;
  auto skip = [&] {
    while (p < text.size() && text[p] == ' ')
      ++p;
  };
  skip();
  while (p < text.size() && text[p] != close) {
    if (text[p] == '?') {
      bounds.push_back(kDynamic);
      ++p;
    } else if (text.substr(p, 2) == "-1" &&
               (p + 2 >= text.size() ||
                !std::isdigit(static_cast<unsigned char>(text[p + 2])))) {
      // The older printers' "no bound" (ShapedType's old kDynamic).
      bounds.push_back(kDynamic);
      p += 2;
    } else {
      size_t q = p;
      while (q < text.size() &&
             std::isdigit(static_cast<unsigned char>(text[q])))
        ++q;
      if (q == p || q - p > 18)
        return std::nullopt;
      bounds.push_back(std::stoll(std::string(text.substr(p, q - p))));
      p = q;
    }
    skip();
    if (p < text.size() && text[p] == ',') {
      ++p;
      skip();
    }
  }
  if (p >= text.size() || bounds.size() != type.dims.size())
    return std::nullopt;
  for (size_t d = 0; d < bounds.size(); ++d)
    if (bounds[d] != kDynamic && type.dims[d] != kDynamic)
      return std::nullopt; // a bound on a static dim: not StableHLO's
  return bounds;
}

void Lowerer::addBoundFacts(ValueId id) {
  const ValueState &s = states[id];
  std::optional<std::vector<int64_t>> bounds = typeBounds(value(id).type);
  if (!bounds || !s.ranked || s.dims.size() != bounds->size())
    return;
  for (size_t d = 0; d < bounds->size(); ++d)
    if ((*bounds)[d] != kDynamic)
      prob->addFact(formulas().mkLe(s.dims[d], graph().constant((*bounds)[d])));
}

} // namespace symshape::frontend
