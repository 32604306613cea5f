#include "../prelude.h"
int main(void) {
  unsigned x = 1;
  int s = __VERIFIER_nondet_int();
  __VERIFIER_assume(s >= 0 && s < 32);
  if ((x << s) == 0) reach_error();
  return 0;
}
