#include "../prelude.h"
int main(){ unsigned long x = __VERIFIER_nondet_long(); if (x < 0) reach_error(); return 0; }
