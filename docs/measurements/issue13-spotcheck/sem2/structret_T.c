#include "../prelude.h"
struct P { int a, b; }; struct P mk(int x){ struct P p; p.a = x; p.b = x + 1; return p; } int main(){ int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x < 1000 && x > -1000); struct P p = mk(x); if (p.b - p.a != 1) reach_error(); return 0; }
