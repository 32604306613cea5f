// @expect unsafe
// An array of structs updated through a pointer to a nondet element, which may be element 2.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
struct P { int x; int y; };
int main(void) {
  struct P ps[4];
  for (int j = 0; j < 4; j++) { ps[j].x = j; ps[j].y = 0; }
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 4);
  struct P *e = &ps[i];
  e->y = e->x + 10;
  if (ps[i].y != i + 10) reach_error();
  if (ps[2].y != 0) reach_error();
  return 0;
}
