#include "../prelude.h"
int main(){ int x = __VERIFIER_nondet_int(); if (x > 0) exit(0); if (x > 5) reach_error(); return 0; }
