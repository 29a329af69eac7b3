//===- InferenceTest.cpp - symshape against mlir-opt-16's inference -------===//
//
// For every input in inputs/, runs mlir-opt-16's own shape inference
// (MlirOptOutput.h: canonicalize, tosa-infer-shapes, canonicalize) and
// symshape's most specific shapes (SPEC 5), and compares them value by value
// and dim by dim:
//
//   - wherever mlir-opt's result is static, symshape's is static and equal
//     (never less specific, never a different size);
//   - the count of dims only symshape makes static is what the table of
//     docs/USAGE.md ("Most specific shapes") reports.
//
// Values are matched by source location (MlirOptOutput.h). For a value of
// tensor type the dims are its type's dims: mlir-opt's are the printed
// result type of the op it left at that location (looking through the
// tensor.casts it inserts before returns), symshape's are
// `refinedTypeOf`. For a `!shape.shape` value the dims are its extents:
// mlir-opt knows them when it folded the value to a shape.const_shape (its
// rank, when it rewrote the value as a `tensor<Nxindex>`), symshape from
// `shapeOf`. Values that are neither (index, !shape.size) are not compared.
// A value that mlir-opt erased and does not return is not compared either;
// the test lists such values, and the corpus has none.
//
// The inputs in gaps/ are programs where symshape is known to be less
// specific than mlir-opt (ops outside SPEC 3). They must stay so: when one
// stops being a gap, the test fails and asks to move it to inputs/.
//
// Written in C++ rather than as a script: matching values needs each op's
// source position, which the library gives (the CLI's JSON names values
// only, and mlir-opt renumbers them).
//
//===----------------------------------------------------------------------===//

#include "MlirOptOutput.h"

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>

using namespace symshape;
using namespace symshape::inference;

namespace {

/// A dim whose size is not known statically.
constexpr int64_t kUnknown = -1;

/// What one side knows of a value: its rank (if known) and per dim the
/// static size, or kUnknown.
struct Knowledge {
  bool ranked = false;
  std::vector<int64_t> dims;
};

bool isStatic(int64_t dim) { return dim != kUnknown; }

/// `tensor<4x?xf32>` -> ranked {4, ?}; `tensor<*xf32>` -> unranked;
/// nullopt when `text` is not a tensor type.
std::optional<Knowledge> parseTensorType(const std::string &text) {
  if (text.rfind("tensor<", 0) != 0 || text.back() != '>')
    return std::nullopt;
  std::string body = text.substr(7, text.size() - 8);
  Knowledge out;
  if (body.rfind("*x", 0) == 0)
    return out;
  out.ranked = true;
  size_t at = 0;
  while (true) {
    size_t x = body.find('x', at);
    if (x == std::string::npos)
      break;
    std::string dim = body.substr(at, x - at);
    if (dim == "?")
      out.dims.push_back(kUnknown);
    else if (!dim.empty() &&
             dim.find_first_not_of("0123456789") == std::string::npos)
      out.dims.push_back(std::stoll(dim));
    else
      break;
    at = x + 1;
  }
  return out;
}

/// The more specific of two views of one value; `conflict` is set when they
/// disagree on a rank or a static size.
Knowledge meet(const Knowledge &a, const Knowledge &b, bool &conflict) {
  if (!a.ranked)
    return b;
  if (!b.ranked)
    return a;
  if (a.dims.size() != b.dims.size()) {
    conflict = true;
    return a;
  }
  Knowledge out = a;
  for (size_t d = 0; d < a.dims.size(); ++d) {
    if (isStatic(a.dims[d]) && isStatic(b.dims[d]) && a.dims[d] != b.dims[d])
      conflict = true;
    if (!isStatic(out.dims[d]))
      out.dims[d] = b.dims[d];
  }
  return out;
}

std::string describe(const Knowledge &k) {
  if (!k.ranked)
    return "unranked";
  std::string out = "[";
  for (size_t d = 0; d < k.dims.size(); ++d)
    out += (d ? ", " : "") +
           (isStatic(k.dims[d]) ? std::to_string(k.dims[d]) : "?");
  return out + "]";
}

struct Row {
  std::string input;
  size_t values = 0, dims = 0, staticInput = 0, staticMlirOpt = 0,
         staticSymshape = 0, symshapeOnly = 0;
  void add(const Row &other) {
    values += other.values;
    dims += other.dims;
    staticInput += other.staticInput;
    staticMlirOpt += other.staticMlirOpt;
    staticSymshape += other.staticSymshape;
    symshapeOnly += other.symshapeOnly;
  }
};

struct Comparison {
  Row row;
  /// mlir-opt static where symshape is not (less specific).
  std::vector<std::string> lessSpecific;
  /// Both static and different, a rank clash, or a mapping that contradicts
  /// the input's own static sizes.
  std::vector<std::string> disagreements;
  /// Values mlir-opt erased: not compared.
  std::vector<std::string> unmatched;
  /// mlir-opt or symshape could not run on the input.
  std::string setupError;
};

/// One source value to compare.
struct SourceValue {
  const frontend::FunctionAnalysis *fn = nullptr;
  const frontend::Operation *op = nullptr;
  size_t result = 0;
  LineCol at;
};

void collectOps(const std::vector<frontend::Block> &blocks,
                std::vector<const frontend::Operation *> &out) {
  for (const frontend::Block &block : blocks)
    for (const frontend::Operation &op : block.operations) {
      out.push_back(&op);
      for (const frontend::Region &region : op.regions)
        collectOps(region.blocks, out);
    }
}

class Comparer {
public:
  explicit Comparer(const std::string &path) : path(path) {}

