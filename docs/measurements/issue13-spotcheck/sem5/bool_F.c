#include "../prelude.h"
int main(void) {
  _Bool b = __VERIFIER_nondet_int();
  int x = b;
  if (x == 1) reach_error();
  return 0;
}
