#include "../prelude.h"
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 10);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i;
  if (a[n - 1] == 8) reach_error();
  return 0;
}
