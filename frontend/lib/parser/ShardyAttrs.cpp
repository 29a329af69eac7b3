//===- ShardyAttrs.cpp - Shardy's sharding and mesh attributes read once --===//
//
// Reads the attributes of Shardy's `sdy` dialect as its printer writes them
// (openxla/shardy, shardy/dialect/sdy/ir/attrs.td), into ShardyValue:
//
//   mesh       <["x"=4, "y"=2]>   <["x"=2], device_ids=[1, 0]>   <[]>
//   sharding   <@mesh, [{"x"}, {"y":(1)2, ?}p1, {}], replicated={"z"}>
//              <mesh<["a"=2]>, [{"a"}]>
//   axis refs  "x"   "x":(2)4  (the sub-axis of size 4 at pre-size 2)
//
// A form not read exactly (an unknown field, a malformed axis) gives no
// value: the op using it is then opaque, never guessed.
//
//===----------------------------------------------------------------------===//

#include "AttrReaders.h"
#include "ir/TextReader.h"

#include <cctype>

namespace symshape::frontend {

namespace {

using Reader = TextReader;

/// `@name` (letters, digits and `_.$-`).
std::optional<std::string> meshSymbol(Reader &r) {
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
  return r.list("[", "]", [&] { return r.integer().has_value(); });
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

/// `{"x", "y":(1)2, ?}` with an optional priority `p3`; `open` is set
/// for a `?`.
std::optional<std::vector<AxisRef>> readDimSharding(Reader &r, bool &open) {
  std::vector<AxisRef> axes;
  open = false;
  bool read = r.list("{", "}", [&] {
    if (r.eat("?")) { // an open dim: more axes may be added by propagation
      open = true;
      return true;
    }
    std::optional<AxisRef> axis = readAxisRef(r);
    if (axis)
      axes.push_back(std::move(*axis));
    return axis.has_value();
  });
  if (!read || (r.eat("p") && !r.integer()))
    return std::nullopt;
  return axes;
}

/// `{"x", "y"}` (replicated, unreduced, manual_axes).
std::optional<std::vector<AxisRef>> readAxisSet(Reader &r) {
  std::vector<AxisRef> axes;
  bool read = r.list("{", "}", [&] {
    std::optional<AxisRef> axis = readAxisRef(r);
    if (axis)
      axes.push_back(std::move(*axis));
    return axis.has_value();
  });
  if (!read)
    return std::nullopt;
  return axes;
}

/// `["x"=4, "y"=2]` with optional `, device_ids=[...]`, between `<` `>`.
std::optional<std::vector<MeshAxis>> readMeshBody(Reader &r) {
  std::vector<MeshAxis> axes;
  bool read = r.eat("<") && r.list("[", "]", [&] {
    std::optional<std::string> name = r.string();
    std::optional<int64_t> size;
    if (!name || !r.eat("=") || !(size = r.integer()) || *size < 1)
      return false;
    axes.push_back({*name, *size});
    return true;
  });
  if (!read)
    return std::nullopt;
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
    std::optional<std::string> mesh = meshSymbol(r);
    if (!mesh)
      return std::nullopt;
    sharding.mesh = *mesh;
  } else {
    std::optional<std::vector<MeshAxis>> axes;
    if (!r.eat("mesh") || !(axes = readMeshBody(r)))
      return std::nullopt;
    sharding.inlineMesh = std::move(*axes);
  }
  bool dims = r.eat(",") && r.list("[", "]", [&] {
    bool open = false;
    std::optional<std::vector<AxisRef>> dim = readDimSharding(r, open);
    if (!dim)
      return false;
    sharding.dims.push_back(std::move(*dim));
    sharding.openDims.push_back(open);
    return true;
  });
  if (!dims)
    return std::nullopt;
  // `replicated={..}`, `unreduced={..}`: axes that shard no dim.
  while (r.eat(",")) {
    bool replicated = r.eat("replicated");
    std::optional<std::vector<AxisRef>> axes;
    if (!(replicated || r.eat("unreduced")) || !r.eat("=") ||
        !(axes = readAxisSet(r)))
      return std::nullopt;
    std::vector<AxisRef> &into =
        replicated ? sharding.replicated : sharding.unreduced;
    into.insert(into.end(), axes->begin(), axes->end());
  }
  if (!r.eat(">"))
    return std::nullopt;
  return sharding;
}

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
  std::vector<TensorSharding> out;
  bool read = r.list("[", "]", [&] {
    std::optional<TensorSharding> sharding = readShardingBody(r);
    if (sharding)
      out.push_back(std::move(*sharding));
    return sharding.has_value();
  });
  if (!read || (wrapped && !r.eat(">")) || !r.atEnd())
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

} // namespace

std::shared_ptr<const ShardyValue> readShardy(ShardyValue::Kind kind,
                                              std::string_view text) {
  auto value = std::make_shared<ShardyValue>();
  value->kind = kind;
  switch (kind) {
  case ShardyValue::Kind::Sharding:
    if (std::optional<TensorSharding> sharding = readSharding(text)) {
      value->shardings.push_back(std::move(*sharding));
      return value;
    }
    return nullptr;
  case ShardyValue::Kind::ShardingList:
    if (std::optional<std::vector<TensorSharding>> list =
            readShardingList(text)) {
      value->shardings = std::move(*list);
      return value;
    }
    return nullptr;
  case ShardyValue::Kind::Mesh:
    if (std::optional<std::vector<MeshAxis>> mesh = readMesh(text)) {
      value->mesh = std::move(*mesh);
      return value;
    }
    return nullptr;
  case ShardyValue::Kind::AxisNames:
    if (std::optional<std::vector<std::string>> names = readAxisNames(text)) {
      value->axisNames = std::move(*names);
      return value;
    }
    return nullptr;
  }
  return nullptr;
}

void readShardyBody(Attribute &attr, std::string_view name,
                    std::string_view body) {
  std::optional<ShardyValue::Kind> kind;
  if (name == "sdy.sharding")
    kind = ShardyValue::Kind::Sharding;
  else if (name == "sdy.sharding_per_value")
    kind = ShardyValue::Kind::ShardingList;
  else if (name == "sdy.mesh")
    kind = ShardyValue::Kind::Mesh;
  else if (name == "sdy" && body.rfind("<manual_axes", 0) == 0)
    kind = ShardyValue::Kind::AxisNames;
  if (kind)
    attr.shardy =
        readShardy(*kind, "#" + std::string(name) + std::string(body));
}

} // namespace symshape::frontend
