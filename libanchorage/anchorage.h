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

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The statistics: X(type, name, shown, meaning) for each field of struct
 * anchorage_stats after its size, in order.  shown is how
 * anchorage_stats_print prints the field: u as an integer, f with three
 * decimals, no not at all. */
#define ANCHORAGE_STATS_FIELDS(X) \
  X(uint64_t, extent_bytes, u,  "pages held and block sub-heaps' extent") \
  X(uint64_t, live_bytes,   u,  "usable bytes of live blocks in them") \
  X(uint64_t, large_bytes,  u,  "live objects outside the sub-heaps: large ones " \
                                "(above 4 MiB, in mappings of their own) and those " \
                                "aligned beyond 16 bytes (libalaska's region malloc)") \
  X(uint64_t, subheaps,     u,  "sub-heaps in use") \
  X(double,   fragmentation, f, "extent_bytes / live_bytes (1 when empty)") \
  X(int,      defragmenting, no, "control loop state: 0 waiting, 1 defragmenting") \
  X(uint64_t, passes,       u,  "defragmentation passes run") \
  X(uint64_t, objects_moved, u, "objects the passes moved, in total") \
  X(uint64_t, bytes_moved,  u,  "bytes the passes moved, in total") \
  X(uint64_t, bytes_released, u, "extent the passes gave back to the kernel") \
  X(uint64_t, pass_ns_last, no, "wall time of the last pass's barrier") \
  X(uint64_t, pass_ns_max,  u,  "... of the longest") \
  X(uint64_t, pass_ns_total, u, "... of all of them") \
  X(uint64_t, passes_stopped_early, u, "passes the pause bound cut short " \
                                       "(ANCHORAGE_MAX_PAUSE)")

struct anchorage_stats {
  /* In: sizeof (struct anchorage_stats) as the caller was compiled.  Out:
   * the bytes anchorage_stats_get filled, so that the struct can grow at
   * its end without breaking programs built against an older anchorage.h. */
  size_t size;
#define ANCHORAGE_STATS_FIELD_(type, name, shown, meaning) type name;
  ANCHORAGE_STATS_FIELDS(ANCHORAGE_STATS_FIELD_)
#undef ANCHORAGE_STATS_FIELD_
};

/* Defragment the whole heap now, moving every object that is not pinned
 * out of sparse pages and sub-heaps: one barrier, or several when the
 * pause bound (ANCHORAGE_MAX_PAUSE) cuts passes short -- until a pass
 * finishes or makes no progress.  Returns the number of bytes moved, or -1
 * if no barrier could complete (nothing moved) or Anchorage is not the
 * service in use. */
long anchorage_defragment(void);

/* Fill *st, whose size the caller has set:
 *     struct anchorage_stats st = { .size = sizeof st };
 * Returns -1, with the fields zeroed, if Anchorage is not in use; -1 and
 * nothing written if st->size is too small for the size field itself. */
int anchorage_stats_get(struct anchorage_stats *st);
/* Print the statistics on stderr as "anchorage: <key> <value>" lines
 * (ANCHORAGE_STATS=1 does this at exit). */
void anchorage_stats_print(void);

#ifdef __cplusplus
}
#endif
#endif /* ANCHORAGE_H */
