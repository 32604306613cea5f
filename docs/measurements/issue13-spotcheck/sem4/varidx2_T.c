#include "../prelude.h"
int main(){ int a[4] = {0}; int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 0 && i < 4 && j >= 0 && j < 4); a[i] = 1; a[j] = 2; if (a[j] != 2 || (i != j && a[i] != 1)) reach_error(); return 0; }
