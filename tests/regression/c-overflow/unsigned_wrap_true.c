// Unsigned arithmetic wraps around by definition: sums, products and differences that leave the range,
// and the negation of an unsigned value, are no violation.
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  unsigned int sum = a + 4000000000u;
  unsigned int product = b * 16777619u;
  unsigned int difference = sum - product - 4294967295u;
  unsigned int negated = -difference;
  return (int)(negated & 1u);
}
