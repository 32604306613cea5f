#include "../prelude.h"
int even(int n); int odd(int n){ return n == 0 ? 0 : even(n - 1); } int even(int n){ return n == 0 ? 1 : odd(n - 1); } int main(){ int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 20); if (even(n) && n % 2 == 1) reach_error(); return 0; }
