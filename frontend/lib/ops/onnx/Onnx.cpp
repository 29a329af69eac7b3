//===- Onnx.cpp - Op entries: ONNX operators in both spellings ------------===//
//
// The rule lists of the ONNX files (OnnxInternal.h), registered twice from
// one list: as onnx-mlir's `onnx.X` (and its versioned `onnx.XV<opset>`),
// and behind torch-mlir's `torch.operator "onnx.X"`, which looks its rule up
// by the `name` it carries. An operator in no list stays opaque with its name
// and opset. Also here: the spelling-free accessors the rules read through,
// and the two spellings' custom forms and terminators.
//
//===----------------------------------------------------------------------===//

#include "OnnxInternal.h"
#include "ops/rules/PrettyForms.h"
#include "parser/ParserImpl.h"

#include <algorithm>
#include <deque>
#include <string>
#include <unordered_map>

namespace symshape::frontend {

static constexpr std::string_view kTorchOperator = "torch.operator";
static constexpr std::string_view kTorchAttrPrefix = "torch.onnx.";

//===--- The rules, by ONNX name
//---------------------------------------------===//

static const std::vector<const std::vector<OnnxRule> *> &ruleLists() {
  static const std::vector<const std::vector<OnnxRule> *> lists = {
      &onnxElementwiseRules(), &onnxShapeRules(),    &onnxValueRules(),
      &onnxSlicingRules(),     &onnxNeuralRules(),   &onnxReduceRules(),
      &onnxControlRules(),     &onnxSequenceRules(), &onnxAdditionalRules(),
      &onnxResampleRules()};
  return lists;
}

static const OnnxRule *findOnnxRule(std::string_view name) {
  static const std::unordered_map<std::string_view, const OnnxRule *> index =
      [] {
        std::unordered_map<std::string_view, const OnnxRule *> map;
        for (const std::vector<OnnxRule> *list : ruleLists())
          for (const OnnxRule &rule : *list)
            map.emplace(rule.name, &rule);
        return map;
      }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

//===--- The spelling-free view
//-----------------------------------------------===//

bool isTorchSpelling(const OpContext &c) {
  return c.op().name == kTorchOperator;
}

/// `onnx.SqueezeV11` -> ("Squeeze", 11); `onnx.Squeeze` -> ("Squeeze", 0).
static std::pair<std::string_view, int64_t>
splitVersion(std::string_view name) {
  size_t digits = name.size();
  while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9')
    --digits;
  if (digits == name.size() || digits < 2 || name[digits - 1] != 'V')
    return {name, 0};
  int64_t version = std::stoll(std::string(name.substr(digits)));
  return {name.substr(0, digits - 1), version};
}

/// The operator name after `onnx.`, with any version suffix.
static std::string_view qualifiedName(const OpContext &c) {
  std::string_view name = c.op().name;
  if (isTorchSpelling(c)) {
    const Attribute *inner = c.attr("name");
    if (!inner || inner->kind != AttrKind::String)
      return {};
    name = inner->str;
  }
  if (name.substr(0, 5) == "onnx.")
    name.remove_prefix(5);
  return name;
}

std::string_view onnxName(const OpContext &c) {
  std::string_view name = qualifiedName(c);
  return isTorchSpelling(c) ? name : splitVersion(name).first;
}

int64_t onnxOpset(const OpContext &c) {
  if (isTorchSpelling(c)) {
    const Attribute *opset = c.functionAttr("torch.onnx_meta.opset_version");
    return opset && opset->kind == AttrKind::Integer ? opset->intValue
                                                     : kOnnxLatestOpset;
  }
  int64_t version = splitVersion(qualifiedName(c)).second;
  return version ? version : kOnnxLatestOpset;
}

const Attribute *onnxAttr(const OpContext &c, std::string_view name) {
  if (!isTorchSpelling(c))
    return c.attr(name);
  return c.attr(std::string(kTorchAttrPrefix) + std::string(name));
}

std::optional<int64_t> onnxInt(const OpContext &c, std::string_view name) {
  const Attribute *a = onnxAttr(c, name);
  if (!a || a->kind != AttrKind::Integer)
    return std::nullopt;
  return a->intValue;
}

std::optional<std::vector<int64_t>> onnxInts(const OpContext &c,
                                             std::string_view name) {
  if (!onnxAttr(c, name))
    return std::nullopt;
  return c.ints(isTorchSpelling(c)
                    ? std::string(kTorchAttrPrefix) + std::string(name)
                    : std::string(name));
}

bool onnxFloatTensor(const OpContext &c, size_t i) {
  static constexpr std::string_view floats[] = {"f16", "bf16", "f32", "f64"};
  const Type &type = c.operandType(i);
  return type.kind == TypeKind::RankedTensor &&
         std::find(std::begin(floats), std::end(floats), type.element) !=
             std::end(floats);
}

std::optional<std::string> onnxString(const OpContext &c,
                                      std::string_view name) {
  const Attribute *a = onnxAttr(c, name);
  if (!a || a->kind != AttrKind::String)
    return std::nullopt;
  return a->str;
}

bool onnxAbsent(const OpContext &c, size_t i) {
  if (i >= c.numOperands())
    return true;
  const Type &type = c.operandType(i);
  // `none` (onnx.NoValue) and `!torch.none` (torch.constant.none).
  return type.kind == TypeKind::Other &&
         (type.spelling == "none" || type.spelling == "!torch.none");
}

bool onnxResultShapeUnknown(const OpContext &c, size_t r) {
  const Type &type = c.resultType(r);
  return isTorchSpelling(c) && type.kind == TypeKind::RankedTensor &&
         type.dims.empty();
}

void setOnnxResult(OpContext &c, size_t r, std::vector<TermId> dims) {
  if (!dims.empty() && onnxResultShapeUnknown(c, r) && !c.failed())
    return c.defineResult(r, std::move(dims));
  c.setResult(r, std::move(dims));
}

std::optional<std::vector<TermId>> onnxDims(OpContext &c, size_t i) {
  if (i >= c.numOperands())
    return std::nullopt;
  const Type &type = c.operandType(i);
  if (isTorchSpelling(c) && type.kind == TypeKind::RankedTensor &&
      type.dims.empty() && c.operandOpaque(i))
    return std::nullopt;
  if (std::optional<std::vector<TermId>> known = c.knownDims(i))
    return known;
  if (!type.hasRank())
    return std::nullopt;
  return c.dims(i);
}

std::optional<std::vector<TermId>> inputDims(OpContext &c, size_t i) {
  std::optional<std::vector<TermId>> dims = onnxDims(c, i);
  if (!dims)
    c.opaque("input " + std::to_string(i) + " has an unknown shape");
  return dims;
}

std::optional<size_t> onnxAxis(OpContext &c, int64_t axis, size_t rank,
                               std::string_view what) {
  int64_t r = int64_t(rank);
  if (axis < -r || axis >= r) {
    c.error(std::string(what) + " " + std::to_string(axis) +
            " is out of range for rank " + std::to_string(rank));
    return std::nullopt;
  }
  return size_t(axis < 0 ? axis + r : axis);
}

//===--- The torch spelling
//---------------------------------------------------===//

/// `torch.operator "onnx.X"(%a, %b) {attrs} : (T1, T2) -> R {region}, ...`
/// (torch-mlir's TorchOps.td: the name, the operands, attr-dict, a
/// functional type, then its regions); the name becomes the `name`
/// attribute, as in the generic form.
static bool parseTorchOperator(Parser &p, PendingOp &pending) {
  NamedAttribute name;
  name.name = "name";
  name.loc = p.tokLoc();
  std::optional<Attribute> text = p.parseAttribute(/*allowType=*/false);
  if (!text || text->kind != AttrKind::String)
    return false;
  name.value = std::move(*text);
  pending.op.attributes.push_back(std::move(name));
  std::vector<OperandUse> uses;
  if (!p.expect(TokenKind::LParen, "'('") || !p.parseOperandList(uses) ||
      !p.expect(TokenKind::RParen, "')'") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> inputs;
  if (!p.parseFunctionType(inputs, pending.resultTypes,
                           &pending.op.resultTypeRanges))
    return false;
  if (!p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                     typesLoc))
    return false;
  while (p.tok.is(TokenKind::LBrace)) {
    pending.op.regions.emplace_back();
    if (!p.parseRegion(pending.op.regions.back(), nullptr))
      return false;
    if (!p.consumeIf(TokenKind::Comma))
      break;
  }
  return true;
}

static void lowerTorchOperator(OpContext &c) {
  // torch.operator also carries ops the FX importer has no op for
  // (`torch.aten._scaled_dot_product_flash_attention_for_cpu`): only an
  // `onnx.` name is an ONNX operator; a `torch.aten.` one the torch table
  // lists is lowered by its entry, checking its rule.
  const Attribute *name = c.attr("name");
  if (name && name->kind == AttrKind::String &&
      name->str.compare(0, 11, "torch.aten.") == 0)
    if (const OpEntry *entry = findOp(name->str); entry && entry->lower) {
      c.setRule(defaultRuleId(*entry));
      return entry->lower(c);
    }
  if (!name || name->kind != AttrKind::String ||
      name->str.compare(0, 5, "onnx.") != 0)
    return c.opaque("torch.operator '" +
                    (name && name->kind == AttrKind::String ? name->str : "") +
                    "' is not modelled");
  const OnnxRule *rule = findOnnxRule(onnxName(c));
  if (!rule)
    return c.opaque("ONNX operator '" + std::string(onnxName(c)) + "' (opset " +
                    std::to_string(onnxOpset(c)) + ") is not modelled");
  // Both spellings check the rule of onnx-mlir's unversioned name.
  c.setRule("onnx." + std::string(onnxName(c)));
  rule->lower(c);
}

//===--- The onnx dialect's own forms and structural ops
//-------------------===//

/// `onnx.Constant dense<..> : tensor<..>` (onnx-mlir's custom form of a
/// constant with a `value`): the attribute is the value, its type the
/// result's.
static bool parseOnnxConstant(Parser &p, PendingOp &pending) {
  // Without a lone `value`, onnx-mlir prints `{attrs} : type`
  // (`onnx.Constant {value_ints = [1, 2]} : tensor<2xi64>`).
  if (p.tok.is(TokenKind::LBrace)) {
    if (!p.parseOptionalAttrDict(pending.op.attributes) ||
        !p.expect(TokenKind::Colon, "':'"))
      return false;
    std::optional<Type> type = p.parseType();
    if (!type)
      return false;
    pending.resultTypes.push_back(*type);
    return p.setOperands(pending, {}, {}, /*written=*/true, p.tokLoc());
  }
  if (!p.tok.isKeyword("dense") && !p.tok.isKeyword("dense_resource"))
    return false;
  NamedAttribute value;
  value.name = "value";
  value.loc = p.tokLoc();
  std::optional<Attribute> dense = p.parseAttribute();
  if (!dense || !dense->hasType)
    return false;
  pending.resultTypes.push_back(dense->type);
  value.value = std::move(*dense);
  pending.op.attributes.push_back(std::move(value));
  if (!p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  return p.setOperands(pending, {}, {}, /*written=*/true, p.tokLoc());
}

/// onnx.NoValue: an optional input left out (type `none`).
static void lowerNoValue(OpContext &c) { c.resultsFromTypes(); }

static const OpEntry kFixedEntries[] = {
    {kTorchOperator, parseTorchOperator, lowerTorchOperator, kRefineNone,
     "the ONNX operator it names, by the onnx rule (torch-mlir's ONNX "
     "import)"},
    withRole({"torch.operator_terminator", parseTerminatorForm, nullptr,
              kRefineNone, "terminator of a torch.operator region"},
             OpRole::Yield),
    withRole({"onnx.Return", parseTerminatorForm, nullptr, kRefineNone,
              "terminator of a function"},
             OpRole::Return),
    withRole({"onnx.Yield", parseTerminatorForm, nullptr, kRefineNone,
              "terminator of an onnx.If / onnx.Loop region"},
             OpRole::Yield),
    withoutSideEffects({"onnx.NoValue", nullptr, lowerNoValue, kRefineNone,
                        "an optional input left out"}),
};

OpFamily onnxFamily() {
  static const std::vector<OpEntry> entries = [] {
    // Names live as long as the table: a deque never moves its strings.
    static std::deque<std::string> names;
    std::vector<OpEntry> all(std::begin(kFixedEntries),
                             std::end(kFixedEntries));
    auto add = [&](std::string name, const OnnxRule &rule,
                   std::string_view ruleId = {}) {
      names.push_back(std::move(name));
      // The generic form takes any compatible operand and result types
      // (onnx-mlir's shape inference itself makes them more static).
      OpEntry entry{names.back(), nullptr, rule.lower, kRefineBoth,
                    rule.summary};
      // Every requirement, a broadcast's too, checks the ONNX operator's
      // rule: onnx-mlir's unversioned name (docs/KINDS.md), as
      // torch.operator "onnx.X" does (lowerTorchOperator).
      entry.rule = ruleId.empty() ? std::string_view(names.back()) : ruleId;
      if (rule.name == "Constant")
        entry.parse = parseOnnxConstant;
      all.push_back(entry);
    };
    for (const std::vector<OnnxRule> *list : ruleLists())
      for (const OnnxRule &rule : *list) {
        add("onnx." + std::string(rule.name), rule);
        std::string_view unversioned = names.back();
        std::string_view versions = rule.dialectVersions;
        while (!versions.empty()) {
          size_t space = versions.find(' ');
          add("onnx." + std::string(rule.name) + "V" +
                  std::string(versions.substr(0, space)),
              rule, unversioned);
          versions = space == std::string_view::npos
                         ? std::string_view()
                         : versions.substr(space + 1);
        }
      }
    return all;
  }();
  return {"onnx", entries.data(), entries.size()};
}

} // namespace symshape::frontend
