/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ycsb-load: a YCSB-A-like load generator for memcached's text protocol
 * (make bench-frag, bench/frag/memcached-pauses).  Compiled with plain gcc.
 *
 *   ycsb-load [-H host] [-p port] [-c conns] [-n keys] [-v value-bytes]
 *             [-d seconds] [-r read-fraction] [-z theta] [-s seed]
 *             [-t timeline.csv] [-T timeout-seconds] [-L] [-R]
 *
 * Loads keys 0..n-1 (one `set` each, spread over the connections), then
 * runs for the given duration: every connection is a thread in a closed
 * loop sending `get` (with probability read-fraction, default 0.5) or
 * `set` of a key chosen by a scrambled zipfian distribution (YCSB's, theta
 * default 0.99; -z 0 chooses uniformly) and timing each request from send
 * to the end of its reply.  -L only loads, -R only runs (keys loaded by an
 * earlier -L).  A server that does not answer a request within the timeout
 * (-T, default 10 s) ends the run with status 2.
 *
 * Every value names its key and version and is filled with a pattern
 * derived from them, so a `get` checks that it got an intact value of the
 * right key (a server that moves objects must not corrupt them); a bad
 * value or an unexpected reply counts as an error, and a run with errors
 * exits with status 1.
 *
 * Prints one line of key=value pairs: ops, seconds, throughput (ops/s),
 * mean_us, p50_us, p90_us, p99_us, p999_us, max_us, gets, sets, misses,
 * errors.  -t writes a timeline: per 10 ms of the run, the number of
 * requests that completed in it and the largest latency among them. */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define BUCKET_NS 10000000ull /* timeline resolution: 10 ms */

static const char *host = "127.0.0.1", *port = "11211", *timeline_path;
static int nconns = 4, load_phase = 1, run_phase = 1;
static uint64_t nkeys = 100000, value_bytes = 256;
static double seconds = 10, read_fraction = 0.5, theta = 0.99, reply_timeout = 10;
static uint64_t seed = 1;

