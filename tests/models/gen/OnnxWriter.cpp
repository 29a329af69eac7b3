//===- OnnxWriter.cpp - One ONNX graph in its two MLIR spellings ----------===//
//
// Prints an OnnxGraph as the tools print it (checked against their real
// output, corpus onnx-import/ and onnx-mlir/):
//
// - torch-mlir's importer: `module {`, the function with the
//   `torch.onnx_meta.*` attributes, `%none = torch.constant.none` first,
//   each node `torch.operator "onnx.X"(..) {torch.onnx.<attr> = 0 : si64}
//   : (..) -> !torch.vtensor<[?,4],f32> ` (with the importer's trailing
//   space), integer lists `[1 : si64, 0 : si64]`, shape tensors `si64`,
//   constants `{torch.onnx.value = dense<..> : tensor<2xsi64>}`;
// - onnx-mlir: `"onnx.X"(..) {axis = 0 : si64} : (tensor<?x4xf32>) ->
//   tensor<?x4xf32>`, lists `[1, 0]`, `onnx.Constant dense<..> :
//   tensor<2xi64>`, arguments `{onnx.dim_params = "0:batch,1:seq"}`,
//   `onnx.Return` (custom or generic form, OnnxForms), results
//   `tensor<*xf32>` when `unranked` (before shape inference).
//
// Attribute dictionaries are sorted by name, as MLIR prints them.
//
//===----------------------------------------------------------------------===//

#include "gen/OnnxGen.h"

#include <algorithm>
#include <sstream>

