#include "../prelude.h"
struct N { int v; struct N *next; }; int main(){ struct N *h = 0; while (__VERIFIER_nondet_int()) { struct N *n = malloc(sizeof *n); n->v = 1; n->next = h; h = n; } for (struct N *p = h; p; p = p->next) if (p->v != 1) reach_error(); return 0; }
