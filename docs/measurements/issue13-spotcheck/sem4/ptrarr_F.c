#include "../prelude.h"
int main(){ int x = 0, y = 0; int *arr[2] = {&x, &y}; int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i == 0 || i == 1); *arr[i] = 5; if (y == 5) reach_error(); return 0; }
