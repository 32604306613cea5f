#include "../prelude.h"
void setb(unsigned char *b){ b[2] = 9; } int main(){ int x = 0; setb((unsigned char *)&x); if (x != 9 << 16) reach_error(); return 0; }
