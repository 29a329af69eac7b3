//===- Sharded.cpp - Collectives and Shardy's ops -------------------------===//
//
// From the StableHLO spec (docs/spec.md), with the groups the rows of
// replica_groups, each of dim(replica_groups, 1) devices:
//   all_gather      (C6) dim(result, all_gather_dim) = dim * group size
//   reduce_scatter  (C1) dim(operand, scatter_dimension) % size == 0;
//                   (C8) the result has dim / size there
//   all_to_all      (C2) dim(split_dimension) % split_count == 0; (C9)
//                   / split_count there, * split_count on concat_dimension
//   all_reduce, collective_permute, collective_broadcast: same shapes
// and from openxla/shardy (ops.td, verifiers.cc): the sdy annotations keep
// their operand's shape; a manual computation runs its body on each dim
// divided by the product of the manual axes sharding it ("the manual axes
// cannot introduce padding": it must divide) and multiplies the body's
// results back. Written from those definitions, not from symshape's rules.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <regex>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

/// dim(replica_groups, 1), or nullopt (unsupported: no groups given).
static std::optional<int64_t> groupSize(Eval &e) {
  const frontend::Attribute *a = e.attr("replica_groups");
  if (!a || !a->hasType || a->type.dims.size() != 2 || a->type.dims[0] <= 0 ||
      a->type.dims[1] <= 0)
    return std::nullopt;
  return a->type.dims[1];
}

/// all_gather / reduce_scatter: with channel_id > 0 and no
/// use_global_device_ids the groups also span every partition
/// (cross_replica_and_partition), a number the program does not give.
static std::optional<int64_t> processGroupSize(Eval &e) {
  const frontend::Attribute *channel = e.attr("channel_handle");
  static const std::regex handle(R"(handle\s*=\s*(\d+))");
  std::smatch m;
  if (channel && std::regex_search(channel->text, m, handle) &&
      std::stoll(m[1]) > 0 && !e.attr("use_global_device_ids"))
    return std::nullopt;
  return groupSize(e);
}

static bool allGather(Eval &e) {
  std::optional<int64_t> dim = e.integer("all_gather_dim");
  std::optional<int64_t> size = processGroupSize(e);
  if (!dim || !size)
    return e.unsupported("all_gather_dim or replica_groups not readable");
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const Shape *in = e.shape(i);
    if (!in || *dim < 0 || size_t(*dim) >= in->size())
      return e.unsupported("all_gather_dim outside the operand");
    Shape out = *in;
    out[size_t(*dim)] *= *size;
    if (!e.setResult(i, out))
      return false;
  }
  return true;
}

static bool reduceScatter(Eval &e) {
  std::optional<int64_t> dim = e.integer("scatter_dimension");
  std::optional<int64_t> size = processGroupSize(e);
  if (!dim || !size)
    return e.unsupported("scatter_dimension or replica_groups not readable");
  const Shape *in = e.shape(0);
  if (!in || *dim < 0 || size_t(*dim) >= in->size())
    return e.unsupported("scatter_dimension outside the operand");
  Shape out = *in;
  int64_t n = out[size_t(*dim)];
  if (!e.require(n % *size == 0, "C1: dim " + s(*dim) + " is " + s(n) +
                                     ", not a multiple of the group size " +
                                     s(*size)))
    return false;
  out[size_t(*dim)] = n / *size;
  return e.setResult(0, out);
}

static bool allToAll(Eval &e) {
  std::optional<int64_t> split = e.integer("split_dimension");
  std::optional<int64_t> concat = e.integer("concat_dimension");
  std::optional<int64_t> count = e.integer("split_count");
  if (!split || !concat || !count || *count <= 0)
    return e.unsupported("split/concat dimension or split_count not readable");
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const Shape *in = e.shape(i);
    if (!in || *split < 0 || *concat < 0 || size_t(*split) >= in->size() ||
        size_t(*concat) >= in->size())
      return e.unsupported("split or concat dimension outside the operand");
    Shape out = *in;
    int64_t n = out[size_t(*split)];
    if (!e.require(n % *count == 0, "C2: dim " + s(*split) + " is " + s(n) +
                                        ", not a multiple of split_count " +
                                        s(*count)))
      return false;
    out[size_t(*split)] = n / *count;
    out[size_t(*concat)] *= *count;
    if (*split == *concat)
      out = *in;
    if (!e.setResult(i, out))
      return false;
  }
  return true;
}

/// Results have the shapes of the operands, one to one (the sdy
/// annotations, all_reduce, collective_permute, collective_broadcast).
static bool sameShapes(Eval &e) {
  for (size_t r = 0; r < e.numResults(); ++r) {
    const Shape *in = e.shape(r);
    if (!in || !e.setResult(r, *in))
      return false;
  }
  return true;
}

