#include "../prelude.h"
struct N { int v; struct N *next; }; struct N *build(int n){ if (n == 0) return 0; struct N *x = malloc(sizeof *x); x->v = n; x->next = build(n - 1); return x; } int sum(struct N *l){ return l ? l->v + sum(l->next) : 0; } int main(){ struct N *l = build(3); if (sum(l) == 6) reach_error(); return 0; }
