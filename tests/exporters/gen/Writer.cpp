//===- Writer.cpp - Functions written once, printed three ways ------------===//

#include "gen/Writer.h"

#include <algorithm>

namespace symshape::exporters::gen {

static const char kOpen = '\x01', kClose = '\x02';

std::string ref(const V &v) {
  return std::string(1, kOpen) + std::to_string(v.id) + kClose;
}

std::string ref(const V &v, int k) { return ref(v) + "#" + std::to_string(k); }

std::string join(const std::vector<int64_t> &v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + std::to_string(v[i]);
  return out;
}

std::string tensorType(const std::vector<int64_t> &dims,
                       const std::string &elem) {
  std::string out = "tensor<";
  for (int64_t d : dims)
    out += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
  return out + elem + ">";
}

std::string fnType(const std::vector<V> &operands,
                   const std::vector<V> &results) {
  std::string out = "(";
  for (size_t i = 0; i < operands.size(); ++i)
    out += (i ? ", " : "") + operands[i].type;
  out += ") -> ";
  if (results.size() == 1)
    return out + results[0].type;
  out += "(";
  for (size_t i = 0; i < results.size(); ++i)
    out += (i ? ", " : "") + results[i].type;
  return out + ")";
}

std::string generic(const std::vector<V> &results, const std::string &name,
                    const std::vector<V> &operands, const std::string &props,
                    const std::string &attrs) {
  std::string out;
  for (size_t i = 0; i < results.size(); ++i)
    out += (i ? ", " : "") + ref(results[i]);
  if (!results.empty())
    out += " = ";
  out += "\"" + name + "\"(";
  for (size_t i = 0; i < operands.size(); ++i)
    out += (i ? ", " : "") + ref(operands[i]);
  out += ")";
  if (!props.empty())
    out += " <{" + props + "}>";
  if (!attrs.empty())
    out += " {" + attrs + "}";
  return out + " : " + fnType(operands, results);
}

V Fn::arg(const std::string &type, const std::string &attrs,
          const std::string &loc) {
  V v = value("", type);
  names[v.id] = "%arg" + std::to_string(args.size());
  args.push_back({v.id, attrs, loc});
  return v;
}

void Fn::result(const std::string &type, const std::string &attrs) {
  resultTypes.push_back(type);
  resultAttrs.push_back(attrs);
}

V Fn::value(const std::string &hint, const std::string &type) {
  int id = int(hints.size());
  hints.push_back(hint);
  types.push_back(type);
  names.emplace_back();
  counts.push_back(1);
  return V{id, type};
}

V Fn::values(int count, const std::string &type) {
  V v = value("", type);
  counts[v.id] = count;
  return v;
}

void Fn::op(OpText text, std::vector<V> defs) {
  auto n = std::make_unique<Node>();
  n->text = std::move(text);
  for (const V &d : defs)
    n->defs.push_back(d.id);
  cursor.back()->ops.push_back(std::move(n));
}

void Fn::hoist(OpText text, std::vector<V> defs) {
  auto n = std::make_unique<Node>();
  n->text = std::move(text);
  for (const V &d : defs)
    n->defs.push_back(d.id);
  body.ops.insert(body.ops.begin() + long(hoisted++), std::move(n));
}

void Fn::open(OpText text, std::vector<V> defs, std::vector<V> blockArgs) {
  op(std::move(text), std::move(defs));
  Node &n = *cursor.back()->ops.back();
  n.region = std::make_unique<Block>();
  for (const V &a : blockArgs)
    n.region->args.push_back(a.id);
  cursor.push_back(n.region.get());
}

void Fn::close() { cursor.pop_back(); }

void Fn::ret(const std::vector<V> &vals, const std::string &loc, V multi) {
  returned = vals;
  returnLoc = loc;
  returnedMulti = multi;
}

void Fn::nameValue(int id, Scope &scope) {
  if (!names[id].empty())
    return; // an argument
  const std::string &hint = hints[id];
  if (hint.empty()) {
    names[id] = "%" + std::to_string(scope.nextValue++);
    return;
  }
  auto used = [&](const std::string &n) {
    return std::find(scope.used.begin(), scope.used.end(), n) !=
           scope.used.end();
  };
  std::string name = hint;
  while (used(name))
    name = hint + "_" + std::to_string(scope.nextConflict++);
  scope.used.push_back(name);
  names[id] = "%" + name;
}

void Fn::nameBlock(const Block &block, Scope scope) {
  for (int a : block.args)
    nameValue(a, scope);
  for (const auto &n : block.ops)
    for (int d : n->defs)
      nameValue(d, scope);
  for (const auto &n : block.ops)
    if (n->region)
      nameBlock(*n->region, scope);
}

void Fn::assignNames() {
  Scope scope;
  for (const Arg &a : args)
    scope.used.push_back(names[a.id].substr(1));
  nameBlock(body, scope);
}

std::string Fn::subst(const std::string &text) const {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != kOpen) {
      out += text[i];
      continue;
    }
    size_t close = text.find(kClose, i);
    int id = std::stoi(text.substr(i + 1, close - i - 1));
    out += names[id].empty() ? "%<unnamed>" : names[id];
    i = close;
  }
  return out;
}

