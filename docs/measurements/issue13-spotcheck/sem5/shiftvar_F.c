#include "../prelude.h"
int main(void) {
  unsigned x = 3;
  int s = __VERIFIER_nondet_int();
  __VERIFIER_assume(s >= 0 && s < 32);
  if ((x << s) == 0x80000000u) reach_error();  /* s = 31 */
  return 0;
}
