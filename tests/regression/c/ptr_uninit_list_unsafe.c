// @expect unsafe
// @reads uninitialised
// Nodes allocated in a loop whose `tag` is never written: the older node's tag may be 7 and the newer's -3.
extern void reach_error(void);
extern void *malloc(unsigned long);
struct node { int tag; int val; struct node *next; };
int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 2; i++) {
    struct node *n = malloc(sizeof(struct node));
    if (!n) return 0;
    n->val = i;
    n->next = head;
    head = n;
  }
  if (head->next->tag == 7 && head->tag == -3 && head->val == 1) reach_error();
  return 0;
}
