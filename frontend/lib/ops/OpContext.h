//===- OpContext.h - The adaptor an op entry reads and writes through -*- C++
//-*-===//
//
// An op entry's shape function sees its op through one OpContext: operand
// sizes as dim terms, attributes, and named constructors for obligations and
// results. The two phases of SEMANTICS.md §4 are kept by construction:
// requirements
// (`require*`) are queued as they are made, `setResult`'s result-casts are
// queued after all of them when the entry returns.
//
//   void lowerMatmul(OpContext &c) {        // [N,H,C] x [N,C,W] -> [N,H,W]
//     if (!c.expectRanks({3, 3}))
//       return;
//     c.requireSameDim(0, 0, 1, 0, "batch");
//     c.requireSameDim(0, 2, 1, 1, "contracted");
//     c.setResult(0, {c.dim(0, 0), c.dim(0, 1), c.dim(1, 2)});
//   }
//
// A declared static result dim that the shape function computes as another
// constant from fully static operand types is an `error` (the verifier's
// own inference); otherwise it is a `result-cast` obligation. Operand dims
// whose declared types are static and differ make `requireSameDim` an `error`,
// as the op's verifier would.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_OPCONTEXT_H
#define SYMSHAPE_FRONTEND_OPS_OPCONTEXT_H

#include "lowering/LoweringImpl.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace symshape::frontend {

class OpContext {
public:
  OpContext(Lowerer &lowerer, const Operation &op);
  ~OpContext();
  OpContext(const OpContext &) = delete;
  OpContext &operator=(const OpContext &) = delete;

  const Operation &op() const { return operation; }
  solver::DimGraph &graph() { return low.graph(); }
  solver::FormulaStore &formulas() { return low.formulas(); }

  //===--- Operands and results ------------------------------------------===//
  size_t numOperands() const { return operation.operands.size(); }
  size_t numResults() const { return operation.results.size(); }
  size_t numRegions() const { return operation.regions.size(); }
  /// The type written for operand `i` (or its value's type).
  const Type &operandType(size_t i) const;
  const Type &resultType(size_t r) const;
  /// Operand `i` is a ranked tensor or a vector.
  bool ranked(size_t i) const { return operandType(i).hasRank(); }
  size_t rank(size_t i) const { return operandType(i).dims.size(); }
  /// Runtime size of dim `d` of operand `i` (ranked).
  TermId dim(size_t i, size_t d);
  std::vector<TermId> dims(size_t i);
  /// Declared static size of dim `d` of operand `i`, nullopt for `?`.
  std::optional<int64_t> staticDim(size_t i, size_t d) const;
  /// "%a[1]" for a dynamic operand dim, "4" for a static one.
  std::string dimName(size_t i, size_t d) const;
  /// "%a" (the operand's source name).
  std::string operandName(size_t i) const;
  /// The integer an index / integer scalar operand holds (fresh if unknown).
  TermId scalar(size_t i);
  /// The elements of a 1-D integer operand when known: an extent tensor,
  /// or a constant (`arith.constant dense<..>`, `tosa.const`, ...).
  std::optional<std::vector<TermId>> elements(size_t i);
  /// The type of operand `i`'s value where it is defined (a generic op may
  /// write another one for its operand).
  const Type &operandValueType(size_t i) const;
  /// The runtime dims of operand `i` when its rank is known at runtime
  /// (unlike dims(), nothing is made up for an untracked value).
  std::optional<std::vector<TermId>> knownDims(size_t i);
  /// Operand `i` was made by an op symshape does not model: its declared
  /// type is all that is known of it.
  bool operandOpaque(size_t i) const;
  /// Operand `i` is a block argument (of the function, or of a region):
  /// its declared type is all that is known of it.
  bool operandIsArgument(size_t i) const;
  /// The constant an index / size operand holds, if known.
  std::optional<int64_t> constantScalar(size_t i);
  /// The same, when every element is a known constant.
  std::optional<std::vector<int64_t>> constantElements(size_t i);

