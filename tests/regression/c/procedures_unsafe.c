// @expect unsafe
// A helper procedure's result decides the error: max(a, b) == 7 with a == 7 is possible.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int max(int a, int b) { return a > b ? a : b; }
int clamp(int x) { return x < 0 ? 0 : (x > 10 ? 10 : x); }
int main(void) {
  int a = clamp(__VERIFIER_nondet_int());
  int b = clamp(__VERIFIER_nondet_int());
  if (max(a, b) == 7 && a == 7 && b < 3) reach_error();
  return 0;
}
