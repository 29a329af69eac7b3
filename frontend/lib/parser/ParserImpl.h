//===- ParserImpl.h - The MLIR subset parser's state ------------*- C++ -*-===//
//
// One Parser object reads one buffer. Its methods are split by topic:
//
//   Parser.cpp          tokens, errors, the module level, aliases
//   ParseFunc.cpp       func.func and util.func in custom and generic form
//   ParseOps.cpp        operations, generic form, results, operand uses
//   ParseRegions.cpp    regions, blocks, value scopes
//   ParseTypes.cpp      types, dimension lists, function types
//   ParseAttributes.cpp attributes, dictionaries
//   ParseDense.cpp      dense<...> and array<...> literals
//   ParseCustomOps.cpp  known custom forms: dispatch, func, tensor, linalg
//   ParseOpaqueOps.cpp  unknown custom ops, skipped to where they end
//   ParseLocations.cpp  `loc(...)` after ops, arguments and functions
//
// On the first error the parser emits one diagnostic and every method
// returns failure (false / nullopt) up to parseModule.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_LIB_PARSERIMPL_H
#define SYMSHAPE_FRONTEND_LIB_PARSERIMPL_H

#include "Lexer.h"
#include "ir/ValueNames.h"
#include "ops/OpTable.h"
#include "symshape/frontend/Diagnostics.h"
#include "symshape/frontend/IR.h"
#include "symshape/frontend/Parser.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace symshape::frontend {

/// Regions, attributes and types nested deeper than this are rejected with
/// "nesting too deep" instead of overflowing the stack.
constexpr unsigned kMaxNesting = 256;

/// A use of an SSA value: `%a`, `%r#1`.
struct OperandUse {
  ValueId id = 0;
  SourceLoc loc;
  uint32_t length = 0; ///< of the `%name` token
  SourceRange range() const {
    return SourceRange{loc, SourceLoc{loc.buffer, loc.offset + length}};
  }
};

/// One entry of a result list: `%a` (count 1) or `%r:2`.
struct ResultGroup {
  std::string name;
  unsigned count = 1;
  SourceLoc loc;
};

/// An operation being read. Results become values only once the whole op
/// has been parsed (a region cannot use its own op's results).
/// The function ops the parser reads as functions (not table entries):
/// func.func, and IREE's util.func / flow.func, whose results may be tied
/// to arguments (ParseFunc.cpp). The one place their names are spelled.
enum class FunctionOpKind : uint8_t { None = 0, Func, TiedResults };
FunctionOpKind functionOpKind(std::string_view name);
inline bool isFunctionOp(std::string_view name) {
  return functionOpKind(name) != FunctionOpKind::None;
}

struct PendingOp {
  Operation op;
  std::vector<ResultGroup> groups;
  unsigned numBound = 0; ///< results named by the result list
  std::vector<Type> resultTypes;
  /// Opaque ops whose result types could not be read from their syntax.
  bool resultTypesUnknown = false;
  /// The operands set so far have their values' types, which
  /// op.operandTypes leaves out (see Operation::operandTypes).
  bool elided = false;
};

class Parser {
public:
  Parser(const SourceManager &sources, uint32_t buffer, DiagnosticEngine &diags,
         FunctionStream *stream = nullptr);

  std::optional<Module> parseModule();

  //===--- Tokens and errors (Parser.cpp) ---------------------------------===//
  void consume();
  bool consumeIf(TokenKind kind);
  /// The token after the current one, without consuming anything.
  Token peek() const;
  /// Moves the lexer to `offset` and reads the token there.
  void resetTo(uint32_t offset);
  SourceLoc locAt(uint32_t offset) const { return SourceLoc{bufferId, offset}; }
  SourceLoc tokLoc() const { return locAt(tok.offset); }
  SourceRange rangeFrom(uint32_t begin) const {
    return SourceRange{locAt(begin), locAt(prevEnd)};
  }
  std::string_view textFrom(uint32_t begin) const {
    return buf.substr(begin, prevEnd - begin);
  }
  /// Emits `message` at `loc` unless an error was already emitted (or the
  /// parser is speculating). Always returns false.
  bool emitError(SourceLoc loc, std::string message);
  /// An error no other reading of the op can avoid (a value used with
  /// another type, an undeclared name, an integer too large): emitted even
  /// while speculating, after the speculation ends.
  bool emitHardError(SourceLoc loc, std::string message);
  /// Reports that the current token is not what was expected. A lexer
  /// error wins; at end of file or at the start of a line the error points
  /// just after the previous token, as mlir-opt does.
  bool emitWrongToken(std::string message);
  /// Consumes a token of `kind` or reports "expected <what>".
  bool expect(TokenKind kind, const char *what);
  bool expectKeyword(std::string_view word);
  /// True when a line break separates the previous token from the current.
  bool atLineStart() const;
  bool enterNesting(SourceLoc loc);
  void exitNesting() { --depth; }

