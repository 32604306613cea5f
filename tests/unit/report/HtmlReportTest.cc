// The HTML report: escaping, the trace's steps over the source and in the step table, the invariants at
// their lines, the CFA drawn by Graphviz (and a note instead when dot is missing or the graph too large),
// and the errors of writing the page.
#include <gtest/gtest.h>

#include "ReportTestProgram.h"
#include "report/HtmlReport.h"
#include "report/ResultJson.h"
#include "testing/TestFolder.h"
#include "util/Error.h"

using namespace argus;
using namespace argus::report;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// A source text for ReportFixture's program, its statements at the lines the fixture's edges name.
const char* kFixtureSource =
    "// t.c\n"
    "int inc(int a) { return a + 1; }\n"
    "\n"
    "int main(void) {\n"
    "  unsigned x = __VERIFIER_nondet_uint();\n"
    "  int y = x + 1;\n"
    "  y = inc(y);\n"
    "  if (y == 7) reach_error();\n"
    "}\n";

/// The row of source line `line` in the listing ("" when the page has none).
std::string listingRow(const std::string& page, int line) {
  size_t start = page.find("<tr id=\"L" + std::to_string(line) + "\"");
  if (start == std::string::npos) return "";
  return page.substr(start, page.find("</tr>", start) - start);
}

HtmlPage counterexamplePage(reporttest::ReportFixture& f) {
  RunInfo info;
  info.inputFile = "t.c";
  info.exitCode = 10;
  HtmlPage page;
  page.result = resultJson(ir::Result::unsafe(f.trace()), &f.p, Stats{}, info);
  page.sourceText = kFixtureSource;
  page.cfa.note = "no drawing in this test";
  return page;
}

nlohmann::json certificateResult() {
  // What resultJson writes for a TRUE with one invariant at a location of line 8 of t.c.
  return nlohmann::json::parse(R"json({
    "verdict": "TRUE", "verdict_line": "Verdict: TRUE", "reason": null, "detail": "", "engine": "kind",
    "task": {"file": "t.c", "expected": null},
    "times": {"frontend": 0.1, "engine": 0.2, "certify": 0.3, "total": 0.6},
    "statistics": {"kind.k": 1},
    "certificate": {"kind": "invariants", "checked": true, "check_detail": "inductive", "k": 1, "form": "modular",
      "invariants": [{"location": "main.l4 (t.c:8)", "loc": 5, "source": "t.c:8", "formula": "(distinct |main::y| 7)"},
                     {"location": "main.l9", "loc": 9, "source": "", "formula": "(>= |main::x| 0)"}],
      "contracts": []}})json");
}

}  // namespace