static void die(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("ycsb-load: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static uint64_t now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000ull + (uint64_t) ts.tv_nsec;
}

/* xorshift64*: a small per-thread generator. */
static uint64_t rnd(uint64_t *s)
{
  uint64_t x = *s;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *s = x;
  return x * 0x2545F4914F6CDD1Dull;
}

static double rnd01(uint64_t *s)
{
  return (double) (rnd(s) >> 11) * (1.0 / 9007199254740992.0);
}

/* ---- YCSB's zipfian generator (Gray et al., "Quickly generating
 * billion-record synthetic databases"), scrambled by an FNV hash so that
 * the popular keys are spread over the key space. */
static double zeta_n, zipf_alpha, zipf_eta;

static void zipf_init(void)
{
  double zeta2 = 0;
  zeta_n = 0;
  for (uint64_t i = 1; i <= nkeys; i++)
    zeta_n += 1.0 / pow((double) i, theta);
  for (int i = 1; i <= 2; i++)
    zeta2 += 1.0 / pow((double) i, theta);
  zipf_alpha = 1.0 / (1.0 - theta);
  zipf_eta = (1.0 - pow(2.0 / (double) nkeys, 1.0 - theta)) / (1.0 - zeta2 / zeta_n);
}

static uint64_t fnv64(uint64_t v)
{
  uint64_t h = 0xCBF29CE484222325ull;
  for (int i = 0; i < 8; i++) {
    h ^= v & 0xff;
    h *= 1099511628211ull;
    v >>= 8;
  }
  return h;
}

static uint64_t next_key(uint64_t *s)
{
  if (theta == 0)
    return rnd(s) % nkeys;
  double u = rnd01(s), uz = u * zeta_n;
  uint64_t k;
  if (uz < 1.0)
    k = 0;
  else if (uz < 1.0 + pow(0.5, theta))
    k = 1;
  else
    k = (uint64_t) ((double) nkeys * pow(zipf_eta * u - zipf_eta + 1.0, zipf_alpha));
  if (k >= nkeys)
    k = nkeys - 1;
  return fnv64(k) % nkeys;
}

/* ---- values: "<key>:<version>:" then a pattern of letters. */
static char pattern_byte(uint64_t key, uint64_t ver, uint64_t i)
{
  return (char) ('a' + (key * 31 + ver * 17 + i * 7) % 26);
}

static void make_value(char *buf, uint64_t key, uint64_t ver)
{
  int n = snprintf(buf, value_bytes + 1, "%llu:%llu:", (unsigned long long) key,
                   (unsigned long long) ver);
  for (uint64_t i = (uint64_t) n; i < value_bytes; i++)
    buf[i] = pattern_byte(key, ver, i);
}

static int check_value(const char *buf, uint64_t len, uint64_t key)
{
  unsigned long long k, ver;
  int n;
  if (len != value_bytes || sscanf(buf, "%llu:%llu:%n", &k, &ver, &n) != 2 || k != key)
    return 0;
  for (uint64_t i = (uint64_t) n; i < len; i++)
    if (buf[i] != pattern_byte(key, ver, i))
      return 0;
  return 1;
}

/* ---- one connection */
struct conn {
  int fd;
  char rbuf[1 << 16];
  size_t rlen, rpos;
};

static void conn_open(struct conn *c)
{
  struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res;
  int e = getaddrinfo(host, port, &hints, &res);
  if (e)
    die("%s:%s: %s", host, port, gai_strerror(e));
  c->fd = socket(res->ai_family, res->ai_socktype, res->ai_protocol);
  if (c->fd < 0 || connect(c->fd, res->ai_addr, res->ai_addrlen) < 0)
    die("connect %s:%s: %s", host, port, strerror(errno));
  freeaddrinfo(res);
  int one = 1;
  setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct timeval tv = {.tv_sec = (time_t) reply_timeout,
                       .tv_usec = (suseconds_t) ((reply_timeout - (double) (time_t) reply_timeout) * 1e6)};
  setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt(c->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  c->rlen = c->rpos = 0;
}

static void send_all(struct conn *c, const char *p, size_t n)
{
  while (n) {
    ssize_t w = send(c->fd, p, n, MSG_NOSIGNAL);
    if (w < 0 && errno == EINTR)
      continue;
    if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
      die("send: the server took no data for %g s", reply_timeout);
    if (w <= 0)
      die("send: %s", w ? strerror(errno) : "connection closed");
    p += w;
    n -= (size_t) w;
  }
}

static void fill(struct conn *c)
{
  if (c->rpos == c->rlen)
    c->rpos = c->rlen = 0;
  else if (c->rpos > sizeof c->rbuf / 2) {
    memmove(c->rbuf, c->rbuf + c->rpos, c->rlen - c->rpos);
    c->rlen -= c->rpos;
    c->rpos = 0;
  }
  if (c->rlen == sizeof c->rbuf)
    die("reply line too long");
  ssize_t r;
  do
    r = recv(c->fd, c->rbuf + c->rlen, sizeof c->rbuf - c->rlen, 0);
  while (r < 0 && errno == EINTR);
  if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    die("recv: no reply from the server in %g s", reply_timeout);
  if (r <= 0)
    die("recv: %s", r ? strerror(errno) : "connection closed by the server");
  c->rlen += (size_t) r;
}

/* The next line without its "\r\n" (valid until the next read). */
static char *read_line(struct conn *c, size_t *len)
{
  for (;;) {
    char *s = c->rbuf + c->rpos;
    char *nl = memchr(s, '\n', c->rlen - c->rpos);
    if (nl) {
      *len = (size_t) (nl - s) - (nl > s && nl[-1] == '\r');
      s[*len] = 0;
      c->rpos = (size_t) (nl + 1 - c->rbuf);
      return s;
    }
    fill(c);
  }
}

/* Copies n bytes of payload plus "\r\n" into out (n + 2 bytes). */
static void read_bytes(struct conn *c, char *out, size_t n)
{
  n += 2;
  while (n) {
    if (c->rpos == c->rlen)
      fill(c);
    size_t k = c->rlen - c->rpos < n ? c->rlen - c->rpos : n;
    memcpy(out, c->rbuf + c->rpos, k);
    c->rpos += k;
    out += k;
    n -= k;
  }
}

/* set: 0 ok, -1 bad reply */
static int do_set(struct conn *c, char *req, uint64_t key, uint64_t ver)
{
  int h = snprintf(req, 64, "set k%llu 0 0 %llu\r\n", (unsigned long long) key,
                   (unsigned long long) value_bytes);
  make_value(req + h, key, ver);
  memcpy(req + h + value_bytes, "\r\n", 2);
  send_all(c, req, (size_t) h + value_bytes + 2);
  size_t len;
  char *l = read_line(c, &len);
  return strcmp(l, "STORED") == 0 ? 0 : -1;
}

/* get: 1 hit, 0 miss, -1 bad reply or bad value */
static int do_get(struct conn *c, char *req, char *val, uint64_t key)
{
  int h = snprintf(req, 64, "get k%llu\r\n", (unsigned long long) key);
  send_all(c, req, (size_t) h);
  size_t len;
  char *l = read_line(c, &len);
  if (strcmp(l, "END") == 0)
    return 0;
  unsigned long long k, flags, bytes;
  if (sscanf(l, "VALUE k%llu %llu %llu", &k, &flags, &bytes) != 3 || k != key ||
      bytes > value_bytes + 64)
    return -1;
  read_bytes(c, val, bytes);
  val[bytes + 2] = 0;
  int ok = check_value(val, bytes, key) && val[bytes] == '\r' && val[bytes + 1] == '\n';
  l = read_line(c, &len);
  return ok && strcmp(l, "END") == 0 ? 1 : -1;
}

/* ---- threads */
struct worker {
  pthread_t tid;
  int id;
  struct conn conn;
  uint64_t *lat, nlat, cap;
  uint64_t gets, sets, misses, errors;
  uint64_t *tl_count, *tl_max; /* per bucket */
};

static uint64_t run_start, run_end, nbuckets;

static void *load_thread(void *arg)
{
  struct worker *w = arg;
  char *req = malloc(value_bytes + 128);
  uint64_t lo = nkeys * (uint64_t) w->id / (uint64_t) nconns;
  uint64_t hi = nkeys * (uint64_t) (w->id + 1) / (uint64_t) nconns;
  for (uint64_t k = lo; k < hi; k++)
    if (do_set(&w->conn, req, k, 0))
      w->errors++;
  free(req);
  return NULL;
}

static void *run_thread(void *arg)
{
  struct worker *w = arg;
  char *req = malloc(value_bytes + 128), *val = malloc(value_bytes + 128);
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + (uint64_t) w->id * 0xD1B54A32D192ED03ull + 1;
  uint64_t ver = (uint64_t) w->id << 40;
  for (;;) {
    uint64_t key = next_key(&s);
    int get = rnd01(&s) < read_fraction;
    uint64_t t0 = now_ns();
    if (t0 >= run_end)
      break;
    int r = get ? do_get(&w->conn, req, val, key) : do_set(&w->conn, req, key, ++ver);
    uint64_t t1 = now_ns(), d = t1 - t0;
    if (get)
      w->gets++;
    else
      w->sets++;
    if (r < 0)
      w->errors++;
    else if (get && r == 0)
      w->misses++;
    if (w->nlat == w->cap) {
      w->cap = w->cap ? 2 * w->cap : 1 << 16;
      w->lat = realloc(w->lat, w->cap * sizeof *w->lat);
      if (!w->lat)
        die("out of memory");
    }
    w->lat[w->nlat++] = d;
    uint64_t b = (t1 - run_start) / BUCKET_NS;
    if (b < nbuckets) {
      w->tl_count[b]++;
      if (d > w->tl_max[b])
        w->tl_max[b] = d;
    }
  }
  free(req);
  free(val);
  return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

static double pct(const uint64_t *v, uint64_t n, double p)
{
  if (!n)
    return 0;
  uint64_t i = (uint64_t) ceil(p * (double) n);
  if (i > 0)
    i--;
  if (i >= n)
    i = n - 1;
  return (double) v[i] / 1000.0;
}

static void usage(void)
{
  fprintf(stderr, "usage: ycsb-load [-H host] [-p port] [-c conns] [-n keys] [-v value-bytes]\n"
                  "                 [-d seconds] [-r read-fraction] [-z theta] [-s seed]\n"
                  "                 [-t timeline.csv] [-T timeout-seconds] [-L] [-R]\n");
  exit(2);
}

int main(int argc, char **argv)
{
  int opt;
  while ((opt = getopt(argc, argv, "H:p:c:n:v:d:r:z:s:t:T:LR")) != -1) {
    switch (opt) {
    case 'H': host = optarg; break;
    case 'p': port = optarg; break;
    case 'c': nconns = atoi(optarg); break;
    case 'n': nkeys = strtoull(optarg, NULL, 10); break;
    case 'v': value_bytes = strtoull(optarg, NULL, 10); break;
    case 'd': seconds = atof(optarg); break;
    case 'r': read_fraction = atof(optarg); break;
    case 'z': theta = atof(optarg); break;
    case 's': seed = strtoull(optarg, NULL, 10); break;
    case 't': timeline_path = optarg; break;
    case 'T': reply_timeout = atof(optarg); break;
    case 'L': run_phase = 0; break;
    case 'R': load_phase = 0; break;
    default: usage();
    }
  }
  if (optind != argc || nconns < 1 || nconns > 256 || nkeys < 2 || value_bytes < 32 ||
      value_bytes > 1000000 || seconds <= 0 || read_fraction < 0 || read_fraction > 1 ||
      theta < 0 || theta >= 1 || reply_timeout <= 0)
    usage();
  if (theta > 0)
    zipf_init();

  struct worker *w = calloc((size_t) nconns, sizeof *w);
  for (int i = 0; i < nconns; i++) {
    w[i].id = i;
    conn_open(&w[i].conn);
  }
  uint64_t load_errors = 0;
  if (load_phase) {
    uint64_t t0 = now_ns();
    for (int i = 0; i < nconns; i++)
      pthread_create(&w[i].tid, NULL, load_thread, &w[i]);
    for (int i = 0; i < nconns; i++) {
      pthread_join(w[i].tid, NULL);
      load_errors += w[i].errors;
      w[i].errors = 0;
    }
    fprintf(stderr, "ycsb-load: loaded %llu keys of %llu bytes in %.2f s (%llu errors)\n",
            (unsigned long long) nkeys, (unsigned long long) value_bytes,
            (double) (now_ns() - t0) / 1e9, (unsigned long long) load_errors);
  }
  if (!run_phase) {
    printf("loaded=%llu errors=%llu\n", (unsigned long long) nkeys,
           (unsigned long long) load_errors);
    return load_errors ? 1 : 0;
  }

  nbuckets = (uint64_t) (seconds * 1e9 / (double) BUCKET_NS) + 1;
  for (int i = 0; i < nconns; i++) {
    w[i].tl_count = calloc(nbuckets, sizeof(uint64_t));
    w[i].tl_max = calloc(nbuckets, sizeof(uint64_t));
  }
  run_start = now_ns();
  run_end = run_start + (uint64_t) (seconds * 1e9);
  for (int i = 0; i < nconns; i++)
    pthread_create(&w[i].tid, NULL, run_thread, &w[i]);
  for (int i = 0; i < nconns; i++)
    pthread_join(w[i].tid, NULL);
  double elapsed = (double) (now_ns() - run_start) / 1e9;

  uint64_t n = 0, gets = 0, sets = 0, misses = 0, errors = load_errors;
  for (int i = 0; i < nconns; i++) {
    n += w[i].nlat;
    gets += w[i].gets;
    sets += w[i].sets;
    misses += w[i].misses;
    errors += w[i].errors;
  }
  uint64_t *all = malloc((n ? n : 1) * sizeof *all), m = 0;
  double sum = 0;
  for (int i = 0; i < nconns; i++) {
    memcpy(all + m, w[i].lat, w[i].nlat * sizeof *all);
    m += w[i].nlat;
  }
  for (uint64_t i = 0; i < n; i++)
    sum += (double) all[i];
  qsort(all, n, sizeof *all, cmp_u64);
  printf("ops=%llu seconds=%.3f throughput=%.1f mean_us=%.2f p50_us=%.2f p90_us=%.2f "
         "p99_us=%.2f p999_us=%.2f max_us=%.2f gets=%llu sets=%llu misses=%llu errors=%llu\n",
         (unsigned long long) n, elapsed, (double) n / elapsed, n ? sum / (double) n / 1000.0 : 0,
         pct(all, n, 0.5), pct(all, n, 0.9), pct(all, n, 0.99), pct(all, n, 0.999),
         n ? (double) all[n - 1] / 1000.0 : 0, (unsigned long long) gets,
         (unsigned long long) sets, (unsigned long long) misses, (unsigned long long) errors);

  if (timeline_path) {
    FILE *f = fopen(timeline_path, "w");
    if (!f)
      die("%s: %s", timeline_path, strerror(errno));
    fprintf(f, "time_ms,requests,max_us\n");
    for (uint64_t b = 0; b < nbuckets; b++) {
      uint64_t cnt = 0, mx = 0;
      for (int i = 0; i < nconns; i++) {
        cnt += w[i].tl_count[b];
        if (w[i].tl_max[b] > mx)
          mx = w[i].tl_max[b];
      }
      fprintf(f, "%llu,%llu,%.1f\n", (unsigned long long) (b * BUCKET_NS / 1000000),
              (unsigned long long) cnt, (double) mx / 1000.0);
    }
    fclose(f);
  }
  return errors ? 1 : 0;
}