  //===--- Locations (ParseLocations.cpp) ---------------------------------===//
  /// Reads a trailing `loc(...)` into `out`: 0 when there is none, or when
  /// it is a form symshape does not read (then skipped to its closing
  /// parenthesis, with the errors of an unbalanced one). `deferAliases`:
  /// `loc(#name)` may name a later definition.
  bool parseOptionalLoc(LocId &out, bool deferAliases = true);
  /// One location of `loc(...)`, speculatively; nullopt when not read.
  std::optional<LocId> parseLocInstance(bool deferAliases, unsigned depth);
  /// `#name`: an alias, defined before (`deferAliases` false) or anywhere.
  std::optional<LocId> parseLocAliasRef(bool deferAliases);
  /// `"file":L:C [to [L2]:C2]` or `"name"` with an optional `(child)`.
  std::optional<LocId> parseFileOrNameLoc(unsigned depth);
  /// `L:C [to [L2]:C2]` after `"file":`, into `node`.
  bool parseFileLocPosition(LocNode &node);
  /// `callsite(callee at caller)`.
  std::optional<LocId> parseCallSiteLoc(unsigned depth);
  /// `fused<metadata>[loc, ...]`, the metadata skipped.
  std::optional<LocId> parseFusedLoc(unsigned depth);
  /// A line or column number, consumed when the token is one.
  std::optional<uint32_t> consumeLocNumber();
  /// Points the references to aliases defined after their use at the
  /// definitions, once the module is read.
  void resolveLocAliases();
  /// Skips a `<...>`, `(...)`, `[...]` or `{...}` body starting at `open`
  /// character by character; returns the offset after the closing bracket.
  std::optional<uint32_t> skipBalanced(uint32_t open);

  //===--- Module level (Parser.cpp, ParseFunc.cpp) -----------------------===//
  bool parseModuleBody(Module &module, bool braced);
  bool parseAliasDefinition();
  bool parseCustomModule(Module &module);
  bool parseGenericModule(Module &module);
  /// Opens the symbol table of a module named `name` (empty: unnamed) for
  /// the functions read until exitModuleScope (Function::scopePath).
  void enterModuleScope(std::string_view name);
  void exitModuleScope(std::string saved);
  /// The `sym_name` of a generic module whose region starts at the current
  /// token (its attributes follow the region), without consuming anything.
  std::string genericModuleName();
  bool parseModuleLevelOp(Module &module);
  void resolveGlobals(Module &module);
  bool parseCustomFunc(Module &module);
  bool parseGenericFunc(Module &module);
  bool parseFuncArgument(Function &func, bool &named, unsigned index);
  bool parseFuncResults(Function &func);
  bool parseTiedFuncResults(Function &func);
  /// A func.func / util.func nested in another op's region: read and
  /// dropped (the op is marked skipped).
  bool parseNestedFunc(PendingOp &pending);
  bool checkGenericSignature(Function &func, SourceLoc opLoc,
                             const Attribute &fnType);
  /// Takes the function's arguments from its entry block, which must
  /// match the signature's types (`func.func @f(i32) { ^bb0(%x: i32): }`).
  bool checkEntryBlock(Function &func, SourceLoc opLoc);

  //===--- Operations (ParseOps.cpp) --------------------------------------===//
  bool parseOperation(Block &block);
  bool parseResultList(PendingOp &pending);
  bool parseGenericOp(PendingOp &pending);
  std::optional<OperandUse> parseValueUse();
  /// `%a, %b, ...` (possibly empty); stops before a ',' not followed by '%'.
  bool parseOperandList(std::vector<OperandUse> &uses);
  /// Sets the op's operands. `types` are checked against the values when
  /// `written`, and otherwise only recorded (implicit types); they are
  /// taken, not copied, when the caller moves them in.
  /// `sameAsValue[i]`: operand i's type was written with its value's own
  /// text (parseOperandTypes), and `types[i]` is left empty.
  bool setOperands(PendingOp &pending, const std::vector<OperandUse> &uses,
                   std::vector<Type> types, bool written, SourceLoc typesLoc,
                   const std::vector<char> *sameAsValue = nullptr);
  /// Checks a written type against the value's known type (or sets it).
  bool checkUseType(const OperandUse &use, const Type &type);
  bool finishOp(PendingOp &pending, Block &block);

