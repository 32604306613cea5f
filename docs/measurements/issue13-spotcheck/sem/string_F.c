#include "../prelude.h"
int main(){ char s[] = "abc"; if (s[1] == 'b') reach_error(); return 0; }
