//===- TorchWriter.cpp - Programs as torch-mlir's FX importer prints them -===//

#include "gen/TorchWriter.h"

#include <algorithm>
#include <sstream>

namespace symshape::models::torchgen {

namespace {

/// The symbols `dims` use, in the order of their names (the importer
/// sorts sympy symbols by name).
std::vector<int> symbolsOf(const TorchDims &dims,
                           const std::vector<TorchSymbol> &symbols) {
  std::vector<int> out;
  for (const TorchDim &d : dims)
    for (int s : d.syms)
      if (std::find(out.begin(), out.end(), s) == out.end())
        out.push_back(s);
  std::sort(out.begin(), out.end(), [&](int a, int b) {
    return symbols[size_t(a)].name < symbols[size_t(b)].name;
  });
  return out;
}

} // namespace

std::string vtensorType(const TorchDims &dims, const std::string &elem) {
  std::string s = "!torch.vtensor<[";
  for (size_t d = 0; d < dims.size(); ++d)
    s += (d ? "," : "") +
         (dims[d].dynamic() ? std::string("?") : std::to_string(dims[d].size));
  return s + "]," + elem + ">";
}

std::string TorchWriter::fresh(const std::string &base) {
  if (!used.count(base)) {
    used[base] = 1;
    return "%" + base;
  }
  // MLIR's printer: one counter for every clash in the function.
  while (true) {
    std::string name = base + "_" + std::to_string(suffix++);
    if (!used.count(name)) {
      used[name] = 1;
      return "%" + name;
    }
  }
}

std::string TorchWriter::loc() const {
  if (currentLine == 0)
    return "loc(#loc)";
  size_t alias =
      std::find(pythonLines.begin(), pythonLines.end(), currentLine) -
      pythonLines.begin();
  return "loc(#loc" + std::to_string(alias + 1) + ")";
}

void TorchWriter::line(int pythonLine) {
  currentLine = pythonLine;
  if (std::find(pythonLines.begin(), pythonLines.end(), pythonLine) ==
      pythonLines.end())
    pythonLines.push_back(pythonLine);
}

void TorchWriter::emit(const std::string &text, const std::string &twin) {
  lines.push_back(text + " " + loc());
  twinLines.push_back(twin + " " + loc());
  ++p.opCount;
}

TVal TorchWriter::arg(TorchDims dims, const std::string &elem) {
  TVal v{"%arg" + std::to_string(args.size()), std::move(dims), elem};
  args.push_back(v);
  p.argDims.emplace_back(v.name, v.dims);
  return v;
}

int TorchWriter::symbol(int64_t lo, int64_t hi) {
  int index = int(p.symbols.size());
  std::string name = "s" + std::to_string(index);
  p.symbols.push_back({name, lo, hi});
  std::string r = "%" + std::to_string(next++);
  symbolNames.push_back(r);
  std::string type = " : !torch.int";
  emit(r + " = torch.symbolic_int \"" + name +
           "\" {min_val = " + std::to_string(lo) +
           ", max_val = " + std::to_string(hi) + "}" + type,
       r + " = \"torch.constant.str\"() {value = \"torch.symbolic_int " + name +
           "\"} : () -> !torch.int");
  return index;
}

void TorchWriter::bind(const TVal &v) {
  bool symbolic = false;
  for (const TorchDim &d : v.dims) {
    if (d.unbound)
      return; // not an expression the importer can state
    symbolic = symbolic || !d.syms.empty();
  }
  if (!symbolic)
    return;
  std::vector<int> syms = symbolsOf(v.dims, p.symbols);
  std::string operands, locals, exprs;
  for (size_t k = 0; k < syms.size(); ++k) {
    operands += (k ? ", " : "") + symbolNames[size_t(syms[k])];
    locals += (k ? ", s" : "s") + std::to_string(k);
  }
  for (size_t d = 0; d < v.dims.size(); ++d) {
    const TorchDim &dim = v.dims[d];
    std::string e;
    if (dim.syms.empty()) {
      e = std::to_string(dim.size);
    } else {
      for (size_t k = 0; k < dim.syms.size(); ++k) {
        size_t local =
            std::find(syms.begin(), syms.end(), dim.syms[k]) - syms.begin();
        e += (k ? " * s" : "s") + std::to_string(local);
      }
      if (dim.coef != 1)
        e += " * " + std::to_string(dim.coef);
    }
    exprs += (d ? ", " : "") + e;
  }
  p.binds.push_back(TorchBind{size_t(p.opCount), v.name.substr(1), v.dims,
                              v.name.rfind("%arg", 0) == 0});
  emit("torch.bind_symbolic_shape " + v.name + ", [" + operands +
           "], affine_map<()[" + locals + "] -> (" + exprs +
           ")> : " + vtensorType(v.dims, v.elem),
       "\"torch.constant.str\"() {value = \"torch.bind_symbolic_shape\"} : "
       "() -> ()");
}

std::string TorchWriter::intConst(int64_t v) {
  std::string r = fresh("int" + std::to_string(v));
  std::string text = r + " = torch.constant.int " + std::to_string(v);
  emit(text, text);
  return r;
}

std::string TorchWriter::boolConst(bool v) {
  std::string r = fresh(v ? "true" : "false");
  std::string text = r + " = torch.constant.bool " + (v ? "true" : "false");
  emit(text, text);
  return r;
}

std::string TorchWriter::noneConst() {
  std::string r = fresh("none");
  emit(r + " = torch.constant.none", r + " = torch.constant.none");
  return r;
}

std::string TorchWriter::floatConst(const std::string &printed) {
  std::string r = fresh("float" + printed);
  std::string text = r + " = torch.constant.float " + printed;
  emit(text, text);
  return r;
}

std::string TorchWriter::strConst(const std::string &v) {
  std::string r = fresh("str");
  std::string text = r + " = torch.constant.str \"" + v + "\"";
  emit(text, text);
  return r;
}

std::string TorchWriter::intList(const std::vector<std::string> &items) {
  std::string r = "%" + std::to_string(next++), names, types;
  for (size_t k = 0; k < items.size(); ++k) {
    names += (k ? ", " : "") + items[k];
    types += (k ? ", " : "") + std::string("!torch.int");
  }
  std::string text = r + " = torch.prim.ListConstruct " + names + " : (" +
                     types + ") -> !torch.list<int>";
  emit(text, text);
  return r;
}

std::string TorchWriter::intListOf(const std::vector<int64_t> &values) {
  std::vector<std::string> items;
  for (int64_t v : values)
    items.push_back(intConst(v));
  return intList(items);
}

std::string TorchWriter::sizeInt(const TVal &v, int64_t dim) {
  std::string d = intConst(dim);
  std::string r = "%" + std::to_string(next++);
  std::string text = r + " = torch.aten.size.int " + v.name + ", " + d + " : " +
                     vtensorType(v.dims, v.elem) + ", !torch.int -> !torch.int";
  emit(text, text);
  return r;
}

std::string TorchWriter::mulInt(const std::string &a, const std::string &b) {
  std::string r = "%" + std::to_string(next++);
  std::string text = r + " = torch.aten.mul.int " + a + ", " + b +
                     " : !torch.int, !torch.int -> !torch.int";
  emit(text, text);
  return r;
}

TVal TorchWriter::op(const std::string &name,
                     const std::vector<std::string> &operands,
                     const std::vector<std::string> &operandTypes,
                     TorchDims dims, const std::string &elem) {
  TVal r{"%" + std::to_string(next++), std::move(dims), elem};
  std::string names, types;
  for (size_t k = 0; k < operands.size(); ++k) {
    names += (k ? ", " : " ") + operands[k];
    types += (k ? ", " : "") + operandTypes[k];
  }
  if (planting) {
    p.plantedOp = p.opCount;
    planting = false;
  }
  std::string text = r.name + " = " + name + names + " : " + types + " -> " +
                     vtensorType(r.dims, r.elem);
  emit(text, text);
  return r;
}

void TorchWriter::ret(const TVal &v) {
  returned = v;
  std::string text = "return " + v.name + " : " + vtensorType(v.dims, v.elem);
  emit(text, text);
}

void TorchWriter::finish(bool strict) {
  p.strict = strict;
  std::string fnLoc = pythonLines.empty() ? "#loc" : "#loc1";
  std::string head;
  for (size_t a = 0; a < args.size(); ++a)
    head += (a ? ", " : "") + args[a].name + ": " +
            vtensorType(args[a].dims, args[a].elem) + " loc(unknown)";
  head = "#loc = loc(unknown)\nmodule {\n  func.func @" + p.function + "(" +
         head + ") -> " + vtensorType(returned.dims, returned.elem) +
         (strict ? " attributes {torch.assume_strict_symbolic_shapes}" : "") +
         " {\n";
  std::string tail = "  } loc(" + fnLoc + ")\n} loc(#loc)\n";
  for (size_t k = 0; k < pythonLines.size(); ++k)
    tail += "#loc" + std::to_string(k + 1) +
            " = loc(\"model.py\":" + std::to_string(pythonLines[k]) + ":0)\n";
  std::ostringstream text, twin;
  text << head;
  twin << head;
  for (size_t k = 0; k < lines.size(); ++k) {
    text << "    " << lines[k] << "\n";
    twin << "    " << twinLines[k] << "\n";
  }
  text << tail;
  twin << tail;
  p.text = text.str();
  p.twin = twin.str();
}

} // namespace symshape::models::torchgen
