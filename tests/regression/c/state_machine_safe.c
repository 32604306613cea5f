// @expect safe
// A handshake state machine in the shape of the ssh tasks: a loop over a switch on `state`, with a flag
// that the states advance in a fixed order. The error needs a flag value that no path through the
// states gives at state 4, but the loop can idle in any state, so no unrolling depth proves it: the
// proof needs, at the loop head, which flag values go with which state (one interval box per state).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int state = 1;
  int flag = 0;
  while (1) {
    if (__VERIFIER_nondet_int()) continue;  // idle
    switch (state) {
      case 1: if (flag == 0) flag = 1; state = 2; break;
      case 2: if (flag == 1) flag = 2; state = __VERIFIER_nondet_int() ? 3 : 5; break;
      case 3: if (flag == 2) flag = 3; state = 4; break;
      case 4:
        if (flag == 3) flag = 4;
        if (flag == 6) reach_error();
        state = 7;
        break;
      case 5: if (flag == 2) flag = 6; state = 6; break;
      case 6: flag = 5; state = 8; break;
      case 7: flag = 0; state = 9; break;
      case 8: if (flag == 5) flag = 11; state = 13; break;
      case 9: if (flag == 0) flag = 8; state = 10; break;
      case 10: if (flag == 8) flag = 9; state = 11; break;
      case 11: if (flag == 9) flag = 10; state = 12; break;
      case 12: flag = 0; state = 1; break;
      case 13: if (flag == 11) flag = 12; state = 1; break;
      default: return 0;
    }
  }
  return 0;
}
