//===- Composite.cpp - stablehlo.composite, through its decomposition -----===//
//
//   %0 = stablehlo.composite "my.gelu" %x {decomposition = @my.gelu.impl,
//          version = 1 : i32} : (tensor<?x8xf32>) -> tensor<?x8xf32>
//
// The StableHLO spec defines a composite by its decomposition: "Semantics:
// ... the op can be replaced with the call to decomposition" (composite_c2:
// the function is in the parent scope; c3 / c4: its input and output types
// are the op's). So it is judged like a call of that function: a private
// decomposition is judged through the composites that call it, its
// findings at its own ops with the composite as the call site.
//
//===----------------------------------------------------------------------===//

#include "SdyInternal.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend::sdy {

bool parseComposite(Parser &p, PendingOp &pending) {
  if (!p.tok.is(TokenKind::String))
    return false;
  NamedAttribute name;
  name.name = "name";
  name.loc = p.tokLoc();
  std::optional<Attribute> value = p.parseAttribute(/*allowType=*/false);
  if (!value)
    return false;
  name.value = std::move(*value);
  pending.op.attributes.push_back(std::move(name));
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || !parsePropsAndAttrs(p, pending) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> inputs, results;
  if (!p.parseFunctionType(inputs, results, &pending.op.resultTypeRanges) ||
      inputs.size() != uses.size())
    return false;
  pending.resultTypes = std::move(results);
  return p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                       typesLoc);
}

void lowerComposite(OpContext &ctx) {
  // composite_c2..c4: a call of the decomposition with the op's operands.
  lowerCallOf(ctx, ctx.attr("decomposition"));
}

} // namespace symshape::frontend::sdy
