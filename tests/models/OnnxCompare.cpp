//===- OnnxCompare.cpp - Generated ONNX programs against the oracle -------===//

#include "OnnxCompare.h"

#include "Expr.h"
#include "oracle/Expected.h"
#include "symshape/driver/Session.h"

#include <sstream>

namespace symshape::models {

using solver::Verdict;

namespace {

constexpr OnnxSpelling kSpellings[] = {OnnxSpelling::Torch,
                                       OnnxSpelling::Dialect};

std::string tag(const OnnxProgram &p, OnnxSpelling s) {
  return std::string("onnx seed ") + std::to_string(p.seed) + " " +
         plantName(p.plant) + " (" + spellingName(s) + "): ";
}

/// The graph node of top-level op `op` in `spelling` (-1: none).
int nodeOf(const OnnxProgram &p, OnnxSpelling s, size_t op) {
  int node = int(op) - (s == OnnxSpelling::Torch ? 1 : 0);
  return node >= 0 && node < int(p.graph.nodes.size()) ? node : -1;
}

/// The argument dims each `onnx.dim_params` name stands for ("batch" ->
/// {"%arg0[0]"}); the dialect spelling states them, and symshape names
/// the size `$batch` (SPEC 2, exporters' facts).
std::map<std::string, std::vector<std::string>> namedDims(const OnnxGraph &g) {
  std::map<std::string, std::vector<std::string>> out;
  for (size_t a = 0; a < g.dimParams.size(); ++a) {
    std::string rest = g.dimParams[a];
    while (!rest.empty()) {
      size_t comma = rest.find(',');
      std::string entry = rest.substr(0, comma);
      rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
      size_t colon = entry.find(':');
      out[entry.substr(colon + 1)].push_back("%arg" + std::to_string(a) + "[" +
                                             entry.substr(0, colon) + "]");
    }
  }
  return out;
}

/// The witness replays (SPEC 4) with the dialect's `$name` sizes: its
/// sizes, `$name` setting every dim of that name, every other size symshape
/// models at 1, the rest over the box; some run's first UB is `op`. Empty
/// when it does, else why not.
std::string replay(const OnnxProgram &p, const frontend::Function &fn,
                   const Oracle &oracle, const solver::Problem &problem,
                   const solver::Finding &f, size_t op) {
  std::vector<std::string> symbols = Oracle::symbols(fn);
  auto isFree = [&](const std::string &n) {
    return std::find(symbols.begin(), symbols.end(), n) != symbols.end();
  };
  Assignment fixed;
  for (const solver::SymbolInfo &sym : problem.graph.symbols())
    if (isFree(sym.name))
      fixed[sym.name] = 1;
  std::map<std::string, std::vector<std::string>> named = namedDims(p.graph);
  std::map<std::string, int64_t> given;
  std::string wrong;
  for (const auto &[name, value] : f.witness) {
    std::vector<std::string> dims;
    if (name.size() > 1 && name[0] == '$' && named.count(name.substr(1)))
      dims = named[name.substr(1)];
    else if (isFree(name))
      dims = {name};
    else
      wrong += " names " + name + ", not a free symbol;";
    if (value == 1)
      wrong += " names " + name + " = 1;";
    for (const std::string &d : dims) {
      auto [it, fresh] = given.emplace(d, value);
      if (!fresh && it->second != value)
        wrong += " gives " + d + " two values;";
      fixed[d] = value;
    }
  }
  if (!wrong.empty())
    return wrong;
  return replayWitness(oracle, fn, fixed, op, kBoxLo, kBoxHi).why();
}

/// The non-safe findings of one spelling, spelling-free: "node #k Op kind
/// verdict: condition", in obligation order.
struct Side {
  std::vector<std::string> findings;
  size_t replayed = 0, notReplayed = 0;
  bool ok = false;
};

Side judge(const OnnxProgram &p, OnnxSpelling s, OnnxStats &stats) {
  Side side;
  auto fail = [&](const std::string &m) {
    stats.failures.push_back(tag(p, s) + m);
  };
  frontend::Session oracleSession{frontend::SessionOptions{}};
  frontend::SessionOptions options;
  options.computeShapes = false;
  frontend::Session session(options);
  if (!oracleSession.addFile("twin.mlir", p.twin(s)) ||
      !session.addFile("model.mlir", p.text(s)) || !session.analyze()) {
    fail("rejected:\n" + session.diagnostics().renderAll());
    return side;
  }
  const frontend::Module &module = oracleSession.files().front()->module;
  const frontend::Function *fn = findFunction(module, p.function);
  const frontend::FunctionAnalysis *fa = session.function(p.function);
  const frontend::Function *sfn =
      findFunction(session.files().front()->module, p.function);
  if (!fn || !fa || !sfn) {
    fail("no function @" + p.function);
    return side;
  }
  std::vector<const frontend::Operation *> ops = topLevelOps(*sfn);
  std::map<uint32_t, size_t> opAt;
  for (size_t k = 0; k < ops.size(); ++k)
    opAt[ops[k]->loc.offset] = k;
  // The oracle's runs over the box, once.
  std::vector<std::string> symbols = Oracle::symbols(*fn);
  std::vector<std::pair<Assignment, OracleResult>> runs;
  Oracle oracle(module);
  forEachAssignment(symbols, {}, kBoxLo, kBoxHi, [&](const Assignment &a) {
    runs.emplace_back(a, oracle.run(*fn, a));
    return true;
  });
  const solver::Problem &problem = *fa->problem;
  std::map<size_t, std::vector<exporters::Expr>> conditions;
  std::map<size_t, std::string> texts;
  for (size_t k = 0; k < problem.obligations.size(); ++k) {
    const solver::Finding &f = fa->verdicts.findings[k];
    if (f.verdict == Verdict::Safe)
      continue;
    auto at = opAt.find(problem.locOf(problem.obligations[k]).offset);
    int op = at == opAt.end() ? -1 : int(at->second);
    int node = op < 0 ? -1 : nodeOf(p, s, size_t(op));
    std::string kind = solver::obligationKindName(problem.obligations[k].kind);
    side.findings.push_back(
        "node #" + std::to_string(node) + " " +
        (node >= 0 ? p.graph.nodes[size_t(node)].op
                   : std::string(problem.opOf(problem.obligations[k]))) +
        " " + kind + " " + solver::verdictName(f.verdict) + ": " +
        std::string(f.condition));
    if (op >= 0) {
      std::string why = replay(p, *fn, oracle, problem, f, size_t(op));
      ++(why.empty() ? side.replayed : side.notReplayed);
      if (!why.empty())
        fail("witness of op #" + std::to_string(op) +
             " does not replay:" + why);
    }
    if (op < 0 || f.condition.empty())
      continue;
    std::string error;
    std::optional<exporters::Expr> cond =
        exporters::Expr::parse(std::string(f.condition), error);
    if (!cond) {
      ++stats.conditionsWrong;
      fail("condition '" + std::string(f.condition) +
           "' does not parse: " + error);
      continue;
    }
    conditions[size_t(op)].push_back(std::move(*cond));
    texts[size_t(op)] +=
        (texts[size_t(op)].empty() ? "" : " | ") + std::string(f.condition);
  }
  // The conditions are exact on the box: among the runs reaching an op,
  // each holds only where the op is the run's first UB, and one of them
  // holds wherever it is.
  for (const auto &[op, conds] : conditions) {
    size_t wrong = 0, undefined = 0;
    std::string example;
    for (const auto &[a, r] : runs) {
      if (std::find(r.executed.begin(), r.executed.end(), op) ==
          r.executed.end())
        continue;
      bool ub = r.ub && r.ub->opIndex == op, any = false, bad = false;
      bool unknown = false;
      for (const exporters::Expr &c : conds) {
        std::optional<bool> holds = c.holds(a);
        // A division by zero (SPEC 6 does not define it; the parser here
        // does not short-circuit `||`): not judged at that point.
        unknown = unknown || !holds;
        bad = bad || (holds && *holds && !ub);
        any = any || (holds && *holds);
      }
      if (unknown && !bad) {
        ++undefined;
        continue;
      }
      if (!bad && any == ub)
        continue;
      if (!wrong++) {
        for (const auto &[name, v] : a)
          example += name + "=" + std::to_string(v) + " ";
        example += ub ? "the oracle has UB there (" + r.ub->rule + ")"
                      : "the oracle has none";
      }
    }
    if (wrong) {
      ++stats.conditionsWrong;
      fail("conditions '" + texts[op] + "' at op #" + std::to_string(op) +
           " are wrong for " + std::to_string(wrong) +
           " assignments of the box, e.g. " + example);
    } else {
      ++stats.conditionsExact;
    }
    if (undefined) {
      ++stats.conditionsUndefined;
      stats.notes.push_back(tag(p, s) + "conditions '" + texts[op] +
                            "' at op #" + std::to_string(op) +
                            " divide by zero at " + std::to_string(undefined) +
                            " assignments of the box (not judged there)");
    }
  }
  side.ok = true;
  return side;
}

} // namespace

std::string checkOnnxIntent(const OnnxProgram &p) {
  std::ostringstream os;
  std::vector<size_t> ubAt[2];
  for (OnnxSpelling s : kSpellings) {
    Program prog;
    prog.function = p.function;
    prog.text = p.text(s);
    prog.twin = p.twin(s);
    prog.plantedOp = p.plantedOp(s);
    prog.plantedWhat = p.plantedWhat;
    std::string why = checkGeneratorIntent(prog);
    if (!why.empty())
      os << spellingName(s) << ": " << why << "\n";
    frontend::Session session{frontend::SessionOptions{}};
    if (!session.addFile("twin.mlir", p.twin(s)))
      continue;
    const frontend::Module &module = session.files().front()->module;
    if (const frontend::Function *fn = findFunction(module, p.function)) {
      BruteForce bf = bruteForce(module, *fn);
      // Node by node: drop the torch spelling's leading %none.
      size_t skip = s == OnnxSpelling::Torch ? 1 : 0;
      ubAt[size_t(s)].assign(bf.ubAt.begin() + std::ptrdiff_t(skip),
                             bf.ubAt.end());
    }
  }
  if (ubAt[0] != ubAt[1])
    os << "the oracle's UB counts per node differ between the spellings\n";
  return os.str();
}

void compareOnnx(const OnnxProgram &p, OnnxStats &stats) {
  ++stats.programs;
  if (std::string why = checkOnnxIntent(p); !why.empty()) {
    ++stats.intentWrong;
    stats.failures.push_back(tag(p, OnnxSpelling::Torch) + "generator: " + why);
  }
  Side sides[2];
  for (OnnxSpelling s : kSpellings) {
    ++stats.texts;
    Program prog;
    prog.family = Family::Linalg; // only named in Compare's messages
    prog.seed = p.seed;
    prog.function = p.function;
    prog.text = p.text(s);
    prog.twin = p.twin(s);
    prog.plantedOp = p.plantedOp(s);
    prog.plantedWhat = p.plantedWhat;
    FamilyStats &fs = stats.perSpelling[size_t(s)];
    size_t before = fs.failures.size(), found = fs.plantedFound;
    compareProgram(prog, fs);
    for (size_t k = before; k < fs.failures.size(); ++k) {
      // Compare's tag names the family it was told; ours says which.
      // Its witness replay does not know onnx.dim_params' `$name` sizes:
      // judge() replays every witness instead.
      std::string m = fs.failures[k];
      if (m.find(": witness {") != std::string::npos)
        continue;
      size_t colon = m.find("): ");
      stats.failures.push_back(
          tag(p, s) + (colon == std::string::npos ? m : m.substr(colon + 3)));
    }
    if (p.plantedNode >= 0)
      ++(fs.plantedFound > found ? stats.plantedFound : stats.plantedMissed);
    sides[size_t(s)] = judge(p, s, stats);
    stats.witnessReplayed += sides[size_t(s)].replayed;
    stats.witnessFailed += sides[size_t(s)].notReplayed;
  }
  if (!sides[0].ok || !sides[1].ok)
    return;
  if (sides[0].findings == sides[1].findings) {
    ++stats.spellingsAgree;
    return;
  }
  ++stats.spellingsDiffer;
  std::string both;
  for (OnnxSpelling s : kSpellings) {
    both += std::string("\n  ") + spellingName(s) + ":";
    for (const std::string &f : sides[size_t(s)].findings)
      both += "\n    " + f;
  }
  stats.failures.push_back(tag(p, OnnxSpelling::Torch) +
                           "the spellings' findings differ:" + both);
}

std::string summarizeOnnx(const OnnxStats &s) {
  std::ostringstream os;
  os << "onnx: " << s.programs << " programs, " << s.texts
     << " texts; planted found " << s.plantedFound << ", missed "
     << s.plantedMissed << "; conditions exact " << s.conditionsExact
     << ", wrong " << s.conditionsWrong << " (dividing by zero somewhere in "
     << "the box: " << s.conditionsUndefined << "); witnesses replayed "
     << s.witnessReplayed << ", failed " << s.witnessFailed
     << "; spellings agree " << s.spellingsAgree << ", differ "
     << s.spellingsDiffer << "; generator intent wrong " << s.intentWrong;
  for (OnnxSpelling sp : kSpellings)
    os << "\n  "
       << summarize(Family::Linalg, s.perSpelling[size_t(sp)])
              .replace(0, 6, spellingName(sp));
  return os.str();
}

} // namespace symshape::models
