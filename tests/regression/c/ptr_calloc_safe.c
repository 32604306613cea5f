// @expect safe
// calloc zero-initialises a struct returned by a function; a field set by the caller is kept.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
struct R { int a; int b; struct R *link; };
struct R *make(void) {
  struct R *r = calloc(1, sizeof(struct R));
  return r;
}
int main(void) {
  struct R *r = make();
  if (!r) return 0;
  if (r->a != 0 || r->b != 0 || r->link != 0) reach_error();
  r->a = __VERIFIER_nondet_int();
  if (r->b != 0) reach_error();
  r->link = r;
  if (r->link->a != r->a) reach_error();
  free(r);
  return 0;
}
