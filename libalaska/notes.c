/* SPDX-License-Identifier: MIT */
/* notes.c: reading the plugin's ELF notes (alaska-abi.h, "Object-file
 * records") in every loaded object, through its PT_NOTE segments. */
#define _GNU_SOURCE
#include <link.h>
#include <string.h>
#include "internal.h"

struct each { alaska_note_fn *fn; void *arg; };

static void scan(const char *p, const char *end, struct each *e)
{
  size_t owner_len = sizeof ALASKA_NOTE_OWNER;
  while (p + sizeof(ElfW(Nhdr)) <= end) {
    const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *) p;
    const char *name = p + sizeof *nh;
    const char *desc = name + ((nh->n_namesz + 3) & ~3u);
    const char *next = desc + ((nh->n_descsz + 3) & ~3u);
    if (next > end)
      break;
    if (nh->n_namesz == owner_len && !memcmp(name, ALASKA_NOTE_OWNER, owner_len))
      e->fn(nh->n_type, desc, nh->n_descsz, e->arg);
    p = next;
  }
}

void alaska_each_note_of(const struct dl_phdr_info *info, alaska_note_fn *fn, void *arg)
{
  struct each e = { fn, arg };
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE)
      continue;
    const char *start = (const char *) (info->dlpi_addr + ph->p_vaddr);
    scan(start, start + ph->p_memsz, &e);
  }
}

static int each_object(struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE)
      continue;
    const char *start = (const char *) (info->dlpi_addr + ph->p_vaddr);
    scan(start, start + ph->p_memsz, data);
  }
  return 0;
}

void alaska_each_note(alaska_note_fn *fn, void *arg)
{
  struct each e = { fn, arg };
  dl_iterate_phdr(each_object, &e);
}
