#include "../prelude.h"
int main(void) {
  _Bool b = __VERIFIER_nondet_int();
  int x = b + b;
  if (x != 0 && x != 2) reach_error();
  return 0;
}
