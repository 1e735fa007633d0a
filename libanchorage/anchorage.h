/* SPDX-License-Identifier: MIT */
/* anchorage.h: the public API of libanchorage, gcc-alaska's defragmenting
 * service.
 *
 * Programs built with alaska-gcc use Anchorage for the backing memory of
 * their handles unless built with --alaska-service=malloc or run with
 * ALASKA_SERVICE=malloc.  A background thread keeps fragmentation (heap
 * extent / live bytes) within bounds by moving objects during short
 * stop-the-world barriers and returning freed pages to the kernel.  The
 * control loop is tuned with ANCHORAGE_* environment variables; see
 * anchorage(7).
 *
 * Link with `pkg-config --libs anchorage` (-lanchorage -lalaska).
 */
#ifndef ANCHORAGE_H
#define ANCHORAGE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct anchorage_stats {
  uint64_t extent_bytes;        /* pages held and block sub-heaps' extent */
  uint64_t live_bytes;          /* usable bytes of live blocks in them */
  uint64_t large_bytes;         /* live objects outside the sub-heaps: large
                                   ones (above 4 MiB, in mappings of their
                                   own) and those aligned beyond 16 bytes
                                   (libalaska's region malloc) */
  uint64_t subheaps;            /* sub-heaps in use */
  double fragmentation;         /* extent_bytes / live_bytes (1 when empty) */
  int defragmenting;            /* control loop state: 0 waiting, 1 defragmenting */
  uint64_t passes;              /* defragmentation passes run */
  uint64_t objects_moved;       /* in total */
  uint64_t bytes_moved;         /* in total */
  uint64_t bytes_released;      /* extent the passes gave back to the kernel */
  uint64_t pass_ns_last;        /* wall time of the last pass's barrier */
  uint64_t pass_ns_max;
  uint64_t pass_ns_total;
  uint64_t passes_stopped_early;  /* passes the pause bound cut short
                                     (ANCHORAGE_MAX_PAUSE) */
};

/* Defragment the whole heap now, moving every object that is not pinned
 * out of sparse pages and sub-heaps: one barrier, or several when the
 * pause bound (ANCHORAGE_MAX_PAUSE) cuts passes short -- until a pass
 * finishes or makes no progress.  Returns the number of bytes moved, or -1
 * if no barrier could complete (nothing moved) or Anchorage is not the
 * service in use. */
long anchorage_defragment(void);

/* Fill *st.  Returns -1 (and zeroes *st) if Anchorage is not in use. */
int anchorage_stats_get(struct anchorage_stats *st);
/* Print the statistics on stderr as "anchorage: <key> <value>" lines
 * (ANCHORAGE_STATS=1 does this at exit). */
void anchorage_stats_print(void);

#ifdef __cplusplus
}
#endif
#endif /* ANCHORAGE_H */
