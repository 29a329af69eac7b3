//===- ExportCompare.cpp - symshape on exporters' programs vs the oracle
//----===//

#include "ExportCompareInternal.h"

#include "Expr.h"
#include "Instances.h"
#include "Json.h"

#include "symshape/driver/Session.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace symshape::exporters {

namespace detail {

bool nonSafe(const std::string &verdict) {
  return verdict == "ub-possible" || verdict == "ub-guaranteed" ||
         verdict == "error" || verdict == "unknown";
}

/// "file:12:5" -> "12:5"
std::string lineCol(const std::string &loc) {
  size_t b = loc.rfind(':');
  if (b == std::string::npos || b == 0)
    return loc;
  size_t a = loc.rfind(':', b - 1);
  return a == std::string::npos ? loc : loc.substr(a + 1);
}

struct ToolRun {
  int exit = -1;
  std::string out, err;
};

ToolRun runTool(const std::string &cli, const std::string &path) {
  ToolRun run;
  std::string cmd =
      "'" + cli + "' check --json -j 1 '" + path + "' 2>'" + path + ".err'";
  FILE *pipe = popen(cmd.c_str(), "r");
  if (!pipe)
    return run;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0)
    run.out.append(buf, n);
  int status = pclose(pipe);
  run.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(path + ".err");
  std::stringstream ss;
  ss << err.rdbuf();
  run.err = ss.str();
  std::remove((path + ".err").c_str());
  return run;
}

std::string str(const Json *j) { return j && j->isString() ? j->string : ""; }

std::vector<Finding> readFindings(const Json &fn, const std::string &name) {
  std::vector<Finding> out;
  const Json *list = fn.get("findings");
  if (!list || !list->isArray())
    return out;
  for (const Json &j : list->items) {
    Finding f;
    f.function = name;
    f.loc = str(j.get("loc"));
    f.op = str(j.get("op"));
    f.kind = str(j.get("kind"));
    f.verdict = str(j.get("verdict"));
    f.message = str(j.get("message"));
    if (const Json *c = j.get("condition"); c && c->isString()) {
      f.hasCondition = true;
      f.condition = c->string;
    }
    if (const Json *w = j.get("witness"); w && w->isObject()) {
      f.hasWitness = true;
      for (const auto &[k, v] : w->members)
        f.witness[k] = v.integral ? v.integer : int64_t(v.number);
    }
    if (const Json *why = j.get("implied_by"); why && why->isArray()) {
      f.hasImpliedBy = true;
      for (const Json &w : why->items)
        f.impliedBy.push_back(str(&w));
    }
    if (const Json *cs = j.get("call_stack"); cs && cs->isArray())
      for (const Json &c : cs->items)
        f.callStack.push_back(str(&c));
    // One finding for several calls (`call_sites`) claims its verdict,
    // condition and witness for each: it is judged at every call.
    const Json *sites = j.get("call_sites");
    if (!sites || !sites->isArray() || sites->items.empty()) {
      out.push_back(std::move(f));
      continue;
    }
    for (const Json &site : sites->items) {
      Finding at = f;
      at.callStack.clear();
      if (site.isArray())
        for (const Json &c : site.items)
          at.callStack.push_back(str(&c));
      out.push_back(std::move(at));
    }
  }
  return out;
}

const frontend::Function *findFunction(const frontend::Module &m,
                                       const std::string &name) {
  for (const frontend::Function &fn : m.functions)
    if (fn.name == name && !fn.isDeclaration)
      return &fn;
  return nullptr;
}

std::string sizesText(const models::Assignment &a) {
  std::string out = "{";
  for (const auto &[k, v] : a)
    out += (out.size() > 1 ? ", " : "") + k + "=" + std::to_string(v);
  return out + "}";
}

std::string Comparison::describe(const std::string &key) const {
  size_t op = std::stoul(key.substr(key.rfind('>') + 1));
  const frontend::Operation &o = *textOps.ops[op];
  std::string where = o.name + " in @" + textOps.function[op];
  for (const auto &[lc, k] : opAtLine)
    if (k == op)
      where += " at line " + lc;
  if (key.find('>') != std::string::npos)
    where += " (through calls " + key.substr(0, key.rfind('>')) + ")";
  return where;
}

