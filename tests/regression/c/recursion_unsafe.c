// @expect unsafe
// sum(n) = n + ... + 1 reaches 15 for n == 5.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 8);
  if (sum(n) == 15) reach_error();
  return 0;
}
