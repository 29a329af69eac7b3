//===- Model.cpp - Reference lowering of a Program ------------------------===//
//
// Written from the contract in SPEC.md, the seeds and the lead's per-op
// contract, without looking at symshape's lowering.
//
//===----------------------------------------------------------------------===//

#include "ModelBuilder.h"

#include "oracle/StaticBroadcast.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>

namespace symshape::property {

const char *modelKindName(ModelKind kind) {
  switch (kind) {
  case ModelKind::Broadcast:
    return "broadcast";
  case ModelKind::ResultCast:
    return "result-cast";
  case ModelKind::Rank:
    return "rank";
  case ModelKind::Assume:
    return "assume";
  case ModelKind::MappedDim:
    return "mapped-dim";
  case ModelKind::Cast:
    return "cast";
  case ModelKind::Join:
    return "join";
  case ModelKind::InBounds:
    return "in-bounds";
  case ModelKind::Cstr:
    return "cstr";
  }
  return "?";
}

int64_t inferDim(int64_t lhs, int64_t rhs, bool &error) {
  static_assert(kDynamic == models::kStaticDynamic, "one spelling of `?`");
  int64_t inferred;
  error = !models::inferStaticDim(lhs, rhs, inferred);
  return inferred;
}

namespace model_impl {

//===--- Implicit broadcast (seed 000) -----------------------------------===//

RuntimeValue Builder::implicitBroadcast(const Op &op) {
  bool scalar = false;
  for (int operand : op.operands)
    scalar |= typeOf(operand).scalar;
  if (op.operands.empty() || scalar) {
    add(ModelKind::Broadcast, -1, Form::Always, true,
        scalar ? "a non-tensor operand" : "no operand");
    return declared(op.result);
  }
  std::vector<int> ranked;
  bool unranked = false;
  for (int operand : op.operands) {
    if (typeOf(operand).ranked)
      ranked.push_back(operand);
    else
      unranked = true;
  }
  if (ranked.empty())
    return declared(op.result);

  // Columns, aligned on the right; static fold left to right.
  int rank = 0;
  for (int operand : ranked)
    rank = std::max(rank, typeOf(operand).rank());
  Columns columns(rank);
  for (int operand : ranked) {
    const TensorType &type = typeOf(operand);
    int shift = rank - type.rank();
    for (int d = 0; d < type.rank(); ++d)
      columns.add(shift + d, valueOf(operand).dims[d], type.dims[d]);
  }
  return finishBroadcast(op, columns, unranked, false);
}

/// The `broadcast`, `rank` and `result-cast` obligations of an
/// implicit-style broadcast over `columns`, and its result.
RuntimeValue Builder::finishBroadcast(const Op &op, const Columns &columns,
                                      bool unranked, bool erroneous) {
  const TensorType &resultType = typeOf(op.result);
  int rank = columns.rank();
  std::vector<int> column(rank);
  for (int j = 0; j < rank; ++j)
    column[j] = broadcastTerm(columns.parts[j]);

  for (int j = 0; j < rank; ++j) {
    if (columns.parts[j].size() < 2)
      continue;
    bool error = columns.error[j];
    conflict(ModelKind::Broadcast, j, columns.parts[j], error,
             error ? "two unequal static sizes, neither 1" : "");
    erroneous |= error;
  }
  int offset = 0;
  if (resultType.ranked) {
    int rr = resultType.rank();
    bool error = unranked ? rr < rank : rr != rank;
    add(ModelKind::Rank, -1, error ? Form::Always : Form::Never, error,
        error ? "result rank " + std::to_string(rr) + " vs inferred rank " +
                    std::to_string(rank)
              : "");
    erroneous |= error;
    offset = rr - rank;
    for (int d = 0; !error && d < rr; ++d) {
      int64_t c = resultType.dims[d];
      if (c == kDynamic || d < offset)
        continue;
      int j = d - offset;
      bool unused = false;
      int64_t v = unranked && kUnrankedFoldsColumn
                      ? inferDim(columns.inferred[j], kDynamic, unused)
                      : columns.inferred[j];
      bool castError =
          (v != kDynamic && v != c) || (program.strict && v == kDynamic);
      std::string why = !castError      ? ""
                        : v == kDynamic ? "inferred ? under --strict"
                                        : "inferred " + std::to_string(v);
      if (unranked)
        notOneNorEqual(ModelKind::ResultCast, d, column[j], constant(c),
                       castError, why);
      else
        notEqual(ModelKind::ResultCast, d, column[j], constant(c), castError,
                 why);
      if (columns.error[j])
        ambiguous("a result-cast on a statically conflicting column");
      erroneous |= castError;
    }
  }
  if (erroneous)
    return declared(op.result);

  RuntimeValue rv;
  if (!resultType.ranked) {
    rv.ranked = !unranked;
    if (rv.ranked)
      rv.dims = column;
    return rv;
  }
  rv.ranked = true;
  for (int d = 0; d < resultType.rank(); ++d) {
    int64_t c = resultType.dims[d];
    if (c != kDynamic) {
      rv.dims.push_back(constant(c));
    } else if (!unranked) {
      rv.dims.push_back(column[d]);
    } else if (d < offset) {
      rv.dims.push_back(symbol(op.result, d));
    } else {
      int sym = symbol(op.result, d);
      addFact(sym, column[d - offset]);
      rv.dims.push_back(sym);
    }
  }
  return rv;
}

//===--- Tensor glue ------------------------------------------------------===//

RuntimeValue Builder::dimOp(const Op &op) {
  const RuntimeValue &t = valueOf(op.operands[0]);
  int k = scalarOf(op.operands[1]);
  RuntimeValue rv;
  if (!t.ranked || !isConst(k) || term(k).value < 0) {
    ambiguous("tensor.dim of an unranked tensor or a non-constant index");
    rv.scalar = constant(0);
    return rv;
  }
  if (term(k).value >= static_cast<int64_t>(t.dims.size())) {
    // A static `rank` error; the result is its declared type, `index`: a
    // free integer.
    add(ModelKind::Rank, -1, Form::Always, true, "tensor.dim past the rank");
    rv.scalar =
        symbol("%" + program.values[op.result].name, /*unbounded=*/true);
    return rv;
  }
  rv.scalar = t.dims[term(k).value];
  return rv;
}

RuntimeValue Builder::empty(const Op &op) {
  const TensorType &type = typeOf(op.result);
  size_t dynamic = std::count(type.dims.begin(), type.dims.end(), kDynamic);
  if (!type.ranked || dynamic != op.operands.size()) {
    add(ModelKind::Rank, -1, Form::Always, true,
        "one size per dynamic dim expected");
    return declared(op.result);
  }
  RuntimeValue rv;
  rv.ranked = true;
  size_t next = 0;
  for (size_t d = 0; d < type.dims.size(); ++d) {
    if (type.dims[d] != kDynamic) {
      rv.dims.push_back(constant(type.dims[d]));
      continue;
    }
    // SPEC 2: a dim is never negative. Checked unless the size is one by
    // construction (a size, a constant >= 0, sums and products of such).
    int size = scalarOf(op.operands[next++]);
    if (!neverNegative(size)) {
      ModelObligation &ob = add(ModelKind::InBounds, -1, Form::Negative);
      ob.lhs = size;
    }
    rv.dims.push_back(size);
  }
  return rv;
}

RuntimeValue Builder::cast(const Op &op) {
  const TensorType &from = typeOf(op.operands[0]);
  const TensorType &to = typeOf(op.result);
  const RuntimeValue &a = valueOf(op.operands[0]);
  if (!from.ranked || !to.ranked) {
    ambiguous("tensor.cast from or to an unranked type");
    return declared(op.result);
  }
  if (from.rank() != to.rank()) {
    add(ModelKind::Cast, -1, Form::Always, true, "ranks differ");
    return declared(op.result);
  }
  bool erroneous = false;
  for (int d = 0; d < to.rank(); ++d) {
    int64_t c = to.dims[d];
    if (c == kDynamic)
      continue;
    bool error = from.dims[d] != kDynamic && from.dims[d] != c;
    notEqual(ModelKind::Cast, d, a.dims[d], constant(c), error,
             error ? "static " + std::to_string(from.dims[d]) + " to " +
                         std::to_string(c)
                   : "");
    erroneous |= error;
  }
  if (erroneous)
    return declared(op.result);
  RuntimeValue rv;
  rv.ranked = true;
  for (int d = 0; d < to.rank(); ++d)
    rv.dims.push_back(to.dims[d] == kDynamic ? a.dims[d]
                                             : constant(to.dims[d]));
  return rv;
}

//===--- linalg.broadcast (seed 002) -------------------------------------===//

RuntimeValue Builder::linalg(const Op &op) {
  const TensorType &in = typeOf(op.operands[0]);
  const TensorType &init = typeOf(op.operands[1]);
  const RuntimeValue &x = valueOf(op.operands[0]);
  const RuntimeValue &y = valueOf(op.operands[1]);
  if (!in.ranked || !init.ranked) {
    ambiguous("linalg.broadcast of an unranked tensor");
    return declared(op.result);
  }
  int a = in.rank(), b = init.rank();
  // map[i]: the init dim input dim i goes to.
  std::vector<int> map;
  bool valid = true;
  if (op.rfc) {
    valid = static_cast<int>(op.attr.size()) == a;
    for (size_t i = 0; valid && i < op.attr.size(); ++i) {
      valid = op.attr[i] >= 0 && op.attr[i] < b &&
              (i == 0 || op.attr[i] > op.attr[i - 1]);
      map.push_back(static_cast<int>(op.attr[i]));
    }
  } else {
    std::set<int64_t> added(op.attr.begin(), op.attr.end());
    valid = added.size() == op.attr.size() &&
            a + static_cast<int>(op.attr.size()) == b;
    for (int64_t d : op.attr)
      valid = valid && d >= 0 && d < b;
    for (int t = 0; valid && t < b; ++t)
      if (!added.count(t))
        map.push_back(t);
  }
  if (!valid) {
    add(ModelKind::MappedDim, -1, Form::Always, true, "invalid dimensions");
    return declared(op.result);
  }
  bool erroneous = false;
  for (int i = 0; i < a; ++i) {
    int t = map[i];
    // As written: `?` equals only `?`.
    bool error = in.dims[i] != init.dims[t];
    notEqual(ModelKind::MappedDim, t, x.dims[i], y.dims[t], error,
             error ? "mapped sizes differ as written" : "");
    erroneous |= error;
  }
  if (erroneous)
    return declared(op.result);
  RuntimeValue rv;
  rv.ranked = true;
  rv.dims = y.dims;
  return rv;
}

} // namespace model_impl

Model buildModel(const Program &program) {
  return model_impl::Builder(program).run();
}

} // namespace symshape::property
