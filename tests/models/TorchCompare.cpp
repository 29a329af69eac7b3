//===- TorchCompare.cpp - Generated FX programs against the oracle --------===//

#include "TorchCompare.h"

#include "Compare.h"
#include "Expr.h"
#include "symshape/driver/Session.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace symshape::models {

using solver::Verdict;

namespace {

/// Values run for one symbol: every value of a range of at most
/// kExhaustive; otherwise its ends, the values around each size the
/// program compares with, and a few between. Sizes above kLargest are not
/// run: the oracle multiplies sizes in int64.
constexpr int64_t kExhaustive = 12, kLargest = int64_t(1) << 16;

std::vector<int64_t> samples(const TorchSymbol &s,
                             const std::vector<int64_t> &landmarks) {
  std::set<int64_t> out;
  auto add = [&](int64_t v) {
    if (v >= s.lo && v <= s.hi && v <= kLargest)
      out.insert(v);
  };
  if (s.hi - s.lo < kExhaustive) {
    for (int64_t v = s.lo; v <= s.hi; ++v)
      add(v);
    return {out.begin(), out.end()};
  }
  for (int64_t v : {s.lo, s.lo + 1, s.lo + 2, s.hi - 1, s.hi})
    add(v);
  for (int64_t l : landmarks)
    for (int64_t v : {l - 1, l, l + 1})
      add(v);
  int64_t top = std::min(s.hi, kLargest);
  add(s.lo + (top - s.lo) / 3);
  add(s.lo + (top - s.lo) / 2 + 1);
  return {out.begin(), out.end()};
}

/// Whether the samples of every symbol are its whole range.
bool exhaustive(const TorchProgram &p) {
  for (const TorchSymbol &s : p.symbols)
    if (s.hi - s.lo >= kExhaustive)
      return false;
  return true;
}

/// One run: the symbols' values, the oracle's sizes ("%arg0[1]", "$s1"),
/// and the first UB (none: `ub` empty).
struct Run {
  std::vector<int64_t> values;
  exporters::Sizes sizes;
  std::optional<size_t> ub;
  std::string rule;
};

/// The oracle's assignment for the symbols' values `v`.
Assignment assignmentOf(const TorchProgram &p, const std::vector<int64_t> &v) {
  Assignment a;
  for (const auto &[name, dims] : p.argDims)
    for (size_t d = 0; d < dims.size(); ++d)
      if (dims[d].dynamic())
        a[name + "[" + std::to_string(d) + "]"] = *dims[d].value(v);
  return a;
}

/// Runs the twin at `v`: the oracle's first UB, or an earlier binding of a
/// computed value that its sizes contradict.
Run runAt(const TorchProgram &p, const Oracle &oracle,
          const frontend::Function &fn, const std::vector<int64_t> &v,
          std::string &unsupported) {
  Run run;
  run.values = v;
  Assignment a = assignmentOf(p, v);
  run.sizes = exporters::Sizes(a.begin(), a.end());
  for (size_t k = 0; k < p.symbols.size(); ++k)
    run.sizes["$" + p.symbols[k].name] = v[k];
  OracleResult r = oracle.run(fn, a);
  if (!r.unsupported.empty()) {
    unsupported =
        r.unsupported + " (op #" + std::to_string(r.unsupportedOp) + ")";
    return run;
  }
  if (r.ub) {
    run.ub = r.ub->opIndex;
    run.rule = r.ub->rule;
  }
  for (const TorchBind &b : p.binds) {
    if (b.argument || (run.ub && *run.ub <= b.op))
      continue;
    auto shape = r.shapes.find(b.value);
    if (shape == r.shapes.end()) {
      unsupported = "no sizes of %" + b.value;
      return run;
    }
    for (size_t d = 0; d < b.dims.size(); ++d) {
      std::optional<int64_t> want = b.dims[d].value(v);
      if (d < shape->second.size() && want && *want == shape->second[d])
        continue;
      run.ub = b.op;
      run.rule = "bind_symbolic_shape: %" + b.value + "[" + std::to_string(d) +
                 "] is " + std::to_string(shape->second[d]);
      return run;
    }
  }
  return run;
}

/// Every run over the sampled ranges.
std::vector<Run> bruteForce(const TorchProgram &p, const Oracle &oracle,
                            const frontend::Function &fn,
                            std::string &unsupported) {
  std::vector<std::vector<int64_t>> values;
  for (const TorchSymbol &s : p.symbols)
    values.push_back(samples(s, p.landmarks));
  std::vector<Run> runs;
  std::vector<size_t> at(values.size(), 0);
  while (unsupported.empty()) {
    std::vector<int64_t> v;
    for (size_t k = 0; k < values.size(); ++k)
      v.push_back(values[k][at[k]]);
    runs.push_back(runAt(p, oracle, fn, v, unsupported));
    size_t k = 0;
    for (; k < at.size(); ++k) {
      if (++at[k] < values[k].size())
        break;
      at[k] = 0;
    }
    if (k == at.size())
      break;
  }
  return runs;
}

std::string tag(const TorchProgram &p) {
  return std::string("torch seed ") + std::to_string(p.seed) + " " +
         torchPlantName(p.plant) + ": ";
}

/// The witness's symbol values: each `$s` it names, each argument dim it
/// names (their bound size); every symbol named (an unnamed one is 1,
/// outside every range here) and inside its range. Empty `why` when so.
std::vector<int64_t> witnessValues(const TorchProgram &p,
                                   const solver::Finding &f, std::string &why) {
  std::vector<std::optional<int64_t>> s(p.symbols.size());
  std::map<std::string, int64_t> dims;
  for (const auto &[name, value] : f.witness) {
    bool known = false;
    for (size_t k = 0; k < p.symbols.size(); ++k)
      if (name == "$" + p.symbols[k].name) {
        s[k] = value;
        known = true;
      }
    if (!known)
      dims[name] = value;
  }
  for (const auto &[name, value] : dims)
    if (value == 1)
      why += " names " + name + " = 1;";
  std::vector<int64_t> out;
  for (size_t k = 0; k < s.size(); ++k) {
    int64_t v = s[k].value_or(1);
    if (v < p.symbols[k].lo || v > p.symbols[k].hi)
      why += " $" + p.symbols[k].name + " = " + std::to_string(v) +
             " is outside [" + std::to_string(p.symbols[k].lo) + ", " +
             std::to_string(p.symbols[k].hi) + "];";
    out.push_back(v);
  }
  if (!why.empty())
    return out;
  Assignment a = assignmentOf(p, out);
  for (const auto &[name, value] : dims) {
    auto it = a.find(name);
    if (it == a.end())
      why += " names " + name + ", not a free size;";
    else if (it->second != value)
      why += " gives " + name + " = " + std::to_string(value) +
             ", its binding " + std::to_string(it->second) + ";";
  }
  // A size it leaves out is 1 (SPEC 4): no bound dim is 1 in range.
  for (const auto &[name, value] : a)
    if (!dims.count(name))
      why += " leaves " + name + " out (1), its binding " +
             std::to_string(value) + ";";
  return out;
}

} // namespace

