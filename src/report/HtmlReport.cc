// Builds the HTML report from the JSON report: header, facts, the annotated source listing, the step
// table or the certificate, the CFA, and the times and statistics, each a section of its own.
#include "report/HtmlReport.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "report/TraceText.h"
#include "util/Error.h"
#include "util/Markup.h"

namespace argus::report {
namespace {

/// Sources longer than this show only the lines around a step or invariant (an SV-COMP .i file has
/// thousands of lines of headers).
constexpr size_t kFullListingLines = 400;
constexpr size_t kContextLines = 3;
/// A loop's line collects a step per iteration: beyond this many the line refers to the step table.
constexpr size_t kStepsPerLine = 12;
/// Characters of an invariant shown at its line (the invariant table has it whole).
constexpr size_t kInvariantChars = 200;

std::string escape(const std::string& text) { return escapeMarkup(text); }

/// A JSON member as text: strings as they are, numbers and Booleans written out, null or absent as "".
std::string text(const nlohmann::json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) return "";
  const nlohmann::json& value = object.at(key);
  if (value.is_string()) return value.get<std::string>();
  if (value.is_null()) return "";
  if (value.is_number_float()) return fmt::format("{:.3f}", value.get<double>());
  return value.dump();
}

const nlohmann::json& member(const nlohmann::json& object, const char* key) {
  static const nlohmann::json none;
  return object.is_object() && object.contains(key) ? object.at(key) : none;
}

/// The members of a JSON array, comma-separated.
std::string joined(const nlohmann::json& array) {
  std::string out;
  for (const nlohmann::json& item : array) out += (out.empty() ? "" : ", ") + (item.is_string() ? item.get<std::string>() : item.dump());
  return out;
}

std::string code(const std::string& text) { return text.empty() ? "" : "<code>" + escape(text) + "</code>"; }

/// A table with a header row and an id; the cells are HTML already.
std::string gridTable(const std::string& id, std::initializer_list<const char*> headers,
                      const std::vector<std::vector<std::string>>& rows) {
  std::string out = "<table class=\"grid\" id=\"" + id + "\">\n<tr>";
  for (const char* header : headers) out += std::string("<th>") + header + "</th>";
  out += "</tr>\n";
  for (const auto& row : rows) {
    out += "<tr>";
    for (const std::string& cell : row) out += "<td>" + cell + "</td>";
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

/// "file:line" → file and line (0 when the location names no line).
std::pair<std::string, size_t> splitLocation(const std::string& location) {
  size_t colon = location.rfind(':');
  if (colon == std::string::npos || colon + 1 == location.size()) return {location, 0};
  std::string digits = location.substr(colon + 1);
  if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return {location, 0};
  return {location.substr(0, colon), std::stoul(digits)};
}

/// Whether a location's file is the listed source: the same path, or (a task's file is given relative
/// to the .yml, clang's debug info relative to where it ran) the same file name.
bool sameFile(const std::string& file, const std::string& source) {
  if (file.empty() || source.empty()) return false;
  return file == source ||
         std::filesystem::path(file).filename() == std::filesystem::path(source).filename();
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

StepView stepFromJson(const nlohmann::json& step) {
  StepView view;
  view.kind = text(step, "kind");
  view.location = text(step, "location");
  view.function = text(step, "function");
  view.label = text(step, "label");
  view.callee = text(step, "callee");
  for (const nlohmann::json& v : member(step, "values"))
    view.values.push_back({text(v, "name"), text(v, "value"), member(v, "temporary") == true});
  for (const nlohmann::json& in : member(step, "inputs")) view.inputs.push_back({text(in, "function"), text(in, "value")});
  view.reachesError = member(step, "reaches_error") == true;
  if (member(step, "edge").is_number_unsigned()) view.edge = member(step, "edge").get<ir::EdgeId>();
  return view;
}

/// What the page marks at a source line: trace steps (by number) and invariants (by text).
struct LineMarks {
  std::vector<size_t> steps;
  std::vector<std::string> invariants;
};

class PageBuilder {
 public:
  explicit PageBuilder(const HtmlPage& page) : page_(page), result_(page.result) {
    for (const nlohmann::json& step : member(member(result_, "trace"), "steps")) steps_.push_back(stepFromJson(step));
    sourcePath_ = text(member(result_, "task"), "file");
    markLines();
  }

  std::string build() {
    std::string verdict = text(result_, "verdict");
    std::string fileName = std::filesystem::path(sourcePath_).filename().string();
    out_ += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out_ += "<title>argus: " + escape(verdict) + (fileName.empty() ? "" : " \u2014 " + escape(fileName)) +
            "</title>\n<style>\n" + styleSheet() + cfaHighlights() + "</style>\n</head>\n<body>\n";
    header();
    facts();
    listing();
    trace();
    certificate();
    cfa();
    arg();
    portfolio();
    timesAndStatistics();
    out_ += "<footer>Written by argus verify --report. The page is self-contained: it loads nothing.</footer>\n";
    out_ += "</body>\n</html>\n";
    return std::move(out_);
  }

 private:
  void markLines() {
    for (size_t i = 0; i < steps_.size(); ++i) {
      auto [file, line] = splitLocation(steps_[i].location);
      if (line > 0 && sameFile(file, sourcePath_)) marks_[line].steps.push_back(i + 1);
    }
    for (const nlohmann::json& inv : member(member(result_, "certificate"), "invariants")) {
      auto [file, line] = splitLocation(text(inv, "source"));
      if (line > 0 && sameFile(file, sourcePath_)) marks_[line].invariants.push_back(text(inv, "formula"));
    }
  }

  static std::string styleSheet() {
    return R"(body{font-family:"DejaVu Sans",Arial,sans-serif;margin:0 auto;max-width:1400px;padding:0 16px 24px;color:#1a1a1a;background:#fff}
header{margin:16px 0;padding:12px 18px;border-radius:6px;border:2px solid #888;background:#f3f3f3}
header.v-true{border-color:#2e7d32;background:#e8f5e9}
header.v-false{border-color:#c62828;background:#ffebee}
header.v-unknown{border-color:#9e7c00;background:#fff8e1}
#verdict{font-size:30px;font-weight:bold;margin:0}
header p{margin:4px 0}
h2{font-size:19px;border-bottom:1px solid #ccc;padding-bottom:3px;margin-top:26px}
table{border-collapse:collapse}
table.grid td,table.grid th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top;overflow-wrap:break-word}
table.grid th{background:#f3f3f3;white-space:nowrap}
#facts dl{display:grid;grid-template-columns:max-content 1fr max-content 1fr;gap:3px 14px;margin:0}
#facts dt{font-weight:bold}
#facts dd{margin:0}
td.num{text-align:right}
code,pre,.mono{font-family:"DejaVu Sans Mono",monospace;font-size:13px}
table.listing{width:100%;font-family:"DejaVu Sans Mono",monospace;font-size:13px}
table.listing td{padding:0 8px;vertical-align:top}
table.listing td.ln{color:#888;text-align:right;user-select:none;width:1%;white-space:nowrap}
table.listing td.code{white-space:pre;width:50%}
table.listing tr.marked td.code,table.listing tr.marked td.ln{background:#fff3c4}
table.listing tr.error td.code,table.listing tr.error td.ln{background:#ffcdd2}
table.listing tr.inv td.code,table.listing tr.inv td.ln{background:#dcedc8}
table.listing tr.gap td{color:#888;background:#f7f7f7;font-style:italic}
td.notes{font-size:12px;white-space:normal}
td.notes span{display:inline-block;margin:0 6px 1px 0;padding:0 5px;border-radius:3px;background:#fff3c4;border:1px solid #e0c860}
td.notes span.err{background:#ffcdd2;border-color:#c62828}
td.notes span.inv{background:#dcedc8;border-color:#689f38}
a{color:#0d47a1;text-decoration:none}
tr.tmp,span.tmp{color:#777}
.note{color:#6d4c00;background:#fff8e1;padding:6px 10px;border-left:4px solid #9e7c00}
#cfa .drawing,#arg .drawing{overflow:auto;max-height:1000px;border:1px solid #ddd}  /* dot's own size: scaled down, labels would be unreadable */
footer{margin-top:30px;color:#888;font-size:12px}
)";
  }

  /// The trace's edges in red and the certificate's locations in green, selected by the ids ir::dumpDot
  /// gives the SVG elements.
  std::string cfaHighlights() const {
    std::set<ir::EdgeId> edges;
    for (const StepView& s : steps_)
      if (s.edge != ir::kNone) edges.insert(s.edge);
    std::set<uint64_t> locations;
    for (const nlohmann::json& inv : member(member(result_, "certificate"), "invariants"))
      if (member(inv, "loc").is_number_unsigned()) locations.insert(member(inv, "loc").get<uint64_t>());
    // Presentation attributes (stroke="black") yield to CSS, so these rules win over dot's colours.
    auto select = [](const auto& ids, const char* prefix, std::initializer_list<const char*> parts) {
      std::string out;
      for (auto id : ids)
        for (const char* part : parts) out += fmt::format("{}#cfa g#{}{}>{}", out.empty() ? "" : ",", prefix, id, part);
      return out;
    };
    std::string css;
    if (!edges.empty()) {
      css += select(edges, "edge", {"path", "polygon"}) + "{stroke:#c62828;stroke-width:2.5px}\n";
      css += select(edges, "edge", {"polygon", "text"}) + "{fill:#c62828}\n";
    }
    if (!locations.empty()) css += select(locations, "loc", {"polygon", "ellipse"}) + "{fill:#dcedc8}\n";
    return css;
  }

  void header() {
    std::string verdict = text(result_, "verdict");
    std::string cls = verdict == "TRUE" ? "v-true" : verdict == "FALSE" ? "v-false" : "v-unknown";
    out_ += "<header class=\"" + cls + "\">\n<p id=\"verdict\">" + escape(verdict) + "</p>\n";
    out_ += "<p id=\"verdict-line\" class=\"mono\">" + escape(text(result_, "verdict_line")) + "</p>\n";
    if (std::string reason = text(result_, "reason"); !reason.empty())
      out_ += "<p id=\"reason\">Reason: " + escape(reason) + "</p>\n";
    if (std::string detail = text(result_, "detail"); !detail.empty())
      out_ += "<p id=\"detail\">" + escape(detail) + "</p>\n";
    std::vector<std::string> about;
    if (std::string engine = text(result_, "engine"); !engine.empty()) about.push_back("engine <b>" + escape(engine) + "</b>");
    if (!sourcePath_.empty()) about.push_back("file <code>" + escape(sourcePath_) + "</code>");
    out_ += "<p>" + fmt::format("{}", fmt::join(about, ", ")) + "</p>\n</header>\n";
  }

  void fact(const std::string& name, const std::string& value) {
    if (!value.empty()) out_ += "<dt>" + escape(name) + "</dt><dd>" + escape(value) + "</dd>\n";
  }

  void facts() {
    const nlohmann::json& task = member(result_, "task");
    out_ += "<section id=\"facts\">\n<h2>Task</h2>\n<dl>\n";
    fact("Program", sourcePath_);
    fact("Task file", text(task, "task_file"));
    fact("Error function", text(task, "error_function"));
    fact("Data model", text(task, "data_model"));
    fact("Encoding", text(task, "encoding"));
    fact("Expected verdict", text(task, "expected"));
    fact("Exit code", text(result_, "exit_code"));
    fact("Assumes", text(result_, "assumes"));
    fact("Options", joined(member(result_, "options")));
    if (const nlohmann::json& tr = member(result_, "trace"); tr.is_object()) {
      fact("Path", member(tr, "path_checked") == true ? "checked by an independent solver" : "not checked");
      std::string replay = text(tr, "replay_detail");
      fact("Replay", !replay.empty() ? replay : member(tr, "replayed") == true ? "replayed" : "not run");
    }
    if (const nlohmann::json& c = member(result_, "certificate"); c.is_object())
      fact("Certificate", text(c, "kind") + (member(c, "checked") == true ? ", checked" : ", not checked") +
                              (text(c, "check_detail").empty() ? "" : ": " + text(c, "check_detail")));
    out_ += "</dl>\n</section>\n";
  }

  void listing() {
    bool falseVerdict = member(result_, "trace").is_object();
    bool trueVerdict = member(result_, "certificate").is_object();
    out_ += "<section id=\"source\">\n<h2>";
    out_ += falseVerdict ? "Counterexample over the source" : trueVerdict ? "Invariants over the source" : "Source";
    out_ += "</h2>\n";
    if (page_.sourceText.empty()) {
      out_ += "<p class=\"note\">" + escape(page_.sourceNote.empty() ? "The source file is empty." : page_.sourceNote) +
              "</p>\n</section>\n";
      return;
    }
    std::vector<std::string> lines = splitLines(page_.sourceText);
    std::vector<bool> shown(lines.size() + 1, lines.size() <= kFullListingLines);
    for (auto& [line, marks] : marks_)
      for (size_t l = line > kContextLines ? line - kContextLines : 1; l <= std::min(lines.size(), line + kContextLines); ++l)
        shown[l] = true;
    if (lines.size() > kFullListingLines)
      out_ += fmt::format("<p>The file has {} lines: shown are those around a step or invariant.</p>\n", lines.size());
    out_ += "<table class=\"listing\">\n";
    size_t hidden = 0;
    auto gap = [&] {
      if (hidden > 0) out_ += fmt::format("<tr class=\"gap\"><td class=\"ln\"></td><td colspan=\"2\">{} lines</td></tr>\n", hidden);
      hidden = 0;
    };
    for (size_t l = 1; l <= lines.size(); ++l) {
      if (!shown[l]) {
        ++hidden;
        continue;
      }
      gap();
      sourceLine(l, lines[l - 1]);
    }
    gap();
    out_ += "</table>\n</section>\n";
  }

  void sourceLine(size_t number, const std::string& code) {
    auto it = marks_.find(number);
    std::string cls, notes;
    if (it != marks_.end()) {
      const LineMarks& marks = it->second;
      bool error = false;
      size_t more = 0;
      for (size_t k = 0; k < marks.steps.size(); ++k) {
        const StepView& step = steps_[marks.steps[k] - 1];
        error = error || step.reachesError;
        if (k >= kStepsPerLine && !step.reachesError) {  // the error's step is always shown
          ++more;
          continue;
        }
        std::string event = stepEvent(step, false);
        notes += fmt::format("<span class=\"step{}\"><a href=\"#step-{}\">#{}</a>{}</span>",
                             step.reachesError ? " err" : "", marks.steps[k], marks.steps[k],
                             event.empty() ? "" : " " + escape(event));
      }
      if (more > 0) notes += fmt::format("<span>\u2026 {} more steps here (see the step table)</span>", more);
      for (const std::string& inv : marks.invariants) {
        // A long formula would fill the listing: it is cut there and whole in the invariant table.
        std::string shown = inv.size() <= kInvariantChars ? inv : inv.substr(0, kInvariantChars) + "\u2026";
        notes += "<span class=\"inv\" title=\"" + escape(inv) + "\">invariant: " + escape(shown) + "</span>";
      }
      cls = error ? "error" : !marks.steps.empty() ? "marked" : "inv";
    }
    out_ += fmt::format("<tr id=\"L{}\"{}><td class=\"ln\">{}</td><td class=\"code\">{}</td><td class=\"notes\">{}</td></tr>\n",
                        number, cls.empty() ? "" : " class=\"" + cls + "\"", number, escape(code), notes);
  }

  /// A location as a link to its line in the listing when the listing has it.
  std::string locationLink(const std::string& location) const {
    auto [file, line] = splitLocation(location);
    if (line == 0 || !sameFile(file, sourcePath_) || page_.sourceText.empty()) return escape(location);
    return fmt::format("<a href=\"#L{}\">{}</a>", line, escape(location));
  }

  void trace() {
    const nlohmann::json& tr = member(result_, "trace");
    if (!tr.is_object()) return;
    out_ += fmt::format("<section id=\"trace\">\n<h2>Counterexample: {} steps</h2>\n", steps_.size());
    std::string initial;
    for (const nlohmann::json& v : member(tr, "initial"))
      initial += (initial.empty() ? "" : ", ") + text(v, "name") + " = " + text(v, "value");
    if (!initial.empty()) out_ += "<p>Initial values: <code>" + escape(initial) + "</code></p>\n";
    out_ += "<table class=\"grid\" id=\"steps\">\n<tr><th>#</th><th>location</th><th>function</th><th>what happens</th><th>edge</th></tr>\n";
    for (size_t i = 0; i < steps_.size(); ++i) {
      const StepView& s = steps_[i];
      // The table is the full record: temporaries too, set apart in grey.
      std::string temporaries;
      for (const ValueView& v : s.values)
        if (v.temporary) temporaries += (temporaries.empty() ? "" : ", ") + v.name + " = " + v.value;
      std::string event = escape(stepEvent(s, false));
      if (!temporaries.empty()) event += (event.empty() ? "" : " ") + std::string("<span class=\"tmp\">(") + escape(temporaries) + ")</span>";
      out_ += fmt::format("<tr id=\"step-{}\"{}><td class=\"num\">{}</td><td class=\"mono\">{}</td><td>{}</td><td class=\"mono\">{}</td><td class=\"mono tmp\">{}</td></tr>\n",
                          i + 1, s.reachesError ? " class=\"error\"" : "", i + 1, locationLink(s.location), escape(s.function),
                          event, escape(s.label));
    }
    out_ += "</table>\n</section>\n";
  }

  void certificate() {
    const nlohmann::json& c = member(result_, "certificate");
    if (!c.is_object()) return;
    out_ += "<section id=\"certificate\">\n<h2>Certificate</h2>\n<p>Kind: " + escape(text(c, "kind"));
    if (std::string k = text(c, "k"); !k.empty()) out_ += ", k = " + escape(k);
    if (std::string bound = text(c, "bound"); !bound.empty()) out_ += ", bound " + escape(bound);
    if (std::string sites = text(c, "inlined_sites"); !sites.empty()) out_ += ", inlined sites " + escape(sites);
    out_ += std::string("; ") + (member(c, "checked") == true ? "checked" : "not checked") +
            (text(c, "check_detail").empty() ? "" : ": " + escape(text(c, "check_detail"))) + ".</p>\n";
    std::vector<std::vector<std::string>> invariants, contracts;
    for (const nlohmann::json& inv : member(c, "invariants"))
      invariants.push_back({code(text(inv, "location")), locationLink(text(inv, "source")), code(text(inv, "context")),
                            code(text(inv, "formula"))});
    for (const nlohmann::json& contract : member(c, "contracts"))
      contracts.push_back({code(text(contract, "procedure")), locationLink(text(contract, "source")),
                           code(text(contract, "pre")), code(text(contract, "post"))});
    if (!invariants.empty())
      out_ += gridTable("invariants", {"location", "source", "calling context", "invariant"}, invariants);
    if (!contracts.empty())
      out_ += gridTable("contracts", {"procedure", "source", "precondition", "postcondition"}, contracts);
    out_ += "</section>\n";
  }

  void cfa() {
    out_ += "<section id=\"cfa\">\n<h2>Control-flow automata</h2>\n";
    if (page_.cfa.svg.empty()) {
      out_ += "<p class=\"note\">" + escape(page_.cfa.note.empty() ? "No CFA." : page_.cfa.note) + "</p>\n</section>\n";
      return;
    }
    if (!steps_.empty()) out_ += "<p>The counterexample's edges are red.</p>\n";
    if (!member(member(result_, "certificate"), "invariants").empty())
      out_ += "<p>Locations with an invariant are green.</p>\n";
    out_ += "<div class=\"drawing\">\n" + page_.cfa.svg + "\n</div>\n</section>\n";
  }

  void arg() {
    if (page_.arg.svg.empty() && page_.arg.note.empty()) return;
    out_ += "<section id=\"arg\">\n<h2>Abstract reachability graph of " + escape(text(result_, "engine")) + "</h2>\n";
    if (page_.arg.svg.empty()) {
      out_ += "<p class=\"note\">" + escape(page_.arg.note) + "</p>\n</section>\n";
      return;
    }
    out_ += "<p>The ARG when the engine answered, over its block-encoded program: a node's location and "
            "abstract state; dashed nodes are covered (dashed grey arrows to the nodes that cover them).</p>\n"
            "<div class=\"drawing\">\n" + page_.arg.svg + "\n</div>\n</section>\n";
  }

  void portfolio() {
    const nlohmann::json& p = member(result_, "portfolio");
    if (!p.is_object()) return;
    std::vector<std::vector<std::string>> rows;
    for (const nlohmann::json& run : member(p, "runs"))
      rows.push_back({escape(text(run, "engine")) + (text(run, "engine") == text(p, "winner") ? " (won)" : ""),
                      code(text(run, "verdict_line")), escape(text(run, "seconds")), escape(text(run, "failure"))});
    out_ += "<section id=\"portfolio\">\n<h2>Portfolio</h2>\n" +
            gridTable("runs", {"engine", "ended with", "seconds", "failure"}, rows);
    if (std::string killed = joined(member(p, "killed")); !killed.empty())
      out_ += "<p>Stopped when the winner answered: " + escape(killed) + ".</p>\n";
    out_ += "</section>\n";
  }

  void timesAndStatistics() {
    std::vector<std::vector<std::string>> times, stats;
    for (const char* phase : {"frontend", "engine", "certify", "total"})
      times.push_back({phase, escape(text(member(result_, "times"), phase))});
    const nlohmann::json& statistics = member(result_, "statistics");
    if (statistics.is_object())
      for (auto& [key, value] : statistics.items()) stats.push_back({code(key), escape(text(statistics, key.c_str()))});
    out_ += "<section id=\"statistics\">\n<h2>Times and statistics</h2>\n" +
            gridTable("times", {"phase", "seconds"}, times);
    if (!stats.empty()) out_ += "<h3>Statistics</h3>\n" + gridTable("stats", {"key", "value"}, stats);
    out_ += "</section>\n";
  }

  const HtmlPage& page_;
  const nlohmann::json& result_;
  std::vector<StepView> steps_;
  std::string sourcePath_;
  std::map<size_t, LineMarks> marks_;
  std::string out_;
};

std::string systemError() { return std::strerror(errno); }

}  // namespace

std::string htmlReport(const HtmlPage& page) { return PageBuilder(page).build(); }

void prepareReportFolder(const std::string& folder) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) throw InputError(folder, 0, "--report: cannot create the folder: " + error.message());
  if (!std::filesystem::is_directory(folder)) throw InputError(folder, 0, "--report: not a folder");
  if (access(folder.c_str(), W_OK) != 0) throw InputError(folder, 0, "--report: cannot write there: " + systemError());
}

std::string writeHtmlReport(const std::string& folder, const nlohmann::json& result, const GraphPicture& cfa,
                            const GraphvizLimits& limits) {
  std::string path = (std::filesystem::path(folder) / "index.html").string();
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) throw InputError(path, 0, "cannot write the report: " + error.message());
  HtmlPage page;
  page.result = result;
  std::string source = text(member(result, "task"), "file");
  if (!source.empty()) {
    std::ifstream in(source, std::ios::binary);
    std::ostringstream content;
    if (in.is_open()) content << in.rdbuf();
    page.sourceText = content.str();
    if (!in.is_open()) page.sourceNote = "The source file " + source + " could not be read: " + systemError() + ".";
  } else {
    page.sourceNote = "The run ended before a program file was known.";
  }
  page.cfa = cfa;
  if (std::string arg = text(result, "arg_dot"); !arg.empty()) page.arg = graphvizSvg(arg, limits);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << htmlReport(page);
  out.flush();
  if (!out) throw InputError(path, 0, "cannot write the report: " + systemError());
  return path;
}

}  // namespace argus::report
