// @expect unsafe
// memcpy of an int array into a char buffer and back, after one byte of the buffer changed.
extern void reach_error(void);
extern void *memcpy(void *, const void *, unsigned long);
int main(void) {
  int a[2] = {1, 2};
  unsigned char buffer[8];
  memcpy(buffer, a, sizeof a);
  buffer[5] = 1;
  int b[2];
  memcpy(b, buffer, sizeof b);
  if (b[1] == 258) reach_error();
  return 0;
}
