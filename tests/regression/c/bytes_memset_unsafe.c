// @expect unsafe
// memset of part of an int through a char pointer: the int's low two bytes become 0x01.
extern void reach_error(void);
extern void *memset(void *, int, unsigned long);
int main(void) {
  int x = 0;
  memset((char *)&x, 1, 2);
  if (x == 0x0101) reach_error();
  return 0;
}
