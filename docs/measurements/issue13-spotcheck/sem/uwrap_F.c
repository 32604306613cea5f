#include "../prelude.h"
int main(){ unsigned x = __VERIFIER_nondet_uint(); if (x + 1 < x) reach_error(); return 0; }
