// @expect safe
// Recursion computes like C: fib(10) == 55.
extern void reach_error(void);
int fib(int n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
int main(void) {
  if (fib(10) != 55) reach_error();
  return 0;
}
