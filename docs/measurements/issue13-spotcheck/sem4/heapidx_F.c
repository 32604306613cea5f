#include "../prelude.h"
struct S { int k; int vals[4]; }; int main(){ struct S *s = malloc(sizeof *s); int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 4); s->vals[3] = 1; s->vals[i] = 2; if (s->vals[3] == 2) reach_error(); return 0; }
