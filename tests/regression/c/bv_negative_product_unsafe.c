// @expect unsafe
// a[1] * -2 is (-6) * (-2) = 12, no overflow. The bv encoding once asked Z3 4.8's bvsmul_noovfl, which
// calls a product of two negative operands an overflow, and so cut off every path: TRUE with
// --encoding bv for all engines (found by differential testing: argus_difftest seed 200031, size 12).
// The array store in the dead branch keeps the array in memory, so the product is not folded away.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern short __VERIFIER_nondet_short(void);
int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  int x = __VERIFIER_nondet_short();
  int n = 10;
  int a[2] = {-7, -6};
  a[0] = a[1] * -2;
  if (n > 10) {
    a[u % 2u] = n;
  }
  if (x >= 10) reach_error();
  return 0;
}