  Comparison run() {
    Comparison out;
    out.row.input = std::filesystem::path(path).filename().string();
    std::ifstream file(path);
    std::string text((std::istreambuf_iterator<char>(file)),
                     std::istreambuf_iterator<char>());
    if (text.rfind("// ", 0) != 0)
      out.setupError = "does not start with a one-line `// ` comment";

    MlirOptRun mlirOpt = runInference(path);
    if (mlirOpt.exitStatus != 0) {
      out.setupError = std::string(kMlirOpt) + " --pass-pipeline='" +
                       kPipeline + "' failed (status " +
                       std::to_string(mlirOpt.exitStatus) + "):\n" +
                       mlirOpt.messages;
      return out;
    }
    module = std::move(mlirOpt.module);
    for (const std::string &line : module.unparsed)
      out.unmatched.push_back("unparsed mlir-opt line: " + line);

    frontend::SessionOptions options;
    options.computeShapes = true;
    frontend::Session session(options);
    if (!session.addFile(out.row.input, text) || !session.analyze()) {
      out.setupError =
          "symshape rejects the input:\n" + session.diagnostics().renderAll();
      return out;
    }

    std::vector<SourceValue> values;
    for (const frontend::FunctionAnalysis &fn :
         session.files().front()->functions) {
      std::vector<const frontend::Operation *> ops;
      collectOps(fn.function->body.blocks, ops);
      for (const frontend::Operation *op : ops) {
        frontend::LineCol lc = session.sources().lineCol(op->loc);
        LineCol at{lc.line, lc.col};
        if (op->name == "tensor.cast")
          sourceCasts.insert(at);
        if (op->name == "func.return")
          returns.push_back({&fn, op, 0, at});
        for (size_t k = 0; k < op->results.size(); ++k) {
          const frontend::Type &type = fn.function->value(op->results[k]).type;
          if (type.isTensor() || type.kind == frontend::TypeKind::Shape)
            values.push_back({&fn, op, k, at});
        }
      }
    }
    for (const SourceValue &value : values)
      compare(value, out);
    return out;
  }

private:
  std::string path;
  GenericModule module;
  std::set<LineCol> sourceCasts;
  std::vector<SourceValue> returns;

