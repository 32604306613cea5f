// A small hand-built C-like program and a checked counterexample of it, shared by the report tests:
//   main: x := nondet_uint();  t := x + 1 (temporary);  y := t;  call inc(y) -> y;  if (y == 7) error
#pragma once

#include <memory>

#include "ir/Builder.h"
#include "ir/Evidence.h"
#include "ir/Program.h"

namespace argus::reporttest {

struct ReportFixture {
  ir::Program p{std::make_shared<z3::context>()};
  ir::ProcId main = 0, inc = 0;
  ir::VarId x = 0, t = 0, y = 0, a = 0, r = 0;
  ir::EdgeId readX = 0, temp = 0, copy = 0, call = 0, incBody = 0, fail = 0;

  ReportFixture() {
    z3::context& c = p.ctx();
    ir::ValueType uint32{32, false, "unsigned int"}, int32{32, true, "int"};
    inc = p.addProcedureWithFrame("inc", {"t.c", 2, 0});
    a = p.addVariable(inc, ir::VarRole::Param, "inc::a", c.int_sort(), "a", int32);
    r = p.addVariable(inc, ir::VarRole::Result, "inc::r", c.int_sort(), "", int32);
    incBody = ir::addAssign(p, p.proc(inc).entry, p.proc(inc).exit, {{r, p.var(a).cur + 1}}, {"t.c", 2, 0},
                            "return a + 1");
    main = p.addProcedureWithFrame("main", {"t.c", 4, 0});
    x = p.addVariable(main, ir::VarRole::Local, "main::x", c.int_sort(), "x", uint32);
    t = p.addVariable(main, ir::VarRole::Local, "main::t", c.int_sort(), "", int32);
    y = p.addVariable(main, ir::VarRole::Local, "main::y", c.int_sort(), "y", int32);
    ir::LocId l1 = p.addLocation(main, "l1"), l2 = p.addLocation(main, "l2"), l3 = p.addLocation(main, "l3"),
              l4 = p.addLocation(main, "l4");
    readX = ir::addNondet(p, p.proc(main).entry, l1, x, p.var(x).next >= 0, "__VERIFIER_nondet_uint",
                          {"t.c", 5, 0}, "x = __VERIFIER_nondet_uint()");
    temp = ir::addAssign(p, l1, l2, {{t, p.var(x).cur + 1}}, {"t.c", 6, 0}, "%t = add x, 1");
    copy = ir::addAssign(p, l2, l3, {{y, p.var(t).cur}}, {"t.c", 6, 0}, "y = %t");
    call = p.addCall(l3, l4, inc, {p.var(y).cur}, {y}, {"t.c", 7, 0}, "y = inc(y)");
    fail = ir::addAssume(p, l4, p.proc(main).error, p.var(y).cur == 7, {"t.c", 8, 0}, "y == 7");
    ir::addAssume(p, l4, p.proc(main).exit, p.var(y).cur != 7, {"t.c", 8, 0}, "y != 7");
    p.setMain(main);
    p.origin().language = ir::Language::C;
    p.origin().file = "t.c";
  }

  /// The path through the error edge with x = 5 ... as a checker would have filled it in. `xValue` is
  /// the value of x in the signed reading of the int encoding.
  ir::Trace trace(int xValue = 5) {
    z3::context& c = p.ctx();
    using K = ir::TraceStep::Kind;
    ir::Trace tr;
    tr.context = p.sharedCtx();
    tr.steps.push_back({K::Edge, readX, {{x, c.int_val(xValue)}}, {c.int_val(xValue)}});
    tr.steps.push_back({K::Edge, temp, {{t, c.int_val(xValue + 1)}}, {}});
    tr.steps.push_back({K::Edge, copy, {{y, c.int_val(xValue + 1)}}, {}});
    tr.steps.push_back({K::Call, call, {{a, c.int_val(xValue + 1)}}, {}});
    tr.steps.push_back({K::Edge, incBody, {{r, c.int_val(xValue + 2)}}, {}});
    tr.steps.push_back({K::Return, call, {{y, c.int_val(xValue + 2)}}, {}});
    tr.steps.push_back({K::Edge, fail, {}, {}});
    tr.initial.push_back({y, c.int_val(0)});
    tr.pathChecked = true;
    tr.replayed = true;
    tr.replayDetail = "error function reached after 1 of 1 inputs";
    return tr;
  }
};

}  // namespace argus::reporttest
