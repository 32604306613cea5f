// 1 << n for n below 31 stays below the sign bit; a right shift of a non-negative value by less than the width.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n >= 31) return 0;
  int bit = 1 << n;
  return (bit >> n) == 1;
}
