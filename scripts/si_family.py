#!/usr/bin/env python3
"""Programs with many procedures for stratified inlining, in the style of Fig. 1 of the Legion paper
("Underapproximation Widening guided Stratified Inlining"): a wide and deep call tree in which one
deep path leads to the error.

  scripts/si_family.py --out DIR [--sizes 1,2,3,4,5,6] [--seed N] [--check]

For each size N it writes DIR/si_N_false.c and DIR/si_N_true.c, an SV-COMP task si_N_{false,true}.yml
beside each, and DIR/unreach-call.prp (the tasks' property file). Size N gives a call tree of depth
2 + (N - 1) // 2 and width 2 + N // 2: main calls `width` procedures of depth 1, each procedure of
depth d < depth calls `width` procedures of depth d + 1 (every procedure has exactly one call site),
so the tree has 6 procedures below main at size 1, then 12, 39, 84, 340, 780, 3905 (size 7), 9330.
Procedures read a nondet input (clamped to a small range), run small constant-bounded loops over
globals and locals, and call their children, some only under conditions on the input or on the
globals. The whole program is what bmc inlines; a lazy inliner needs only the path and the helpers.

The error: one procedure of the deepest level (the end of a path chosen by the seed) calls
reach_error() when `a == A && v > T`, where `a` is its parameter (a sum of the inputs read along the
path) and `v` the result of a chain of three helper procedures (h0 calls h1 and h2, h1 calls h2 in a
loop; h2 clamps its argument into [L, U], so h0 returns at most MAX = (n + 1) * U). The procedures on
the path call their successor only under conditions on their input and parameter, so the error needs
a conjunction of conditions along the whole path.
  * FALSE (si_N_false): T < MAX, reachable; the file's header comment lists the inputs (values of
    __VERIFIER_nondet_int() in the order of the calls) of one execution that reaches reach_error().
  * TRUE (si_N_true): the same program with T = MAX. The path to the check is still feasible, but
    v > MAX is not: proving it needs the code of h0, h1 and h2 (an engine that leaves those calls
    abstract sees an arbitrary v and a counterexample), and nothing else: the other procedures write
    only globals and return values that the check does not read, so a lazy inliner never needs them.
Every value stays far from the int range (no overflow in either the int or the bv encoding).

The programs are deterministic for a seed. The generator runs each program in a Python model of
its own code: the FALSE inputs must reach the error, and for TRUE random inputs (and the inputs that
reach the check) must not. --check also compiles each program natively (clang or clang-14, or $CC) with a
harness that feeds the inputs, trapping on signed overflow, and runs it the same way.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import textwrap

PRP_TEXT = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"
GLOBALS = ["g0", "g1", "g2"]
INT_MAX = 2**31 - 1


def shape(size):
    """(depth, width) of the call tree for a size."""
    return 2 + (size - 1) // 2, 2 + size // 2


# ---------------------------------------------------------------------------------------------------
# Expressions: ("v", name), ("c", value), (op, left, right). Printed as C, evaluated like C.

PREC = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, ">": 4, "<=": 4, ">=": 4, "+": 5, "-": 5}


def V(name):
    return ("v", name)


def C(value):
    return ("c", value)


def op(o, left, right):
    return (o, left, right)


def plus(e, k):
    """e + k, written e - |k| for a negative k, and e alone for 0."""
    if k == 0:
        return e
    return op("+", e, C(k)) if k > 0 else op("-", e, C(-k))


def conj(*es):
    out = es[0]
    for e in es[1:]:
        out = op("&&", out, e)
    return out


def cexpr(e, parent=0, right=False):
    if e[0] == "v":
        return e[1]
    if e[0] == "c":
        return str(e[1]) if e[1] >= 0 else f"({e[1]})"
    p = PREC[e[0]]
    text = f"{cexpr(e[1], p)} {e[0]} {cexpr(e[2], p, True)}"
    return f"({text})" if p < parent or (right and p == parent) else text


def evaluate(e, env):
    if e[0] == "v":
        return env[e[1]]
    if e[0] == "c":
        return e[1]
    x, y = evaluate(e[1], env), evaluate(e[2], env)
    value = {"+": lambda: x + y, "-": lambda: x - y, "<": lambda: int(x < y), ">": lambda: int(x > y),
             "<=": lambda: int(x <= y), ">=": lambda: int(x >= y), "==": lambda: int(x == y),
             "!=": lambda: int(x != y), "&&": lambda: int(bool(x) and bool(y)),
             "||": lambda: int(bool(x) or bool(y))}[e[0]]()
    if abs(value) > INT_MAX:
        raise OverflowError(f"{cexpr(e)} = {value}")
    return value


# ---------------------------------------------------------------------------------------------------
# Statements:
#   ("nondet", var, hi, dflt)          int var = __VERIFIER_nondet_int(); if (var < 0 || var > hi) var = dflt;
#   ("decl", var, expr)                int var = expr;
#   ("declcall", var, callee, arg)     int var = callee(arg);
#   ("assign", guard, var, o, expr)    [if (guard)] var o expr;        o: "=", "+=", "-="
#   ("call", guard, var, o, callee, arg)  [if (guard)] var o callee(arg);
#   ("for", n, [stmts])                for (int i = 0; i < n; i++) { stmts }
#   ("error", guard)                   if (guard) reach_error();
#   ("return", expr)


class Reached(Exception):
    pass


class Proc:
    def __init__(self, name, param, body):
        self.name, self.param, self.body = name, param, body

    def c_text(self):
        signature = f"int {self.name}(int {self.param})" if self.param else f"int {self.name}(void)"
        if self.name == "main":
            signature = "int main()"
        lines = [signature + " {"]
        lines += c_stmts(self.body, 1)
        lines.append("}")
        return "\n".join(lines)


def c_stmt_line(s):
    kind = s[0]
    if kind == "assign":
        _, guard, var, o, e = s
        text = f"{var} {o} {cexpr(e)};"
    elif kind == "call":
        _, guard, var, o, callee, arg = s
        text = f"{var} {o} {callee}({cexpr(arg)});"
    elif kind == "error":
        guard, text = s[1], "reach_error();"
    else:
        raise ValueError(kind)
    return f"if ({cexpr(guard)}) {text}" if guard else text


def c_stmts(body, depth):
    pad = "  " * depth
    out = []
    for s in body:
        kind = s[0]
        if kind == "nondet":
            _, var, hi, dflt = s
            out.append(f"{pad}int {var} = __VERIFIER_nondet_int();")
            out.append(f"{pad}if ({var} < 0 || {var} > {hi}) {var} = {dflt};")
        elif kind == "decl":
            out.append(f"{pad}int {s[1]} = {cexpr(s[2])};")
        elif kind == "declcall":
            out.append(f"{pad}int {s[1]} = {s[2]}({cexpr(s[3])});")
        elif kind == "for":
            out.append(f"{pad}for (int i = 0; i < {s[1]}; i++) {{")
            out += c_stmts(s[2], depth + 1)
            out.append(f"{pad}}}")
        elif kind == "return":
            out.append(f"{pad}return {cexpr(s[1])};")
        else:
            out.append(pad + c_stmt_line(s))
    return out


class Machine:
    """Runs the program like C; `inputs(machine, stmt)` gives each nondet value (machine.current: the
    procedure that reads it)."""

    def __init__(self, procs, inputs):
        self.procs, self.inputs = procs, inputs
        self.globals = {g: 0 for g in GLOBALS}
        self.trace = []  # the value of each nondet call
        self.current = None  # the procedure that runs
        self.v_at_check = self.inputs_at_check = None  # v and len(trace) when the check ran

    def call(self, name, arg):
        proc = self.procs[name]
        env = dict(self.globals)
        if proc.param:
            env[proc.param] = arg
        outer, self.current = self.current, name
        try:
            return self.run(proc.body, env)
        finally:
            self.current = outer

    def run(self, body, env):
        for s in body:
            kind = s[0]
            if kind == "nondet":
                _, var, hi, dflt = s
                value = self.inputs(self, s)
                self.trace.append(value)
                env[var] = value if 0 <= value <= hi else dflt
            elif kind == "decl":
                env[s[1]] = evaluate(s[2], env)
            elif kind == "declcall":
                env[s[1]] = self.call_in(env, s[2], s[3])
            elif kind == "for":
                for i in range(s[1]):
                    env["i"] = i
                    result = self.run(s[2], env)
                    assert result is None
                del env["i"]
            elif kind == "return":
                return evaluate(s[1], env)
            elif kind == "error":
                self.v_at_check, self.inputs_at_check = env.get("v"), len(self.trace)
                if evaluate(s[1], env):
                    raise Reached()
            elif kind in ("assign", "call"):
                guard = s[1]
                if guard and not evaluate(guard, env):
                    continue
                var, o = s[2], s[3]
                value = evaluate(s[4], env) if kind == "assign" else self.call_in(env, s[4], s[5])
                env[var] = {"=": value, "+=": env[var] + value, "-=": env[var] - value}[o]
                if abs(env[var]) > INT_MAX:
                    raise OverflowError(f"{var} = {env[var]}")
                if var in self.globals:
                    self.globals[var] = env[var]
            else:
                raise ValueError(kind)
        return None

    def call_in(self, env, callee, arg):
        value = evaluate(arg, env)
        for g in GLOBALS:  # the caller's view of the globals goes to the callee and comes back
            self.globals[g] = env[g]
        result = self.call(callee, value)
        for g in GLOBALS:
            env[g] = self.globals[g]
        return result


# ---------------------------------------------------------------------------------------------------
# The family.


class Generator:
    """Builds the procedures of one size: the call tree, the path to the error, the helpers."""

    def __init__(self, size, seed):
        self.size = size
        self.depth, self.width = shape(size)
        self.rng = random.Random(f"si-family/{seed}/{size}")
        rng = self.rng
        # The helper chain: h2 clamps into [L, U], h1 sums n clamped values, h0 = h1(y + c0) + h2(y).
        self.low, self.high = rng.randint(0, 2), rng.randint(5, 12)
        self.n_helper, self.c0 = rng.randint(2, 4), rng.randint(0, 3)
        self.max_v = (self.n_helper + 1) * self.high
        self.bug_path = tuple(rng.randrange(self.width) for _ in range(self.depth))
        self.procs = {}
        self.path_inputs = {}  # procedure on the path -> its input on an execution that reaches the check
        self.order = []  # tree procedures, callees before callers
        self.helpers()
        self.build_node((), 0)

    def name(self, node):
        return "main" if not node else "p_" + "_".join(map(str, node))

    def on_path(self, node):
        return self.bug_path[:len(node)] == node

    def path_names(self):
        return [self.name(self.bug_path[:d]) for d in range(self.depth + 1)]

    def helpers(self):
        L, U, n, c0 = self.low, self.high, self.n_helper, self.c0
        y = V("y")
        self.procs["h2"] = Proc("h2", "y", [("assign", op("<", y, C(L)), "y", "=", C(L)),
                                            ("assign", op(">", y, C(U)), "y", "=", C(U)), ("return", y)])
        self.procs["h1"] = Proc("h1", "y", [("decl", "s", C(0)),
                                            ("for", n, [("call", None, "s", "+=", "h2", op("-", y, V("i")))]),
                                            ("return", V("s"))])
        self.procs["h0"] = Proc("h0", "y", [("declcall", "t", "h1", plus(y, c0)),
                                            ("call", None, "t", "+=", "h2", y), ("return", V("t"))])

    def h0(self, y):
        clamp = lambda v: min(max(v, self.low), self.high)
        return sum(clamp(y + self.c0 - i) for i in range(self.n_helper)) + clamp(y)

    def loop(self):
        """A small loop over globals and the local r."""
        rng = self.rng
        g, h = rng.sample(GLOBALS, 2)
        n = rng.randint(2, 4)
        choice = rng.randrange(4)
        if choice == 0:
            body = [("assign", None, g, "+=", V("x")), ("assign", None, "r", "+=", V("i"))]
        elif choice == 1:
            body = [("assign", op(">", V("x"), plus(V("i"), rng.randint(0, 20))), g, "+=", C(1))]
        elif choice == 2:
            body = [("assign", None, "r", "+=", op("-", V("x"), V("i")))]
        else:
            body = [("assign", None, g, "-=", C(1)), ("assign", None, h, "+=", V("i"))]
        return ("for", n, body)

    def guard(self):
        """None, or a condition on the input or a global, for an off-path call."""
        rng = self.rng
        choice = rng.randrange(5)
        if choice == 0:
            return None
        if choice == 1:
            return op(">", V("x"), C(rng.randint(3, 30)))
        if choice == 2:
            return op("!=", V("x"), C(rng.randint(0, 20)))
        return op(rng.choice(["<", ">"]), V(rng.choice(GLOBALS)), C(rng.randint(-5, 40)))

    def path_condition(self, x, a, has_param):
        """A condition on the input x (and the parameter a) that the path's values x and a satisfy."""
        rng = self.rng
        choice = rng.randrange(5 if has_param else 2)
        if choice == 0:
            return op("==", V("x"), C(x))
        if choice == 1:
            return conj(op(">", V("x"), C(x - rng.randint(1, 4))), op("<", V("x"), C(x + rng.randint(1, 4))))
        if choice == 2:
            return op("==", op("+", V("x"), V("a")), C(x + a))
        if choice == 3:
            return conj(op(">", V("a"), C(a - rng.randint(1, 6))), op("==", V("x"), C(x)))
        return conj(op(">", op("-", V("x"), V("a")), C(x - a - rng.randint(1, 5))),
                    op("<", V("x"), C(x + rng.randint(1, 3))))

    def build_node(self, node, a):
        """Builds node's procedure and its subtree; `a` is the node's parameter on the path (path nodes)."""
        rng = self.rng
        d = len(node)
        has_param = d > 0
        path = self.on_path(node)
        hi = rng.randint(20, 60)
        body = [("nondet", "x", hi, rng.randint(0, hi)), ("decl", "r", V("a") if has_param else C(0))]
        if rng.random() < 0.6 or (path and d == self.depth):
            body.append(self.loop())
        name = self.name(node)
        if d == self.depth and path:
            self.error_leaf(name, body, hi, a)
        elif d == self.depth:
            if rng.random() < 0.3:  # the helper h2 has many call sites, only three of them matter
                body.append(("call", self.guard(), "r", "+=", "h2", plus(V("x"), -rng.randint(0, 5))))
            if rng.random() < 0.5:
                body.append(("assign", self.guard(), rng.choice(GLOBALS), "+=", V("x")))
            body.append(("return", V("r")))
        else:
            x_path = rng.randint(1, hi) if path else None
            if path:
                self.path_inputs[name] = x_path
            calls = []
            for j in range(self.width):
                child = node + (j,)
                cname = self.name(child)
                if path and self.on_path(child):
                    step = rng.randint(-3, 5)
                    arg = plus(op("+", V("a"), V("x")) if has_param else V("x"), step)
                    cond = self.path_condition(x_path, a, has_param)
                    calls.append(("call", cond, "r", "+=", cname, arg))
                    self.build_node(child, a + x_path + step)
                else:
                    arg = rng.choice([plus(V("x"), rng.randint(-3, 5))] +
                                     ([plus(V("a"), rng.randint(-3, 5))] if has_param else []))
                    calls.append(("call", self.guard(), "r", "+=", cname, arg))
                    self.build_node(child, None)
            rng.shuffle(calls)
            body += calls
            if rng.random() < 0.4:
                g, h = rng.sample(GLOBALS, 2)
                body.append(("assign", op(">", V(g), C(rng.randint(0, 60))), h, "-=", C(rng.randint(1, 3))))
            if d == 0:
                body.append(("assign", None, "g0", "+=", V("r")))
                body.append(("return", C(0)))
            else:
                body.append(("return", V("r")))
        self.procs[name] = Proc(name, "a" if has_param else None, body)
        self.order.append(name)

    def error_leaf(self, name, body, hi, a):
        rng = self.rng
        k = rng.randint(-2, 4)
        # The FALSE threshold: some x in [0, hi] gives h0(x + k) > t_false; for TRUE the threshold is max_v.
        self.t_false = self.max_v - 1 - rng.randint(0, 2)
        good = [x for x in range(0, hi + 1) if self.h0(x + k) > self.t_false]
        if not good:
            raise AssertionError(f"size {self.size}: no input of {name} reaches the error")
        self.path_inputs[name] = rng.choice(good)
        self.error_a = a
        self.error_proc = name
        body.append(("declcall", "v", "h0", plus(V("x"), k)))
        body.append(("error", conj(op("==", V("a"), C(a)), op(">", V("v"), C("T")))))
        body.append(("return", op("+", V("r"), V("v"))))