TEST(HtmlReport, EscapesEveryTextFromTheRunAndTheSource) {
  reporttest::ReportFixture f;
  HtmlPage page = counterexamplePage(f);
  page.result["trace"]["steps"][0]["label"] = "<script>alert('x')</script>";
  page.result["trace"]["steps"][0]["values"][0]["value"] = "\"5\" & <6>";
  page.result["detail"] = "a <b> & c";
  page.sourceText = "int main() { if (a < b && c > \"d\") reach_error(); }\n";
  std::string html = htmlReport(page);
  EXPECT_FALSE(contains(html, "<script>")) << html;
  EXPECT_TRUE(contains(html, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
  EXPECT_TRUE(contains(html, "x = &quot;5&quot; &amp; &lt;6&gt;"));
  EXPECT_TRUE(contains(html, "a &lt;b&gt; &amp; c"));
  EXPECT_TRUE(contains(html, "if (a &lt; b &amp;&amp; c &gt; &quot;d&quot;)"));
  EXPECT_FALSE(contains(html, "<b> & c"));
}

TEST(HtmlReport, ShowsEveryStepAtItsLineWithValuesAndInputs) {
  reporttest::ReportFixture f;
  std::string html = htmlReport(counterexamplePage(f));
  EXPECT_TRUE(contains(html, "<p id=\"verdict\">FALSE</p>"));
  EXPECT_TRUE(contains(html, "class=\"v-false\""));
  EXPECT_TRUE(contains(html, "Counterexample: 7 steps"));
  for (int step = 1; step <= 7; ++step)
    EXPECT_TRUE(contains(html, "<tr id=\"step-" + std::to_string(step) + "\"")) << step;
  EXPECT_FALSE(contains(html, "id=\"step-8\""));
  // Step 1 reads x at line 5; the temporary of step 2 stays out of the listing but is in the table.
  std::string line5 = listingRow(html, 5);
  EXPECT_TRUE(contains(line5, "href=\"#step-1\"")) << line5;
  EXPECT_TRUE(contains(line5, "x = 5  input __VERIFIER_nondet_uint() = 5")) << line5;
  std::string line6 = listingRow(html, 6);
  EXPECT_TRUE(contains(line6, "#step-2") && contains(line6, "#step-3")) << line6;
  EXPECT_TRUE(contains(line6, "y = 6")) << line6;
  EXPECT_FALSE(contains(line6, "main::t")) << line6;  // a temporary: only in the table
  EXPECT_TRUE(contains(html, "(main::t = 6)"));
  EXPECT_TRUE(contains(listingRow(html, 7), "call inc(a = 6)"));
  std::string line8 = listingRow(html, 8);
  EXPECT_TRUE(contains(line8, "class=\"error\"")) << line8;
  EXPECT_TRUE(contains(line8, "error reached")) << line8;
  // The lines without a step are listed plainly; the table links back to the listing.
  EXPECT_EQ(listingRow(html, 3), "<tr id=\"L3\"><td class=\"ln\">3</td><td class=\"code\"></td><td class=\"notes\"></td>");
  EXPECT_TRUE(contains(html, "<a href=\"#L5\">t.c:5</a>"));
  // The trace's edges are red in the CFA, selected by the ids dumpDot gives them.
  EXPECT_TRUE(contains(html, "#cfa g#edge" + std::to_string(f.fail) + ">path"));
  EXPECT_TRUE(contains(html, "no drawing in this test"));
}

TEST(HtmlReport, ShowsInvariantsAtTheirLinesAndListsThoseWithoutOne) {
  HtmlPage page;
  page.result = certificateResult();
  page.sourceText = kFixtureSource;
  std::string html = htmlReport(page);
  EXPECT_TRUE(contains(html, "<p id=\"verdict\">TRUE</p>"));
  EXPECT_TRUE(contains(html, "Invariants over the source"));
  std::string line8 = listingRow(html, 8);
  EXPECT_TRUE(contains(line8, "class=\"inv\"")) << line8;
  EXPECT_TRUE(contains(line8, "invariant: (distinct |main::y| 7)")) << line8;
  size_t table = html.find("id=\"invariants\"");
  ASSERT_NE(table, std::string::npos);
  EXPECT_NE(html.find("(&gt;= |main::x| 0)", table), std::string::npos);  // no source line: in the table only
  EXPECT_NE(html.find("<a href=\"#L8\">t.c:8</a>", table), std::string::npos);
  EXPECT_TRUE(contains(html, "#cfa g#loc5>polygon"));
  EXPECT_FALSE(contains(html, "id=\"steps\""));
  EXPECT_TRUE(contains(html, "kind.k"));
}

TEST(HtmlReport, ListsOnlyTheLinesAroundStepsOfALongSource) {
  reporttest::ReportFixture f;
  HtmlPage page = counterexamplePage(f);
  page.sourceText.clear();
  for (int line = 1; line <= 1000; ++line) page.sourceText += "int line" + std::to_string(line) + ";\n";
  std::string html = htmlReport(page);
  EXPECT_TRUE(contains(html, "The file has 1000 lines"));
  EXPECT_FALSE(listingRow(html, 5).empty());
  EXPECT_FALSE(listingRow(html, 11).empty());   // three lines after the last step's line 8
  EXPECT_TRUE(listingRow(html, 12).empty());
  EXPECT_TRUE(listingRow(html, 500).empty());
  EXPECT_TRUE(contains(html, "989 lines"));     // the gap after line 11
}

TEST(HtmlReport, ALoopsLineShowsItsFirstStepsAndTheErrorAndCountsTheRest) {
  HtmlPage page;
  page.result = nlohmann::json::parse(R"({"verdict": "FALSE", "task": {"file": "loop.c"}, "trace": {"steps": []}})");
  for (int i = 1; i <= 20; ++i)
    page.result["trace"]["steps"].push_back({{"kind", "edge"}, {"location", "loop.c:2"}, {"function", "main"},
                                             {"values", {{{"name", "i"}, {"value", std::to_string(i)}}}},
                                             {"reaches_error", i == 20}});
  page.sourceText = "int main(void) {\n  for (int i = 1;; i++) if (i == 20) reach_error();\n}\n";
  std::string line2 = listingRow(htmlReport(page), 2);
  EXPECT_TRUE(contains(line2, "href=\"#step-12\"")) << line2;
  EXPECT_FALSE(contains(line2, "href=\"#step-13\"")) << line2;
  EXPECT_TRUE(contains(line2, "href=\"#step-20\">#20</a> i = 20  error reached")) << line2;
  EXPECT_TRUE(contains(line2, "7 more steps here")) << line2;
  EXPECT_TRUE(contains(line2, "class=\"error\"")) << line2;
}

TEST(HtmlReport, SaysWhyTheSourceIsMissing) {
  reporttest::ReportFixture f;
  HtmlPage page = counterexamplePage(f);
  page.sourceText.clear();
  page.sourceNote = "The source file t.c could not be read.";
  std::string html = htmlReport(page);
  EXPECT_TRUE(contains(html, "The source file t.c could not be read."));
  EXPECT_TRUE(contains(html, "id=\"step-7\""));  // the trace is still all there
}

TEST(GraphPicture, DrawsTheProgramWithGraphviz) {
  // Graphviz is a dependency of the tests (scripts/setup.sh installs it): its absence fails here.
  reporttest::ReportFixture f;
  GraphPicture picture = drawCfa(f.p, GraphvizLimits{});
  ASSERT_TRUE(picture.note.empty()) << picture.note;
  EXPECT_EQ(picture.svg.rfind("<svg", 0), 0u) << picture.svg.substr(0, 200);
  EXPECT_TRUE(contains(picture.svg, "id=\"edge" + std::to_string(f.fail) + "\""));
  EXPECT_TRUE(contains(picture.svg, "id=\"loc" + std::to_string(f.p.edge(f.fail).to) + "\""));
  EXPECT_TRUE(contains(picture.svg, "</svg>"));
}

TEST(GraphPicture, SaysSoWhenDotIsMissing) {
  GraphvizLimits limits;
  limits.dotCommand = "argus-no-such-dot";
  GraphPicture picture = graphvizSvg("digraph { a -> b }", limits);
  EXPECT_TRUE(picture.svg.empty());
  EXPECT_TRUE(contains(picture.note, "`argus-no-such-dot` was not found")) << picture.note;
  HtmlPage page;
  page.result = certificateResult();
  page.cfa = picture;
  EXPECT_TRUE(contains(htmlReport(page), "was not found (Debian package graphviz)"));
}

TEST(GraphPicture, DoesNotDrawAGraphAboveTheLimit) {
  reporttest::ReportFixture f;
  GraphvizLimits limits;
  limits.maxSize = f.p.numEdges() - 1;
  GraphPicture picture = drawCfa(f.p, limits);
  EXPECT_TRUE(picture.svg.empty());
  EXPECT_TRUE(contains(picture.note, std::to_string(f.p.numEdges()) + " edges, more than report.max_graph_size = " +
                                         std::to_string(limits.maxSize))) << picture.note;
  limits.maxSize = f.p.numEdges();
  EXPECT_FALSE(drawCfa(f.p, limits).svg.empty());
}

TEST(GraphPicture, ReportsWhatDotSaysAboutBadInput) {
  GraphPicture picture = graphvizSvg("digraph { a -> ", GraphvizLimits{});
  EXPECT_TRUE(picture.svg.empty());
  EXPECT_TRUE(contains(picture.note, "Graphviz's dot failed")) << picture.note;
}

TEST(HtmlReportFile, WritesIndexHtmlWithTheSourceItNames) {
  argus::testing::TestFolder folder;
  std::string source = folder.write("prog/t.c", kFixtureSource);
  nlohmann::json result = certificateResult();
  result["task"]["file"] = source;
  std::string path = writeHtmlReport(folder.path("out/nested"), result, GraphPicture{"", "none"}, GraphvizLimits{});
  EXPECT_EQ(path, folder.path("out/nested/index.html"));
  std::string html = argus::testing::readAll(path);
  EXPECT_TRUE(contains(html, "reach_error();")) << html.substr(0, 300);
  EXPECT_TRUE(contains(listingRow(html, 8), "invariant: (distinct |main::y| 7)"));
}

TEST(HtmlReportFile, DrawsTheArgTheResultCarries) {
  argus::testing::TestFolder folder;
  nlohmann::json result = certificateResult();
  result["arg_dot"] = "digraph arg { a0 [id=\"argnode0\" label=\"#0 entry\"]; a0 -> a1; }";
  std::string html = argus::testing::readAll(writeHtmlReport(folder.path("r"), result, GraphPicture{}, GraphvizLimits{}));
  size_t section = html.find("<section id=\"arg\">");
  ASSERT_NE(section, std::string::npos);
  EXPECT_NE(html.find("<svg", section), std::string::npos);
  EXPECT_NE(html.find("id=\"argnode0\"", section), std::string::npos);
  // Without an ARG there is no section; a note stands in for a drawing that failed.
  EXPECT_FALSE(contains(htmlReport(HtmlPage{certificateResult(), "", "", {}, {}}), "id=\"arg\""));
  EXPECT_TRUE(contains(htmlReport(HtmlPage{certificateResult(), "", "", {}, {"", "dot failed here"}}), "dot failed here"));
}

TEST(HtmlReportFile, NamesThePathItCannotWrite) {
  argus::testing::TestFolder folder;
  std::string file = folder.write("plain-file", "x");
  try {
    writeHtmlReport(file + "/sub", certificateResult(), GraphPicture{}, GraphvizLimits{});
    FAIL() << "no error for a folder below a file";
  } catch (const InputError& e) {
    EXPECT_TRUE(contains(e.what(), file + "/sub/index.html")) << e.what();
    EXPECT_TRUE(contains(e.what(), "cannot write the report")) << e.what();
  }
  EXPECT_THROW(prepareReportFolder(file), InputError);
  prepareReportFolder(folder.path("a/b/c"));
  EXPECT_TRUE(std::filesystem::is_directory(folder.path("a/b/c")));
}
