// Term utilities; traversals are iterative over the DAG (terms from large programs are deep).
#include "smt/Terms.h"

#include <atomic>
#include <unordered_set>

#include "smt/Floats.h"
#include "smt/TermWalk.h"
#include "util/Error.h"

namespace argus::smt {
namespace {

std::atomic<uint64_t> freshCounter{0};

/// Visits every distinct sub-term of `root` once (post-order is not needed by the callers).
template <typename F>
void forEachSubterm(const z3::expr& root, F&& visit) {
  anySubterm(root, [&](const z3::expr& e) {
    visit(e);
    return false;
  });
}

}  // namespace

z3::expr freshConst(z3::context& ctx, const std::string& prefix, const z3::sort& sort) {
  std::string name = prefix + "!" + std::to_string(freshCounter++);
  return ctx.constant(name.c_str(), sort);
}

void forEachSubterm(const z3::expr& e, const std::function<void(const z3::expr&)>& visit) {
  forEachSubterm(e, [&](const z3::expr& t) { visit(t); });
}

std::vector<z3::expr> freeConstants(const z3::expr& e) {
  std::vector<z3::expr> out;
  forEachSubterm(e, [&](const z3::expr& t) {
    if (t.is_const() && t.decl().decl_kind() == Z3_OP_UNINTERPRETED) out.push_back(t);
  });
  return out;
}

std::vector<z3::func_decl> uninterpretedFunctions(const z3::expr& e) {
  std::vector<z3::func_decl> out;
  std::unordered_set<unsigned> seen;
  forEachSubterm(e, [&](const z3::expr& t) {
    if (t.is_app() && t.num_args() > 0 && t.decl().decl_kind() == Z3_OP_UNINTERPRETED &&
        seen.insert(t.decl().id()).second)
      out.push_back(t.decl());
  });
  return out;
}

z3::expr substitute(const z3::expr& e, const std::vector<z3::expr>& from, const std::vector<z3::expr>& to) {
  INVARIANT(from.size() == to.size(), "substitution with unequal lengths");
  if (from.empty()) return e;
  z3::expr_vector f(e.ctx()), t(e.ctx());
  for (size_t i = 0; i < from.size(); ++i) {
    f.push_back(from[i]);
    t.push_back(to[i]);
  }
  return const_cast<z3::expr&>(e).substitute(f, t);
}

z3::expr mkAnd(z3::context& ctx, const std::vector<z3::expr>& es) {
  if (es.empty()) return ctx.bool_val(true);
  if (es.size() == 1) return es[0];
  z3::expr_vector v(ctx);
  for (auto& e : es) v.push_back(e);
  return z3::mk_and(v);
}

z3::expr mkOr(z3::context& ctx, const std::vector<z3::expr>& es) {
  if (es.empty()) return ctx.bool_val(false);
  if (es.size() == 1) return es[0];
  z3::expr_vector v(ctx);
  for (auto& e : es) v.push_back(e);
  return z3::mk_or(v);
}

bool isTrue(const z3::expr& e) { return e.is_true(); }
bool isFalse(const z3::expr& e) { return e.is_false(); }

z3::expr inContext(const z3::expr& e, z3::context& ctx) {
  if (&e.ctx() == &ctx) return e;
  return z3::to_expr(ctx, Z3_translate(e.ctx(), e, ctx));
}

size_t dagSize(const z3::expr& e) {
  size_t n = 0;
  forEachSubterm(e, [&](const z3::expr&) { ++n; });
  return n;
}

std::string numeralText(const z3::expr& value, bool asSigned) {
  if (value.is_bool()) return value.is_true() ? "1" : "0";
  if (value.is_numeral()) {
    if (value.is_bv() && asSigned) return z3::bv2int(value, true).simplify().get_decimal_string(0);
    return value.get_decimal_string(0);
  }
  return value.to_string();
}

bool isValue(const z3::expr& e) { return e.is_numeral() || e.is_true() || e.is_false() || isFloatNumeral(e); }

}  // namespace argus::smt
