#include "../prelude.h"
int main(){ int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x < 0); if (x % 2 == -1) reach_error(); return 0; }
