// @expect safe
// Writes through pointer parameters reach the caller's locals; two pointers alias only when chosen so.
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
  if (q == p && x != 2) reach_error();
  if (q != p && (x != 1 || y != 2)) reach_error();
  return 0;
}
