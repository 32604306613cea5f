#include "../prelude.h"
int main(){ int a = 1, b = 2; int *p = __VERIFIER_nondet_int() ? &a : &b; *p = 5; if (a == 5) reach_error(); return 0; }