  //===--- Regions and values (ParseRegions.cpp) --------------------------===//
  /// Parses `{ ... }`. `entryArgs` are already-defined values that become
  /// the arguments of an implicit entry block (custom func.func bodies).
  bool parseRegion(Region &region, const std::vector<ValueId> *entryArgs);
  bool parseBlockHeader(Region &region);
  bool parseBlockArgument(Block &block);
  /// `typeText`: where the value's type is written, if it is.
  /// `name` as ops hold it: one text per op name.
  solver::Text opName(std::string_view name);
  /// `type` as values hold it: shared with the last values of that type.
  TypeRef sharedType(Type type);
  std::optional<ValueId> defineValue(const std::string &name, Type type,
                                     SourceLoc loc, bool isBlockArgument,
                                     unsigned index, bool typeKnown = true,
                                     const SourceRange *typeText = nullptr);
  std::optional<ValueId> lookupValue(std::string_view name) const;
  void useBlock(std::string label, SourceLoc loc);
  Value &value(ValueId id) { return fn->values[id]; }

  //===--- Streaming a function as it is parsed (ParseStream.cpp) ---------===//
  /// Appends a value to `fn`, with the stream's consumer held out when
  /// the vector grows.
  void pushValue(Value value);
  /// Appends `op` to `block`; the streamed function's entry block then
  /// publishes it (and the values defined so far).
  void pushOp(Block &block, Operation &&op);
  /// Whether `fn` is being streamed and value `id` was published.
  bool published(ValueId id) const {
    return streamed && fn == streamed && id < publishedValues;
  }
  /// What was published is about to change: the stream stops.
  void abandonStream();
  /// Tells the stream that `module`'s last function is whole.
  void functionParsed(Module &module);

  //===--- Types (ParseTypes.cpp) -----------------------------------------===//
  std::optional<Type> parseType();
  bool parseTypeList(std::vector<Type> &types,
                     std::vector<SourceRange> *ranges = nullptr);
  /// The types of `uses`, written after them (`: T1, T2`), as parseTypeList
  /// reads them, but a type written with exactly the text of its value's
  /// own type is not read again: `sameAsValue` is 1 there and the type is
  /// left empty, for setOperands. (An FX export writes three or four
  /// `!torch.vtensor<[...],dtype>` per op, nearly all its values' own.)
  bool parseOperandTypes(const std::vector<OperandUse> &uses,
                         std::vector<Type> &types,
                         std::vector<char> &sameAsValue,
                         std::vector<SourceRange> *ranges);
  /// The parameters of `memref`, `complex` or `tuple` after its keyword.
  bool parseOtherTypeBody(const std::string &keyword, uint32_t start);
  /// An error at `start` when the static `dims` multiply beyond int64.
  bool checkElementCount(const std::vector<int64_t> &dims, uint32_t start);
  /// `(T, ...) -> R` or `(T, ...) -> (R, ...)`. With `uses` (an op's
  /// operands), the inputs are read by parseOperandTypes into `inputs`
  /// and `sameAsValue`.
  bool parseFunctionType(std::vector<Type> &inputs, std::vector<Type> &results,
                         std::vector<SourceRange> *resultRanges = nullptr,
                         std::vector<SourceRange> *inputRanges = nullptr,
                         const std::vector<OperandUse> *uses = nullptr,
                         std::vector<char> *sameAsValue = nullptr);
  /// `R` or `(R, ...)` after an arrow.
  bool parseFunctionResults(std::vector<Type> &results,
                            std::vector<SourceRange> *ranges);
  std::optional<Type> parseShapedType(std::string_view keyword, uint32_t start);
  /// The end of a `<...>` starting at `open` (quick scan, for the type
  /// cache); nullopt when unsure.
  std::optional<uint32_t> scanShapedType(uint32_t open) const;
  bool parseDimensionList(std::vector<int64_t> &dims, bool isTensor,
                          bool &unranked, bool &scalable);
  std::optional<Type> parseDialectType(uint32_t start);
  /// `!torch.vtensor<[2,?],f32>` as a tensor type (ParseTorchTypes.cpp);
  /// nullopt, the lexer unmoved, for another `!torch.` type.
  std::optional<Type> parseTorchType(uint32_t start);

