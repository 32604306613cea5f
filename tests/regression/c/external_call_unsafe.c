// @expect unsafe
// A direct call of a function the program only declares returns any value of its result type (the
// native replay defines it and hands out the trace's value); an unsigned char result stays below 256.
extern void reach_error(void);
extern unsigned char status(int port);
int main(void) {
  int s = status(1);
  if (s > 255) return 0;
  if (s == 200) reach_error();
  return 0;
}
