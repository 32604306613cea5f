// @expect unsafe
// The error depends on a value computed by a called function from a nondet argument.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int twice_plus_one(int v) { return 2 * v + 1; }

int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a < 0 || a > 1000) return 0;
  if (twice_plus_one(a) == 15) reach_error();
  return 0;
}
