// abs(INT_MIN): the negation of the smallest int is not representable.
extern int __VERIFIER_nondet_int(void);
int absolute(int x) { return x < 0 ? -x : x; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  return absolute(x) % 7;
}
