#include "../prelude.h"
int main(){ unsigned x = 1u << 31; if (x >> 31 != 1) reach_error(); return 0; }
