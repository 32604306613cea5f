// @expect safe
// Uninitialised fields are arbitrary but stable: reading one twice gives the same value.
extern void reach_error(void);
extern void *malloc(unsigned long);
struct state { int version; int *cert; };
int main(void) {
  struct state *s = malloc(sizeof(struct state));
  if (!s) return 0;
  int version = s->version;
  if (s->cert != 0 && s->version != version) reach_error();
  return 0;
}
