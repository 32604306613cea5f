#include "../prelude.h"
int main(){ int x = __VERIFIER_nondet_int(); char c = (char)x; if (x == 255 && c == -1) reach_error(); return 0; }
