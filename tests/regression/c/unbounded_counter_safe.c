// @expect safe
// Counting up to a nondet bound: the invariant i <= n with the exit condition gives i == n.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) i++;
  if (n > 0 && i != n) reach_error();
  return 0;
}
