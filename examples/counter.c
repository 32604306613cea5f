// A safe example: the loop runs exactly ten times, so the counter ends at 10 and the error is
// unreachable. argus answers TRUE with a certificate the independent checker accepted.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "counter.c", 6, "reach_error"); }

int main(void) {
  int count = 0;
  for (int i = 0; i < 10; i++) count++;
  if (count != 10) reach_error();
  return 0;
}
