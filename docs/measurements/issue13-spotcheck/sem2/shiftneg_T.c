#include "../prelude.h"
int main(){ int x = -8; if ((x >> 1) != -4) reach_error(); return 0; }
