#include "../prelude.h"
int inc(int x){ return x + 1; } int dec(int x){ return x - 1; } int main(){ int (*f)(int) = __VERIFIER_nondet_int() ? inc : dec; if (f(5) == 4) reach_error(); return 0; }