namespace symshape::models {

namespace {

std::string torchType(const OnnxValue &v) {
  std::string s = "!torch.vtensor<[";
  for (size_t d = 0; d < v.dims.size(); ++d)
    s += (d ? "," : "") +
         (v.dims[d] < 0 ? std::string("?") : std::to_string(v.dims[d]));
  return s + "]," + (v.integer ? "si64" : "f32") + ">";
}

std::string tensorType(const std::vector<int64_t> &dims,
                       const std::string &elem) {
  std::string s = "tensor<";
  for (int64_t d : dims)
    s += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
  return s + elem + ">";
}

std::string dialectType(const OnnxValue &v, bool unranked) {
  std::string elem = v.integer ? "i64" : "f32";
  return unranked ? "tensor<*x" + elem + ">" : tensorType(v.dims, elem);
}

/// `dense<..>` of a constant: a splat when every element is equal.
std::string denseOf(const OnnxNode &n, const OnnxValue &v,
                    const std::string &intElem) {
  if (!n.splat.empty())
    return "dense<" + n.splat + "> : " + tensorType(v.dims, "f32");
  std::string body;
  bool same = !n.ints.empty() &&
              std::all_of(n.ints.begin(), n.ints.end(),
                          [&](int64_t x) { return x == n.ints.front(); });
  if (same) {
    body = std::to_string(n.ints.front());
  } else {
    body = "[";
    for (size_t k = 0; k < n.ints.size(); ++k)
      body += (k ? ", " : "") + std::to_string(n.ints[k]);
    body += "]";
  }
  return "dense<" + body + "> : " + tensorType(v.dims, intElem);
}

std::string attrDict(std::vector<OnnxAttr> attrs, bool torch) {
  if (attrs.empty())
    return "";
  std::sort(
      attrs.begin(), attrs.end(),
      [](const OnnxAttr &a, const OnnxAttr &b) { return a.name < b.name; });
  std::string s = " {";
  for (size_t k = 0; k < attrs.size(); ++k) {
    const OnnxAttr &a = attrs[k];
    s += (k ? ", " : "") + (torch ? "torch.onnx." : std::string()) + a.name +
         " = ";
    if (!a.list) {
      s += std::to_string(a.ints.front()) + " : si64";
      continue;
    }
    s += "[";
    for (size_t i = 0; i < a.ints.size(); ++i)
      s += (i ? ", " : "") + std::to_string(a.ints[i]) +
           (torch ? " : si64" : "");
    s += "]";
  }
  return s + "}";
}

std::string name(const OnnxGraph &g, int value) {
  for (size_t a = 0; a < g.args.size(); ++a)
    if (g.args[a] == value)
      return "%arg" + std::to_string(a);
  for (size_t k = 0; k < g.nodes.size(); ++k)
    if (g.nodes[k].result == value)
      return "%" + std::to_string(k);
  return "%?";
}

} // namespace

std::string writeTorch(const OnnxGraph &g, const std::string &function) {
  std::ostringstream os;
  const OnnxValue &out = g.values[g.output];
  os << "module {\n  func.func @" << function << "(";
  for (size_t a = 0; a < g.args.size(); ++a)
    os << (a ? ", " : "") << "%arg" << a << ": "
       << torchType(g.values[g.args[a]]);
  os << ") -> " << torchType(out)
     << " attributes {torch.onnx_meta.ir_version = 8 : si64, "
        "torch.onnx_meta.opset_version = "
     << g.opset
     << " : si64, torch.onnx_meta.producer_name = \"pytorch\", "
        "torch.onnx_meta.producer_version = \"2.1.0\"} {\n"
     << "    %none = torch.constant.none\n";
  for (size_t k = 0; k < g.nodes.size(); ++k) {
    const OnnxNode &n = g.nodes[k];
    const OnnxValue &r = g.values[n.result];
    os << "    %" << k << " = torch.operator \"onnx." << n.op << "\"(";
    std::string types;
    for (size_t i = 0; i < n.inputs.size(); ++i) {
      os << (i ? ", " : "") << name(g, n.inputs[i]);
      types += (i ? ", " : "") + torchType(g.values[n.inputs[i]]);
    }
    os << ")";
    if (n.op == "Constant")
      os << " {torch.onnx.value = " << denseOf(n, r, "si64") << "}";
    else
      os << attrDict(n.attrs, true);
    os << " : (" << types << ") -> " << torchType(r) << " \n";
  }
  os << "    return " << name(g, g.output) << " : " << torchType(out)
     << "\n  }\n}\n";
  return os.str();
}

std::string writeDialect(const OnnxGraph &g, const std::string &function,
                         bool unranked, OnnxForms forms) {
  std::ostringstream os;
  std::string outType = dialectType(g.values[g.output], unranked);
  os << "module {\n  func.func @" << function << "(";
  for (size_t a = 0; a < g.args.size(); ++a) {
    os << (a ? ", " : "") << "%arg" << a << ": "
       << dialectType(g.values[g.args[a]], false);
    if (!g.dimParams[a].empty())
      os << " {onnx.dim_params = \"" << g.dimParams[a] << "\"}";
  }
  os << ") -> " << outType << " {\n";
  for (size_t k = 0; k < g.nodes.size(); ++k) {
    const OnnxNode &n = g.nodes[k];
    const OnnxValue &r = g.values[n.result];
    if (n.op == "Constant" && forms != OnnxForms::Generic) {
      os << "    %" << k << " = onnx.Constant " << denseOf(n, r, "i64") << "\n";
      continue;
    }
    if (n.op == "Constant") {
      os << "    %" << k
         << " = \"onnx.Constant\"() {value = " << denseOf(n, r, "i64")
         << "} : () -> " << dialectType(r, false) << "\n";
      continue;
    }
    // Opset 17's reductions keep their axes attribute: onnx-mlir's
    // versioned operator.
    std::string op = n.op;
    if (g.opset < 18 && op.compare(0, 6, "Reduce") == 0)
      op += "V13";
    os << "    %" << k << " = \"onnx." << op << "\"(";
    std::string types;
    for (size_t i = 0; i < n.inputs.size(); ++i) {
      const OnnxValue &in = g.values[n.inputs[i]];
      bool fixed =
          std::find(g.args.begin(), g.args.end(), n.inputs[i]) != g.args.end();
      for (const OnnxNode &m : g.nodes)
        fixed = fixed || (m.result == n.inputs[i] && m.op == "Constant");
      os << (i ? ", " : "") << name(g, n.inputs[i]);
      types += (i ? ", " : "") + dialectType(in, unranked && !fixed);
    }
    os << ")" << attrDict(n.attrs, false) << " : (" << types << ") -> "
       << dialectType(r, unranked) << "\n";
  }
  if (forms == OnnxForms::Custom)
    os << "    onnx.Return " << name(g, g.output) << " : " << outType;
  else
    os << "    \"onnx.Return\"(" << name(g, g.output) << ") : (" << outType
       << ") -> ()";
  os << "\n  }\n}\n";
  return os.str();
}

} // namespace symshape::models
