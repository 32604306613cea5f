#include "../prelude.h"
extern void *calloc(unsigned long, unsigned long);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 2 && n < 10);
  int *p = calloc(n, sizeof(int));
  if (!p) return 0;
  p[0] = 1;
  if (p[n - 1] != 0) reach_error();
  return 0;
}
