#include "../prelude.h"
int main(){ int a = 1, b = 2; int *p = __VERIFIER_nondet_int() ? &a : &b; *p = 5; if (a + b != 6 && a + b != 7) reach_error(); return 0; }
