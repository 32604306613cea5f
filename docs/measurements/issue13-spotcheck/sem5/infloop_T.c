#include "../prelude.h"
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5) {
    while (1) {
    }
  }
  if (x == 5) reach_error();
  return 0;
}
