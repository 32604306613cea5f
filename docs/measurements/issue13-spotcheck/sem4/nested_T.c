#include "../prelude.h"
struct B { char c; int v; }; struct A { int n; struct B b[4]; }; struct A a; int main(){ int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 4); a.n = 9; a.b[i].c = 'q'; a.b[i].v = 5; if (a.n != 9 || a.b[i].c != 'q' || a.b[i].v != 5) reach_error(); return 0; }
