#include "../prelude.h"
int main(){ int x = __VERIFIER_nondet_int(); int y = 0; switch (x) { case 1: y = 1; case 2: y += 2; break; default: y = 9; } if (y == 1) reach_error(); return 0; }
