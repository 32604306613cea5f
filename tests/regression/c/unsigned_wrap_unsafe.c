// @expect unsafe
// An unsigned char that wraps: c + 10 is smaller than 10 exactly when c >= 246.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char d = c + 10;
  if (d < 10) reach_error();
  return 0;
}
