#include "../prelude.h"
int buf[4]; int *gp = buf; void put(int i, int v){ gp[i] = v; } int main(){ put(3, 8); if (buf[3] == 8) reach_error(); return 0; }