/// The sharding list `[<@mesh, [{"x"}, {}]>, ...]`: per value, per dim,
/// the axes (name, sub-axis size or 0).
using Axes = std::vector<std::pair<std::string, int64_t>>;
struct ValueSharding {
  std::string mesh;
  std::vector<Axes> dims;
};
static std::optional<std::vector<ValueSharding>>
shardings(const std::string &text) {
  std::vector<ValueSharding> out;
  static const std::regex value(R"(<\s*@([\w.$-]+)\s*,\s*\[([^\]]*)\])");
  static const std::regex dim(R"(\{([^}]*)\})");
  static const std::regex axis(R"re("([^"]*)"(?::\((\d+)\)(\d+))?)re");
  for (std::sregex_iterator v(text.begin(), text.end(), value), end; v != end;
       ++v) {
    ValueSharding sharding{(*v)[1], {}};
    std::string dims = (*v)[2];
    for (std::sregex_iterator d(dims.begin(), dims.end(), dim); d != end; ++d) {
      std::string inner = (*d)[1];
      Axes axes;
      for (std::sregex_iterator a(inner.begin(), inner.end(), axis); a != end;
           ++a)
        axes.emplace_back((*a)[1], (*a)[3].matched ? std::stoll((*a)[3]) : 0);
      sharding.dims.push_back(std::move(axes));
    }
    out.push_back(std::move(sharding));
  }
  return out;
}

/// Per dim, the product of the sizes of the manual axes that shard it.
static std::optional<Shape> factors(Eval &e, const ValueSharding &sharding,
                                    const std::string &manual, size_t rank) {
  auto mesh = e.module.meshes.find(sharding.mesh);
  if (mesh == e.module.meshes.end() || !mesh->second ||
      sharding.dims.size() != rank)
    return std::nullopt;
  Shape out;
  for (const Axes &axes : sharding.dims) {
    int64_t product = 1;
    for (const auto &[name, sub] : axes) {
      if (manual.find("\"" + name + "\"") == std::string::npos)
        continue;
      int64_t size = 0;
      for (const frontend::MeshAxis &m : *mesh->second)
        if (m.name == name)
          size = m.size;
      if (size == 0)
        return std::nullopt;
      product *= sub ? sub : size;
    }
    out.push_back(product);
  }
  return out;
}

static bool manualComputation(Eval &e) {
  const frontend::Attribute *in = e.attr("in_shardings");
  const frontend::Attribute *out = e.attr("out_shardings");
  const frontend::Attribute *manual = e.attr("manual_axes");
  if (!in || !out || !manual)
    return e.unsupported("shardings not given");
  std::optional<std::vector<ValueSharding>> ins = shardings(in->text);
  std::optional<std::vector<ValueSharding>> outs = shardings(out->text);
  if (!ins || !outs || ins->size() != e.numOperands() ||
      outs->size() != e.numResults())
    return e.unsupported("shardings not readable");
  std::vector<RtValue> args;
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const Shape *global = e.shape(i);
    if (!global)
      return false;
    std::optional<Shape> k =
        factors(e, (*ins)[i], manual->text, global->size());
    if (!k)
      return e.unsupported("in_shardings[" + s(int64_t(i)) + "] not readable");
    RtValue local;
    local.kind = RtValue::Kind::Tensor;
    for (size_t d = 0; d < global->size(); ++d) {
      if (!e.require((*global)[d] % (*k)[d] == 0,
                     "operand " + s(int64_t(i)) + " dim " + s(int64_t(d)) +
                         " is " + s((*global)[d]) +
                         ", padded by manual axes of " + s((*k)[d])))
        return false;
      local.shape.push_back((*global)[d] / (*k)[d]);
    }
    args.push_back(std::move(local));
  }
  std::vector<RtValue> yielded;
  if (!e.runRegion(0, yielded, &args))
    return false;
  if (yielded.size() != e.numResults())
    return e.unsupported("the body returns another number of values");
  for (size_t r = 0; r < e.numResults(); ++r) {
    std::optional<Shape> k =
        factors(e, (*outs)[r], manual->text, yielded[r].shape.size());
    if (!k || yielded[r].kind != RtValue::Kind::Tensor)
      return e.unsupported("out_shardings[" + s(int64_t(r)) + "] not readable");
    Shape global = yielded[r].shape;
    for (size_t d = 0; d < global.size(); ++d)
      global[d] *= (*k)[d];
    if (!e.setResult(r, global))
      return false;
  }
  return true;
}

static void registerSharded() {
  for (const std::string dialect : {"stablehlo.", "mhlo."}) {
    add(dialect + "all_gather", allGather);
    add(dialect + "reduce_scatter", reduceScatter);
    add(dialect + "all_to_all", allToAll);
    add(dialect + "all_reduce", sameShapes);
    add(dialect + "collective_permute", sameShapes);
    add(dialect + "collective_broadcast", sameShapes);
  }
  for (const char *op :
       {"sharding_constraint", "reshard", "propagation_barrier", "all_gather",
        "all_slice", "all_to_all", "all_reduce", "reduce_scatter",
        "collective_permute"})
    add(std::string("sdy.") + op, sameShapes);
  add("sdy.manual_computation", manualComputation);
}

static const RuleFile rules(__FILE__, registerSharded);

} // namespace symshape::models::oracle