bool Comparison::instanceOf(const Finding &f, std::string &key) {
  auto at = opAtLine.find(lineCol(f.loc));
  if (at == opAtLine.end()) {
    fail("finding at " + f.loc + " (" + f.op + ") is at no op of the program");
    return false;
  }
  key.clear();
  for (const std::string &c : f.callStack) {
    auto call = opAtLine.find(lineCol(c));
    if (call == opAtLine.end()) {
      fail("call_stack entry " + c + " of the finding at " + f.loc +
           " is at no op");
      return false;
    }
    key += std::to_string(call->second) + ">";
  }
  key += std::to_string(at->second);
  return true;
}

bool Comparison::witnessFails(const std::string &key, const Finding &f,
                              bool check) {
  models::Assignment a;
  for (const std::string &s : bf.box.symbols)
    a[s] = 1; // SPEC: every size the witness does not name is 1
  for (const auto &[name, value] : f.witness) {
    if (!a.count(name))
      return false;
    a[name] = value;
  }
  models::Oracle oracle(*twin);
  models::OracleResult r = oracle.run(*entry, a);
  if (check)
    return r.stopped && twinOps.key(r.stopped->at) == key;
  return r.ub && twinOps.key(r.ub->at) == key;
}

void Comparison::replay(const std::string &key, const Finding &f, bool check) {
  models::Assignment a;
  for (const std::string &s : bf.box.symbols)
    a[s] = 1; // SPEC: every size the witness does not name is 1
  for (const auto &[name, value] : f.witness) {
    if (!a.count(name)) {
      ++stats.witnessesFailed;
      fail("witness of " + f.kind + " at " + f.loc + " names " + name +
           ", not a free symbol of @" + p.entry);
      return;
    }
    a[name] = value;
  }
  models::Oracle oracle(*twin);
  models::OracleResult r = oracle.run(*entry, a);
  std::string got;
  if (r.ub && !check)
    got = twinOps.key(r.ub->at);
  if (r.stopped && check)
    got = twinOps.key(r.stopped->at);
  if (got == key) {
    ++stats.witnessesReplayed;
    return;
  }
  ++stats.witnessesFailed;
  std::string what =
      r.ub        ? "UB at " + describe(twinOps.key(r.ub->at))
      : r.stopped ? "a failed check at " + describe(twinOps.key(r.stopped->at))
      : !r.unsupported.empty() ? "unsupported: " + r.unsupported
                               : "no UB and no failed check";
  fail("witness " + sizesText(a) + " of the " + f.verdict + " " + f.kind +
       " finding at " + f.loc + " does not replay: the oracle finds " + what);
}

