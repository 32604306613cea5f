#include "../prelude.h"
int main(){ int a = -7, b = 2; if (a / b != -3 || a % b != -1) reach_error(); return 0; }
