//===- Sharding.cpp - Shardy's sharding and mesh attributes ---------------===//
//
// Reads the attributes of Shardy's `sdy` dialect as its printer writes them
// (openxla/shardy, shardy/dialect/sdy/ir/attrs.td):
//
//   mesh       <["x"=4, "y"=2]>   <["x"=2], device_ids=[1, 0]>   <[]>
//   sharding   <@mesh, [{"x"}, {"y":(1)2, ?}p1, {}], replicated={"z"}>
//              <mesh<["a"=2]>, [{"a"}]>
//   axis refs  "x"   "x":(2)4  (the sub-axis of size 4 at pre-size 2)
//
// A form not read exactly (an unknown field, a malformed axis) gives
// nullopt: the op using it is then opaque, never guessed.
//
//===----------------------------------------------------------------------===//

#include "SdyInternal.h"
#include "ir/TextReader.h"

#include <cctype>

namespace symshape::frontend::sdy {

namespace {

using Reader = TextReader;

/// `@name` (letters, digits and `_.$-`).
std::optional<std::string> symbol(Reader &r) {
  if (!r.eat("@"))
    return std::nullopt;
  std::string_view name = r.takeWhile([](char c) {
    return std::isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$' ||
           c == '-';
  });
  if (name.empty())
    return std::nullopt;
  return std::string(name);
}

/// Skips a `[...]` list of integers (device_ids).
bool skipIntList(Reader &r) {
  if (!r.eat("["))
    return false;
  if (r.eat("]"))
    return true;
  do {
    if (!r.integer())
      return false;
  } while (r.eat(","));
  return r.eat("]");
}

/// `"x"` or `"x":(pre)size`.
std::optional<AxisRef> readAxisRef(Reader &r) {
  std::optional<std::string> name = r.string();
  if (!name)
    return std::nullopt;
  AxisRef ref{*name, std::nullopt};
  if (r.eat(":")) {
    if (!r.eat("(") || !r.integer() || !r.eat(")"))
      return std::nullopt;
    std::optional<int64_t> size = r.integer();
    if (!size || *size < 1)
      return std::nullopt;
    ref.subSize = size;
  }
  return ref;
}

/// `{"x", "y":(1)2, ?}` with an optional priority `p3`.
std::optional<std::vector<AxisRef>> readDimSharding(Reader &r) {
  if (!r.eat("{"))
    return std::nullopt;
  std::vector<AxisRef> axes;
  if (!r.eat("}")) {
    do {
      if (r.eat("?")) // an open dim: more axes may be added by propagation
        continue;
      std::optional<AxisRef> axis = readAxisRef(r);
      if (!axis)
        return std::nullopt;
      axes.push_back(std::move(*axis));
    } while (r.eat(","));
    if (!r.eat("}"))
      return std::nullopt;
  }
  if (r.eat("p") && !r.integer())
    return std::nullopt;
  return axes;
}

/// `{"x", "y"}` (replicated, unreduced, manual_axes).
std::optional<std::vector<AxisRef>> readAxisSet(Reader &r) {
  if (!r.eat("{"))
    return std::nullopt;
  std::vector<AxisRef> axes;
  if (r.eat("}"))
    return axes;
  do {
    std::optional<AxisRef> axis = readAxisRef(r);
    if (!axis)
      return std::nullopt;
    axes.push_back(std::move(*axis));
  } while (r.eat(","));
  if (!r.eat("}"))
    return std::nullopt;
  return axes;
}

/// `["x"=4, "y"=2]` with optional `, device_ids=[...]`, between `<` `>`.
std::optional<std::vector<MeshAxis>> readMeshBody(Reader &r) {
  if (!r.eat("<") || !r.eat("["))
    return std::nullopt;
  std::vector<MeshAxis> axes;
  if (!r.eat("]")) {
    do {
      std::optional<std::string> name = r.string();
      std::optional<int64_t> size;
      if (!name || !r.eat("=") || !(size = r.integer()) || *size < 1)
        return std::nullopt;
      axes.push_back({*name, *size});
    } while (r.eat(","));
    if (!r.eat("]"))
      return std::nullopt;
  }
  if (r.eat(",") && (!r.eat("device_ids") || !r.eat("=") || !skipIntList(r)))
    return std::nullopt;
  if (!r.eat(">"))
    return std::nullopt;
  return axes;
}

std::optional<TensorSharding> readShardingBody(Reader &r) {
  TensorSharding sharding;
  if (!r.eat("<"))
    return std::nullopt;
  if (r.peek('@')) {
    std::optional<std::string> mesh = symbol(r);
    if (!mesh)
      return std::nullopt;
    sharding.mesh = *mesh;
  } else {
    std::optional<std::vector<MeshAxis>> axes;
    if (!r.eat("mesh") || !(axes = readMeshBody(r)))
      return std::nullopt;
    sharding.inlineMesh = std::move(*axes);
  }
  if (!r.eat(",") || !r.eat("["))
    return std::nullopt;
  if (!r.eat("]")) {
    do {
      std::optional<std::vector<AxisRef>> dim = readDimSharding(r);
      if (!dim)
        return std::nullopt;
      sharding.dims.push_back(std::move(*dim));
    } while (r.eat(","));
    if (!r.eat("]"))
      return std::nullopt;
  }
  // `replicated={..}`, `unreduced={..}`: axes that shard no dim.
  while (r.eat(",")) {
    if (!(r.eat("replicated") || r.eat("unreduced")) || !r.eat("=") ||
        !readAxisSet(r))
      return std::nullopt;
  }
  if (!r.eat(">"))
    return std::nullopt;
  return sharding;
}

} // namespace

std::optional<TensorSharding> readSharding(std::string_view text) {
  Reader r(text);
  r.eat("#sdy.sharding");
  std::optional<TensorSharding> sharding = readShardingBody(r);
  if (!sharding || !r.atEnd())
    return std::nullopt;
  return sharding;
}

std::optional<std::vector<TensorSharding>>
readShardingList(std::string_view text) {
  Reader r(text);
  bool wrapped = r.eat("#sdy.sharding_per_value<");
  if (!r.eat("["))
    return std::nullopt;
  std::vector<TensorSharding> out;
  if (!r.eat("]")) {
    do {
      std::optional<TensorSharding> sharding = readShardingBody(r);
      if (!sharding)
        return std::nullopt;
      out.push_back(std::move(*sharding));
    } while (r.eat(","));
    if (!r.eat("]"))
      return std::nullopt;
  }
  if ((wrapped && !r.eat(">")) || !r.atEnd())
    return std::nullopt;
  return out;
}

std::optional<std::vector<MeshAxis>> readMesh(std::string_view text) {
  Reader r(text);
  r.eat("#sdy.mesh");
  std::optional<std::vector<MeshAxis>> axes = readMeshBody(r);
  if (!axes || !r.atEnd())
    return std::nullopt;
  return axes;
}

std::optional<std::vector<std::string>> readAxisNames(std::string_view text) {
  Reader r(text);
  bool wrapped = r.eat("#sdy<manual_axes"); // the generic form
  std::optional<std::vector<AxisRef>> axes = readAxisSet(r);
  if (!axes || (wrapped && !r.eat(">")) || !r.atEnd())
    return std::nullopt;
  std::vector<std::string> names;
  for (const AxisRef &a : *axes) {
    if (a.subSize) // manual axes are whole axes
      return std::nullopt;
    names.push_back(a.name);
  }
  return names;
}

} // namespace symshape::frontend::sdy