  //===--- Attributes (ParseAttributes.cpp, ParseDense.cpp) ---------------===//
  std::optional<Attribute> parseAttribute(bool allowType = true);
  std::optional<Attribute> parseAttributeImpl(bool allowType);
  bool parseAttrDict(std::vector<NamedAttribute> &attrs);
  bool parseOptionalAttrDict(std::vector<NamedAttribute> &attrs);
  /// An integer literal (with an optional leading '-') as an int64.
  std::optional<int64_t> parseIntegerLiteral();
  /// Whether the integer literal at the current token (after an optional
  /// '-') fits in an int64.
  bool integerLiteralFits() const;
  bool parseNumberAttr(Attribute &attr, bool allowType);
  bool parseStringAttr(Attribute &attr, bool allowType);
  void parseSymbolRefAttr(Attribute &attr);
  /// A type used as an attribute (`i32`, `tensor<4xf32>`, `!dialect.t`).
  bool parseTypeAttr(Attribute &attr);
  /// An attribute spelled with a bare keyword: true, unit, dense<...>,
  /// array<...>, a type, affine_map<...> and the other opaque forms.
  bool parseKeywordAttr(Attribute &attr, bool allowType);
  /// The type after `: ` in `"str" : T` and `sparse<...> : T`.
  bool parseAttrTrailingType(Attribute &attr);
  bool parseArrayAttr(Attribute &attr);
  bool parseDenseAttr(Attribute &attr);
  bool parseDenseElements(Attribute &attr, bool &onlyInts, bool &nested);
  bool parseDenseArrayAttr(Attribute &attr);
  bool parseHashAttr(Attribute &attr, bool allowType);
  bool parseOpaqueAttr(Attribute &attr);
  bool parseEnumKeyword(Attribute &attr);

  //===--- Custom forms (ParseCustomOps.cpp) ------------------------------===//
  bool parseCustomOp(PendingOp &pending);
  /// Runs an op entry's custom-form parser; a form it rejects is skipped
  /// as opaque instead (ParseOpaqueOps.cpp), with nothing it defined left.
  bool tryCustomSyntax(PendingOp &pending, const OpEntry &entry);
  void normalizeGeneric(PendingOp &pending);
  /// Gives attributes that name an affine map alias (`#map`) the text of
  /// its definition (`affine_map<(d0) -> (d0)>`), in arrays too.
  void resolveAliasText(std::vector<NamedAttribute> &attrs) const;

  //===--- Unknown custom ops (ParseOpaqueOps.cpp) ------------------------===//
  bool parseOpaqueOp(PendingOp &pending);
  /// Names an unknown op uses before any definition, with where.
  using OpaqueNames = std::vector<std::pair<std::string, SourceLoc>>;
  /// A region of an unknown op; the names it used so far without a
  /// definition become the region's arguments.
  bool parseOpaqueRegion(Operation &op, OpaqueNames &undefined);
  /// A `%name` in an unknown op: a definition (`%i = ...`), a use of an
  /// outer value, or a name not yet defined (kept in `undefined`).
  bool readOpaqueValueName(std::vector<OperandUse> &uses,
                           OpaqueNames &undefined);
  void readOpaqueTypes(PendingOp &pending, uint32_t colon, uint32_t end,
                       size_t numUses);
  /// At a line break at bracket depth 0 in an unknown op, after a token of
  /// kind `last`: whether the current token still belongs to the op.
  bool opaqueOpContinues(TokenKind last) const;

  // State.
  const SourceManager &sources;
  uint32_t bufferId;
  std::string_view buf;
  DiagnosticEngine &diags;
  Lexer lexer;
  Token tok;
  uint32_t prevEnd = 0; ///< end offset of the last consumed token
  /// Once an op starts at this offset, the text before it is given back
  /// (SourceManager::forgetBefore; a mapped file's pages are read again
  /// if a later report quotes them).
  size_t forgetFrom = kForgetStep;
  static constexpr size_t kForgetStep = size_t(1) << 20;
  bool failed = false;
  bool speculating = false; ///< errors are swallowed (trial parses)
  /// The first integer literal of the dense<...> being read that exceeds
  /// int64 (valid for ui64 and wider element types only).
  std::optional<SourceLoc> tooLargeLiteral;
  /// The first error swallowed while speculating, and whether it was hard.
  struct SwallowedError {
    bool set = false, hard = false;
    SourceLoc loc;
    std::string message;
  } swallowed;
  unsigned depth = 0;

