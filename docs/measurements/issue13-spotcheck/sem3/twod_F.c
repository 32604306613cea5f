#include "../prelude.h"
int m[3][4]; int main(){ for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) m[i][j] = i * 4 + j; if (m[2][1] == 9) reach_error(); return 0; }
