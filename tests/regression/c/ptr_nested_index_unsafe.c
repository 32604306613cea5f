// @expect unsafe
// A variable index into an array of structs nested in a struct: a.b[i].c with i = 2 is a.b[2].c. (With
// the points-to bug of ptr_field_index_unsafe.c this gave TRUE, as did the same write through a pointer
// parameter or through a pointer into the middle of the array.)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
struct item { char c; int v; };
struct table { int n; struct item b[4]; };
struct table a;
void put(struct table *t, int i) { t->b[i].c = 'q'; }
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 4);
  a.n = 9;
  a.b[2].c = 'z';
  put(&a, i);
  if (a.b[2].c == 'q' && a.n == 9) reach_error();
  return 0;
}
