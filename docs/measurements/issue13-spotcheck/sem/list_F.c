#include "../prelude.h"
struct N { int v; struct N *next; }; int main(){ struct N *h = 0; for (int i = 0; i < 3; i++) { struct N *n = malloc(sizeof *n); n->v = i; n->next = h; h = n; } int s = 0; for (struct N *p = h; p; p = p->next) s += p->v; if (s == 3) reach_error(); return 0; }
