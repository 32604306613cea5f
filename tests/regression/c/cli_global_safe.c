// @expect safe
// A global counter updated by a function called a fixed number of times.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }

int counter = 0;

void tick(int step) { counter += step; }

int main(void) {
  tick(2);
  tick(3);
  tick(5);
  if (counter != 10) reach_error();
  return 0;
}
