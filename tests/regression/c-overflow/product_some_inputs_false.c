// The product overflows only where both factors are large: 46341 * 46341 > INT_MAX.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < -50000 || x > 50000 || y < -50000 || y > 50000) return 0;
  int area = x * y;
  return area > 1000;
}
