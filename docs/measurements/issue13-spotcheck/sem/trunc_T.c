#include "../prelude.h"
int main(){ int x = __VERIFIER_nondet_int(); char c = (char)x; if (x == 256 && c != 0) reach_error(); return 0; }
