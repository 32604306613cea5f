// @expect unsafe
// @reads uninitialised
// malloc's contents are arbitrary: the error needs a block whose fields were never written to hold a
// non-null pointer and 0x300, and a pointer found there to lead to a value with bit 8 set.
extern void reach_error(void);
extern void *malloc(unsigned long);
struct cipher { long id; int algorithms; };
struct state { int version; struct cipher *cipher; int *cert; };
int main(void) {
  struct state *s = malloc(sizeof(struct state));
  if (!s) return 0;
  if (s->cert == 0) return 0;
  if (s->version != 0x300) return 0;
  if (s->cipher->algorithms & 256) reach_error();
  return 0;
}
