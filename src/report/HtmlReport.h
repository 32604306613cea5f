// The HTML report of one run (`argus verify --report DIR`): one self-contained page (inline CSS and SVG,
// no script, no external resource) with the verdict, the counterexample over the source text with the
// values of each step, or the certificate's invariants at their source lines, the CFA drawn by Graphviz,
// the ARG of predabs and impact, and the times and statistics. It is built from the JSON report (report/ResultJson.h), so that a
// portfolio's parent, which has only its winner's JSON, draws the same page as a single engine.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "report/Graphviz.h"

namespace argus::report {

struct HtmlPage {
  nlohmann::json result;   // what `--json` writes (with "portfolio" in a portfolio run)
  std::string sourceText;  // the program file named by result["task"]["file"]
  std::string sourceNote;  // why there is no source text, when it is empty
  GraphPicture cfa;
  GraphPicture arg;  // the ARG of predabs or impact (result["arg_dot"]); both empty: no ARG section
};

/// The whole page. Every text from the JSON or the source is HTML-escaped; only the SVG of dot is taken
/// as it is.
std::string htmlReport(const HtmlPage& page);

/// Creates `folder` (and its parents) if needed; throws InputError naming it when that fails or it cannot
/// be written, so that a bad --report fails before any work starts.
void prepareReportFolder(const std::string& folder);

/// Writes `folder`/index.html for `result` with the source file it names, `cfa` (drawCfa, or a note why
/// there is none) and the ARG the result carries, drawn within `limits`. Returns the page's path; throws
/// InputError naming it when it cannot be written.
std::string writeHtmlReport(const std::string& folder, const nlohmann::json& result, const GraphPicture& cfa,
                            const GraphvizLimits& limits);

}  // namespace argus::report
