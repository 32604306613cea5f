// A left shift of a negative value is undefined in C, whatever the amount.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1 || x > 1) return 0;
  int doubled = x << 1;
  return doubled;
}
