// JSON of a run: the result, the run facts, the statistics, and the evidence.
#include "report/ResultJson.h"

#include "report/Assumptions.h"
#include "report/CertificateText.h"
#include "report/TraceView.h"
#include "report/VerdictLine.h"

namespace argus::report {
namespace {

const char* verdictWord(ir::Verdict v) {
  switch (v) {
    case ir::Verdict::Safe:
      return "TRUE";
    case ir::Verdict::Unsafe:
      return "FALSE";
    case ir::Verdict::Unknown:
      return "UNKNOWN";
  }
  return "?";
}

nlohmann::json valuesJson(const std::vector<ValueView>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (auto& v : values) out.push_back({{"name", v.name}, {"value", v.value}, {"temporary", v.temporary}});
  return out;
}

nlohmann::json stepJson(const StepView& step) {
  nlohmann::json out = {
      {"kind", step.kind},   {"location", step.location},         {"function", step.function},
      {"label", step.label}, {"values", valuesJson(step.values)}, {"reaches_error", step.reachesError}};
  if (!step.callee.empty()) out["callee"] = step.callee;
  out["edge"] = step.edge;
  out["inputs"] = nlohmann::json::array();
  for (auto& in : step.inputs) out["inputs"].push_back({{"function", in.function}, {"value", in.value}});
  return out;
}

nlohmann::json taskJson(const RunInfo& info) {
  nlohmann::json task = {{"file", info.inputFile},
                         {"task_file", info.taskFile},
                         {"error_function", info.errorFunction},
                         {"property", info.property},
                         {"data_model", info.dataModel},
                         {"encoding", info.encoding}};
  task["expected"] =
      info.expectedSafe ? nlohmann::json(*info.expectedSafe ? "true" : "false") : nlohmann::json();
  return task;
}

}  // namespace

nlohmann::json traceJson(const ir::Program& program, const ir::Trace& trace) {
  nlohmann::json steps = nlohmann::json::array();
  for (auto& step : viewSteps(program, trace)) steps.push_back(stepJson(step));
  return {{"steps", steps},
          {"initial", valuesJson(viewInitial(program, trace))},
          {"path_checked", trace.pathChecked},
          {"replayed", trace.replayed},
          {"replay_detail", trace.replayDetail}};
}

nlohmann::json resultJson(const ir::Result& result, const ir::Program* input, const Stats& stats,
                          const RunInfo& info) {
  nlohmann::json out;
  out["verdict"] = verdictWord(result.verdict);
  out["verdict_line"] = verdictLine(result, info.property);
  out["reason"] =
      result.verdict == ir::Verdict::Unknown ? nlohmann::json(toString(result.reason)) : nlohmann::json();
  out["detail"] = result.detail;
  out["engine"] = result.engine;
  out["exit_code"] = info.exitCode;
  out["task"] = taskJson(info);
  out["options"] = info.options;
  out["times"] = {{"frontend", info.frontendSeconds},
                  {"engine", info.engineSeconds},
                  {"certify", info.certifySeconds},
                  {"total", info.totalSeconds}};
  out["statistics"] = stats.toJson();
  if (input) out["assumes"] = assumptions(input->origin());
  if (input) {
    if (auto* trace = result.trace()) out["trace"] = traceJson(*input, *trace);
    if (auto* certificate = result.certificate()) out["certificate"] = certificateJson(*input, *certificate);
  }
  return out;
}

}  // namespace argus::report