def instantiate(body, t):
    """The body with the placeholder threshold "T" replaced by t."""
    def sub(e):
        if e[0] == "c":
            return C(t) if e[1] == "T" else e
        if e[0] == "v":
            return e
        return (e[0], sub(e[1]), sub(e[2]))
    out = []
    for s in body:
        if s[0] == "error":
            out.append(("error", sub(s[1])))
        else:
            out.append(s)
    return out


def program(gen, safe, file_name, seed):
    """The program text, its procedures and the inputs of the path's execution (up to the check)."""
    t = gen.max_v if safe else gen.t_false
    procs = dict(gen.procs)
    leaf = gen.procs[gen.error_proc]
    procs[gen.error_proc] = Proc(leaf.name, leaf.param, instantiate(leaf.body, t))
    tree = sum(gen.width ** d for d in range(1, gen.depth + 1))
    machine = run_path(procs, gen, safe)
    inputs = machine.trace[:machine.inputs_at_check]
    path_values = ", ".join(f"{p}: {gen.path_inputs[p]}" for p in gen.path_names())
    paragraphs = [
        f"Generated by scripts/si_family.py --seed {seed} (size {gen.size}): a call tree of depth {gen.depth} and "
        f"width {gen.width} ({tree} procedures below main, one call site each) and the helpers h0, h1, h2. Only "
        f"the path {' -> '.join(gen.path_names())} can reach the check `a == {gen.error_a} && v > {t}` in "
        f"{gen.error_proc}, where v = h0(...); no other procedure calls reach_error() or writes a value that the "
        f"check reads. h2 returns a value in [{gen.low}, {gen.high}], h1 the sum of {gen.n_helper} of them, so "
        f"v = h1(...) + h2(...) <= {gen.max_v}.",
        (f"Expected verdict: TRUE: v > {t} never holds. The check itself is reachable: these inputs (values of "
         f"__VERIFIER_nondet_int() in the order of the calls, {len(inputs)} calls) reach it with "
         f"v = {machine.v_at_check}:") if safe else
        (f"Expected verdict: FALSE. These inputs (values of __VERIFIER_nondet_int() in the order of the calls, "
         f"{len(inputs)} calls) reach reach_error() with v = {machine.v_at_check}:"),
        "    " + compress(inputs),
        f"The values that matter are the inputs of the path's procedures ({path_values}); the others (0 "
        "above) only change which off-path procedures run.",
    ]
    header = [
        "extern void abort(void);",
        "extern void __assert_fail(const char *, const char *, unsigned int, const char *) "
        "__attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));",
        f'void reach_error() {{ __assert_fail("0", "{file_name}", 3, "reach_error"); }}',
        "extern int __VERIFIER_nondet_int(void);",
        "",
        "/*",
    ]
    for i, text in enumerate(paragraphs):
        indent = " " * (len(text) - len(text.lstrip()))
        header += textwrap.wrap(text.lstrip(), 100, initial_indent=" * " + indent, subsequent_indent=" * " + indent,
                                break_on_hyphens=False)
        if i == 0:
            header.append(" *")
    header.append(" */")
    lines = header + [""]
    lines.append("int " + ", ".join(f"{g} = 0" for g in GLOBALS) + ";")
    lines.append("")
    for name in ["h2", "h1", "h0"] + gen.order:
        lines.append(procs[name].c_text())
        lines.append("")
    return "\n".join(lines), procs, inputs


