#include "../prelude.h"
int main(){ int n = __VERIFIER_nondet_int(); int i = 0; do { i++; } while (i < n); if (i == 1 && n > 1) reach_error(); if (i == 1) reach_error(); return 0; }
