/* units/plain-sum.h: a library compiled without the plugin (plain gcc),
   declared in a header that is not a system header. */
int plain_sum (const int *v, int n);
