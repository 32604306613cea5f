// The division and the remainder are guarded against INT_MIN / -1 (and division by zero).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y == 0 || (x == -2147483647 - 1 && y == -1)) return 0;
  int q = x / y;
  int r = x % y;
  return q > r;
}
