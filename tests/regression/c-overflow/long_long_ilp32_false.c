// 64-bit arithmetic under ILP32: the checks work on long long too.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  long long x = __VERIFIER_nondet_int();
  long long scaled = x * 4294967296LL;
  long long sum = scaled + scaled;
  return sum > 0;
}
