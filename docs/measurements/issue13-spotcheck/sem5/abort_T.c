#include "../prelude.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) abort();
  if (x > 20) reach_error();
  return 0;
}
