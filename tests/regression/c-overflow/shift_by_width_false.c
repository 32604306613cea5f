// Shifting by the width of the type (or more) is undefined, for unsigned operands too.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 32) return 0;
  unsigned int bit = 1u << n;
  return bit == 0;
}
