// @expect unsafe
// A pointer made from a converted address plus a constant (a constant expression) writes g[2].
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g[8];
int main(void) {
  int *p = (int *)((unsigned long)&g + 8);
  *p = __VERIFIER_nondet_int();
  unsigned long offset = (unsigned long)&g[3] - (unsigned long)&g[0];
  if (g[2] == 5 && offset == 12) reach_error();
  return 0;
}
