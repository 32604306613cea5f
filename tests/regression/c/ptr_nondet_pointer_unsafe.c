// @expect unsafe
// An arbitrary pointer (__VERIFIER_nondet_pointer) may be null; the replay's harness returns the trace's
// address, and the program only compares it.
extern void reach_error(void);
extern void *__VERIFIER_nondet_pointer(void);
struct buffer {
  int length;
  char *data;
};
int main(void) {
  struct buffer b = {0, 0};
  b.data = __VERIFIER_nondet_pointer();
  if (b.data == 0) reach_error();
  return 0;
}
