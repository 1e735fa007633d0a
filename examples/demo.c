/* demo.c: an ordinary C program -- a linked list of heap strings -- that
 * `make demo' builds with ./alaska-gcc and runs with ALASKA_STATS=1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
  struct node *next;
  char *word;
};

int main(void)
{
  static const char *words[] = { "handles", "are", "movable", "pointers" };
  struct node *head = NULL;
  for (int i = 0; i < 4; i++) {
    struct node *n = malloc(sizeof *n);
    n->word = strdup(words[i]);
    n->next = head;
    head = n;
  }
  size_t total = 0;
  for (struct node *n = head; n; n = n->next) {
    printf("%s%s", n->word, n->next ? " " : "\n");
    total += strlen(n->word);
  }
  printf("%zu letters\n", total);
  while (head) {
    struct node *next = head->next;
    free(head->word);
    free(head);
    head = next;
  }
  return 0;
}
