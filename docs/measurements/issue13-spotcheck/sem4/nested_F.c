#include "../prelude.h"
struct B { char c; int v; }; struct A { int n; struct B b[4]; }; struct A a; int main(){ int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 4); a.b[2].c = 'z'; a.b[i].c = 'q'; if (a.b[2].c == 'q') reach_error(); return 0; }
