#include "../prelude.h"
int main(){ long long x = 1LL << 40; if ((int)(x >> 32) != 256) reach_error(); return 0; }
