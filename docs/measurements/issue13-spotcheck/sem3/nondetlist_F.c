#include "../prelude.h"
struct N { int v; struct N *next; }; int main(){ struct N *h = 0; int k = 0; while (__VERIFIER_nondet_int() && k < 5) { struct N *n = malloc(sizeof *n); n->v = k++; n->next = h; h = n; } if (h && h->v == 2) reach_error(); return 0; }
