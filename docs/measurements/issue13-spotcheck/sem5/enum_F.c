#include "../prelude.h"
enum colour { RED, GREEN = 5, BLUE };
int main(void) {
  enum colour e = __VERIFIER_nondet_int() ? BLUE : RED;
  if (e == 6) reach_error();
  return 0;
}
