// @expect unsafe
// Function pointers in a table and a struct field: the call may go to dbl and return 6.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int inc(int x) { return x + 1; }
static int dbl(int x) { return 2 * x; }
struct Op { int (*f)(int); };
int main(void) {
  int (*table[2])(int) = {inc, dbl};
  int c = __VERIFIER_nondet_int() ? 1 : 0;
  struct Op op;
  op.f = table[c];
  int r = op.f(3);
  if (r != 4 && r != 6) reach_error();
  if (r != 4) reach_error();
  return 0;
}