  //===--- Integer and i1 contents (SEMANTICS.md §2) ----------------------===//
  /// Operand `i`'s integer elements: an index / integer scalar or a 0-d
  /// integer tensor has one, a 1-D one of static length one per entry (an
  /// element no op computed is a fresh integer kept with the value).
  std::optional<std::vector<TermId>> intElements(size_t i);
  /// Operand `i`'s i1 elements, when every one is known.
  std::optional<std::vector<FormulaId>> boolElements(size_t i);
  /// The elements of rank-2 integer operand `i`, row by row, when an op
  /// computed them (a padding operand [N, 2]).
  std::optional<std::vector<TermId>> matrixElements(size_t i);
  /// Operand `i`'s contents were computed by its producer (integer
  /// elements or i1 predicates), not made up for an argument.
  bool operandHasContents(size_t i) const;
  /// Result `r`, already defined, holds these integer / i1 / row-by-row
  /// elements too (its dims are left as they are).
  void setIntElements(size_t r, std::vector<TermId> elements);
  void setBoolElements(size_t r, std::vector<FormulaId> elements);
  void setMatrixElements(size_t r, std::vector<TermId> elements);
  /// `n` fresh integers for the elements of operand `i` (named "%a" for a
  /// 0-d one, "%a[k]" otherwise), each `>= 0` when `nonNegative`, kept with
  /// the value so that every use sees the same ones.
  std::vector<TermId> freshOperandElements(size_t i, size_t n,
                                           bool nonNegative);
  /// The integer result `r` holds: a fresh unknown named after it unless an
  /// op defined it (the result is defined by the call).
  TermId resultScalar(size_t r);
  /// The runtime dims result `r` was given, nullopt when it has none of
  /// known rank (yet).
  std::optional<std::vector<TermId>> resultDims(size_t r) const;
  /// Dim `d` of operand `i`, whose rank is not known (a buffer view): the
  /// same fresh size at every read of the value.
  TermId unrankedOperandDim(size_t i, size_t d);

  //===--- Lists and tuples of values (torch) ----------------------------===//
  /// One element of a list or tuple value (`!torch.list<vtensor>`,
  /// `!torch.tuple<..>`): a tensor's runtime dims, an integer, or neither
  /// (a value nothing is known of).
  struct ListItem {
    std::optional<std::vector<TermId>> dims;
    std::optional<TermId> scalar;
  };
  /// The elements of list / tuple operand `i` when the op that made it
  /// stated them (setListResult); nullopt otherwise.
  std::optional<std::vector<ListItem>> listItems(size_t i);
  /// Result `r`, a list or tuple (not a tensor), holds these elements.
  void setListResult(size_t r, std::vector<ListItem> items);

  //===--- Values of the op's regions
  //---------------------------------------===//
  /// The type of `id`, a value of one of the op's regions (a block
  /// argument); `useType` the type `op` (an op of a region) writes for its
  /// operand `i`.
  const Type &valueType(ValueId id) const;
  const Type &useType(const Operation &op, size_t i) const;
  /// The dims of region value `id` once its region was lowered, nullopt
  /// when its rank is not known.
  std::optional<std::vector<TermId>> valueDims(ValueId id) const;
  /// The integer elements of region value `id` (Lowerer::intElements).
  std::optional<std::vector<TermId>> valueIntElements(ValueId id);
  /// Region value `id` was made by an op symshape does not model.
  bool valueOpaque(ValueId id) const;
  /// Region value `id` (a body argument) has the runtime dims `dims`.
  void defineValueDims(ValueId id, std::vector<TermId> dims);
  /// Region value `id` (a body argument) is not defined yet: a region
  /// lowered again gives it its type's sizes, or those set after this.
  void forgetValue(ValueId id);
  /// Lowers every region of the op where it is, as code that may run any
  /// number of times (its requirements are conditional).
  void lowerRegionsConditionally();
  /// Lowers region `k` as code that may not run (conditional
  /// requirements), or as code that never runs (`dead`: no requirement).
  void lowerRegion(size_t k, bool dead);
  /// Lowers region `k` as code that may not run, where `premise` holds
  /// whenever it runs: its requirements can only fail together with it.
  void lowerRegionUnder(size_t k, FormulaId premise);
  /// The op is in code that may not run (a region of a loop or branch).
  bool inConditionalCode() const;
  /// The axes of device mesh @`name` of the module, null when undeclared.
  const std::vector<MeshAxis> *findMesh(const std::string &name) const;

  /// The `mhlo.sharding` string attribute of operand `i` (XLA's GSPMD;
  /// its text in `str`, the parser's reading in `hloSharding`): what the
  /// op that made it stated (setResultSharding), else the `mhlo.sharding`
  /// attribute of the function argument it is; null when neither.
  const Attribute *operandSharding(size_t i) const;
  /// Result `r` carries the `mhlo.sharding` attribute `sharding` (the
  /// `Sharding` custom call).
  void setResultSharding(size_t r, const Attribute &sharding);
  /// The constant attribute operand `i`'s producer stated for it
  /// (setResultConstant), null when none: a float constant's values,
  /// which the integer contents do not hold.
  const Attribute *operandConstant(size_t i) const;
  /// Result `r` is the constant `value` (a small float `dense<..>`).
  void setResultConstant(size_t r, const Attribute &value);

