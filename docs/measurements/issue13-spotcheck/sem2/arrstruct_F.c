#include "../prelude.h"
struct S { char c; int v; }; struct S arr[3]; int main(){ for (int i = 0; i < 3; i++) { arr[i].c = 'a' + i; arr[i].v = i; } if (arr[2].c == 'c') reach_error(); return 0; }
