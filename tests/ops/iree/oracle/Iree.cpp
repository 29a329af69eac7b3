//===- Iree.cpp - IREE's util, flow and hal input ops ---------------------===//
//
// From IREE's op definitions (Util/IR/UtilOps.td, Flow/IR/FlowOps.td,
// HAL/IR/HALOps.td), written apart from symshape's lowering:
//
//   util.optimization_barrier, hal.tensor.barrier  an identity on each value
//   util.unfoldable_constant, flow.tensor.constant its value
//   flow.tensor.dynamic_constant V : T -> R        V's value, R's rank
//   util.assume.int %x<umin, umax, udiv>           %x; UB unless, for some
//       row of the operand, umin <= u <= umax and u % udiv == 0, u being
//       %x as an unsigned integer of its width (IREE folds on it)
//   flow.tensor.tie_shape %x : T{dims}, hal.tensor.export %x : T{dims}
//       the listed sizes are %x's `?` dims (UB otherwise: IREE folds
//       tensor.dim of the result to them); export: a buffer view of %x's
//       shape, which hal.buffer_view.dim reads
//   hal.tensor.import %v : ... -> T{dims}          T with the listed sizes
//   util.global.load(.indirect)                    the global's declared
//       static shape (the parser's `symshape.global_type`)
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