void Comparison::run() {
  ++stats.programs;
  // The oracle's side, on the twin.
  frontend::Session twinSession{frontend::SessionOptions{}};
  if (!twinSession.addFile("twin.mlir", p.twin))
    return fail("the frontend rejects the twin:\n" +
                twinSession.diagnostics().renderAll());
  twin = &twinSession.files().front()->module;
  entry = findFunction(*twin, p.entry);
  if (!entry)
    return fail("no @" + p.entry + " in the twin");
  twinOps = OpTable::of(*twin);
  bf = bruteForce(*twin, *entry, twinOps, options.integerLo);
  if (!bf.unsupported.empty())
    return fail("oracle unsupported: " + bf.unsupported);
  stats.assignments += bf.stopped.size();
  // The program as printed: its ops must be the twin's.
  frontend::Session textSession{frontend::SessionOptions{}};
  if (!textSession.addFile("text.mlir", p.text))
    return fail("symshape's frontend rejects the program:\n" +
                textSession.diagnostics().renderAll());
  textOps = OpTable::of(textSession.files().front()->module);
  if (textOps.ops.size() != twinOps.ops.size())
    return fail("the program has " + std::to_string(textOps.ops.size()) +
                " ops, its twin " + std::to_string(twinOps.ops.size()));
  for (size_t k = 0; k < textOps.ops.size(); ++k) {
    if (textOps.ops[k]->name != twinOps.ops[k]->name ||
        textOps.function[k] != twinOps.function[k])
      return fail("op #" + std::to_string(k) + " is " + textOps.ops[k]->name +
                  " in the program, " + twinOps.ops[k]->name + " in the twin");
    opAtLine[lineCol(textSession.format(solver::Location{
        textOps.ops[k]->loc.buffer, textOps.ops[k]->loc.offset}))] = k;
  }
  // The tool's side.
  std::string path =
      options.tempDir + "/symshape-exporters-" + std::to_string(::getpid()) +
      "-" +
      (p.origin.empty()
           ? std::string(familyName(p.family)) + "-" + std::to_string(p.seed) +
                 "-" + variantName(p.variant)
           : p.origin.substr(p.origin.rfind('/') + 1)) +
      (p.origin.empty() ? ".mlir" : "");
  std::ofstream(path) << p.text;
  ToolRun tool = runTool(options.symshape, path);
  std::remove(path.c_str());
  std::string error;
  std::optional<Json> doc = Json::parse(tool.out, error);
  if (tool.exit != 0 && tool.exit != 1)
    return fail("symshape exits " + std::to_string(tool.exit) + ":\n" +
                tool.err + tool.out.substr(0, 2000));
  if (!doc)
    return fail("symshape's JSON does not parse (" + error + ")");
  const Json *files = doc->get("files");
  if (!files || !files->isArray() || files->items.size() != 1)
    return fail("the JSON has no single entry in \"files\"");
  const Json *functions = files->items[0].get("functions");
  if (!functions || !functions->isArray())
    return fail("the JSON has no \"functions\"");
  std::set<std::string> called; // private functions some call reaches
  for (const Json &fnJson : functions->items) {
    std::string name = str(fnJson.get("name"));
    if (const Json *opaque = fnJson.get("opaque"); opaque && opaque->isArray())
      for (const Json &o : opaque->items) {
        ++stats.opaque;
        fail("opaque op " + str(o.get("op")) + " at " + str(o.get("loc")) +
             " in @" + name + ": " + str(o.get("reason")));
      }
    bool judgedAlone = name == p.entry;
    for (Finding &f : readFindings(fnJson, name)) {
      if (!judgedAlone && f.callStack.empty()) {
        fail("finding at " + f.loc + " in @" + name +
             " has no call_stack: a private function judged on its own");
        continue;
      }
      std::string key;
      if (instanceOf(f, key))
        byInstance[key].push_back(std::move(f));
    }
    if (name == p.entry)
      checkContract(fnJson);
  }
  for (const auto &[key, runs] : bf.instances)
    byInstance[key]; // every instance the oracle ran
  bool anyUb = false, anyDoomedCheck = false;
  for (const auto &[key, runs] : bf.instances) {
    size_t op = std::stoul(key.substr(key.rfind('>') + 1));
    solver::Verdict verdict = runs.verdict();
    if (isCheck(*twinOps.ops[op]))
      anyDoomedCheck =
          anyDoomedCheck || verdict == solver::Verdict::UbGuaranteed;
    else
      anyUb = anyUb || models::failsSome(verdict);
  }
  // Ops with a static error: SPEC 4 judges the ops after one anyway
  // ("After a static error, later ops are still judged"), though no run
  // gets past it.
  std::set<size_t> staticErrors;
  for (const auto &[key, findings] : byInstance)
    for (const Finding &f : findings)
      if (f.verdict == "error")
        staticErrors.insert(keyPath(key).back());
  for (const auto &[key, findings] : byInstance) {
    if (!bf.instances.count(key)) {
      std::set<size_t> before = runBefore(key);
      bool afterError =
          std::any_of(staticErrors.begin(), staticErrors.end(),
                      [&](size_t op) { return before.count(op) != 0; });
      if (afterError) {
        stats.notes.push_back(tag + "findings at " + describe(key) +
                              ", which no run reaches: judged after a static "
                              "error, as SPEC 4 says");
        continue;
      }
      // The oracle never ran this instance: no finding may claim UB.
      for (const Finding &f : findings) {
        ++stats.findings;
        if (nonSafe(f.verdict))
          fail(f.verdict + " " + f.kind + " finding at " + f.loc +
               (f.callStack.empty() ? ""
                                    : " (call_stack " + f.callStack[0] + ")") +
               ": no run reaches this op" +
               (f.callStack.empty() ? "" : " through these calls"));
      }
      continue;
    }
    judgeInstance(key, findings);
  }
  checkImplied();
  if (p.planted) {
    bool found = false;
    for (size_t k = 0; k < twinOps.ops.size(); ++k) {
      const frontend::Operation &op = *twinOps.ops[k];
      const frontend::Function *fn = findFunction(*twin, twinOps.function[k]);
      if (twinOps.function[k] != p.planted->function || op.results.empty() ||
          "%" + fn->value(op.results[0]).name != p.planted->result)
        continue;
      for (const auto &[key, findings] : byInstance) {
        if (key.substr(key.rfind('>') + 1) != std::to_string(k))
          continue;
        for (const Finding &f : findings)
          found = found || nonSafe(f.verdict);
      }
    }
    if (found) {
      ++stats.plantedFound;
    } else {
      ++stats.plantedMissed;
      fail("planted " + p.plantedWhat + " (" + p.planted->result + " in @" +
           p.planted->function + ") not found");
    }
  }
  int want = anyUb || anyDoomedCheck ? 1 : 0;
  if (tool.exit == want)
    ++stats.exitRight;
  else
    fail("symshape exits " + std::to_string(tool.exit) + ", expected " +
         std::to_string(want) +
         (anyUb            ? " (UB is possible)"
          : anyDoomedCheck ? " (a check always fails)"
                           : " (no UB; checks that can fail are notes)"));
}

} // namespace detail

