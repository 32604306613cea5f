// INT_MIN / -1 is the one signed division that overflows (and INT_MIN % -1 with it).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y == 0) return 0;
  return x / y;
}