  //===--- Attributes ----------------------------------------------------===//
  const Attribute *attr(std::string_view name) const;
  /// An integer list attribute (`[1, 2]`, `array<i64: 1, 2>`,
  /// `dense<[1, 2]> : tensor<2xi64>`, splats expanded); nullopt when absent
  /// or not one. `flattenRows`: rows `[[0, 0], [1, 1]]` read one after the
  /// other (a padding). The reader is frontend::intList.
  std::optional<std::vector<int64_t>> ints(std::string_view name,
                                           bool flattenRows = false) const;
  /// A struct attribute whose fields the parser read
  /// (`#stablehlo.gather<offset_dims = [1], ...>`, Attribute::structured);
  /// null when absent or not one.
  const Attribute *structAttr(std::string_view name) const;
  /// An enum attribute whose case the parser read
  /// (`#stablehlo<fft_type RFFT>`, the custom form's `RFFT`; TypedAttrs.h):
  /// nullopt when absent or not a case of `E`.
  template <typename E> std::optional<E> enumAttr(std::string_view name) const {
    const Attribute *a = attr(name);
    return a ? a->enumValue<E>() : std::nullopt;
  }
  /// A Shardy attribute of `kind` that the parser (the op's form) read
  /// (Attribute::shardy); null when absent or not one.
  const ShardyValue *shardyAttr(std::string_view name,
                                ShardyValue::Kind kind) const;
  /// An integer attribute (`3 : i64`, `3`).
  std::optional<int64_t> integer(std::string_view name) const;
  /// Attribute `name` of the function the op is in (an exporter's
  /// metadata: `torch.onnx_meta.opset_version`); null when absent.
  const Attribute *functionAttr(std::string_view name) const;
  /// The same of the function judged (the caller, when the op is in an
  /// inlined callee).
  const Attribute *judgedFunctionAttr(std::string_view name) const;

  //===--- Terms ---------------------------------------------------------===//
  TermId constant(int64_t value) { return graph().constant(value); }
  TermId add(TermId a, TermId b) { return graph().add(a, b); }
  TermId sub(TermId a, TermId b) { return graph().sub(a, b); }
  TermId mul(TermId a, TermId b) { return graph().mul(a, b); }
  TermId floorDiv(TermId a, TermId b) { return graph().floorDiv(a, b); }
  /// a == b ? then : otherwise, and a <= b ? then : otherwise.
  TermId selectEq(TermId a, TermId b, TermId then, TermId otherwise) {
    return graph().selectEq(a, b, then, otherwise);
  }
  TermId selectLe(TermId a, TermId b, TermId then, TermId otherwise) {
    return graph().selectLe(a, b, then, otherwise);
  }
  /// The product of `terms` (1 for none).
  TermId product(const std::vector<TermId> &terms);
  /// The constant `t` is, if it is one.
  std::optional<int64_t> constantValue(TermId t) {
    return graph().constantValue(t);
  }
  /// `t` is never negative, by its form (a dim, a constant >= 0, ...).
  bool provablyNonNegative(TermId t) { return graph().provablyNonNegative(t); }
  /// --strict: a dynamic size under a static result dim is an error.
  bool strict() const { return low.strict(); }

  //===--- Requirements (phase 1 of SEMANTICS.md §4)
  //-------------------------------===//
  /// The id of the rule the requirements stated from now on check (SPEC 3:
  /// StableHLO's "dot_general_c9", PyTorch's "aten::view"): shown with each
  /// finding. The lowering sets the op family's default before the entry
  /// runs (OpTable.h: ruleId); an empty id means the op's name.
  void setRule(std::string_view id);
  /// Operand dims `i`/`di` and `j`/`dj` are equal at runtime (kind `equal`);
  /// `role` names them in the message: "the batch sizes %a[0] and %b[0]".
  /// Static and different in the declared types: an `error`.
  void requireSameDim(size_t i, size_t di, size_t j, size_t dj,
                      std::string_view role);
  /// Two computed sizes are equal (kind `equal`). `subject` says what is
  /// compared: "the sizes %a[1] + %b[1] and %out[1]".
  void requireEqual(TermId a, TermId b, std::string subject);
  /// A reshape keeps the number of elements (kind `element-count`).
  void requireElementCount(TermId before, TermId after, std::string subject);
  /// `holds` is true at runtime (kind `in-bounds`): a slice inside its
  /// operand, a non-negative size.
  void requireInBounds(FormulaId holds, std::string subject);
  /// General form: `violation` is exactly the runtime sizes that break it.
  void require(solver::ObligationKind kind, int dim, FormulaId violation,
               std::string subject);
  /// A runtime check (kind `assert`, or `cstr` for the shape dialect's
  /// constraints): the program stops cleanly unless `holds`; later ops may
  /// assume it. Listed even when it always holds (a redundant check is a
  /// finding of its own: `safe`).
  void check(FormulaId holds, std::string subject,
             solver::ObligationKind kind = solver::ObligationKind::Assert);

