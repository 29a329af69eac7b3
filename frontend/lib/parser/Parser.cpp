//===- Parser.cpp - Tokens, errors and the module level -------------------===//

#include "symshape/frontend/Parser.h"
#include "ParserImpl.h"

namespace symshape::frontend {

Parser::Parser(const SourceManager &sources, uint32_t buffer,
               DiagnosticEngine &diags, FunctionStream *stream)
    : sources(sources), bufferId(buffer), buf(sources.buffer(buffer)),
      diags(diags), lexer(buf), stream(stream) {
  tok = lexer.lex();
}

void Parser::consume() {
  prevEnd = tok.end();
  tok = lexer.lex();
}

bool Parser::consumeIf(TokenKind kind) {
  if (!tok.is(kind))
    return false;
  consume();
  return true;
}

Token Parser::peek() const {
  Lexer copy = lexer;
  return copy.lex();
}

void Parser::resetTo(uint32_t offset) {
  prevEnd = offset;
  lexer.resetTo(offset);
  tok = lexer.lex();
}

bool Parser::emitError(SourceLoc loc, std::string message) {
  if (!failed && !speculating) {
    diags.error(loc, std::move(message));
    failed = true;
  } else if (speculating && !swallowed.set) {
    swallowed = {true, false, loc, std::move(message)};
  }
  return false;
}

bool Parser::emitHardError(SourceLoc loc, std::string message) {
  if (speculating && !swallowed.set) {
    swallowed = {true, true, loc, std::move(message)};
    return false;
  }
  return emitError(loc, std::move(message));
}

bool Parser::atLineStart() const {
  for (uint32_t i = prevEnd; i < tok.offset && i < buf.size(); ++i)
    if (buf[i] == '\n')
      return true;
  return false;
}

bool Parser::emitWrongToken(std::string message) {
  if (tok.is(TokenKind::Error))
    return emitError(tokLoc(), lexer.errorMessage());
  if (tok.is(TokenKind::Eof) || atLineStart())
    return emitError(locAt(prevEnd), std::move(message));
  return emitError(tokLoc(), std::move(message));
}

bool Parser::expect(TokenKind kind, const char *what) {
  if (consumeIf(kind))
    return true;
  return emitWrongToken(std::string("expected ") + what);
}

bool Parser::expectKeyword(std::string_view word) {
  if (tok.isKeyword(word)) {
    consume();
    return true;
  }
  return emitWrongToken("expected '" + std::string(word) + "'");
}

bool Parser::enterNesting(SourceLoc loc) {
  if (depth >= kMaxNesting)
    return emitError(loc, "nesting too deep");
  ++depth;
  return true;
}

std::optional<uint32_t> Parser::skipBalanced(uint32_t open) {
  std::vector<std::pair<char, uint32_t>> stack; // expected closer, opener
  for (uint32_t p = open; p < buf.size(); ++p) {
    char c = buf[p];
    if (c == '"') {
      uint32_t start = p++;
      while (p < buf.size() && buf[p] != '"' && buf[p] != '\n') {
        if (buf[p] == '\\')
          ++p;
        ++p;
      }
      if (p >= buf.size() || buf[p] != '"') {
        emitError(locAt(start), "expected '\"' in string literal");
        return std::nullopt;
      }
      continue;
    }
    char closer = c == '<'   ? '>'
                  : c == '(' ? ')'
                  : c == '[' ? ']'
                  : c == '{' ? '}'
                             : 0;
    if (closer) {
      stack.emplace_back(closer, p);
      continue;
    }
    if (c != '>' && c != ')' && c != ']' && c != '}')
      continue;
    if (c == '>') {
      // `->` and `>=` inside affine maps/sets do not close anything.
      bool arrow = p > open && buf[p - 1] == '-';
      bool compare = p + 1 < buf.size() && buf[p + 1] == '=';
      if (arrow || compare || stack.back().first != '>')
        continue;
    }
    if (stack.back().first != c) {
      emitError(locAt(p), std::string("unexpected '") + c + "'");
      return std::nullopt;
    }
    stack.pop_back();
    if (stack.empty())
      return p + 1;
  }
  uint32_t at = stack.empty() ? open : stack.back().second;
  emitError(locAt(at), std::string("unbalanced '") + buf[at] + "'");
  return std::nullopt;
}

/// The magic number that starts MLIR bytecode (`mlir-opt --emit-bytecode`,
/// `.mlirbc` files).
static constexpr std::string_view kBytecodeMagic = "ML\xEFR";

std::optional<Module> Parser::parseModule() {
  if (buf.substr(0, kBytecodeMagic.size()) == kBytecodeMagic) {
    // Bytecode is not text: one error that says how to get text, never a
    // quote of its bytes or a parse of them as garbage.
    std::string name = sources.name(bufferId);
    if (name.empty() || name[0] == '<') // <stdin>, <string>
      name = "FILE.mlirbc";
    std::string text =
        name.size() > 7 && name.substr(name.size() - 7) == ".mlirbc"
            ? name.substr(0, name.size() - 2)
            : name + ".mlir";
    diags.emit(locAt(0), Severity::Error,
               "this is MLIR bytecode, not text: print it as text with "
               "'mlir-opt " +
                   name + " -o " + text + "', then check " + text,
               /*showSource=*/false);
    return std::nullopt;
  }
  Module module;
  module.buffer = bufferId;
  topModule = &module;
  Function scratch;
  FunctionScope scope(*this, scratch);
  if (!parseModuleBody(module, /*braced=*/false))
    return std::nullopt;
  topModule = nullptr;
  resolveGlobals(module);
  resolveLocAliases();
  module.locations = std::move(locTable);
  return module;
}

bool Parser::parseModuleBody(Module &module, bool braced) {
  while (true) {
    switch (tok.kind) {
    case TokenKind::Eof:
      if (braced)
        return emitWrongToken("expected '}'");
      return true;
    case TokenKind::RBrace:
      if (braced)
        return true;
      return emitError(tokLoc(), "unexpected '}'");
    case TokenKind::HashIdent:
    case TokenKind::BangIdent:
      if (!parseAliasDefinition())
        return false;
      continue;
    case TokenKind::LBrace:
      // `{-# dialect_resources: ... #-}` file metadata.
      if (buf.substr(tok.offset, 3) == "{-#") {
        size_t end = buf.find("#-}", tok.offset + 3);
        if (end == std::string_view::npos)
          return emitError(tokLoc(), "expected '#-}' to end file metadata");
        resetTo(static_cast<uint32_t>(end + 3));
        continue;
      }
      break;
    case TokenKind::BareIdent:
      if (tok.spelling == "module" || tok.spelling == "builtin.module") {
        if (!parseCustomModule(module))
          return false;
        continue;
      }
      if (tok.spelling == "func" || isFunctionOp(tok.spelling)) {
        if (!parseCustomFunc(module))
          return false;
        continue;
      }
      break;
    case TokenKind::String:
      if (tok.spelling == "\"builtin.module\"") {
        if (!parseGenericModule(module))
          return false;
        continue;
      }
      if (tok.spelling.size() > 2 &&
          isFunctionOp(tok.spelling.substr(1, tok.spelling.size() - 2))) {
        if (!parseGenericFunc(module))
          return false;
        continue;
      }
      break;
    default:
      break;
    }
    if (!parseModuleLevelOp(module))
      return false;
  }
}

bool Parser::parseAliasDefinition() {
  Token name = tok;
  if (!peek().is(TokenKind::Equal))
    return emitError(tokLoc(), "expected operation name");
  consume();
  consume(); // '='
  std::string key(name.spelling.substr(1));
  if (name.is(TokenKind::HashIdent) && !attrAliases.count(key) &&
      tok.isKeyword("loc") && peek().is(TokenKind::LParen)) {
    // Read as a location too; the attribute below skips it as before.
    uint32_t start = tok.offset;
    LocId id = 0;
    if (!parseOptionalLoc(id, /*deferAliases=*/false))
      return false;
    locAliases[key] = id;
    resetTo(start);
  }
  if (name.is(TokenKind::BangIdent)) {
    if (typeAliases.count(key))
      return emitError(locAt(name.offset),
                       "redefinition of type alias id '" + key + "'");
    std::optional<Type> type = parseType();
    if (!type)
      return false;
    typeAliases.emplace(std::move(key), std::move(*type));
    return true;
  }
  if (attrAliases.count(key))
    return emitError(locAt(name.offset),
                     "redefinition of attribute alias id '" + key + "'");
  std::optional<Attribute> attr = parseAttribute();
  if (!attr)
    return false;
  attrAliases.emplace(std::move(key), std::move(*attr));
  return true;
}

void Parser::enterModuleScope(std::string_view name) {
  ++modulesSeen;
  // The file's first module is its outermost symbol table (as is the file
  // itself when it has no module); any other module has a table of its
  // own: `module @inner { func.func @f ... }` beside an outer @f is
  // "inner::f".
  if (moduleDepth++ == 0 && modulesSeen == 1)
    return;
  scopePath += name.empty() ? "<module " + std::to_string(modulesSeen) + ">"
                            : std::string(name);
  scopePath += "::";
}

void Parser::exitModuleScope(std::string saved) {
  --moduleDepth;
  scopePath = std::move(saved);
}

/// module [@name] [attributes {...}] { ... } [loc(...)]
bool Parser::parseCustomModule(Module &module) {
  consume(); // 'module'
  std::string name;
  if (tok.is(TokenKind::AtIdent)) {
    std::string_view spelled = tok.spelling.substr(1);
    name = !spelled.empty() && spelled.front() == '"'
               ? decodeStringToken(spelled)
               : std::string(spelled);
    consume();
  }
  if (tok.isKeyword("attributes")) {
    consume();
    std::vector<NamedAttribute> ignored;
    if (!parseAttrDict(ignored))
      return false;
  }
  if (!enterNesting(tokLoc()))
    return false;
  std::string saved = scopePath;
  enterModuleScope(name);
  if (!expect(TokenKind::LBrace, "'{'") || !parseModuleBody(module, true) ||
      !expect(TokenKind::RBrace, "'}'"))
    return false;
  exitModuleScope(std::move(saved));
  exitNesting();
  return parseOptionalLoc(module.sourceLoc);
}

std::string Parser::genericModuleName() {
  uint32_t resume = tok.offset, savedPrev = prevEnd;
  std::string name;
  std::optional<uint32_t> end = skipBalanced(tok.offset);
  if (end) {
    resetTo(*end);
    bool outer = speculating;
    SwallowedError outerSwallowed = std::move(swallowed);
    swallowed = SwallowedError();
    speculating = true;
    std::vector<NamedAttribute> attrs;
    if (parseOptionalAttrDict(attrs))
      if (const Attribute *sym = findAttr(attrs, "sym_name"))
        if (sym->kind == AttrKind::String)
          name = sym->str;
    speculating = outer;
    swallowed = std::move(outerSwallowed);
  }
  resetTo(resume);
  prevEnd = savedPrev;
  return name;
}

/// "builtin.module"() ({ ... }) {attrs} : () -> () [loc(...)]
bool Parser::parseGenericModule(Module &module) {
  consume();
  if (!expect(TokenKind::LParen, "'('") || !expect(TokenKind::RParen, "')'"))
    return false;
  if (!enterNesting(tokLoc()))
    return false;
  std::string saved = scopePath;
  enterModuleScope(tok.is(TokenKind::LParen) ? genericModuleName() : "");
  if (!expect(TokenKind::LParen, "'('") || !expect(TokenKind::LBrace, "'{'") ||
      !parseModuleBody(module, true) || !expect(TokenKind::RBrace, "'}'") ||
      !expect(TokenKind::RParen, "')'"))
    return false;
  exitModuleScope(std::move(saved));
  exitNesting();
  std::vector<NamedAttribute> ignored;
  if (!parseOptionalAttrDict(ignored) || !expect(TokenKind::Colon, "':'"))
    return false;
  std::vector<Type> inputs, results;
  if (!parseFunctionType(inputs, results))
    return false;
  return parseOptionalLoc(module.sourceLoc);
}

/// Whether `name` can name an op outside a function: `dialect.op`, each
/// part non-empty (the builtin ops without a prefix, `module` and `func`,
/// are read before).
static bool isDialectOpName(std::string_view name) {
  size_t dot = name.find('.');
  return dot != std::string_view::npos && dot > 0 && dot + 1 < name.size();
}

/// Whether `op`, an op in custom form that symshape does not know, is words
/// alone: its name followed by nothing or by bare words (`hello.world`,
/// `foo.bar baz`, `the.quick brown fox`), without results, operands, a
/// symbol, a type, an attribute or a region. No op at module level looks
/// like that (mlir-opt: "Dialect `foo' not found for custom op"): it is
/// prose that happens to have a dot in its first word.
static bool isWordsAlone(std::string_view buf, const Operation &op) {
  if (!op.skipped || op.generic || !op.results.empty() || !op.regions.empty() ||
      !op.successors.empty())
    return false;
  Lexer lexer(buf);
  lexer.resetTo(op.loc.offset);
  lexer.lex(); // the op name
  for (Token word = lexer.lex(); word.offset < op.range.end.offset;
       word = lexer.lex())
    if (!word.is(TokenKind::BareIdent))
      return false;
  return true;
}

/// Any other op at module level: parsed like an op in a function and
/// dropped (symshape analyses functions only). A `util.global` is kept as
/// the declared type of its loads; every other op is listed as opaque at
/// the file level, so that "0 obligations" never hides an op that was not
/// read. A bare word is no op there, and neither is a dotted word followed
/// by words: text that is not MLIR (`hello world`, `foo.bar baz`) is an
/// error, never an empty module that passes as safe.
bool Parser::parseModuleLevelOp(Module &module) {
  auto notMlir = [&](SourceLoc loc, std::string_view words, const char *why) {
    std::string quoted(words.substr(0, 40));
    if (words.size() > quoted.size())
      quoted += "...";
    return emitError(loc, "expected an operation, found '" + quoted +
                              "': this is not MLIR text (" + why + ")");
  };
  const char *notAnOpName =
      "an operation here is 'module', 'func.func' or 'dialect.op'";
  if (tok.is(TokenKind::BareIdent) && !isDialectOpName(tok.spelling))
    return notMlir(tokLoc(), tok.spelling, notAnOpName);
  Region region;
  region.blocks.emplace_back();
  if (!parseOperation(region.blocks.back()))
    return false;
  // `%x = word ...`: the op name came after the results.
  for (const Operation &parsed : region.blocks.back().operations)
    if (!parsed.generic && !isDialectOpName(parsed.name))
      return notMlir(parsed.loc, parsed.name, notAnOpName);
  const Operation &op = region.blocks.back().operations.back();
  if (isWordsAlone(buf, op))
    return notMlir(
        op.loc, buf.substr(op.loc.offset, op.range.end.offset - op.loc.offset),
        "an op has operands, a symbol, types, attributes or a "
        "region, not words alone");
  if (opRole(op.name) == OpRole::Global && !op.skipped) {
    const Attribute *name = findAttr(op.attributes, "sym_name");
    const Attribute *type = findAttr(op.attributes, "type");
    if (name && name->kind == AttrKind::String && type &&
        type->kind == AttrKind::TypeAttr) {
      // One name declared twice (in two nested modules) is ambiguous.
      auto [at, fresh] = globals.emplace(name->str, type->type);
      if (!fresh && at->second != type->type)
        at->second.reset();
    }
    return true;
  }
  if (opRole(op.name) == OpRole::Mesh && !op.skipped) {
    const Attribute *name = findAttr(op.attributes, "sym_name");
    const Attribute *mesh = findAttr(op.attributes, "mesh");
    if (name && name->kind == AttrKind::String && mesh) {
      // A name declared twice in one symbol table is not read.
      // The op's form read the mesh (ShardyValue) or left it unread.
      std::optional<std::vector<MeshAxis>> axes;
      if (mesh->shardy && mesh->shardy->kind == ShardyValue::Kind::Mesh)
        axes = mesh->shardy->mesh;
      auto [at, fresh] =
          module.meshes.emplace(scopePath + name->str, std::move(axes));
      if (!fresh)
        at->second.reset();
      return true;
    }
  }
  if (!op.regions.empty())
    module.skipped.push_back(
        {op.name, op.loc,
         "a function-like op: its body is not analysed (symshape reads "
         "func.func and util.func)"});
  else
    module.skipped.push_back(
        {op.name, op.loc,
         "an op outside any function: not analysed (symshape reads "
         "func.func, util.func and util.global there)"});
  return true;
}

/// How `name` reaches a module global, as its entry says.
static GlobalAccess globalAccess(std::string_view name) {
  const OpEntry *entry = findOp(name);
  return entry ? entry->global : GlobalAccess::None;
}

/// Gives each util.global.load / .address / .store, and each indirect
/// load or store through a util.global.address of the same function, the
/// declared type of its global as the attribute `symshape.global_type`
/// (the global may be declared after its uses).
void Parser::resolveGlobals(Module &module) {
  if (globals.empty())
    return;
  auto typeOf = [&](const Operation &op) -> std::optional<Type> {
    const Attribute *ref = findAttr(op.attributes, "global");
    // `@a::@b` names a global of a nested module: not resolved.
    if (!ref || ref->kind != AttrKind::SymbolRef ||
        ref->text.find("::") != std::string::npos)
      return std::nullopt;
    auto it = globals.find(ref->str);
    return it == globals.end() ? std::nullopt : it->second;
  };
  auto annotate = [](Operation &op, const Type &type) {
    NamedAttribute named;
    named.name = "symshape.global_type";
    named.loc = op.loc;
    named.value.kind = AttrKind::TypeAttr;
    named.value.type = type;
    named.value.text = type.str();
    named.value.loc = op.loc;
    op.attributes.push_back(std::move(named));
  };
  for (Function &fn : module.functions) {
    std::unordered_map<ValueId, Type> pointers; // util.global.address results
    std::vector<Operation *> all;
    std::vector<Region *> regions = {&fn.body};
    while (!regions.empty()) {
      Region *region = regions.back();
      regions.pop_back();
      for (Block &block : region->blocks)
        for (Operation &op : block.operations) {
          all.push_back(&op);
          for (Region &inner : op.regions)
            regions.push_back(&inner);
        }
    }
    for (Operation *op : all)
      if (globalAccess(op->name) == GlobalAccess::Address && !op->skipped &&
          op->results.size() == 1)
        if (std::optional<Type> type = typeOf(*op))
          pointers.emplace(op->results[0], *type);
    for (Operation *op : all) {
      if (op->skipped)
        continue;
      GlobalAccess access = globalAccess(op->name);
      if (access == GlobalAccess::Mesh) // read by the lowering (findMesh)
        continue;
      if (access == GlobalAccess::Named || access == GlobalAccess::Address) {
        if (std::optional<Type> type = typeOf(*op))
          annotate(*op, *type);
        continue;
      }
      // Any other op is annotated when its operand 2 is such a pointer (as
      // before the entries said it; only the util.global.* entries read it).
      size_t pointer = access == GlobalAccess::PointerOperand0   ? 0
                       : access == GlobalAccess::PointerOperand1 ? 1
                                                                 : 2;
      if (pointer < op->operands.size())
        if (auto it = pointers.find(op->operands[pointer]);
            it != pointers.end())
          annotate(*op, it->second);
    }
  }
}

FunctionScope::FunctionScope(Parser &parser, Function &func)
    : parser(parser), savedFn(parser.fn), savedScopes(std::move(parser.scopes)),
      savedOpScopes(std::move(parser.opScopes)),
      savedLabels(std::move(parser.labelScopes)) {
  parser.fn = &func;
  parser.opScopes.clear();
  parser.scopes.clear();
  parser.scopes.emplace_back();
  parser.labelScopes.clear();
  parser.labelScopes.emplace_back();
}

FunctionScope::~FunctionScope() {
  parser.fn = savedFn;
  parser.scopes = std::move(savedScopes);
  parser.opScopes = std::move(savedOpScopes);
  parser.labelScopes = std::move(savedLabels);
}

std::optional<Module> parseModule(const SourceManager &sources, uint32_t buffer,
                                  DiagnosticEngine &diags,
                                  FunctionStream *stream) {
  Parser parser(sources, buffer, diags, stream);
  return parser.parseModule();
}

} // namespace symshape::frontend
