// @expect unsafe
// Unsigned arithmetic wraps around: 255 + 1 is 0 in an unsigned char.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  if (c < 200) return 0;
  c = c + 1;
  if (c == 0) reach_error();
  return 0;
}
