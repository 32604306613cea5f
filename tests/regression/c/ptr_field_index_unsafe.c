// @expect unsafe
// A variable index into an array field may name the element a constant index names: writing m->data[i]
// with i = 7 changes m->data[7]. (Points-to once added the index's "unknown offset" to the field's offset
// as a number and gave m->data[i] a variable of its own: TRUE.)
extern void reach_error(void);
extern void *malloc(unsigned long);
extern int __VERIFIER_nondet_int(void);
struct message { int length; char data[8]; };
int main(void) {
  struct message *m = malloc(sizeof *m);
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 8) return 0;
  m->data[7] = 'a';
  m->data[i] = 'x';
  if (m->data[7] != 'a') reach_error();
  return 0;
}
