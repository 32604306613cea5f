#include "../prelude.h"
struct S { int x, y; }; int main(){ struct S a = {1, 2}; struct S b = a; b.x = 5; if (a.x != 1 || b.y != 2) reach_error(); return 0; }
