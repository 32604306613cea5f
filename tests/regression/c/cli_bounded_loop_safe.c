// @expect safe
// A loop with a constant bound: the sum of 0..9 is 45 on every execution.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }

int main(void) {
  int sum = 0;
  for (int i = 0; i < 10; i++) sum += i;
  if (sum != 45) reach_error();
  return 0;
}
