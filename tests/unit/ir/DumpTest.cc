// ir::dumpText / dumpDot: every procedure, variable (role, source name, type), location and edge (label,
// source location, writes, inputs, formula) appears; dot output has one cluster per procedure.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "ir/Builder.h"
#include "ir/Dump.h"
#include "ir/Program.h"

using namespace argus;
using namespace argus::ir;

namespace {

/// g (global); main: x := nondet; if (x == 3) error else call f(x); f(a) returns r.
Program sample() {
  Program p{std::make_shared<z3::context>()};
  z3::context& c = p.ctx();
  p.origin().language = Language::C;
  p.origin().file = "s.c";
  p.origin().errorFunction = "reach_error";
  VarId g = p.addGlobal("g", c.int_sort(), "g", {32, true, "int"});
  ProcId f = p.addProcedureWithFrame("f", {"s.c", 1, 0});
  VarId a = p.addVariable(f, VarRole::Param, "f::a", c.int_sort(), "a");
  VarId r = p.addVariable(f, VarRole::Result, "f::r", c.int_sort());
  addAssign(p, p.proc(f).entry, p.proc(f).exit, {{r, p.var(a).cur + p.var(g).cur}}, {"s.c", 1, 0},
            "return a + g");
  ProcId m = p.addProcedureWithFrame("main", {"s.c", 3, 0});
  VarId x = p.addVariable(m, VarRole::Local, "main::x", c.int_sort(), "x", {32, false, "unsigned int"});
  LocId l1 = p.addLocation(m, "l1", {"s.c", 4, 0});
  addNondet(p, p.proc(m).entry, l1, x, c.bool_val(true), "__VERIFIER_nondet_uint", {"s.c", 4, 0},
            "x = \"nondet\"");
  addAssume(p, l1, p.proc(m).error, p.var(x).cur == 3, {"s.c", 5, 0}, "x == 3");
  p.addCall(l1, p.proc(m).exit, f, {p.var(x).cur}, {x}, {"s.c", 6, 0});
  p.setMain(m);
  return p;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(Dump, TextListsProceduresVariablesLocationsAndEdges) {
  Program p = sample();
  std::string text = dumpText(p);
  for (const char* part :
       {"language C", "error function reach_error", "procedure f  s.c:1", "procedure main  s.c:3  (main)",
        "g : Int (int)  [global, source 'g']", "f::a : Int  [param, source 'a']",
        "f::r : Int  [result, temporary]", "main::x : Int (unsigned int)  [local, source 'x']", "[entry]",
        "[exit]", "[error]", "s.c:5  x == 3", "writes: main::x", "from __VERIFIER_nondet_uint",
        "call f(|main::x|) -> main::x", "formula: (= |main::x| 3)"})
    EXPECT_TRUE(contains(text, part)) << "missing '" << part << "' in\n" << text;
}

TEST(Dump, DotHasOneClusterPerProcedureAndEscapesLabels) {
  Program p = sample();
  std::string dot = dumpDot(p);
  EXPECT_EQ(dot.rfind("digraph", 0), 0u);
  EXPECT_TRUE(contains(dot, "subgraph cluster_0"));
  EXPECT_TRUE(contains(dot, "subgraph cluster_1"));
  EXPECT_FALSE(contains(dot, "subgraph cluster_2"));
  EXPECT_TRUE(contains(dot, "x = \\\"nondet\\\""));  // quotes escaped
  EXPECT_TRUE(contains(dot, "style=dashed"));        // the call edge
  EXPECT_EQ(std::count(dot.begin(), dot.end(), '{'), std::count(dot.begin(), dot.end(), '}'));
  std::regex edgeLine(R"(n\d+ -> n\d+ \[)");
  auto edges = std::distance(std::sregex_iterator(dot.begin(), dot.end(), edgeLine), std::sregex_iterator());
  EXPECT_EQ(static_cast<size_t>(edges), p.numEdges());
  // Every edge and location carries its id into the SVG (the HTML report colours them by it).
  for (EdgeId e = 0; e < p.numEdges(); ++e) EXPECT_TRUE(contains(dot, "id=\"edge" + std::to_string(e) + "\"")) << e;
  for (LocId l = 0; l < p.numLocs(); ++l) EXPECT_TRUE(contains(dot, "id=\"loc" + std::to_string(l) + "\"")) << l;
}
