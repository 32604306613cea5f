#include "../prelude.h"
struct S { int k; int vals[4]; } g; int main(){ int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 4); g.vals[3] = 1; g.vals[i] = 2; if (g.vals[3] == 2) reach_error(); return 0; }
