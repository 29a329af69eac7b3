//===- Hlo.cpp - Writing StableHLO ops
//--------------------------------------===//

#include "gen/Hlo.h"

#include <cctype>

namespace symshape::exporters::gen {

static std::string list(const std::vector<int64_t> &v) {
  return "[" + join(v) + "]";
}

static std::string dense(const std::vector<int64_t> &v) {
  return v.empty() ? "array<i64>" : "array<i64: " + join(v) + ">";
}

static bool isFloat(const std::string &type) {
  return type.find("xf") != std::string::npos ||
         type.find("<f") != std::string::npos ||
         type.find("bf16") != std::string::npos;
}

void Hlo::emit(OpText t, std::vector<V> defs, bool hoist) {
  t.upstream = false;
  if (hoist)
    f.hoist(std::move(t), std::move(defs));
  else
    f.op(std::move(t), std::move(defs));
}

V Hlo::constant(const std::string &literal, const std::string &type,
                bool cache) {
  std::string key = literal + " : " + type;
  if (cache) {
    auto it = constants.find(key);
    if (it != constants.end())
      return it->second;
  }
  V r = f.value(namedConstants ? (isFloat(type) ? "cst" : "c") : "", type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.constant " + key;
  t.generic = ref(r) + " = \"stablehlo.constant\"() <{value = " + key +
              "}> : () -> " + type;
  t.loc = loc("");
  emit(t, {r}, hoistConstants);
  if (cache)
    constants.emplace(key, r);
  return r;
}

V Hlo::getDimensionSize(const V &x, int64_t dim) {
  V r = f.value("", "tensor<i32>");
  std::string d = std::to_string(dim);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.get_dimension_size " + ref(x) +
             ", dim = " + d + " : " + fnType({x}, {r});
  t.generic = generic({r}, "stablehlo.get_dimension_size", {x},
                      "dimension = " + d + " : i64");
  t.loc = loc("dimension_size[dimension=" + d + "]");
  emit(t, {r});
  return r;
}

V Hlo::convert(const V &x, const std::string &type, const std::string &what) {
  V r = f.value("", type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.convert " + ref(x) + " : " +
             (x.type == type ? type : fnType({x}, {r}));
  t.generic = generic({r}, "stablehlo.convert", {x});
  t.loc = loc(what);
  emit(t, {r});
  return r;
}

V Hlo::binary(const std::string &op, const V &a, const V &b,
              const std::string &what) {
  V r = f.value("", a.type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo." + op + " " + ref(a) + ", " + ref(b) +
             " : " + a.type;
  t.generic = generic({r}, "stablehlo." + op, {a, b});
  t.loc = loc(what.empty() ? op : what);
  emit(t, {r});
  return r;
}

V Hlo::unary(const std::string &op, const V &a, const std::string &what) {
  V r = f.value("", a.type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo." + op + " " + ref(a) + " : " + a.type;
  t.generic = generic({r}, "stablehlo." + op, {a});
  t.loc = loc(what.empty() ? op : what);
  emit(t, {r});
  return r;
}

V Hlo::compare(const std::string &dir, const V &a, const V &b,
               const std::string &type, const std::string &what) {
  std::string i1 = a.type;
  size_t x = i1.rfind('x');
  i1 = (x == std::string::npos ? std::string("tensor<") : i1.substr(0, x + 1)) +
       "i1>";
  V r = f.value("", i1);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.compare  " + dir + ", " + ref(a) + ", " +
             ref(b) + ",  " + type + " : " + fnType({a, b}, {r});
  t.generic = generic({r}, "stablehlo.compare", {a, b},
                      "compare_type = #stablehlo<comparison_type " + type +
                          ">, comparison_direction = "
                          "#stablehlo<comparison_direction " +
                          dir + ">");
  std::string lower = dir;
  for (char &c : lower)
    c = char(std::tolower((unsigned char)c));
  t.loc = loc(what.empty() ? lower : what);
  emit(t, {r});
  return r;
}

void Hlo::shapeAssertion(const V &pred, const std::vector<V> &values,
                         const std::string &message) {
  std::vector<V> operands{pred};
  operands.insert(operands.end(), values.begin(), values.end());
  std::string names, types;
  for (size_t i = 0; i < operands.size(); ++i) {
    names += (i ? ", " : "") + ref(operands[i]);
    types += (i ? ", " : "") + operands[i].type;
  }
  OpText t;
  t.pretty = "stablehlo.custom_call @shape_assertion(" + names +
             ") {api_version = 2 : i32, error_message = \"" + message +
             "\", has_side_effect = true} : (" + types + ") -> ()";
  t.generic = "\"stablehlo.custom_call\"(" + names +
              ") <{api_version = 2 : i32, call_target_name = "
              "\"shape_assertion\", has_side_effect = true}> "
              "{error_message = \"" +
              message + "\"} : (" + types + ") -> ()";
  t.loc = loc("shape_assertion[error_message=" + message + "]");
  emit(t, {});
}

V Hlo::reshape(const V &x, const std::string &type, const std::string &what) {
  V r = f.value("", type);
  OpText t;
  t.pretty =
      ref(r) + " = stablehlo.reshape " + ref(x) + " : " + fnType({x}, {r});
  t.generic = generic({r}, "stablehlo.reshape", {x});
  t.loc = loc(what);
  emit(t, {r});
  return r;
}

V Hlo::concatenate(const std::vector<V> &parts, int64_t dim,
                   const std::string &type, const std::string &what) {
  V r = f.value("", type);
  std::string names;
  for (size_t i = 0; i < parts.size(); ++i)
    names += (i ? ", " : "") + ref(parts[i]);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.concatenate " + names +
             ", dim = " + std::to_string(dim) + " : " + fnType(parts, {r});
  t.generic = generic({r}, "stablehlo.concatenate", parts,
                      "dimension = " + std::to_string(dim) + " : i64");
  t.loc = loc(what);
  emit(t, {r});
  return r;
}

V Hlo::dynamicBroadcastInDim(const V &x, const V &shape,
                             const std::vector<int64_t> &dims,
                             const std::string &type, const std::string &what) {
  V r = f.value("", type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.dynamic_broadcast_in_dim " + ref(x) + ", " +
             ref(shape) + ", dims = " + list(dims) + " : " +
             fnType({x, shape}, {r});
  t.generic = generic({r}, "stablehlo.dynamic_broadcast_in_dim", {x, shape},
                      "broadcast_dimensions = " + dense(dims));
  t.loc = loc(what);
  emit(t, {r});
  return r;
}

V Hlo::dynamicReshape(const V &x, const V &shape, const std::string &type,
                      const std::string &what) {
  V r = f.value("", type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.dynamic_reshape " + ref(x) + ", " +
             ref(shape) + " : " + fnType({x, shape}, {r});
  t.generic = generic({r}, "stablehlo.dynamic_reshape", {x, shape});
  t.loc = loc(what);
  emit(t, {r});
  return r;
}

V Hlo::dynamicIota(const V &shape, int64_t dim, const std::string &type,
                   const std::string &what) {
  V r = f.value("", type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.dynamic_iota " + ref(shape) +
             ", dim = " + std::to_string(dim) + " : " + fnType({shape}, {r});
  t.generic = generic({r}, "stablehlo.dynamic_iota", {shape},
                      "iota_dimension = " + std::to_string(dim) + " : i64");
  t.loc = loc(what);
  emit(t, {r});
  return r;
}

V Hlo::realDynamicSlice(const V &x, const V &start, const V &limit,
                        const V &strides, const std::string &type,
                        const std::string &what) {
  V r = f.value("", type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.real_dynamic_slice " + ref(x) + ", " +
             ref(start) + ", " + ref(limit) + ", " + ref(strides) + " : " +
             fnType({x, start, limit, strides}, {r});
  t.generic =
      generic({r}, "stablehlo.real_dynamic_slice", {x, start, limit, strides});
  t.loc = loc(what);
  emit(t, {r});
  return r;
}

V Hlo::dotGeneral(const V &a, const V &b, const std::vector<int64_t> &lb,
                  const std::vector<int64_t> &rb,
                  const std::vector<int64_t> &lc,
                  const std::vector<int64_t> &rc, const std::string &type,
                  bool precision, const std::string &what) {
  V r = f.value("", type);
  std::string pretty =
      ref(r) + " = stablehlo.dot_general " + ref(a) + ", " + ref(b);
  std::string dims;
  if (!lb.empty()) {
    pretty += ", batching_dims = " + list(lb) + " x " + list(rb);
    dims += "lhs_batching_dimensions = " + list(lb) +
            ", rhs_batching_dimensions = " + list(rb) + ", ";
  }
  pretty += ", contracting_dims = " + list(lc) + " x " + list(rc);
  dims += "lhs_contracting_dimensions = " + list(lc) +
          ", rhs_contracting_dimensions = " + list(rc);
  std::string props = "dot_dimension_numbers = #stablehlo.dot<" + dims + ">";
  if (precision) {
    pretty += ", precision = [DEFAULT, DEFAULT]";
    props += ", precision_config = [#stablehlo<precision DEFAULT>, "
             "#stablehlo<precision DEFAULT>]";
  }
  OpText t;
  t.pretty = pretty + " : " + fnType({a, b}, {r});
  t.generic = generic({r}, "stablehlo.dot_general", {a, b}, props);
  t.loc = loc(what);
  emit(t, {r});
  return r;
}

V Hlo::reduce(const V &x, const V &init, const std::string &op,
              const std::vector<int64_t> &dims, const std::string &type,
              const std::string &what) {
  V r = f.value("", type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.reduce(" + ref(x) + " init: " + ref(init) +
             ") applies stablehlo." + op +
             " across dimensions = " + list(dims) + " : " +
             fnType({x, init}, {r});
  // The body is implied by `applies`; the twin leaves it out as well, so
  // both forms have the same ops.
  t.generic = generic({r}, "stablehlo.reduce", {x, init},
                      "dimensions = " + dense(dims));
  t.loc = loc(what);
  emit(t, {r});
  return r;
}

V Hlo::select(const V &p, const V &a, const V &b, const std::string &what) {
  V r = f.value("", a.type);
  OpText t;
  t.pretty = ref(r) + " = stablehlo.select " + ref(p) + ", " + ref(a) + ", " +
             ref(b) + " : " + p.type + ", " + a.type;
  t.generic = generic({r}, "stablehlo.select", {p, a, b});
  t.loc = loc(what.empty() ? "select_n" : what);
  emit(t, {r});
  return r;
}

} // namespace symshape::exporters::gen