  std::string where(const SourceValue &value) const {
    const frontend::Value &v =
        value.fn->function->value(value.op->results[value.result]);
    return path + ":" + std::to_string(value.at.first) + ":" +
           std::to_string(value.at.second) + ": %" + v.name + " (" +
           value.op->name + ")";
  }

  /// The mlir-opt values standing for `value`: the results of the ops left
  /// at its location with its op name, else what the returns that use it
  /// return instead. Empty when mlir-opt erased it.
  std::vector<std::pair<size_t, std::string>>
  mlirOptValues(const SourceValue &value) const {
    std::vector<std::pair<size_t, std::string>> out;
    for (size_t k : module.opsAt(value.at)) {
      const GenericOp &op = module.ops[k];
      if (op.name == value.op->name &&
          op.results.size() == value.op->results.size())
        out.push_back({op.function, op.results[value.result]});
    }
    if (!out.empty())
      return out;
    frontend::ValueId id = value.op->results[value.result];
    for (const SourceValue &ret : returns) {
      if (ret.fn != value.fn)
        continue;
      for (size_t j = 0; j < ret.op->operands.size(); ++j) {
        if (ret.op->operands[j] != id)
          continue;
        for (size_t k : module.opsAt(ret.at)) {
          const GenericOp &op = module.ops[k];
          if (op.name == "func.return" &&
              op.operands.size() == ret.op->operands.size())
            out.push_back({op.function, op.operands[j]});
        }
      }
    }
    return out;
  }

  /// What mlir-opt knows of `value` through the mlir-opt value `name`:
  /// its type, and the types of the values behind tensor.casts mlir-opt
  /// inserted itself (a source cast is an assertion of the input, not
  /// mlir-opt's inference, so it is not looked through).
  Knowledge mlirOptKnowledge(size_t function, std::string name, bool isShape,
                             bool &conflict) const {
    Knowledge known;
    while (true) {
      auto type = module.valueTypes.find({function, name});
      auto def = module.definingOp.find({function, name});
      const GenericOp *op =
          def == module.definingOp.end() ? nullptr : &module.ops[def->second];
      if (isShape) {
        if (op && op->name == "shape.const_shape") {
          if (auto extents = constShapeExtents(op->attributes)) {
            Knowledge constant;
            constant.ranked = true;
            constant.dims.assign(extents->begin(), extents->end());
            known = meet(known, constant, conflict);
          }
        } else if (type != module.valueTypes.end()) {
          // An extent tensor of static length: the rank, not the extents.
          std::optional<Knowledge> tensor = parseTensorType(type->second);
          if (tensor && tensor->ranked && tensor->dims.size() == 1 &&
              isStatic(tensor->dims[0])) {
            Knowledge rank;
            rank.ranked = true;
            rank.dims.assign(static_cast<size_t>(tensor->dims[0]), kUnknown);
            known = meet(known, rank, conflict);
          }
        }
      } else if (type != module.valueTypes.end()) {
        if (std::optional<Knowledge> tensor = parseTensorType(type->second))
          known = meet(known, *tensor, conflict);
      }
      if (!op || op->name != "tensor.cast" || op->operands.size() != 1)
        break;
      bool inserted = std::none_of(
          op->locs.begin(), op->locs.end(),
          [&](const LineCol &at) { return sourceCasts.count(at) != 0; });
      if (!inserted)
        break;
      name = op->operands[0];
    }
    return known;
  }

