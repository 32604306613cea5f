#include "../prelude.h"
int main(void) {
  int a[4];
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 3);
  int *p = &a[i], *q = &a[i + 1];
  if (p >= q) reach_error();
  return 0;
}