static std::string indented(const std::string &text, int indent) {
  std::string pad(indent, ' '), out = pad;
  for (char c : text) {
    out += c;
    if (c == '\n')
      out += pad;
  }
  return out + "\n";
}

void Fn::renderBlock(const Block &block, Render mode, int indent,
                     std::string &out) const {
  if (!block.args.empty()) {
    std::string line = "^bb0(";
    for (size_t i = 0; i < block.args.size(); ++i)
      line +=
          (i ? ", " : "") + names[block.args[i]] + ": " + types[block.args[i]];
    out += indented(subst(line + "):"), indent - 2);
  }
  for (const auto &n : block.ops) {
    const OpText &t = n->text;
    bool pretty =
        mode == Render::Text || (mode == Render::MlirOpt && t.upstream);
    std::string head = pretty ? t.pretty : t.generic;
    std::string tail = pretty ? t.prettyEnd : t.genericEnd;
    std::string loc = mode == Render::Text ? t.loc : "";
    if (!n->region) {
      out += indented(subst(head + loc), indent);
      continue;
    }
    out += indented(subst(head), indent);
    renderBlock(*n->region, mode, indent + 2, out);
    out += indented(subst(tail + loc), indent);
  }
}

std::string Fn::render(Render mode) const {
  bool text = mode == Render::Text;
  std::string out = "  func.func " + visibility + "@" + name + "(";
  for (size_t i = 0; i < args.size(); ++i) {
    const Arg &a = args[i];
    out += (i ? ", " : "") + names[a.id] + ": " + types[a.id];
    if (!a.attrs.empty())
      out += " " + a.attrs;
    if (text && !a.loc.empty())
      out += " " + a.loc;
  }
  out += ")";
  if (!resultTypes.empty()) {
    bool paren = resultTypes.size() > 1 || !resultAttrs[0].empty();
    out += " -> ";
    if (paren)
      out += "(";
    for (size_t i = 0; i < resultTypes.size(); ++i) {
      out += (i ? ", " : "") + resultTypes[i];
      if (!resultAttrs[i].empty())
        out += " " + resultAttrs[i];
    }
    if (paren)
      out += ")";
  }
  out += attributes + " {\n";
  renderBlock(body, mode, 4, out);
  std::string names_, types_;
  for (size_t i = 0; i < returned.size(); ++i) {
    names_ += (i ? ", " : "") + (returned[i].id < 0
                                     ? ref(returnedMulti, -1 - returned[i].id)
                                     : ref(returned[i]));
    types_ += (i ? ", " : "") + returned[i].type;
  }
  std::string ret;
  if (mode == Render::Twin)
    ret = "\"func.return\"(" + names_ + ") : (" + types_ + ") -> ()";
  else
    ret = "return" + (returned.empty() ? "" : " " + names_ + " : " + types_);
  out += "    " + subst(ret) + (text ? returnLoc : "") + "\n";
  return out + "  }" + (text ? endLoc : "") + "\n";
}

Fn &Module::function(const std::string &name) {
  fns.push_back(std::make_unique<Fn>(name));
  return *fns.back();
}

std::string Module::render(Render mode) const {
  bool text = mode == Render::Text;
  std::string out;
  if (text)
    for (const std::string &l : textBefore)
      out += l + "\n";
  if (mode != Render::Twin)
    for (const std::string &a : aliases)
      out += a + "\n";
  out +=
      (mode != Render::Twin && !textHeader.empty() ? textHeader : "module {") +
      "\n";
  for (const auto &f : fns)
    out += f->render(mode);
  out += (text && !textTrailer.empty() ? textTrailer : "}") + "\n";
  if (text)
    for (const std::string &l : textAfter)
      out += l + "\n";
  if (mode != Render::Twin && !resources.empty())
    out += "\n" + resources + "\n";
  return out;
}

} // namespace symshape::exporters::gen