std::string checkTorchIntent(const TorchProgram &p) {
  frontend::Session session{frontend::SessionOptions{}};
  if (!session.addFile("twin.mlir", p.twin))
    return "the frontend rejects the twin:\n" +
           session.diagnostics().renderAll();
  const frontend::Function *fn =
      findFunction(session.files().front()->module, p.function);
  if (!fn)
    return "no function @" + p.function;
  Oracle oracle(session.files().front()->module);
  std::string unsupported;
  std::vector<Run> runs = bruteForce(p, oracle, *fn, unsupported);
  if (!unsupported.empty())
    return "oracle: " + unsupported;
  std::map<size_t, std::pair<size_t, std::string>> ubAt;
  for (const Run &r : runs)
    if (r.ub) {
      ++ubAt[*r.ub].first;
      ubAt[*r.ub].second = r.rule;
    }
  std::ostringstream os;
  for (const auto &[op, count] : ubAt)
    if (int(op) != p.plantedOp)
      os << "UB at op #" << op << " (" << count.second << ") "
         << (p.plantedOp < 0 ? "in a correct program"
                             : "besides the planted op");
  if (p.plantedOp >= 0 && !ubAt.count(size_t(p.plantedOp)))
    os << "no UB at the planted op #" << p.plantedOp << " (" << p.plantedWhat
       << ") in the sampled ranges";
  return os.str();
}

