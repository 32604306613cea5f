#include "../prelude.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x < 0);
  if ((x & 1) == 1 && (x | 2) == -1 && x > -10) reach_error();  /* x = -3 */
  return 0;
}
