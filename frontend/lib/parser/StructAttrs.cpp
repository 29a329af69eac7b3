//===- StructAttrs.cpp - Struct attribute bodies read once ----------------===//
//
// StableHLO's attribute printers (stablehlo/dialect/StablehloAttrs.td,
// AttrPrinting): `#stablehlo.dot<lhs_batching_dimensions = [0], ...>`,
// `#stablehlo.gather<...>`, `#stablehlo.scatter<...>`, a field left out
// when empty or zero; ConvDimensionNumbersAttr prints
// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (letters b/f, i/o the batch
// and feature dims, digit k spatial dim k) or, in its `raw` form, the
// struct fields.
//
//===----------------------------------------------------------------------===//

#include "StructAttrs.h"
#include "ir/TextReader.h"

namespace symshape::frontend {

namespace {

Attribute integerField(int64_t value) {
  Attribute out;
  out.kind = AttrKind::Integer;
  out.intValue = value;
  out.text = std::to_string(value);
  return out;
}

Attribute listField(const std::vector<int64_t> &values) {
  Attribute out;
  out.kind = AttrKind::Array;
  out.text = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    out.elements.push_back(integerField(values[i]));
    out.text += (i ? ", " : "") + std::to_string(values[i]);
  }
  out.text += "]";
  return out;
}

void addField(std::vector<NamedAttribute> &fields, std::string name,
              Attribute value) {
  NamedAttribute named;
  named.name = std::move(name);
  named.value = std::move(value);
  fields.push_back(std::move(named));
}

/// Spaces and commas, the separators of fields and list elements.
void skipSeparators(TextReader &r) {
  do
    r.skipSpaces();
  while (r.eat(","));
}

/// `key = 3, key = [1, 2]` up to the closing `>`.
bool readFields(TextReader &r, std::vector<NamedAttribute> &fields) {
  while (true) {
    skipSeparators(r);
    if (r.atEnd())
      return false;
    if (r.eat(">"))
      return true;
    std::optional<std::string> key = r.word();
    if (!key || !r.eat("="))
      return false;
    if (r.eat("[")) {
      std::vector<int64_t> values;
      while (true) {
        skipSeparators(r);
        if (r.eat("]"))
          break;
        std::optional<int64_t> v = r.signedInteger();
        if (!v)
          return false;
        values.push_back(*v);
      }
      addField(fields, std::move(*key), listField(values));
    } else if (std::optional<int64_t> v = r.signedInteger()) {
      addField(fields, std::move(*key), integerField(*v));
    } else {
      return false;
    }
  }
}

/// One `[b, 0, 1, f]` group: letters `first` / `second` give their
/// position, digit k puts spatial dim k there.
bool readConvGroup(TextReader &r, char first, char second, int64_t &a,
                   int64_t &b, std::vector<int64_t> &spatial) {
  if (!r.eat("["))
    return false;
  std::vector<std::pair<int64_t, int64_t>> placed; // spatial index, position
  for (int64_t pos = 0;; ++pos) {
    if (r.eat(std::string_view(&first, 1)))
      a = pos;
    else if (r.eat(std::string_view(&second, 1)))
      b = pos;
    else if (std::optional<int64_t> k = r.integer())
      placed.push_back({*k, pos});
    else
      return false;
    if (r.eat("]"))
      break;
    if (!r.eat(","))
      return false;
  }
  spatial.assign(placed.size(), -1);
  for (const auto &[k, pos] : placed) {
    if (k < 0 || size_t(k) >= placed.size() || spatial[size_t(k)] != -1)
      return false;
    spatial[size_t(k)] = pos;
  }
  return a >= 0 && b >= 0;
}

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` as the `raw` form's fields.
bool readConvDims(TextReader &r, std::vector<NamedAttribute> &fields) {
  int64_t inBatch = -1, inFeature = -1, kIn = -1, kOut = -1, outBatch = -1,
          outFeature = -1;
  std::vector<int64_t> inSpatial, kSpatial, outSpatial;
  if (!readConvGroup(r, 'b', 'f', inBatch, inFeature, inSpatial) ||
      !r.eat("x") || !readConvGroup(r, 'i', 'o', kIn, kOut, kSpatial) ||
      !r.eat("->") ||
      !readConvGroup(r, 'b', 'f', outBatch, outFeature, outSpatial) ||
      !r.eat(">"))
    return false;
  addField(fields, "input_batch_dimension", integerField(inBatch));
  addField(fields, "input_feature_dimension", integerField(inFeature));
  addField(fields, "input_spatial_dimensions", listField(inSpatial));
  addField(fields, "kernel_input_feature_dimension", integerField(kIn));
  addField(fields, "kernel_output_feature_dimension", integerField(kOut));
  addField(fields, "kernel_spatial_dimensions", listField(kSpatial));
  addField(fields, "output_batch_dimension", integerField(outBatch));
  addField(fields, "output_feature_dimension", integerField(outFeature));
  addField(fields, "output_spatial_dimensions", listField(outSpatial));
  return true;
}

bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.substr(s.size() - suffix.size()) == suffix;
}

} // namespace

void readStructBody(Attribute &attr, std::string_view name,
                    std::string_view body) {
  TextReader r(body);
  if (!r.eat("<"))
    return;
  bool raw = body.compare(1, 3, "raw") == 0 && body.size() > 4 &&
             (body[4] == ' ' || body[4] == '\n');
  std::vector<NamedAttribute> fields;
  bool ok = false;
  if (endsWith(name, ".conv") && body.find("raw") == std::string_view::npos) {
    ok = readConvDims(r, fields);
  } else {
    if (raw)
      r.eat("raw");
    ok = readFields(r, fields);
  }
  if (!ok)
    return;
  attr.entries = std::move(fields);
  attr.structured = true;
}

} // namespace symshape::frontend