using detail::Comparison;
using detail::findFunction;

void compareExport(const ExportProgram &program, const CompareOptions &options,
                   ExportStats &stats) {
  Comparison(program, options, stats).run();
}

std::string checkIntent(const ExportProgram &p) {
  frontend::Session session{frontend::SessionOptions{}};
  if (!session.addFile("twin.mlir", p.twin))
    return "the frontend rejects the twin:\n" +
           session.diagnostics().renderAll();
  const frontend::Module &m = session.files().front()->module;
  const frontend::Function *fn = findFunction(m, p.entry);
  if (!fn)
    return "no @" + p.entry;
  OpTable table = OpTable::of(m);
  BruteForce bf = bruteForce(m, *fn, table);
  if (!bf.unsupported.empty())
    return "oracle: " + bf.unsupported;
  std::ostringstream os;
  bool plantedSeen = false, doomedSeen = false;
  for (const auto &[key, runs] : bf.instances) {
    size_t op = std::stoul(key.substr(key.rfind('>') + 1));
    const frontend::Operation &o = *table.ops[op];
    const frontend::Function *of = findFunction(m, table.function[op]);
    size_t reached = runs.reachedCount(), bad = runs.badCount();
    bool guaranteed = runs.verdict() == solver::Verdict::UbGuaranteed;
    std::string name =
        o.results.empty() ? o.name.str() : "%" + of->value(o.results[0]).name;
    bool isPlanted = p.planted && table.function[op] == p.planted->function &&
                     name == p.planted->result;
    if (isCheck(o)) {
      if (guaranteed) {
        if (p.doomed && table.function[op] == p.doomed->function &&
            o.name == p.doomed->name)
          doomedSeen = true;
        else
          os << "check " << o.name << " #" << op << " fails for all " << reached
             << " reaching assignments. ";
      }
      continue;
    }
    if (bad == 0)
      continue;
    if (isPlanted) {
      plantedSeen = plantedSeen || !guaranteed;
      if (guaranteed)
        os << "the planted op fails for every reaching assignment. ";
      continue;
    }
    os << "UB at " << name << " (" << o.name << " #" << op << ", "
       << runs.example << "). ";
  }
  if (p.planted && !plantedSeen)
    os << "no UB at the planted op " << p.planted->result << " ("
       << p.plantedWhat << ") in the box. ";
  if (p.doomed && !doomedSeen)
    os << "no check fails always. ";
  return os.str();
}

std::string summarize(ExportFamily family, const ExportStats &s) {
  return summarize(std::string(familyName(family)), s);
}

std::string summarize(const std::string &label, const ExportStats &s) {
  std::ostringstream os;
  os << label << ": " << s.programs << " programs (" << s.assignments
     << " size assignments), " << s.findings
     << " findings; checks judged right " << s.checksRight << "/" << s.checks
     << "; planted found " << s.plantedFound << ", missed " << s.plantedMissed
     << "; exact conditions " << s.conditionsExact << "; witnesses replayed "
     << s.witnessesReplayed << ", failed " << s.witnessesFailed << "; opaque "
     << s.opaque << "; exit status right " << s.exitRight << "/" << s.programs
     << "; contracts checked " << s.contractsChecked << ", absent "
     << s.contractsAbsent << "; implied_by checked " << s.impliedChecked
     << ", sufficient " << s.impliedSufficient << ", minimal "
     << s.impliedMinimal
     << " (a named check covered by an op's requirement: " << s.impliedOpCovered
     << ", stopping no size of the box: " << s.impliedNotShownNeeded
     << "; partly safe, not run: " << s.impliedPartial << ")";
  return os.str();
}

} // namespace symshape::exporters
