// @expect unsafe
// The external function behind the pointer may return 42 (any value of its type): the error is reachable
// only through it, not through the defined function.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern int sensor(int channel);
static int fixed(int channel) { return channel; }
int main(void) {
  int (*read)(int) = __VERIFIER_nondet_int() ? sensor : fixed;
  int v = read(3);
  if (v == 42) reach_error();
  return 0;
}
