// The 22nd step of 10^8 overflows: 2.2 * 10^9 > INT_MAX.
int main(void) {
  int total = 0;
  for (int step = 0; step < 22; step++) total += 100000000;
  return total > 0;
}
