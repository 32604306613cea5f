// @expect unsafe
// The safe state machine (state_machine_safe.c) with one transition changed: state 6 goes on to state 3
// keeping the flag 6 that state 5 set, so state 4 reaches the error. A bug only a path through five
// states shows. (Without the safe program's idle step, which only defeats plain k-induction there and
// would make the front-end test's bounded path search slow.)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int state = 1;
  int flag = 0;
  while (1) {
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
      case 6: state = 3; break;
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