  std::unordered_map<std::string, Type> typeAliases;
  /// Parsed tensor and vector types by their exact source text.
  std::unordered_map<std::string_view, Type> typeCache;
  /// opName's.
  std::unordered_map<std::string_view, solver::Text> opNames;
  /// sharedType's: the types of the values defined last.
  std::vector<TypeRef> recentTypes;
  static constexpr size_t kRecentTypes = 8;
  std::unordered_map<std::string, Attribute> attrAliases;
  /// The module's locations; `#name = loc(...)` definitions; the alias
  /// node of each `loc(#name)` after an op.
  LocTable locTable;
  std::unordered_map<std::string, LocId> locAliases, locAliasRefs;
  /// util.global declarations: name -> declared type (nullopt when one
  /// name is declared with two types, in two nested modules).
  std::unordered_map<std::string, std::optional<Type>> globals;

  /// The symbol table the functions being read go to (Function::scopePath),
  /// how many modules the file has opened, and how deep the current one is.
  std::string scopePath;
  unsigned modulesSeen = 0, moduleDepth = 0;
  /// The function whose values are being defined (a scratch function for
  /// ops at module level), and its value scopes, innermost last.
  Function *fn = nullptr;
  /// Where the entry blocks of functions go as they are parsed (null: no
  /// streaming), the function being streamed (null: none, or abandoned),
  /// and how many of its values were published.
  FunctionStream *stream = nullptr;
  Function *streamed = nullptr;
  /// The module parseModule() returns: only its functions are handed to
  /// the stream once whole (not one nested in another op).
  Module *topModule = nullptr;
  size_t publishedValues = 0;
  size_t streamBytes = 0; ///< of the buffer after the streamed body's '{'
  /// How many ops the entry block of the last function read had, and how
  /// many values it defined: room the next one gets (bodyHint), since the
  /// functions of a file are mostly alike (a model's layers). Taken by
  /// parseRegion for a function body; 0: none.
  struct BodySize {
    size_t ops = 0, values = 0;
  } lastBody, bodyHint;
  std::vector<ValueNames> scopes;
  /// The scopes (indices into `scopes`) holding the names an unknown op
  /// defines for its regions (ParseOpaqueOps.cpp).
  std::vector<size_t> opScopes;
  /// Block labels of each region being parsed, innermost last.
  struct LabelScope {
    std::unordered_map<std::string, SourceLoc> defined;
    std::vector<std::pair<std::string, SourceLoc>> used;
  };
  std::vector<LabelScope> labelScopes;
};

/// Saves and resets the value scopes for an isolated function body.
class FunctionScope {
public:
  FunctionScope(Parser &parser, Function &func);
  ~FunctionScope();

private:
  Parser &parser;
  Function *savedFn;
  std::vector<ValueNames> savedScopes;
  std::vector<size_t> savedOpScopes;
  std::vector<Parser::LabelScope> savedLabels;
};

/// Streams one custom-form function body (begin) until the scope ends:
/// the stream is ended on every path out of parseCustomFunc, before the
/// function it reads is moved or destroyed.
class StreamScope {
public:
  explicit StreamScope(Parser &parser) : parser(parser) {}
  ~StreamScope() { end(false); }
  StreamScope(const StreamScope &) = delete;
  StreamScope &operator=(const StreamScope &) = delete;
  void begin(Function &func, const Module &module);
  void end(bool ok);

private:
  Parser &parser;
  bool began = false;
};

/// Builds a type from a fixed spelling ("index", "i1", "!shape.shape").
Type builtinType(std::string_view spelling);

/// Reads a whole type from `text` ("tensor<4x?xf32>"), nullopt when it is
/// not exactly one type (or names an alias, which only a module defines).
std::optional<Type> parseTypeText(std::string_view text);

/// Whether two types are the same, reading the parameters of dialect types
/// and attributes as equal: one type may be spelled several ways
/// (`!quant.uniform<i8:f32, 2.0:15>` and `...2.000000e+00:15>`) and
/// symshape does not model them, so a difference there is never an error.
bool sameTypeUpToDialectSpelling(const Type &a, const Type &b);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_LIB_PARSERIMPL_H
