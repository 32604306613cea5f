#include "../prelude.h"
int main(){ int x = __VERIFIER_nondet_int(); int y = x > 0 ? x : -x; if (x > -100 && x < 100 && y < 0) reach_error(); return 0; }
