// abs of every int but INT_MIN is representable.
extern int __VERIFIER_nondet_int(void);
int absolute(int x) { return x < 0 ? -x : x; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == -2147483647 - 1) return 0;
  return absolute(x) % 7;
}