namespace symshape::models::oracle {

using frontend::Attribute;
using frontend::AttrKind;
using frontend::Type;
using frontend::TypeKind;

static std::string s(int64_t v) { return std::to_string(v); }

/// Result r is operand r: a tensor, a scalar, or nothing the oracle reads.
static bool identity(Eval &e) {
  for (size_t r = 0; r < e.numResults(); ++r) {
    if (r >= e.numOperands())
      return e.unsupported("more results than operands");
    if (e.isTensor(r)) {
      const RtValue *v = e.tensor(r);
      e.setResult(r, v->shape, v->data);
    } else if (e.declaredResult(r).kind == TypeKind::Index ||
               e.declaredResult(r).kind == TypeKind::Integer) {
      e.setScalar(r, e.scalar(r));
    }
  }
  return true;
}

static bool constant(Eval &e) {
  const Attribute *value = e.attr("value");
  const Type &type = e.declaredResult(0);
  if (!value)
    return e.unsupported("no value");
  if (value->kind == AttrKind::Integer)
    return e.setScalar(0, value->intValue);
  if (!value->hasType || value->type.kind != TypeKind::RankedTensor)
    return e.unsupported("value of unknown shape");
  std::optional<std::vector<int64_t>> data;
  if (value->kind == AttrKind::DenseInt) {
    data = value->ints;
    if (value->splat)
      data->assign(size_t(product(value->type.dims)), value->ints.front());
  }
  if (type.kind == TypeKind::RankedTensor &&
      type.dims.size() != value->type.dims.size())
    return e.unsupported("value and result ranks differ");
  return e.setResult(0, value->type.dims, data);
}

/// The listed sizes operands [first, ...) against the `?` dims of `type`
/// at runtime sizes `shape`.
static bool listedDims(Eval &e, const Type &type, const Shape &shape,
                       size_t first) {
  size_t next = first;
  for (size_t d = 0; d < type.dims.size(); ++d) {
    if (type.dims[d] != frontend::kDynamic)
      continue;
    std::optional<int64_t> listed = e.scalar(next++);
    if (!listed)
      return e.unsupported("listed size not known");
    if (!e.require(*listed == shape[d], "dim " + s(d) + " is " + s(shape[d]) +
                                            ", the dims list says " +
                                            s(*listed)))
      return false;
  }
  return next == e.numOperands() ||
         e.unsupported("more sizes than dynamic dims");
}

static bool tieShape(Eval &e) {
  const RtValue *x = e.tensor(0);
  return x && listedDims(e, e.declaredResult(0), x->shape, 1) &&
         e.setResult(0, x->shape, x->data);
}

static bool tensorExport(Eval &e) {
  const RtValue *x = e.tensor(0);
  if (!x)
    return false;
  // The source's type is the operand's: the value's declared type.
  const Type &type = e.operandType(0);
  if (type.kind != TypeKind::RankedTensor)
    return e.unsupported("source type not ranked");
  return listedDims(e, type, x->shape, 1) && e.setResult(0, x->shape);
}

static bool tensorImport(Eval &e) {
  std::optional<std::vector<int64_t>> segments = e.ints("operandSegmentSizes");
  const Type &type = e.declaredResult(0);
  if (!segments || segments->size() != 4 || type.kind != TypeKind::RankedTensor)
    return e.unsupported("import form not read");
  Shape shape = type.dims;
  size_t next = size_t((*segments)[0]);
  for (int64_t &d : shape)
    if (d == frontend::kDynamic) {
      std::optional<int64_t> listed = e.scalar(next++);
      if (!listed || *listed < 0) // a negative one fails IREE's shape check
        return e.unsupported("listed size not known or negative");
      d = *listed;
    }
  return e.setResult(0, shape);
}

static bool bufferViewDim(Eval &e) {
  std::optional<int64_t> index = e.integer("index");
  if (!index || !e.isTensor(0))
    return e.unsupported("buffer view of unknown shape");
  const Shape &shape = e.tensor(0)->shape;
  if (*index < 0 || size_t(*index) >= shape.size())
    return e.unsupported("dim past the buffer view's rank");
  return e.setScalar(0, shape[size_t(*index)]);
}

static bool dynamicConstant(Eval &e) {
  const Attribute *value = e.attr("value");
  if (!value || !value->hasType || value->type.kind != TypeKind::RankedTensor)
    return e.unsupported("value of unknown shape");
  return e.setResult(0, value->type.dims);
}

static bool globalLoad(Eval &e) {
  const Attribute *global = e.attr("symshape.global_type");
  if (!global || global->kind != AttrKind::TypeAttr ||
      global->type.kind != TypeKind::RankedTensor)
    return e.unsupported("global of unknown shape");
  for (int64_t d : global->type.dims)
    if (d == frontend::kDynamic)
      return e.unsupported("a dynamic global: its stored size is no input");
  return e.setResult(0, global->type.dims);
}

/// `#util.int.assumption<umin = 1, umax = 4, udiv = 2>` holds of `x`, a
/// value of `width` bits read as unsigned.
static std::optional<bool> assumptionHolds(const std::string &text, int64_t x,
                                           unsigned width) {
  const std::string prefix = "#util.int.assumption<";
  if (text.compare(0, prefix.size(), prefix) != 0 || text.back() != '>')
    return std::nullopt;
  unsigned __int128 u =
      x >= 0 ? (unsigned __int128)x
             : ((unsigned __int128)1 << width) - (unsigned __int128)(-x);
  std::string body =
      text.substr(prefix.size(), text.size() - prefix.size() - 1);
  bool holds = true;
  size_t at = 0;
  while (at < body.size()) {
    size_t comma = body.find(',', at);
    std::string entry = body.substr(
        at, comma == std::string::npos ? std::string::npos : comma - at);
    at = comma == std::string::npos ? body.size() : comma + 1;
    size_t equal = entry.find('=');
    if (equal == std::string::npos)
      return std::nullopt;
    std::string key, digits;
    for (char c : entry.substr(0, equal))
      if (c != ' ')
        key += c;
    for (char c : entry.substr(equal + 1))
      if (c != ' ')
        digits += c;
    if (digits.empty() || digits.size() > 19 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    unsigned __int128 v = std::stoull(digits);
    if (key == "umin")
      holds = holds && u >= v;
    else if (key == "umax")
      holds = holds && u <= v;
    else if (key == "udiv")
      holds = holds && v != 0 && u % v == 0;
    else
      return std::nullopt;
  }
  return holds;
}

static bool assumeInt(Eval &e) {
  const Attribute *all = e.attr("assumptions");
  if (!all || all->kind != AttrKind::Array ||
      all->elements.size() != e.numOperands())
    return e.unsupported("assumptions not read");
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const Type &type = e.declaredResult(i);
    unsigned width = type.kind == TypeKind::Index ? 64 : 0;
    if (type.kind == TypeKind::Integer && type.spelling.size() > 1 &&
        type.spelling[0] == 'i')
      width = unsigned(std::stoul(type.spelling.substr(1)));
    std::optional<int64_t> x = e.scalar(i);
    if (!x || width == 0 || width > 64)
      return e.unsupported("operand value not known");
    const std::vector<Attribute> &rows = all->elements[i].elements;
    bool any = rows.empty();
    for (const Attribute &row : rows) {
      std::optional<bool> holds = assumptionHolds(row.text, *x, width);
      if (!holds)
        return e.unsupported("assumption " + row.text + " not read");
      any = any || *holds;
    }
    if (!e.require(any, "operand #" + s(i) + " = " + s(*x) +
                            " breaks its assumptions"))
      return false;
    e.setScalar(i, *x);
  }
  return true;
}

static bool call(Eval &e) {
  const Attribute *callee = e.attr("callee");
  if (!callee || callee->kind != AttrKind::SymbolRef)
    return e.unsupported("callee not readable");
  return e.call(callee->str);
}

static bool nothing(Eval &) { return true; }

static void registerIree() {
  add("util.call", call);
  add("util.optimization_barrier", identity);
  add("hal.tensor.barrier", identity);
  add("util.unfoldable_constant", constant);
  add("flow.tensor.constant", constant);
  add("flow.tensor.dynamic_constant", dynamicConstant);
  add("util.assume.int", assumeInt);
  add("flow.tensor.tie_shape", tieShape);
  add("hal.tensor.export", tensorExport);
  add("hal.tensor.import", tensorImport);
  add("hal.buffer_view.dim", bufferViewDim);
  add("util.global.load", globalLoad);
  add("util.global.load.indirect", globalLoad);
  add("util.global.address", nothing);
  add("util.global.store", nothing);
  add("util.global.store.indirect", nothing);
  for (const char *plumbing :
       {"util.null", "hal.devices.get", "hal.fence.create", "hal.fence.await"})
    add(plumbing, nothing);
}

static const RuleFile rules(__FILE__, registerIree);

} // namespace symshape::models::oracle
