#include "../prelude.h"
static int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 100);
  if (depth(n) != n) reach_error();
  return 0;
}
