#include "../prelude.h"
int main(void) {
  int i = 0;
  int y = __VERIFIER_nondet_int() ? i++ : i--;
  if (i == 0 || y != 0) reach_error();
  return 0;
}
