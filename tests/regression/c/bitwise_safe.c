// @expect safe
// Bitwise operations on negative numbers follow two's complement.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > -1000 && x < 1000);
  if ((x & 1) != (x % 2 != 0)) reach_error();
  if ((x ^ x) != 0) reach_error();
  if ((x >> 1) > x && x >= 0) reach_error();
  if ((-6 & 7) != 2 || (-16 >> 2) != -4) reach_error();
  return 0;
}
