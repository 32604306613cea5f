// @expect unsafe
// Truncation loses the fraction: some x in [2, 3) with 2.5 <= x truncates to 2.
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
extern void abort(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (!(x >= 2.0 && x < 3.0)) abort();
  int i = (int)x;
  if (x - i > 0.5) reach_error();
  return 0;
}
