// @expect safe
// __VERIFIER_assume removes the executions that would reach the error.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0 && y > x);
  if (y <= 1) reach_error();
  return 0;
}
