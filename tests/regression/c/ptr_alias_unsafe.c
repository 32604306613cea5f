// @expect unsafe
// Two pointers may alias: the write through q can overwrite x.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void set(int *p, int v) { *p = v; }
int main(void) {
  int x = 0, y = 0;
  set(&x, 5);
  if (x != 5) reach_error();
  int *p = &x;
  int *q = __VERIFIER_nondet_int() ? &x : &y;
  *p = 1;
  *q = 2;
  if (x != 1) reach_error();
  return 0;
}
