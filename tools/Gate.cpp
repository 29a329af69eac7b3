//===- Gate.cpp - What fails a check in CI --------------------------------===//

#include "Gate.h"
#include "Baseline.h"
#include "Output.h"

#include <algorithm>
#include <filesystem>

namespace symshape::tool {

namespace {

/// The report entry a finding is rendered as, for waiverOf.
solver::ReportEntry entryOf(const GateFinding &finding) {
  solver::ReportEntry entry;
  entry.loc = finding.loc;
  entry.op = finding.key.op;
  entry.verdict = finding.verdict;
  entry.obligation = finding.obligation;
  entry.opaque = finding.opaque;
  return entry;
}

const char *failOnName(solver::FailOn level) {
  switch (level) {
  case solver::FailOn::Error:
    return "error";
  case solver::FailOn::UbGuaranteed:
    return "ub-guaranteed";
  case solver::FailOn::UbPossible:
    return "ub-possible";
  case solver::FailOn::Unknown:
    return "unknown";
  case solver::FailOn::Opaque:
    return "opaque";
  }
  return "";
}

} // namespace

void Gate::waive(const GateFinding &finding, solver::Waiver waiver) {
  held.push_back(std::make_unique<solver::Waiver>(std::move(waiver)));
  const solver::Waiver *w = held.back().get();
  if (finding.obligation)
    byIdentity[finding.obligation] = w;
  else if (finding.opaque)
    byIdentity[finding.opaque] = w;
  else
    byLoc[{finding.loc.buffer, finding.loc.offset}] = w;
  ++(w->baselined ? baselinedCount : suppressedCount);
}

std::string Gate::applyBaseline(const CommandLine &cl,
                                std::vector<const GateFinding *> &open,
                                bool inputsFailed) {
  // An opaque op that is no coverage error fails only --fail-on=opaque:
  // recorded and matched only then.
  std::vector<const GateFinding *> relevant;
  for (const GateFinding *finding : open)
    if (!finding->opaqueOnly || cl.failOn == solver::FailOn::Opaque)
      relevant.push_back(finding);
  std::error_code ec;
  bool exists = std::filesystem::exists(cl.baselinePath, ec);
  if ((!exists || cl.writeBaseline) && inputsFailed) {
    noteText += cl.baselinePath +
                ": note: baseline not written: some input could not be "
                "judged\n";
    return "";
  }
  if (!exists || cl.writeBaseline) {
    std::string error =
        writeOutput(cl.baselinePath, renderBaseline(cl.baselinePath, relevant));
    if (!error.empty())
      return error;
    for (const GateFinding *finding : relevant)
      waive(*finding, {true, ""});
    noteText += cl.baselinePath + ": note: baseline " +
                (exists ? "rewritten" : "written") + " with " +
                std::to_string(relevant.size()) +
                (relevant.size() == 1 ? " finding\n" : " findings\n");
    return "";
  }
  std::string error;
  std::optional<std::vector<FindingKey>> entries =
      readBaseline(cl.baselinePath, error);
  if (!entries)
    return error;
  std::vector<bool> matched =
      matchBaseline(cl.baselinePath, relevant, *entries);
  for (size_t i = 0; i < relevant.size(); ++i)
    if (matched[i])
      waive(*relevant[i], {true, ""});
  // Entries nothing matches any more: the baseline can shrink.
  for (const FindingKey &stale : *entries)
    noteText += cl.baselinePath +
                ": note: baseline entry no longer found (fixed? run with "
                "--write-baseline to drop it): " +
                describeKey(stale) + "\n";
  return "";
}

std::string Gate::run(const CommandLine &cl, const frontend::Session &session,
                      const solver::ReportOptions &options,
                      const std::map<std::string, const Config *> &configOf,
                      bool inputsFailed) {
  level = cl.failOn;
  findings = collectFindings(session, options, cl.function);
  std::vector<const GateFinding *> open;
  // Every suppression of every file's configuration, in order, and
  // whether it matched.
  std::vector<const Config *> configs;
  for (const auto &[file, config] : configOf)
    if (config &&
        std::find(configs.begin(), configs.end(), config) == configs.end())
      configs.push_back(config);
  std::map<const Suppression *, bool> used;
  for (const GateFinding &finding : findings) {
    const Suppression *by = nullptr;
    auto config = configOf.find(finding.key.file);
    if (config != configOf.end() && config->second)
      for (const Suppression &s : config->second->suppressions)
        if (!by && s.matches(finding.key))
          by = &s;
    if (by) {
      used[by] = true;
      waive(finding, {false, by->reason});
    } else {
      open.push_back(&finding);
    }
  }
  // Under --func the other functions' findings are not looked at.
  for (const Config *config :
       cl.function.empty() ? configs : std::vector<const Config *>())
    for (const Suppression &s : config->suppressions)
      if (!used.count(&s))
        noteText += s.where + ": note: this suppression matches no finding\n";
  if (!cl.baselinePath.empty())
    if (std::string error = applyBaseline(cl, open, inputsFailed);
        !error.empty())
      return error;
  return "";
}

const solver::Waiver *Gate::waiverOf(const solver::ReportEntry &entry) const {
  const void *identity = entry.obligation
                             ? static_cast<const void *>(entry.obligation)
                             : static_cast<const void *>(entry.opaque);
  if (auto it = byIdentity.find(identity); it != byIdentity.end())
    return it->second;
  if (entry.obligation)
    return nullptr;
  auto it = byLoc.find({entry.loc.buffer, entry.loc.offset});
  return it == byLoc.end() ? nullptr : it->second;
}

bool Gate::fails(solver::FailOn at) const {
  for (const GateFinding &finding : findings) {
    if (!finding.fails(at))
      continue;
    if (!waiverOf(entryOf(finding)))
      return true;
  }
  return false;
}

std::string Gate::line() const {
  size_t fresh = 0;
  for (const GateFinding &finding : findings)
    if (finding.fails(level) && !waiverOf(entryOf(finding)))
      ++fresh;
  return "symshape: gate (--fail-on=" + std::string(failOnName(level)) +
         "): " + std::to_string(fresh) +
         (fresh == 1 ? " new finding, " : " new findings, ") +
         std::to_string(baselinedCount) + " baselined, " +
         std::to_string(suppressedCount) + " suppressed\n";
}

} // namespace symshape::tool
