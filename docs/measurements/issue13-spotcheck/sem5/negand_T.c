#include "../prelude.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x < 0);
  if ((x & 0x7FFFFFFF) == x) reach_error();  /* the sign bit stays */
  return 0;
}
