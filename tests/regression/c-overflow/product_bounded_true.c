// Factors within 46340 in magnitude: the product fits (46340 * 46340 < INT_MAX).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < -46340 || x > 46340 || y < -46340 || y > 46340) return 0;
  int area = x * y;
  return area > 1000;
}
