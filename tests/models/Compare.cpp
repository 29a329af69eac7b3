//===- Compare.cpp - symshape's verdicts against the oracle
//----------------===//

#include "Compare.h"

#include "oracle/Expected.h"

#include "symshape/driver/Session.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <sstream>

namespace symshape::models {

using solver::Verdict;

const frontend::Function *findFunction(const frontend::Module &module,
                                       const std::string &name) {
  for (const frontend::Function &fn : module.functions)
    if (fn.name == name && !fn.isDeclaration)
      return &fn;
  return nullptr;
}

std::vector<const frontend::Operation *>
topLevelOps(const frontend::Function &fn) {
  std::vector<const frontend::Operation *> all;
  for (const frontend::Block &block : fn.body.blocks)
    for (const frontend::Operation &op : block.operations)
      all.push_back(&op);
  return all;
}

const frontend::FunctionAnalysis *analyzeText(frontend::Session &session,
                                              const std::string &text,
                                              const std::string &name,
                                              std::string &error) {
  if (!session.addFile("model.mlir", text) || !session.analyze()) {
    error =
        "symshape rejects the program:\n" + session.diagnostics().renderAll();
    return nullptr;
  }
  const frontend::FunctionAnalysis *fa = session.function(name);
  if (!fa || !fa->function ||
      fa->function != findFunction(session.files().front()->module, name)) {
    error = "symshape has no analysis of @" + name;
    return nullptr;
  }
  return fa;
}

namespace {

bool isUb(Verdict v) {
  return v == Verdict::UbPossible || v == Verdict::UbGuaranteed ||
         v == Verdict::Error || v == Verdict::Unknown;
}

} // namespace

/// Whether witness name `ref` ("%v", "%v[0]") is a block argument of a
/// region of `fn` (not one of its inputs).
static bool bodyValue(const frontend::Function &fn, const std::string &ref) {
  std::string name = ref.substr(1, ref.find('[') - 1);
  for (size_t v = 0; v < fn.values.size(); ++v)
    if (fn.values[v].isBlockArgument && fn.values[v].name == name)
      return std::none_of(fn.arguments.begin(), fn.arguments.end(),
                          [&](frontend::ValueId a) { return a == v; });
  return false;
}

BruteForce bruteForce(const frontend::Module &module,
                      const frontend::Function &fn) {
  BruteForce bf;
  size_t ops = 0;
  for (const frontend::Block &block : fn.body.blocks)
    ops += block.operations.size();
  bf.reached.assign(ops, 0);
  bf.ubAt.assign(ops, 0);
  bf.symbols = Oracle::symbols(fn);
  Oracle oracle(module);
  forEachAssignment(bf.symbols, {}, kBoxLo, kBoxHi, [&](const Assignment &a) {
    OracleResult r = oracle.run(fn, a);
    if (!r.unsupported.empty()) {
      bf.unsupported = r.unsupported;
      return false;
    }
    ++bf.assignments;
    // Each op run (a loop may run one several times) counts once.
    std::vector<size_t> ran = r.executed;
    std::sort(ran.begin(), ran.end());
    ran.erase(std::unique(ran.begin(), ran.end()), ran.end());
    for (size_t k : ran)
      if (k < ops)
        ++bf.reached[k];
    if (r.ub) {
      ++bf.ubAt[r.ub->opIndex];
      bf.example.emplace(r.ub->opIndex, r.ub->rule);
    }
    return true;
  });
  return bf;
}

static std::optional<frontend::Module>
parseTwin(const Program &p, frontend::Session &session, std::string &error) {
  if (!session.addFile("twin.mlir", p.twin)) {
    error = "the frontend rejects the generic twin:\n" +
            session.diagnostics().renderAll();
    return std::nullopt;
  }
  return session.files().front()->module;
}

std::string checkGeneratorIntent(const Program &p) {
  frontend::Session session{frontend::SessionOptions{}};
  std::string error;
  std::optional<frontend::Module> module = parseTwin(p, session, error);
  if (!module)
    return error;
  const frontend::Function *fn = findFunction(*module, p.function);
  if (!fn)
    return "no function @" + p.function;
  BruteForce bf = bruteForce(*module, *fn);
  if (!bf.unsupported.empty())
    return "oracle: " + bf.unsupported;
  std::ostringstream os;
  for (size_t k = 0; k < bf.ubAt.size(); ++k) {
    if (bf.ubAt[k] && int(k) != p.plantedOp)
      os << "UB at op #" << k << " (" << bf.example[k] << ") "
         << (p.plantedOp < 0 ? "in a correct program"
                             : "besides the planted op");
  }
  if (p.plantedOp >= 0 && bf.ubAt[p.plantedOp] == 0)
    os << "no UB at the planted op #" << p.plantedOp << " (" << p.plantedWhat
       << ") in the box";
  return os.str();
}

void compareProgram(const Program &p, FamilyStats &stats) {
  ++stats.programs;
  std::string tag = std::string(familyName(p.family)) + " seed " +
                    std::to_string(p.seed) +
                    (p.plantedOp >= 0 ? " (planted)" : " (correct)") + ": ";
  auto fail = [&](const std::string &msg) {
    stats.failures.push_back(tag + msg);
  };
  // The oracle's side, on the twin.
  frontend::Session twinSession{frontend::SessionOptions{}};
  std::string error;
  std::optional<frontend::Module> twin = parseTwin(p, twinSession, error);
  const frontend::Function *twinFn =
      twin ? findFunction(*twin, p.function) : nullptr;
  if (!twinFn)
    return fail(error.empty() ? "no function in the twin" : error);
  BruteForce bf = bruteForce(*twin, *twinFn);
  if (!bf.unsupported.empty()) {
    ++stats.oracleUnsupported;
    return fail("oracle unsupported: " + bf.unsupported);
  }
  // symshape's side, on the text as exported.
  frontend::SessionOptions options;
  options.computeShapes = false;
  frontend::Session session(options);
  const frontend::FunctionAnalysis *fa =
      analyzeText(session, p.text, p.function, error);
  if (!fa)
    return fail(error);
  const frontend::Function *fn = fa->function;
  // The ops of every block, block after block (the oracle's numbering).
  std::vector<const frontend::Operation *> ops = topLevelOps(*fn);
  if (ops.size() != topLevelOps(*twinFn).size())
    return fail("the text and its twin have different op counts");
  // An op in a region (a loop body, a branch) counts as the top-level op
  // holding it, as the oracle numbers what a run reaches.
  std::map<uint32_t, size_t> opAt;
  std::function<void(const frontend::Operation &, size_t)> mark =
      [&](const frontend::Operation &op, size_t k) {
        opAt[op.loc.offset] = k;
        for (const frontend::Region &region : op.regions)
          for (const frontend::Block &block : region.blocks)
            for (const frontend::Operation &inner : block.operations)
              mark(inner, k);
      };
  for (size_t k = 0; k < ops.size(); ++k)
    mark(*ops[k], k);

  for (const solver::OpaqueOp &o : fa->problem->opaque) {
    ++stats.opaque;
    fail("opaque op " + o.op + " at " + session.format(o.loc) + ": " +
         o.reason);
  }
  // Outlined blocks (private callees) are correct for every size.
  for (const frontend::FunctionAnalysis &other :
       session.files().front()->functions) {
    if (other.function->name == p.function)
      continue;
    for (const solver::OpaqueOp &o : other.problem->opaque) {
      ++stats.opaque;
      fail("opaque op " + o.op + " in @" + other.function->name + ": " +
           o.reason);
    }
    for (size_t k = 0; k < other.problem->obligations.size(); ++k) {
      ++stats.obligations;
      if (other.verdicts.findings[k].verdict == Verdict::Safe)
        continue;
      ++stats.falseAlarms;
      fail("non-safe finding in the callee @" + other.function->name + " at " +
           session.format(other.problem->locOf(other.problem->obligations[k])) +
           ": " + solver::verdictName(other.verdicts.findings[k].verdict));
    }
  }
  size_t n = ops.size();
  std::vector<bool> symUb(n, false), symGuaranteed(n, false);
  std::vector<size_t> nonSafe(n, 0);
  Oracle oracle(*twin);
  const auto &obligations = fa->problem->obligations;
  for (size_t k = 0; k < obligations.size(); ++k) {
    ++stats.obligations;
    const solver::Finding &f = fa->verdicts.findings[k];
    const solver::Problem &problem = *fa->problem;
    std::string where = session.format(problem.locOf(obligations[k])) + " " +
                        problem.opOf(obligations[k]) + " " +
                        solver::obligationKindName(obligations[k].kind) + ": " +
                        solver::verdictName(f.verdict);
    if (p.plantedOp < 0 && f.verdict == Verdict::Unreachable)
      fail("unreachable finding in a correct program: " + where);
    auto at = opAt.find(problem.locOf(obligations[k]).offset);
    if (f.verdict == Verdict::Unknown) {
      ++stats.unknown;
      fail("unknown verdict at " + where + " (" + f.reason + ")");
    }
    if (at == opAt.end()) {
      if (isUb(f.verdict))
        fail("finding at no top-level op: " + where);
      continue;
    }
    size_t op = at->second;
    if (!isUb(f.verdict))
      continue;
    symUb[op] = true;
    ++nonSafe[op];
    if (f.verdict == Verdict::UbGuaranteed || f.verdict == Verdict::Error)
      symGuaranteed[op] = true;
    if (p.plantedOp < 0 || int(op) != p.plantedOp) {
      ++stats.falseAlarms;
      fail("non-safe finding " + where +
           (bf.ubAt[op] ? " (the oracle agrees there is UB: generator bug?)"
                        : ""));
    }
    // The witness replays (SPEC 4): its sizes, every other size symshape
    // models 1, and the run's first UB is this op. A named size is not 1.
    // What symshape does not model (an i1 branch condition) ranges over
    // the box: its findings hold for every way the blocks are reached.
    Assignment fixed;
    for (const solver::SymbolInfo &s : fa->problem->graph.symbols())
      if (std::find(bf.symbols.begin(), bf.symbols.end(), s.name) !=
          bf.symbols.end())
        fixed[s.name] = 1;
    std::string wrong;
    for (const auto &[name, value] : f.witness) {
      // A size or value of a region's block argument (a loop's iteration
      // number): not an input, the run reaches it.
      if (!fixed.count(name) && bodyValue(*fn, name))
        continue;
      if (!fixed.count(name))
        wrong += " names " + name + ", not a free symbol;";
      else if (value == 1)
        wrong += " names " + name + " = 1;";
      fixed[name] = value;
    }
    Replay replay;
    if (wrong.empty())
      replay = replayWitness(oracle, *twinFn, fixed, op, kBoxLo, kBoxHi);
    if (replay.replayed) {
      ++stats.witnessReplayed;
    } else {
      ++stats.witnessFailed;
      std::string w;
      for (const auto &[name, value] : f.witness)
        w += name + "=" + std::to_string(value) + " ";
      fail("witness {" + w + "} of " + where +
           " does not replay:" + (!wrong.empty() ? wrong : replay.why()));
    }
  }
  if (p.plantedOp >= 0) {
    if (symUb[p.plantedOp])
      ++stats.plantedFound;
    else {
      ++stats.plantedMissed;
      fail("planted " + p.plantedWhat + " (op #" + std::to_string(p.plantedOp) +
           ", " + ops[p.plantedOp]->name + ") not found");
    }
  }
  for (size_t k = 0; k < n; ++k) {
    Verdict expected = expectedVerdict(bf.reached[k], bf.ubAt[k]);
    bool oracleUb = failsSome(expected);
    bool oracleGuaranteed = expected == Verdict::UbGuaranteed;
    bool agree = symUb[k] == oracleUb;
    if (agree && symGuaranteed[k] && !oracleGuaranteed)
      agree = false;
    if (agree && oracleGuaranteed && !symGuaranteed[k] && nonSafe[k] == 1)
      agree = false;
    if (agree) {
      ++stats.bruteAgree;
      continue;
    }
    ++stats.bruteDisagree;
    std::ostringstream os;
    os << "op #" << k << " " << ops[k]->name << " at "
       << session.format(
              solver::Location{ops[k]->loc.buffer, ops[k]->loc.offset})
       << ": oracle " << bf.ubAt[k] << "/" << bf.reached[k]
       << " reaching assignments UB"
       << (oracleUb ? " (" + bf.example[k] + ")" : "") << "; symshape "
       << (symGuaranteed[k] ? "ub-guaranteed"
           : symUb[k]       ? "ub-possible"
                            : "safe");
    fail(os.str());
  }
}

std::string summarize(Family family, const FamilyStats &s) {
  std::ostringstream os;
  os << familyName(family) << ": " << s.programs << " programs, "
     << s.obligations << " obligations, " << s.falseAlarms << " false alarms, "
     << s.unknown << " unknown, " << s.opaque << " opaque ops; planted found "
     << s.plantedFound << ", missed " << s.plantedMissed
     << "; brute force agrees on " << s.bruteAgree << " ops, disagrees on "
     << s.bruteDisagree << "; witnesses replayed " << s.witnessReplayed
     << ", failed " << s.witnessFailed << "; oracle unsupported "
     << s.oracleUnsupported;
  return os.str();
}

} // namespace symshape::models
