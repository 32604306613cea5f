// The example of `make run`: an unsafe program. sum_to(n) adds 1..n, and the error is reachable exactly
// when the sum is 28, i.e. for the input n = 7. argus answers FALSE with a trace that reads n from
// __VERIFIER_nondet_uint() and replays natively.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "sum.c", 7, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);

unsigned int sum_to(unsigned int n) {
  unsigned int sum = 0;
  for (unsigned int i = 1; i <= n; i++) sum += i;
  return sum;
}

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 10) return 0;
  unsigned int sum = sum_to(n);
  if (sum == 28) reach_error();
  return 0;
}
