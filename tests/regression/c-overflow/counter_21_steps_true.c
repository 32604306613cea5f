// 21 steps of 10^8 reach 2.1 * 10^9, just below INT_MAX (2147483647).
int main(void) {
  int total = 0;
  for (int step = 0; step < 21; step++) total += 100000000;
  return total > 0;
}
