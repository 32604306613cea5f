#include "../prelude.h"
int main(){ if (sizeof(long) != 8 || sizeof(int *) != 8) reach_error(); return 0; }