def compress(values):
    """"0 (x12), 33, 7" for a sequence of numbers."""
    out, i = [], 0
    while i < len(values):
        j = i
        while j < len(values) and values[j] == values[i]:
            j += 1
        out.append(str(values[i]) if j - i == 1 else f"{values[i]} (x{j - i})")
        i = j
    return ", ".join(out)


def run_path(procs, gen, safe):
    """Runs the execution along the path; checks it reaches the error (FALSE) or the check only (TRUE)."""
    machine = Machine(procs, lambda m, s: gen.path_inputs.get(m.current, 0))
    try:
        machine.call("main", None)
        reached = False
    except Reached:
        reached = True
    if reached == safe:
        raise AssertionError(f"size {gen.size}: the path's inputs {'reach' if reached else 'miss'} the error")
    if machine.v_at_check is None:
        raise AssertionError(f"size {gen.size}: the path's inputs do not reach the check")
    return machine


def fuzz_model(procs, gen, safe, runs, seed):
    """Random executions in the model: TRUE must never reach the error."""
    rng = random.Random(f"fuzz/{seed}/{gen.size}")
    for k in range(runs):
        mode = k % 3

        def inputs(machine, stmt, mode=mode):
            name = machine.current
            if mode == 0 and name in gen.path_inputs and name != gen.error_proc:
                return gen.path_inputs[name]  # follow the path, random at the check
            if mode == 1:
                return rng.randint(-2**31, 2**31 - 1)
            return rng.randint(-5, 70)
        machine = Machine(procs, inputs)
        try:
            machine.call("main", None)
        except Reached:
            if safe:
                raise AssertionError(f"size {gen.size}: a random execution reaches the error of the TRUE variant")


