/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libcurl's easy API against an HTTP server on 127.0.0.1 that the test
   forks itself (port 0, read back with getsockname; it listens before the
   fork, so the client needs no wait).  Handles reach curl everywhere a
   program puts them: malloc'd URL strings (CURLOPT_URL, through the
   variadic curl_easy_setopt), a malloc'd sink passed as CURLOPT_WRITEDATA
   and handed back to the write callback, curl_slist headers appended from
   malloc'd strings, a malloc'd body as CURLOPT_POSTFIELDS (curl keeps the
   pointer and reads it during curl_easy_perform), a malloc'd long for
   curl_easy_getinfo, and the sink again as CURLOPT_PRIVATE, which
   CURLINFO_PRIVATE gives back: the program gets the handle it passed (into
   a variable, or into malloc'd memory) and frees the sink through it.
   The write callback moves every unpinned object (alaska_barrier, the
   malloc service) while curl is in the middle of a transfer, and so does
   the loop between requests.  Each response is checked byte for byte
   against what the server was sent. */
/* { dg-do run } */
/* { dg-require-pkg "libcurl" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-options "-Wl,--no-as-needed -lcurl" } */
/* { dg-output "^GET /doc/0: 200, 70000 bytes, same\n" } */
/* { dg-output "POST /form/1: 200, 1001 bytes sent, echo same\n" } */
/* { dg-output "GET /doc/2: 200, 70002 bytes, same\n" } */
/* { dg-output "POST /form/3: 200, 3003 bytes sent, echo same\n" } */
/* { dg-output "GET /doc/4: 200, 70004 bytes, same\n" } */
/* { dg-output "POST /form/5: 200, 5005 bytes sent, echo same\n" } */
/* { dg-output "CURLINFO_PRIVATE gave back the handle: 6 of 6\n" } */
/* { dg-output "callbacks: many, moving objects in all\nserver: 6 requests\n$" } */
#include <alaska.h>
#include <arpa/inet.h>
#include <curl/curl.h>
#include <stdint.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define REQUESTS 6

/* The document GET /doc/N serves: 70000 + N bytes of a pattern. */
static char doc_byte (size_t i, unsigned n)
{
  return "abcdefghijklmnopqrstuvwxyz0123456789\n"[(i * 7 + n + i / 4093) % 37];
}

/* ---- The server (the forked child). ---- */

static int read_request (int fd, char *buf, size_t cap, size_t *len)
{
  size_t got = 0;
  char *end = NULL;
  while (!end)
    {
      if (got + 1 >= cap)
        return -1;
      ssize_t k = read (fd, buf + got, cap - 1 - got);
      if (k <= 0)
        return -1;
      got += (size_t) k;
      buf[got] = 0;
      end = strstr (buf, "\r\n\r\n");
    }
  size_t head = (size_t) (end + 4 - buf);
  const char *cl = strstr (buf, "Content-Length: ");
  size_t want = head + (cl && cl < end ? strtoul (cl + 16, NULL, 10) : 0);
  while (got < want)
    {
      if (want >= cap)
        return -1;
      ssize_t k = read (fd, buf + got, want - got);
      if (k <= 0)
        return -1;
      got += (size_t) k;
    }
  *len = got;
  return (int) head;
}

static void write_all (int fd, const char *p, size_t n)
{
  while (n)
    {
      ssize_t k = write (fd, p, n);
      if (k <= 0)
        _exit (3);
      p += k, n -= (size_t) k;
    }
}

/* GET /doc/N: the document.  POST: "METHOD PATH|X-Alaska value|body". */
static void serve (int listener)
{
  static char req[16384], resp[80000];
  for (int served = 0; served < REQUESTS; served++)
    {
      int fd = accept (listener, NULL, NULL);
      size_t len;
      int head = fd < 0 ? -1 : read_request (fd, req, sizeof req, &len);
      if (head < 0)
        _exit (2);
      char method[8], path[64];
      unsigned n;
      if (sscanf (req, "%7s %63s", method, path) != 2)
        _exit (2);
      size_t out;
      if (sscanf (path, "/doc/%u", &n) == 1)
        {
          out = 70000 + n;
          for (size_t i = 0; i < out; i++)
            resp[i] = doc_byte (i, n);
        }
      else
        {
          const char *x = strstr (req, "X-Alaska: ");
          const char *xe = x ? strstr (x, "\r\n") : NULL;
          if (!xe)
            _exit (2);
          out = (size_t) snprintf (resp, sizeof resp, "%s %s|%.*s|", method, path,
                                   (int) (xe - x - 10), x + 10);
          memcpy (resp + out, req + head, len - (size_t) head);
          out += len - (size_t) head;
        }
      char status[128];
      int sl = snprintf (status, sizeof status,
                         "HTTP/1.1 200 OK\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n", out);
      write_all (fd, status, (size_t) sl);
      write_all (fd, resp, out);
      close (fd);
    }
  _exit (0);
}

/* ---- The client: the program under test. ---- */

struct sink
{
  char *data;
  size_t len;
  unsigned calls;
};

static unsigned callbacks, probe_moves, private_same;
static char *probe;             /* never given to curl */

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* CURLOPT_WRITEFUNCTION: curl hands back the CURLOPT_WRITEDATA pointer. */
static size_t on_write (char *p, size_t size, size_t nmemb, void *user)
{
  struct sink *s = user;
  size_t k = size * nmemb;
  char *grown = realloc (s->data, s->len + k + 1);
  if (!grown)
    return 0;
  s->data = grown;
  memcpy (s->data + s->len, p, k);
  s->len += k;
  s->data[s->len] = 0;
  s->calls++;
  callbacks++;
  void *before = backing (probe);
  alaska_barrier ();
  probe_moves += backing (probe) != before;
  return k;
}

int main (void)
{
  int listener = socket (AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = 0 };
  addr.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  socklen_t alen = sizeof addr;
  if (listener < 0 || bind (listener, (struct sockaddr *) &addr, sizeof addr) != 0
      || listen (listener, REQUESTS) != 0
      || getsockname (listener, (struct sockaddr *) &addr, &alen) != 0)
    {
      perror ("server socket");
      return 1;
    }
  fflush (stdout);
  pid_t server = fork ();
  if (server == 0)
    serve (listener);
  close (listener);

  if (curl_global_init (CURL_GLOBAL_DEFAULT) != CURLE_OK)
    abort ();
  probe = strdup ("probe");
  for (unsigned i = 0; i < REQUESTS; i++)
    {
      CURL *c = curl_easy_init ();
      int post = i % 2;
      char *url = malloc (80);
      snprintf (url, 80, "http://127.0.0.1:%d/%s/%u", ntohs (addr.sin_port),
                post ? "form" : "doc", i);
      struct sink *s = calloc (1, sizeof *s);
      char *header = malloc (40);
      snprintf (header, 40, "X-Alaska: value-%u", i * 11);
      /* An empty Expect: a POST body goes out without waiting for
         "100 Continue". */
      struct curl_slist *headers = curl_slist_append (NULL, header);
      headers = curl_slist_append (headers, "Expect:");
      free (header);
      size_t body_len = 1000 * i + i;
      char *body = NULL;
      if (post)
        {
          body = malloc (body_len);
          for (size_t j = 0; j < body_len; j++)
            body[j] = (char) ('A' + (j * 3 + i) % 26);
        }
      if (!alaska_is_handle (url) || !alaska_is_handle (s) || (post && !alaska_is_handle (body)))
        abort ();
      curl_easy_setopt (c, CURLOPT_URL, url);
      curl_easy_setopt (c, CURLOPT_WRITEFUNCTION, on_write);
      curl_easy_setopt (c, CURLOPT_WRITEDATA, s);
      curl_easy_setopt (c, CURLOPT_HTTPHEADER, headers);
      curl_easy_setopt (c, CURLOPT_PRIVATE, s);
      if (post)
        {
          curl_easy_setopt (c, CURLOPT_POSTFIELDS, body);
          curl_easy_setopt (c, CURLOPT_POSTFIELDSIZE, (long) body_len);
        }
      alaska_barrier ();
      CURLcode r = curl_easy_perform (c);
      long *code = malloc (sizeof *code);
      *code = 0;
      curl_easy_getinfo (c, CURLINFO_RESPONSE_CODE, code);
      if (r != CURLE_OK)
        {
          printf ("request %u: %s\n", i, curl_easy_strerror (r));
          return 1;
        }
      int same;
      if (post)
        {
          char *want = malloc (body_len + 100);
          int w = snprintf (want, 100, "POST /form/%u|value-%u|", i, i * 11);
          memcpy (want + w, body, body_len);
          same = s->len == (size_t) w + body_len && !memcmp (s->data, want, s->len);
          printf ("POST /form/%u: %ld, %zu bytes sent, echo %s\n", i, *code, body_len,
                  same ? "same" : "DIFFERENT");
          free (want);
        }
      else
        {
          same = s->len == 70000 + i;
          for (size_t j = 0; same && j < s->len; j++)
            same = s->data[j] == doc_byte (j, i);
          printf ("GET /doc/%u: %ld, %zu bytes, %s\n", i, *code, s->len,
                  same ? "same" : "DIFFERENT");
        }
      struct sink *back_here = NULL, **back = post ? &back_here : malloc (sizeof *back);
      curl_easy_getinfo (c, CURLINFO_PRIVATE, back);
      private_same += *back == s && alaska_is_handle (*back);
      s = *back;
      if (back != &back_here)
        free (back);
      curl_easy_cleanup (c);
      curl_slist_free_all (headers);
      free (code), free (url), free (body), free (s->data), free (s);
      alaska_barrier ();
    }
  curl_global_cleanup ();
  printf ("CURLINFO_PRIVATE gave back the handle: %u of %d\n", private_same, REQUESTS);
  printf ("callbacks: %s, moving objects in %s\n", callbacks >= 2 * REQUESTS ? "many" : "few",
          probe_moves == callbacks ? "all" : "not all");
  free (probe);
  int status;
  if (waitpid (server, &status, 0) != server)
    abort ();
  printf ("server: %d requests\n", WIFEXITED (status) && WEXITSTATUS (status) == 0 ? REQUESTS : -1);
  return 0;
}