  //===--- Requirements stated as data (broadcasting) ---------------------===//
  // The broadcast rules (ops/broadcast/) keep their subjects as data
  // (printed only when reported) and list every requirement, even one that
  // holds by construction or is a static error: the Broadcastable trait's
  // report counts them all.
  /// Dim `d` of operand `i`, named as data for a subject.
  solver::DimRef dimRef(size_t i, size_t d) const;
  /// Result dim `resultDim` broadcasts `sizes` (named `names`): kind
  /// `broadcast`, violated when two of them differ and neither is 1.
  /// `staticError`: the declared types already violate it (`note` says why).
  void requireBroadcastable(int resultDim, const std::vector<TermId> &sizes,
                            const std::vector<solver::DimRef> &names,
                            bool staticError, std::string note);
  /// The declared result rank against the inferred one (kind `rank`).
  void requireResultRank(int64_t declared, int64_t inferred, bool staticError,
                         std::string note);
  /// Result dim `d`, declared `declared`, against the broadcast of `names`
  /// (kind `result-cast`, violated exactly by `violation`).
  void requireBroadcastCast(int d, FormulaId violation,
                            const std::vector<solver::DimRef> &names,
                            int64_t declared, bool staticError,
                            std::string note);
  /// A mapped operand dim (XLA's broadcast_dimensions; kind `mapped-dim`),
  /// violated exactly by `violation`.
  void requireMappedDim(int resultDim, FormulaId violation, std::string subject,
                        bool staticError = false, std::string note = "");
  /// tensor.cast's static target dim `d` (kind `cast`), violated exactly by
  /// `violation`; `staticError` when both sizes are static and differ.
  void requireCast(int d, FormulaId violation, std::string subject,
                   bool staticError);
  /// A cast of a computed size to the declared result dim `d` that is
  /// judged at runtime even when both are known (kind `result-cast`).
  void requireRuntimeCast(int d, FormulaId violation, std::string subject);
  /// A static error of the requirement `kind` on `subject` (the op's
  /// verifier rejects it; `note` says why). Unlike error(), the rule goes
  /// on: it decides what its results are (usually resultsFromTypes).
  void staticError(solver::ObligationKind kind, std::string subject,
                   std::string note);
  /// As require(), but listed even when it holds by construction or the op
  /// already had an error: the shape dialect and the broadcast rules list
  /// every requirement they state.
  void requireAlways(solver::ObligationKind kind, int dim, FormulaId violation,
                     std::string subject);
  /// An exporter's fact about sizes (PyTorch's `torch.symbolic_int` ranges
  /// and bindings, SPEC §2): assumed like `--assume`, never reported.
  void fact(FormulaId holds);

  //===--- Static checks (the op's verifier) ------------------------------===//
  /// A static error: verdict `error` at the op. Results then follow their
  /// declared types, and no further requirement is added.
  void error(std::string message);
  /// Size arithmetic on constants whose result leaves its integer type
  /// (kind `overflow`): a static error, as error().
  void overflow(std::string message);
  bool failed() const { return hadError || madeOpaque; }
  /// Every operand ranked; otherwise the op is opaque (SEMANTICS.md §4:
  /// "unranked operand %x: its sizes are not checked") and false is returned.
  bool expectRanked();
  /// Operand ranks as the op's verifier demands (-1: any); an `error`
  /// otherwise. Also checks that operands are ranked (see expectRanked).
  bool expectRanks(std::initializer_list<int> ranks);

