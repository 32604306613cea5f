// @expect safe
// Chars of an array field written at a variable index, beside an int field of the same struct: the int
// keeps its count and the last char is the one written. (The bug of ptr_field_index_unsafe.c made this
// program's engines find error paths that the native replay refuted.)
extern void reach_error(void);
extern void *malloc(unsigned long);
struct message { int length; char data[8]; };
int main(void) {
  struct message *m = malloc(sizeof *m);
  m->length = 0;
  for (int i = 0; i < 8; i++) {
    m->data[i] = 'x';
    m->length++;
  }
  if (m->length != 8 || m->data[7] != 'x') reach_error();
  return 0;
}
