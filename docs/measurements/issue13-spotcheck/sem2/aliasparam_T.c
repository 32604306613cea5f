#include "../prelude.h"
void f(int *a, int *b){ *a = 1; *b = 2; if (*a == 2 && a != b) reach_error(); } int main(){ int x, y; if (__VERIFIER_nondet_int()) f(&x, &y); else f(&x, &x); return 0; }
