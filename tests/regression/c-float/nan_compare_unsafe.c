// @expect unsafe
// Without NaN, x < y or x >= y would always hold: a NaN input reaches the error.
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (!(x < 1.0) && !(x >= 1.0)) reach_error();
  return 0;
}
