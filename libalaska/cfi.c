/* SPDX-License-Identifier: MIT */
/* cfi.c: the CFA rule at a code address, from the loaded object's
 * .eh_frame (found through PT_GNU_EH_FRAME's search table).
 *
 * The barrier locates a frame's pin set relative to the frame's canonical
 * frame address; the offset is fixed per function, and is found once, at
 * the function's entry safepoint, by evaluating the call frame
 * instructions up to that address.  Only the CFA column is tracked;
 * register rules are parsed and skipped.  .eh_frame survives `strip'.
 */
#define _GNU_SOURCE
#include <link.h>
#include <stdint.h>
#include <string.h>
#include "internal.h"

/* DW_EH_PE_* pointer encodings. */
enum {
  PE_ABSPTR = 0x00, PE_ULEB128 = 0x01, PE_UDATA2 = 0x02, PE_UDATA4 = 0x03,
  PE_UDATA8 = 0x04, PE_SLEB128 = 0x09, PE_SDATA2 = 0x0a, PE_SDATA4 = 0x0b,
  PE_SDATA8 = 0x0c, PE_PCREL = 0x10, PE_DATAREL = 0x30, PE_INDIRECT = 0x80,
  PE_OMIT = 0xff
};

static uint64_t uleb(const uint8_t **p)
{
  uint64_t v = 0;
  unsigned shift = 0;
  uint8_t b;
  do {
    b = *(*p)++;
    if (shift < 64)
      v |= (uint64_t) (b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  return v;
}

static int64_t sleb(const uint8_t **p)
{
  int64_t v = 0;
  unsigned shift = 0;
  uint8_t b;
  do {
    b = *(*p)++;
    if (shift < 64)
      v |= (int64_t) (b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  if (shift < 64 && (b & 0x40))
    v |= -((int64_t) 1 << shift);
  return v;
}

static uint64_t read_encoded(const uint8_t **p, uint8_t enc, uint64_t datarel)
{
  const uint8_t *start = *p;
  uint64_t v;
  if (enc == PE_OMIT)
    return 0;
  switch (enc & 0x0f) {
  case PE_ABSPTR: case PE_UDATA8: case PE_SDATA8:
    memcpy(&v, *p, 8); *p += 8; break;
  case PE_UDATA4: { uint32_t x; memcpy(&x, *p, 4); *p += 4; v = x; break; }
  case PE_SDATA4: { int32_t x; memcpy(&x, *p, 4); *p += 4; v = (uint64_t) (int64_t) x; break; }
  case PE_UDATA2: { uint16_t x; memcpy(&x, *p, 2); *p += 2; v = x; break; }
  case PE_SDATA2: { int16_t x; memcpy(&x, *p, 2); *p += 2; v = (uint64_t) (int64_t) x; break; }
  case PE_ULEB128: v = uleb(p); break;
  case PE_SLEB128: v = (uint64_t) sleb(p); break;
  default: return 0;
  }
  switch (enc & 0x70) {
  case PE_PCREL: v += (uint64_t) (uintptr_t) start; break;
  case PE_DATAREL: v += datarel; break;
  default: break;
  }
  if (enc & PE_INDIRECT)
    v = *(const uint64_t *) (uintptr_t) v;
  return v;
}

struct find { uintptr_t pc; const uint8_t *hdr; };

static int find_hdr(struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  struct find *f = data;
  const uint8_t *hdr = NULL;
  int inside = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && f->pc >= start && f->pc < start + ph->p_memsz)
      inside = 1;
    else if (ph->p_type == PT_GNU_EH_FRAME)
      hdr = (const uint8_t *) start;
  }
  if (inside) {
    f->hdr = hdr;
    return 1;
  }
  return 0;
}

/* The FDE covering pc, via the binary search table of .eh_frame_hdr. */
static const uint8_t *find_fde(uintptr_t pc)
{
  struct find f = { pc, NULL };
  if (!dl_iterate_phdr(find_hdr, &f) || !f.hdr || f.hdr[0] != 1)
    return NULL;
  const uint8_t *hdr = f.hdr, *p = hdr + 4;
  uint64_t base = (uint64_t) (uintptr_t) hdr;
  read_encoded(&p, hdr[1], base);                       /* eh_frame_ptr */
  uint64_t count = read_encoded(&p, hdr[2], base);
  if (hdr[3] != (PE_DATAREL | PE_SDATA4) || count == 0)
    return NULL;                /* the table GNU ld always writes */
  const int32_t *table = (const int32_t *) p;
  uint64_t lo = 0, hi = count;
  while (hi - lo > 1) {
    uint64_t mid = (lo + hi) / 2;
    if ((uintptr_t) (base + (int64_t) table[2 * mid]) <= pc)
      lo = mid;
    else
      hi = mid;
  }
  if ((uintptr_t) (base + (int64_t) table[2 * lo]) > pc)
    return NULL;
  return (const uint8_t *) (uintptr_t) (base + (int64_t) table[2 * lo + 1]);
}

struct cie {
  uint64_t code_align;
  int64_t data_align;
  uint8_t fde_enc;
  int has_z;
  const uint8_t *insns, *end;
};

static int parse_cie(const uint8_t *p, struct cie *c)
{
  uint64_t len = *(const uint32_t *) p;
  p += 4;
  if (len == 0xffffffff)
    return -1;                  /* 64-bit DWARF: not produced for x86-64 */
  const uint8_t *end = p + len;
  p += 4;                       /* CIE id */
  uint8_t version = *p++;
  const char *aug = (const char *) p;
  p += strlen(aug) + 1;
  if (aug[0] == 'e' && aug[1] == 'h')
    p += 8;
  c->code_align = uleb(&p);
  c->data_align = sleb(&p);
  if (version == 1)
    p++;
  else
    uleb(&p);
  c->fde_enc = PE_ABSPTR;
  c->has_z = aug[0] == 'z';
  if (c->has_z) {
    uint64_t n = uleb(&p);
    const uint8_t *q = p;
    for (const char *a = aug + 1; *a; a++) {
      if (*a == 'R')
        c->fde_enc = *q++;
      else if (*a == 'P') {
        uint8_t enc = *q++;
        read_encoded(&q, enc & ~PE_INDIRECT, 0);
      } else if (*a == 'L')
        q++;
    }
    p += n;
  }
  c->insns = p;
  c->end = end;
  return 0;
}

struct cfa { int reg; int64_t off; int valid; };

/* Run the instructions [p, end) from code address loc while loc <= pc. */
static int run(const uint8_t *p, const uint8_t *end, const struct cie *c,
               uintptr_t loc, uintptr_t pc, struct cfa *cfa, struct cfa *initial)
{
  struct cfa stack[16];
  int depth = 0;
  while (p < end) {
    uint8_t op = *p++;
    uint64_t delta = 0;
    switch (op >> 6) {
    case 1: delta = op & 0x3f; goto advance;
    case 2: uleb(&p); continue;                         /* offset */
    case 3: continue;                                   /* restore */
    }
    switch (op) {
    case 0x00: break;                                   /* nop */
    case 0x01: loc = read_encoded(&p, c->fde_enc, 0); if (loc > pc) return 0; break;
    case 0x02: delta = *p++; goto advance;
    case 0x03: { uint16_t d; memcpy(&d, p, 2); p += 2; delta = d; goto advance; }
    case 0x04: { uint32_t d; memcpy(&d, p, 4); p += 4; delta = d; goto advance; }
    case 0x05: uleb(&p); uleb(&p); break;               /* offset_extended */
    case 0x06: case 0x07: case 0x08: uleb(&p); break;   /* restore_ext, undefined, same_value */
    case 0x09: uleb(&p); uleb(&p); break;               /* register */
    case 0x0a: if (depth < 16) stack[depth++] = *cfa; break;
    case 0x0b:
      if (depth > 0) {
        struct cfa s = stack[--depth];
        cfa->reg = s.reg; cfa->off = s.off; cfa->valid = s.valid;
      }
      break;
    case 0x0c: cfa->reg = (int) uleb(&p); cfa->off = (int64_t) uleb(&p); cfa->valid = 1; break;
    case 0x0d: cfa->reg = (int) uleb(&p); break;
    case 0x0e: cfa->off = (int64_t) uleb(&p); break;
    case 0x0f: { uint64_t n = uleb(&p); p += n; cfa->valid = 0; break; }  /* def_cfa_expression */
    case 0x10: case 0x16: { uleb(&p); uint64_t n = uleb(&p); p += n; break; }
    case 0x11: case 0x14: case 0x15: uleb(&p); sleb(&p); break;
    case 0x12: cfa->reg = (int) uleb(&p); cfa->off = sleb(&p) * c->data_align; cfa->valid = 1; break;
    case 0x13: cfa->off = sleb(&p) * c->data_align; break;
    case 0x2e: uleb(&p); break;                         /* GNU_args_size */
    case 0x2f: uleb(&p); uleb(&p); break;
    default: return -1;
    }
    continue;
  advance:
    loc += delta * c->code_align;
    if (loc > pc)
      return 0;
  }
  (void) initial;
  return 0;
}

int alaska_cfa_rule(uintptr_t pc, int *reg, int64_t *off, uintptr_t *fn_start, uintptr_t *fn_end)
{
  const uint8_t *fde = find_fde(pc);
  if (!fde)
    return -1;
  uint32_t len = *(const uint32_t *) fde;
  if (len == 0xffffffff)
    return -1;
  const uint8_t *end = fde + 4 + len, *p = fde + 4;
  int32_t cie_off = *(const int32_t *) p;
  const uint8_t *cie_ptr = p - cie_off;
  p += 4;
  struct cie c;
  if (parse_cie(cie_ptr, &c))
    return -1;
  uintptr_t start = read_encoded(&p, c.fde_enc, 0);
  uintptr_t range = read_encoded(&p, c.fde_enc & 0x0f, 0);
  if (pc < start || pc >= start + range)
    return -1;
  if (c.has_z) {
    uint64_t n = uleb(&p);
    p += n;
  }
  struct cfa cfa = { 7, 8, 1 };         /* rsp + 8 at entry, if the CIE says nothing */
  if (run(c.insns, c.end, &c, start, pc, &cfa, NULL) || run(p, end, &c, start, pc, &cfa, NULL)
      || !cfa.valid)
    return -1;
  *reg = cfa.reg;
  *off = cfa.off;
  *fn_start = start;
  *fn_end = start + range;
  return 0;
}
