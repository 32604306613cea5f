#include "../prelude.h"
struct M { int len; int *p; }; int main(){ struct M *m = malloc(sizeof *m); memset(m, 0, sizeof *m); if (m->len == 0) reach_error(); return 0; }
