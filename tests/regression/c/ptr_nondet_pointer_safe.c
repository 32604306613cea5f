// @expect safe
// An arbitrary pointer (__VERIFIER_nondet_pointer) is null or not, and stays what it was.
extern void reach_error(void);
extern void *__VERIFIER_nondet_pointer(void);
int main(void) {
  int state = 0;
  char *buf = __VERIFIER_nondet_pointer();
  if (buf == 0) state = -1; else state = 1;
  if (state == 0) reach_error();
  if (buf != 0 && state != 1) reach_error();
  return 0;
}