  //===--- Results (phase 2) ---------------------------------------------===//
  /// Result `r` has the runtime dims `dims`. Its declared rank must match
  /// (else an `error`); each declared static dim is compared: another
  /// constant is an `error`, a symbolic size a `result-cast` obligation.
  void setResult(size_t r, std::vector<TermId> dims);
  /// Result `r` has dims computed from operand *values* (a shape operand):
  /// as setResult, but a declared static dim that differs is a runtime
  /// `result-cast` even when the value is known, since the op's verifier
  /// only reads shape operands that are constant ops.
  void setResultFromValues(size_t r, std::vector<TermId> dims);
  /// Result `r` holds the index / size value `value`.
  void setScalarResult(size_t r, TermId value);
  /// Result `r` holds the 1-D integer tensor / shape with these elements.
  void setElementsResult(size_t r, std::vector<TermId> elements);
  /// Result `r`, already defined, also holds these integer elements (a small
  /// integer constant, a shape computed as a 1-D tensor). `label`: name each
  /// after the result in the dim graph (e.g. "%0[1]").
  void setResultExtents(size_t r, std::vector<TermId> extents,
                        bool label = true);
  /// Result `r` is a shape (!shape.shape or an extent tensor) with these
  /// extents; nullopt: unranked. An extent tensor whose static length is
  /// not the rank is UB (a `rank` obligation).
  void setShapeResult(size_t r, std::optional<std::vector<TermId>> extents);
  /// Result `r` holds an integer no rule computes: a fresh unknown named
  /// after it.
  void setUnknownScalarResult(size_t r);
  /// Result `r` is operand `i` (a pass-through op): everything known of it.
  void setResultAlias(size_t r, size_t i);
  /// Lowers region `k` of the op in place, once (its ops run exactly then:
  /// shape.assuming's body), and returns the values its terminator yields.
  std::vector<ValueId> lowerRegionInline(size_t k);
  /// Runs region `k`'s one block once per element of `elements`, as
  /// shape.reduce does: block argument 0 is the element's index, 1 the
  /// element, the others carry what the previous run yielded (first the
  /// operands after operand 0). The results are what the last run yields.
  /// False (nothing defined) when a run does not yield one value per
  /// carried operand.
  bool foldRegion(size_t k, const std::vector<TermId> &elements);
  /// The op calls function `callee` of the module: its body is lowered with
  /// the operands' sizes (LowerCall.cpp), and the results get what it
  /// returns (sizes, integer elements, i1 predicates). False, with
  /// `whyNot`, for a callee that is not defined or cannot be inlined.
  bool setResultsFromCall(const std::string &callee, std::string &whyNot);
  /// Result `r` is `value` (a value the op's region yields).
  void setResultFromValue(size_t r, ValueId value);
  /// Result `r` from its declared type alone (static dims facts, `?` fresh):
  /// for results whose sizes no rule relates to the operands.
  void setResultFromType(size_t r);
  /// Result `r` has exactly the runtime dims `dims`, with no cast: the rule
  /// already stated every requirement on them (the broadcast rules).
  void defineResult(size_t r, std::vector<TermId> dims);
  /// A fresh unknown size for dim `d` of result `r` (a size the operands do
  /// not decide), named after it.
  TermId freshResultDim(size_t r, size_t d);
  /// `fact` holds once the op has run (a fresh result size's relation to
  /// the operands).
  void addFact(FormulaId fact);
  /// The elements of 1-D integer operand `i` read as a shape: its extents
  /// when known, else one unknown size per element of a static length (kept
  /// with the value, so every use sees the same sizes). nullopt when its
  /// length is unknown.
  std::optional<std::vector<TermId>> shapeOperand(size_t i);
  /// Every result from its declared type, as unknowns the op does not
  /// relate to its operands, without listing the op as opaque: it was
  /// judged (a static error, an unranked broadcast) but computes nothing.
  void resultsFromTypes();
  /// The op is not modelled after all: every result from its declared
  /// type, and the op is listed in the coverage report with `reason`.
  void opaque(std::string reason);
  /// The same for a runtime check whose predicate is not read: listed even
  /// though it has no results (SEMANTICS.md §2: never a guess, never hidden).
  void opaqueCheck(std::string reason);
  /// The op is listed as opaque with `reason`, but the results it has set
  /// keep what it set (an If whose branch taken yields some known and some
  /// unknown outputs); only the others come from their declared types.
  void opaqueKeepingResults(std::string reason);

private:
  void flush();

  Lowerer &low;
  const Operation &operation;
  /// The enclosing op's rule, given back when this op ends.
  solver::Text outerRule;
  bool hadError = false;
  bool madeOpaque = false;
  bool keepSetResults = false; ///< opaqueKeepingResults
  std::vector<bool> resultSet;
  /// result-cast obligations, queued after every requirement.
  struct PendingCast {
    size_t result, dim;
    TermId computed;
    int64_t declared;
    bool runtime = false; ///< never a static error (setResultFromValues)
  };
  bool valueCasts = false;
  std::vector<PendingCast> casts;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_OPCONTEXT_H
