#include "../prelude.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x & 7;
  if (y > 7 || y < 0) reach_error();
  return 0;
}