  void compare(const SourceValue &value, Comparison &out) const {
    const frontend::Function &function = *value.fn->function;
    const frontend::Value &v = function.value(value.op->results[value.result]);
    bool isShape = v.type->kind == frontend::TypeKind::Shape;
    std::string name = "%" + v.name;

    // The input's own static sizes.
    Knowledge input;
    if (!isShape) {
      input = *parseTensorType(v.type.str());
    } else if (value.op->name == "shape.const_shape") {
      if (const frontend::Attribute *shape =
              frontend::findAttr(value.op->attributes, "shape")) {
        input.ranked = true;
        if (shape->kind == frontend::AttrKind::DenseInt)
          input.dims.assign(shape->ints.begin(), shape->ints.end());
        for (const frontend::Attribute &e : shape->elements)
          input.dims.push_back(
              e.kind == frontend::AttrKind::Integer ? e.intValue : kUnknown);
      }
    }

    // mlir-opt's.
    std::vector<std::pair<size_t, std::string>> matched = mlirOptValues(value);
    if (matched.empty()) {
      out.unmatched.push_back(where(value) + ": erased by " +
                              std::string(kMlirOpt) + ", not compared");
      return;
    }
    bool conflict = false;
    Knowledge mlirOpt;
    for (const auto &[fnIndex, mlirName] : matched)
      mlirOpt =
          meet(mlirOpt, mlirOptKnowledge(fnIndex, mlirName, isShape, conflict),
               conflict);
    if (conflict)
      out.disagreements.push_back(where(value) +
                                  ": mlir-opt's values for it disagree");

    // symshape's.
    Knowledge symshape;
    if (!isShape) {
      std::optional<std::string> refined = value.fn->refinedTypeOf(name);
      if (std::optional<Knowledge> k =
              refined ? parseTensorType(*refined) : std::nullopt)
        symshape = *k;
    } else if (std::optional<std::vector<std::string>> shape =
                   value.fn->shapeOf(name)) {
      symshape.ranked = true;
      for (const std::string &dim : *shape)
        symshape.dims.push_back(!dim.empty() &&
                                        dim.find_first_not_of("0123456789") ==
                                            std::string::npos
                                    ? std::stoll(dim)
                                    : kUnknown);
    }

    std::string prefix = where(value) + ": input " + describe(input) +
                         ", mlir-opt " + describe(mlirOpt) + ", symshape " +
                         describe(symshape) + ": ";
    // Ranks: whoever knows one must agree; mlir-opt knowing one that
    // symshape does not is being more specific.
    size_t rank = 0;
    bool rankKnown = false;
    for (const Knowledge *k : {&input, &mlirOpt, &symshape}) {
      if (!k->ranked)
        continue;
      if (rankKnown && k->dims.size() != rank) {
        out.disagreements.push_back(prefix + "ranks differ");
        return;
      }
      rank = k->dims.size();
      rankKnown = true;
    }
    if (mlirOpt.ranked && !symshape.ranked) {
      out.lessSpecific.push_back(prefix + "mlir-opt knows the rank");
      return;
    }

    ++out.row.values;
    out.row.dims += rank;
    for (size_t d = 0; d < rank; ++d) {
      int64_t in = input.ranked ? input.dims[d] : kUnknown;
      int64_t mo = mlirOpt.ranked ? mlirOpt.dims[d] : kUnknown;
      int64_t ss = symshape.ranked ? symshape.dims[d] : kUnknown;
      std::string dim = prefix + "dim " + std::to_string(d) + ": ";
      if (isStatic(in) && isStatic(mo) && in != mo)
        out.disagreements.push_back(dim + "mlir-opt contradicts the input "
                                          "(a wrong value match?)");
      if (isStatic(in) && isStatic(ss) && in != ss)
        out.disagreements.push_back(dim + "symshape contradicts the input");
      if (isStatic(mo) && isStatic(ss) && mo != ss)
        out.disagreements.push_back(dim + "mlir-opt says " +
                                    std::to_string(mo) + ", symshape " +
                                    std::to_string(ss));
      if (isStatic(mo) && !isStatic(ss))
        out.lessSpecific.push_back(dim + "mlir-opt says " + std::to_string(mo) +
                                   ", symshape ?");
      out.row.staticInput += isStatic(in);
      out.row.staticMlirOpt += isStatic(mo);
      out.row.staticSymshape += isStatic(ss);
      out.row.symshapeOnly += isStatic(ss) && !isStatic(mo);
    }
  }
};

std::vector<std::string> inputsIn(const std::string &dir) {
  std::vector<std::string> out;
  std::error_code error;
  for (const auto &entry : std::filesystem::directory_iterator(dir, error))
    if (entry.path().extension() == ".mlir")
      out.push_back(entry.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string join(const std::vector<std::string> &lines) {
  std::string out;
  for (const std::string &line : lines)
    out += line + "\n";
  return out;
}

std::string fraction(size_t part, size_t whole) {
  return std::to_string(part) + "/" + std::to_string(whole);
}

void printTable(const std::vector<Row> &rows) {
  Row total;
  total.input = "**total**";
  std::ostringstream table;
  table << "| input | values | static in input | static after mlir-opt | "
           "static after symshape | symshape-only |\n"
        << "|---|---:|---:|---:|---:|---:|\n";
  auto line = [&](const Row &row) {
    table << "| " << row.input << " | " << row.values << " | "
          << fraction(row.staticInput, row.dims) << " | "
          << fraction(row.staticMlirOpt, row.dims) << " | "
          << fraction(row.staticSymshape, row.dims) << " | " << row.symshapeOnly
          << " |\n";
  };
  for (const Row &row : rows) {
    line(row);
    total.add(row);
  }
  line(total);
  std::cout << "\nStatic dims (of all dims of compared values), " << kMlirOpt
            << " --pass-pipeline='" << kPipeline << "' vs symshape:\n\n"
            << table.str() << "\n";
}

} // namespace

TEST_CASE("symshape is never less specific than mlir-opt-16's inference",
          "[inference]") {
  if (!mlirOptAvailable())
    FAIL(kMlirOpt << " is not on PATH: this test compares symshape with "
                     "LLVM 16's mlir-opt (Debian/Ubuntu: apt-get install "
                     "mlir-16-tools)");
  std::vector<std::string> inputs = inputsIn(SYMSHAPE_INFERENCE_DIR "/inputs");
  REQUIRE(inputs.size() >= 15);
  std::vector<Row> rows;
  for (const std::string &path : inputs) {
    Comparison result = Comparer(path).run();
    INFO(path);
    if (!result.setupError.empty()) {
      FAIL_CHECK(result.setupError);
      continue;
    }
    if (!result.lessSpecific.empty())
      FAIL_CHECK("symshape is less specific than mlir-opt:\n" +
                 join(result.lessSpecific));
    if (!result.disagreements.empty())
      FAIL_CHECK("disagreement:\n" + join(result.disagreements));
    if (!result.unmatched.empty())
      FAIL_CHECK("not compared (erased by mlir-opt: make the input return "
                 "them):\n" +
                 join(result.unmatched));
    rows.push_back(result.row);
  }
  Row total;
  for (const Row &row : rows)
    total.add(row);
  printTable(rows);
  // The corpus tests agreement, not only symshape winning: mlir-opt must
  // refine some dims itself, and symshape must refine some it cannot.
  CHECK(total.staticMlirOpt > total.staticInput);
  CHECK(total.symshapeOnly > 0);
}

TEST_CASE("known gaps: symshape stays less specific, never contradicts",
          "[inference]") {
  if (!mlirOptAvailable())
    FAIL(kMlirOpt << " is not on PATH");
  for (const std::string &path : inputsIn(SYMSHAPE_INFERENCE_DIR "/gaps")) {
    Comparison result = Comparer(path).run();
    INFO(path);
    if (!result.setupError.empty()) {
      FAIL_CHECK(result.setupError);
      continue;
    }
    if (!result.disagreements.empty())
      FAIL_CHECK("disagreement:\n" + join(result.disagreements));
    if (result.lessSpecific.empty())
      FAIL_CHECK("no longer a gap: symshape is as specific as mlir-opt "
                 "here; move it to tests/inference/inputs/");
    CHECK(result.unmatched.empty());
  }
}