HARNESS = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int vals[1 << 16];
static int nvals, pos;
static unsigned rnd;
__attribute__((constructor)) static void si_init(void) {
  const char *s = getenv("SI_INPUTS");
  const char *r = getenv("SI_RANDOM");
  if (r) rnd = (unsigned)strtoul(r, 0, 10) | 1u;
  while (s && *s && nvals < (1 << 16)) {
    char *end;
    vals[nvals++] = (int)strtol(s, &end, 10);
    s = *end ? end + 1 : end;
  }
}
int __VERIFIER_nondet_int(void) {
  if (pos < nvals) return vals[pos++];
  pos++;
  if (!rnd) return 0;
  rnd ^= rnd << 13; rnd ^= rnd >> 17; rnd ^= rnd << 5;
  return (rnd & 1) ? (int)(rnd % 80) - 5 : (int)rnd;
}
void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) {
  printf("REACHED %d\n", pos);
  fflush(stdout);
  exit(0);
}
"""


def native_check(c_file, safe, trace, workdir):
    # Debian's clang-14 package installs clang-14; the unversioned name comes from another package.
    cc = os.environ.get("CC") or next((c for c in ("clang", "clang-14") if shutil.which(c)), "clang")
    harness = os.path.join(workdir, "harness.c")
    if not os.path.exists(harness):
        with open(harness, "w") as f:
            f.write(HARNESS)
    exe = os.path.join(workdir, os.path.basename(c_file) + ".exe")
    subprocess.run([cc, "-O0", "-w", "-fsanitize=signed-integer-overflow", "-fsanitize-trap=signed-integer-overflow",
                    "-o", exe, c_file, harness], check=True)
    env = dict(os.environ, SI_INPUTS=",".join(map(str, trace)))
    out = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise AssertionError(f"{c_file}: native run failed (exit {out.returncode})")
    reached = out.stdout.startswith("REACHED")
    if reached == safe:
        raise AssertionError(f"{c_file}: native run with the path's inputs {'reaches' if reached else 'misses'} the error")
    if reached and out.stdout.split()[1] != str(len(trace)):
        raise AssertionError(f"{c_file}: the error came after {out.stdout.split()[1]} inputs, not {len(trace)}")
    if safe:
        for r in range(1, 101):
            env = dict(os.environ, SI_RANDOM=str(r))
            if r % 2:  # the path's inputs up to the check, random there
                env["SI_INPUTS"] = ",".join(map(str, trace[:-1]))
            out = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=60)
            if out.returncode != 0 or out.stdout.startswith("REACHED"):
                raise AssertionError(f"{c_file}: a random native run reaches the error or fails")


def task_yml(c_name, safe):
    return (f"format_version: '2.0'\n\n"
            f"# generated by scripts/si_family.py\n"
            f"input_files: '{c_name}'\n\n"
            f"properties:\n"
            f"  - property_file: unreach-call.prp\n"
            f"    expected_verdict: {'true' if safe else 'false'}\n\n"
            f"options:\n"
            f"  language: C\n"
            f"  data_model: ILP32\n")


def generate(args, sizes, workdir):
    """Writes the programs and tasks of every size (and checks them)."""
    for size in sizes:
        gen = Generator(size, args.seed)
        for safe in (False, True):
            stem = f"si_{size}_{'true' if safe else 'false'}"
            text, procs, trace = program(gen, safe, stem + ".c", args.seed)
            fuzz_model(procs, gen, safe, 60 if safe else 0, args.seed)
            c_file = os.path.join(args.out, stem + ".c")
            with open(c_file, "w") as f:
                f.write(text)
            with open(os.path.join(args.out, stem + ".yml"), "w") as f:
                f.write(task_yml(stem + ".c", safe))
            if args.check:
                native_check(c_file, safe, trace, workdir)
        tree = sum(gen.width ** d for d in range(1, gen.depth + 1))
        print(f"size {size}: depth {gen.depth}, width {gen.width}, {tree} tree procedures + main + 3 helpers, "
              f"{len(trace)} inputs on the path to the check", file=sys.stderr)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="output folder")
    parser.add_argument("--sizes", default="1,2,3,4,5,6", help="comma-separated sizes (default 1,2,3,4,5,6)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--check", action="store_true",
                        help="also compile every program natively ($CC, default clang or clang-14) and run it")
    args = parser.parse_args(argv[1:])
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        parser.error(f"--sizes: expected numbers separated by commas, got '{args.sizes}'")
    if not sizes or min(sizes) < 1:
        parser.error("--sizes: every size must be at least 1")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "unreach-call.prp"), "w") as f:
        f.write(PRP_TEXT)
    workdir = tempfile.mkdtemp(prefix="si_family-") if args.check else None
    try:
        generate(args, sizes, workdir)
    except (AssertionError, OverflowError, subprocess.CalledProcessError) as e:
        print(f"si_family: check failed: {e}", file=sys.stderr)
        return 1
    finally:
        if workdir:
            shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
