#include "../prelude.h"
int g; int add(int x){ g += x; return g; } int twice(int x){ add(x); return add(x); } int main(){ g = 0; if (twice(3) == 6) reach_error(); return 0; }
