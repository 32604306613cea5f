// Tallies and table formatting.
#include "cli/bench/Tables.h"

#include <fmt/format.h>

#include <algorithm>

namespace argus::cli::bench {
namespace {

std::string row(const std::vector<std::string>& cells) {
  std::string out = "|";
  for (auto& c : cells) out += " " + c + " |";
  return out + "\n";
}

std::string alignmentRow(size_t textColumns, size_t numberColumns) {
  std::string out = "|";
  for (size_t i = 0; i < textColumns; ++i) out += "---|";
  for (size_t i = 0; i < numberColumns; ++i) out += "---:|";
  return out + "\n";
}

std::string ratio(double value, double base) { return base > 0 ? fmt::format("{:.2f}", value / base) : "-"; }

std::string cell(const std::string& category, const std::string& text) {
  return category == "total" ? "**" + text + "**" : text;
}

std::string tsvClean(std::string s) {
  for (char& c : s)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return s;
}

std::string expectedText(const BenchTask& task) {
  if (!task.expectedSafe) return "unknown";
  return task.chc ? (*task.expectedSafe ? "sat" : "unsat") : (*task.expectedSafe ? "true" : "false");
}

}  // namespace

void Tally::add(const TaskOutcome& o) {
  ++tasks;
  cpuSeconds += o.cpuSeconds;
  score += bench::score(o.judgement);
  if (evidenceRejected(o)) ++rejected;
  switch (o.judgement) {
    case Judgement::CorrectTrue:
      ++correctTrue;
      break;
    case Judgement::CorrectFalse:
      ++correctFalse;
      break;
    case Judgement::WrongTrue:
      ++wrongTrue;
      break;
    case Judgement::WrongFalse:
      ++wrongFalse;
      break;
    case Judgement::Unchecked:
      ++unchecked;
      break;
    case Judgement::Unknown:
      ++unknown;
      break;
    case Judgement::Undecided:
      ++undecided;
      break;
    case Judgement::Timeout:
      ++timeouts;
      break;
    case Judgement::Error:
      ++errors;
      break;
    case Judgement::Rejected:  // counted above
      break;
  }
}

std::vector<std::pair<std::string, Tally>> tallyByCategory(const std::vector<BenchTask>& tasks,
                                                           const std::vector<TaskOutcome>& outcomes) {
  std::vector<std::pair<std::string, Tally>> out;
  Tally total;
  for (size_t i = 0; i < tasks.size() && i < outcomes.size(); ++i) {
    auto it = std::find_if(out.begin(), out.end(), [&](auto& p) { return p.first == tasks[i].category; });
    if (it == out.end()) it = out.insert(out.end(), std::make_pair(tasks[i].category, Tally{}));
    it->second.add(outcomes[i]);
    total.add(outcomes[i]);
  }
  out.emplace_back("total", total);
  return out;
}

std::string summaryMarkdown(const std::vector<BenchTask>& tasks, const RunResults& run) {
  std::string out =
      fmt::format("### {}{}\n\n", run.name, run.description.empty() ? "" : " (`" + run.description + "`)");
  out += row({"category", "tasks", "correct TRUE", "correct FALSE", "wrong TRUE", "wrong FALSE", "unknown",
              "undecided", "timeouts", "errors", "evidence rejected", "score", "CPU time (s)"});
  out += alignmentRow(1, 12);
  for (auto& [category, t] : tallyByCategory(tasks, run.outcomes)) {
    std::vector<std::string> cells = {category};
    for (int n : {t.tasks, t.correctTrue, t.correctFalse, t.wrongTrue, t.wrongFalse, t.unknown, t.undecided,
                  t.timeouts, t.errors, t.rejected, t.score})
      cells.push_back(std::to_string(n));
    cells.push_back(fmt::format("{:.1f}", t.cpuSeconds));
    for (auto& c : cells) c = cell(category, c);
    out += row(cells);
  }
  return out;
}

std::string comparisonMarkdown(const std::vector<BenchTask>& tasks, const std::vector<RunResults>& runs) {
  if (runs.size() < 2) return "";
  std::vector<std::vector<std::pair<std::string, Tally>>> tallies;
  for (auto& r : runs) tallies.push_back(tallyByCategory(tasks, r.outcomes));
  std::vector<std::string> header = {"category"};
  for (size_t r = 0; r < runs.size(); ++r) {
    for (const char* what : {"solved", "score", "CPU (s)"}) header.push_back(runs[r].name + " " + what);
    if (r > 0)
      for (const char* what : {"solved ratio", "CPU ratio"}) header.push_back(runs[r].name + " " + what);
  }
  std::string out = fmt::format("### comparison (baseline: {})\n\n", runs[0].name);
  out += row(header) + alignmentRow(1, header.size() - 1);
  for (size_t c = 0; c < tallies[0].size(); ++c) {
    const std::string& category = tallies[0][c].first;
    const Tally& base = tallies[0][c].second;
    std::vector<std::string> cells = {category};
    for (size_t r = 0; r < runs.size(); ++r) {
      const Tally& t = tallies[r][c].second;
      cells.push_back(std::to_string(t.solved()));
      cells.push_back(std::to_string(t.score));
      cells.push_back(fmt::format("{:.1f}", t.cpuSeconds));
      if (r > 0) {
        cells.push_back(ratio(t.solved(), base.solved()));
        cells.push_back(ratio(t.cpuSeconds, base.cpuSeconds));
      }
    }
    for (auto& x : cells) x = cell(category, x);
    out += row(cells);
  }
  return out;
}

RunResults virtualBest(const std::string& name, const std::vector<const RunResults*>& members,
                       std::vector<size_t>* fromMember) {
  RunResults out{name, "", {}};
  for (const RunResults* m : members)
    out.description += (out.description.empty() ? "virtual best of " : ", ") + m->name;
  size_t tasks = members.empty() ? 0 : members.front()->outcomes.size();
  if (fromMember) fromMember->assign(tasks, 0);
  for (size_t t = 0; t < tasks; ++t) {
    size_t best = 0;
    for (size_t m = 1; m < members.size(); ++m) {
      const TaskOutcome& a = members[m]->outcomes[t];
      const TaskOutcome& b = members[best]->outcomes[t];
      int sa = score(a.judgement), sb = score(b.judgement);
      if (sa > sb || (sa == sb && a.wallSeconds < b.wallSeconds)) best = m;
    }
    out.outcomes.push_back(members[best]->outcomes[t]);
    if (fromMember) (*fromMember)[t] = best;
  }
  return out;
}

std::string uniqueSolutionsMarkdown(const std::vector<BenchTask>& tasks, const std::string& name,
                                    const std::vector<const RunResults*>& members, size_t listed) {
  auto solves = [](const TaskOutcome& o) {
    return o.judgement == Judgement::CorrectTrue || o.judgement == Judgement::CorrectFalse;
  };
  std::string out = fmt::format("### solved by one configuration alone (of {})\n\n", name);
  out += row({"configuration", "solved", "alone", "tasks"}) + "|---|---:|---:|---|\n";
  for (size_t m = 0; m < members.size(); ++m) {
    int solved = 0;
    std::vector<std::string> alone;
    for (size_t t = 0; t < tasks.size() && t < members[m]->outcomes.size(); ++t) {
      if (!solves(members[m]->outcomes[t])) continue;
      ++solved;
      bool others = false;
      for (size_t k = 0; k < members.size() && !others; ++k)
        others = k != m && t < members[k]->outcomes.size() && solves(members[k]->outcomes[t]);
      if (!others) alone.push_back(tasks[t].display);
    }
    std::string names;
    for (size_t i = 0; i < alone.size() && i < listed; ++i) names += (names.empty() ? "" : ", ") + alone[i];
    if (alone.size() > listed) names += fmt::format(", ... ({} more)", alone.size() - listed);
    out += row({members[m]->name, std::to_string(solved), std::to_string(alone.size()), names});
  }
  return out;
}

std::string tsv(const std::vector<BenchTask>& tasks, const RunResults& run,
                const std::vector<std::string>& statKeys) {
  std::string out =
      "task\tcategory\texpected\tverdict\tcorrect\tstatus\twall_s\tcpu_s\tmemory_mb\treason\tcertify_rejected\twitness";
  for (auto& k : statKeys) out += "\t" + k;
  out += "\n";
  for (size_t i = 0; i < tasks.size() && i < run.outcomes.size(); ++i) {
    const TaskOutcome& o = run.outcomes[i];
    out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{:.3f}\t{:.3f}\t{:.1f}\t{}\t{}\t{}", tsvClean(tasks[i].path),
                       tsvClean(tasks[i].category), expectedText(tasks[i]), verdictText(tasks[i], o.verdict),
                       toString(o.judgement), toString(o.status), o.wallSeconds, o.cpuSeconds, o.memoryMB,
                       tsvClean(o.reason), o.certifyRejected, o.witness);
    for (auto& k : statKeys) {
      auto it = o.stats.find(k);
      out += "\t" + (it == o.stats.end() ? std::string() : tsvClean(it->second));
    }
    out += "\n";
  }
  return out;
}

}  // namespace argus::cli::bench