void compareTorch(const TorchProgram &p, TorchStats &stats,
                  unsigned timeoutMs) {
  ++stats.programs;
  ++(p.plantedOp >= 0 ? stats.planted : stats.correct);
  auto fail = [&](const std::string &m) {
    stats.failures.push_back(tag(p) + m);
  };
  if (std::string why = checkTorchIntent(p); !why.empty()) {
    ++stats.intentWrong;
    fail("generator: " + why);
  }
  // The oracle's side.
  frontend::Session twinSession{frontend::SessionOptions{}};
  if (!twinSession.addFile("twin.mlir", p.twin))
    return fail("twin rejected");
  const frontend::Module &twin = twinSession.files().front()->module;
  const frontend::Function *twinFn = findFunction(twin, p.function);
  if (!twinFn)
    return fail("no function in the twin");
  Oracle oracle(twin);
  std::string unsupported;
  std::vector<Run> runs = bruteForce(p, oracle, *twinFn, unsupported);
  stats.runs += runs.size();
  if (!unsupported.empty()) {
    ++stats.oracleUnsupported;
    return fail("oracle unsupported: " + unsupported);
  }
  // symshape's side, on the text as exported.
  frontend::SessionOptions options;
  options.computeShapes = false;
  if (timeoutMs)
    options.judge.limits.timeoutMs = timeoutMs;
  frontend::Session session(options);
  std::string rejected;
  const frontend::FunctionAnalysis *fa =
      analyzeText(session, p.text, p.function, rejected);
  if (!fa)
    return fail(rejected);
  const frontend::Function *fn = fa->function;
  std::vector<const frontend::Operation *> ops = topLevelOps(*fn);
  if (ops.size() != topLevelOps(*twinFn).size() || int(ops.size()) != p.opCount)
    return fail("the text, its twin and the generator count different ops");
  std::map<uint32_t, size_t> opAt;
  for (size_t k = 0; k < ops.size(); ++k)
    opAt[ops[k]->loc.offset] = k;
  for (const solver::OpaqueOp &o : fa->problem->opaque) {
    ++stats.opaque;
    fail("opaque op " + o.op + " at " + session.format(o.loc) + ": " +
         o.reason);
  }
  const solver::Problem &problem = *fa->problem;
  size_t n = ops.size();
  std::vector<bool> symUb(n, false), symGuaranteed(n, false);
  bool plantGuaranteed = false, unknown = false;
  std::map<size_t, std::vector<exporters::Expr>> conditions;
  std::map<size_t, std::string> texts;
  for (size_t k = 0; k < problem.obligations.size(); ++k) {
    ++stats.obligations;
    const solver::Finding &f = fa->verdicts.findings[k];
    if (f.verdict == Verdict::Safe)
      continue;
    auto at = opAt.find(problem.locOf(problem.obligations[k]).offset);
    std::string where =
        session.format(problem.locOf(problem.obligations[k])) + " " +
        std::string(problem.opOf(problem.obligations[k])) + " " +
        solver::obligationKindName(problem.obligations[k].kind) + ": " +
        solver::verdictName(f.verdict);
    if (f.verdict == Verdict::Unknown) {
      ++stats.unknown;
      unknown = true;
      fail("unknown verdict at " + where + " (" + std::string(f.reason) + ")");
      continue;
    }
    if (at == opAt.end()) {
      fail("finding at no top-level op: " + where);
      continue;
    }
    size_t op = at->second;
    if (f.verdict == Verdict::Unreachable) {
      if (plantGuaranteed && int(op) > p.plantedOp) {
        ++stats.unreachableAfterPlant;
        continue;
      }
      ++stats.falseAlarms;
      fail("unreachable finding " + where);
      continue;
    }
    symUb[op] = true;
    bool guaranteed =
        f.verdict == Verdict::UbGuaranteed || f.verdict == Verdict::Error;
    symGuaranteed[op] = symGuaranteed[op] || guaranteed;
    if (int(op) == p.plantedOp)
      plantGuaranteed = plantGuaranteed || guaranteed;
    else {
      ++stats.falseAlarms;
      fail("non-safe finding " + where);
    }
    // The witness: inside the ranges, and its run's first UB is this op.
    std::string why;
    std::vector<int64_t> values = witnessValues(p, f, why);
    if (why.empty()) {
      std::string stopped;
      Run run = runAt(p, oracle, *twinFn, values, stopped);
      if (!stopped.empty())
        why = " the oracle cannot run it: " + stopped;
      else if (!run.ub || *run.ub != op)
        why = run.ub ? " its first UB is op #" + std::to_string(*run.ub)
                     : " it has no UB";
    }
    ++(why.empty() ? stats.witnessReplayed : stats.witnessFailed);
    if (!why.empty()) {
      std::string w;
      for (const auto &[name, value] : f.witness)
        w += name + "=" + std::to_string(value) + " ";
      fail("witness {" + w + "} of " + where + " does not replay:" + why);
    }
    if (f.condition.empty()) { // "too many cases to print" (SPEC 4)
      ++stats.conditionsNotPrinted;
      continue;
    }
    std::string error;
    std::optional<exporters::Expr> cond =
        exporters::Expr::parse(std::string(f.condition), error);
    if (!cond) {
      ++stats.conditionsWrong;
      fail("condition '" + std::string(f.condition) +
           "' does not parse: " + error);
      continue;
    }
    conditions[op].push_back(std::move(*cond));
    texts[op] += (texts[op].empty() ? "" : " | ") + std::string(f.condition);
  }
  if (p.plantedOp < 0) {
    bool allSafe = true;
    for (bool b : symUb)
      allSafe = allSafe && !b;
    if (allSafe && !unknown && fa->problem->opaque.empty())
      ++stats.correctAllSafe;
  } else if (symUb[size_t(p.plantedOp)]) {
    ++stats.plantedFound;
    stats.plantedGuaranteed += plantGuaranteed;
  } else {
    ++stats.plantedMissed;
    fail("planted " + p.plantedWhat + " (op #" + std::to_string(p.plantedOp) +
         ", " + ops[size_t(p.plantedOp)]->name + ") not found");
  }
  // Per op: the brute force and symshape agree.
  bool all = exhaustive(p);
  for (size_t k = 0; k < n; ++k) {
    size_t reached = 0, ub = 0;
    std::string rule;
    for (const Run &r : runs) {
      if (r.ub && *r.ub < k)
        continue;
      ++reached;
      if (r.ub && *r.ub == k) {
        ++ub;
        rule = r.rule;
      }
    }
    bool oracleGuaranteed = reached && ub == reached;
    bool agree = symUb[k] == (ub > 0) &&
                 (!symGuaranteed[k] || oracleGuaranteed) &&
                 (!all || !oracleGuaranteed || symGuaranteed[k]);
    ++(agree ? stats.bruteAgree : stats.bruteDisagree);
    if (!agree)
      fail("op #" + std::to_string(k) + " " + ops[k]->name + ": oracle " +
           std::to_string(ub) + "/" + std::to_string(reached) +
           " reaching runs UB" + (ub ? " (" + rule + ")" : "") + "; symshape " +
           (symGuaranteed[k] ? "ub-guaranteed"
            : symUb[k]       ? "ub-possible"
                             : "safe"));
  }
  // Each op's conditions hold exactly where it is the first UB.
  for (const auto &[op, conds] : conditions) {
    size_t wrong = 0;
    std::string example;
    for (const Run &r : runs) {
      if (r.ub && *r.ub < op)
        continue;
      bool ub = r.ub && *r.ub == op, any = false, undefined = false;
      for (const exporters::Expr &c : conds) {
        std::optional<bool> holds = c.holds(r.sizes);
        undefined = undefined || !holds;
        any = any || (holds && *holds);
      }
      if (!undefined && any == ub)
        continue;
      if (!wrong++) {
        for (size_t k = 0; k < r.values.size(); ++k)
          example +=
              "$" + p.symbols[k].name + "=" + std::to_string(r.values[k]) + " ";
        example += ub ? "UB there (" + r.rule + ")" : "no UB there";
      }
    }
    ++(wrong ? stats.conditionsWrong : stats.conditionsExact);
    if (wrong)
      fail("conditions '" + texts[op] + "' at op #" + std::to_string(op) +
           " are wrong for " + std::to_string(wrong) + " runs, e.g. " +
           example);
  }
}

std::string summarizeTorch(const TorchStats &s) {
  std::ostringstream os;
  os << "torch: " << s.programs << " programs (" << s.correct << " correct, "
     << s.planted << " planted), " << s.runs << " oracle runs; correct all "
     << "safe " << s.correctAllSafe << "/" << s.correct << "; planted found "
     << s.plantedFound << "/" << s.planted << " (ub-guaranteed "
     << s.plantedGuaranteed << "), missed " << s.plantedMissed << "; "
     << s.obligations << " obligations, " << s.falseAlarms << " false alarms, "
     << s.unknown << " unknown, " << s.opaque << " opaque ops, "
     << s.unreachableAfterPlant
     << " unreachable after an always-failing plant; brute force agrees on "
     << s.bruteAgree << " ops, disagrees on " << s.bruteDisagree
     << "; conditions exact " << s.conditionsExact << ", wrong "
     << s.conditionsWrong << ", not printed " << s.conditionsNotPrinted
     << "; witnesses replayed " << s.witnessReplayed << ", failed "
     << s.witnessFailed << "; generator intent wrong " << s.intentWrong
     << "; oracle unsupported " << s.oracleUnsupported;
  return os.str();
}

} // namespace symshape::models
