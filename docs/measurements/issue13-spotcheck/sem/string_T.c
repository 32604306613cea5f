#include "../prelude.h"
int main(){ char s[] = "abc"; if (s[3] != 0) reach_error(); return 0; }
