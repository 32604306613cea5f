#include "../prelude.h"
struct S { int k; int vals[4]; }; int main(){ struct S *s = malloc(sizeof *s); int *p = &s->vals[1]; int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 3); s->vals[3] = 1; p[i] = 2; if (s->vals[3] == 2) reach_error(); return 0; }
