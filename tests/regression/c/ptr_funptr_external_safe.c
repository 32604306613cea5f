// @expect safe
// A function pointer that may hold a defined function or one the program only declares: the external one
// returns any value of its result type (here within signed char) and, given no pointer, changes no memory
// of the program.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern signed char sensor(int channel);
static signed char fixed(int channel) { return (signed char)(channel & 15); }
int calls = 0;
int main(void) {
  signed char (*read)(int) = __VERIFIER_nondet_int() ? sensor : fixed;
  calls = 1;
  int v = read(3);
  if (v < -128 || v > 127) reach_error();
  if (read == fixed && v != 3) reach_error();
  if (calls != 1) reach_error();
  return 0;
}
