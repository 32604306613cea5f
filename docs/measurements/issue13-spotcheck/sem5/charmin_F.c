#include "../prelude.h"
int main(void) {
  char c = __VERIFIER_nondet_char();
  if (c == -128) reach_error();
  return 0;
}
