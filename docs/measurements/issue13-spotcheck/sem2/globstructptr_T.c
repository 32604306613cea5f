#include "../prelude.h"
struct S { int *p; int v; } gs; int t; int main(){ gs.p = &t; *gs.p = 4; gs.v = 1; if (t != 4) reach_error(); return 0; }
