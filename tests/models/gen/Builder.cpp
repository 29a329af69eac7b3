//===- Builder.cpp - Writing one program in two forms
//----------------------===//

#include "gen/Builder.h"

namespace symshape::models::gen {

std::string tensorType(const Dims &dims, const std::string &elem) {
  std::string out = "tensor<";
  for (const Dim &d : dims)
    out += (d.dynamic() ? std::string("?") : std::to_string(d.size)) + "x";
  return out + elem + ">";
}

std::string ints(const std::vector<int64_t> &v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + std::to_string(v[i]);
  return out;
}

Val Builder::arg(const std::string &name, Dims dims, const std::string &elem) {
  Val v{"%" + name, dims, elem, tensorType(dims, elem)};
  args.push_back(v);
  return v;
}

Val Builder::argScalar(const std::string &name, const std::string &type) {
  Val v{"%" + name, {}, type, type};
  args.push_back(v);
  return v;
}

Val Builder::result(Dims dims, const std::string &elem) {
  return Val{"%" + std::to_string(next++), dims, elem, tensorType(dims, elem)};
}

Val Builder::resultScalar(const std::string &type) {
  return Val{"%" + std::to_string(next++), {}, type, type};
}

void Builder::emit(const std::string &pretty, const std::string &genericText) {
  prettyOps.push_back(pretty);
  genericOps.push_back(genericText);
  ++opCount;
}

std::string Builder::generic(const std::vector<Val> &results,
                             const std::string &name,
                             const std::vector<Val> &operands,
                             const std::string &attrs) {
  std::string out;
  for (size_t i = 0; i < results.size(); ++i)
    out += (i ? ", " : "") + results[i].name;
  if (!results.empty())
    out += " = ";
  out += "\"" + name + "\"(";
  for (size_t i = 0; i < operands.size(); ++i)
    out += (i ? ", " : "") + operands[i].name;
  out += ")";
  if (!attrs.empty())
    out += " {" + attrs + "}";
  out += " : (";
  for (size_t i = 0; i < operands.size(); ++i)
    out += (i ? ", " : "") + operands[i].type;
  out += ") -> ";
  if (results.size() == 1) {
    out += results[0].type;
  } else {
    out += "(";
    for (size_t i = 0; i < results.size(); ++i)
      out += (i ? ", " : "") + results[i].type;
    out += ")";
  }
  return out;
}

void Builder::plant(const std::string &what) {
  plantedOp = opCount;
  plantedWhat = what;
}

std::string Builder::alias(const std::string &text) {
  auto it = aliasOf.find(text);
  if (it != aliasOf.end())
    return it->second;
  std::string name =
      aliases.empty() ? "#map" : "#map" + std::to_string(aliases.size());
  aliases.push_back(name + " = " + text);
  aliasOf[text] = name;
  return name;
}

void Builder::ret(const std::vector<Val> &values) { returned = values; }

static std::string indent(const std::string &lines) {
  std::string out = "    ";
  for (char c : lines) {
    out += c;
    if (c == '\n')
      out += "    ";
  }
  return out + "\n";
}

static std::string signature(const std::string &fn, bool isPrivate,
                             const std::vector<Val> &args,
                             const std::vector<Val> &returned) {
  std::string out =
      std::string("  func.func ") + (isPrivate ? "private @" : "@") + fn + "(";
  for (size_t i = 0; i < args.size(); ++i)
    out += (i ? ", " : "") + args[i].name + ": " + args[i].type;
  out += ") -> (";
  for (size_t i = 0; i < returned.size(); ++i)
    out += (i ? ", " : "") + returned[i].type;
  return out + ") {\n";
}

static std::string returnLine(const std::vector<Val> &returned) {
  std::string names, types;
  for (size_t i = 0; i < returned.size(); ++i) {
    names += (i ? ", " : "") + returned[i].name;
    types += (i ? ", " : "") + returned[i].type;
  }
  return "    return " + names + " : " + types + "\n  }\n";
}

std::string Builder::function(const std::string &fn, bool generic) const {
  std::string out = signature(fn, /*isPrivate=*/true, args, returned);
  if (generic)
    for (const std::string &op : genericOps)
      out += "    " + op + "\n";
  else
    for (const std::string &op : prettyOps)
      out += indent(op);
  return out + returnLine(returned);
}

std::string Builder::text(const std::string &fn) const {
  std::string out;
  for (const std::string &a : aliases)
    out += a + "\n";
  out += "module {\n";
  for (const std::string &c : callees)
    out += c;
  out += signature(fn, false, args, returned);
  for (const std::string &op : prettyOps)
    out += indent(op);
  return out + returnLine(returned) + "}\n";
}

std::string Builder::twin(const std::string &fn) const {
  std::string out = "module {\n";
  for (const std::string &c : calleeTwins)
    out += c;
  out += signature(fn, false, args, returned);
  for (const std::string &op : genericOps)
    out += "    " + op + "\n";
  return out + returnLine(returned) + "}\n";
}

} // namespace symshape::models::gen
