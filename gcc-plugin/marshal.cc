// SPDX-License-Identifier: GPL-3.0-or-later
/* marshal.cc: type-directed marshalling of the pointers that a call into
 * code the plugin did not compile reads or writes through its arguments.
 *
 * Translating a pointer argument is not enough when the callee follows
 * pointers stored where the argument points: getsubopt (&subopts, ...),
 * iconv (cd, &in, &inlen, &out, &outlen), mbsrtowcs (w, &src, n, &st), and
 * zlib's inflate (strm) reading strm->next_in.  The prototype says where
 * such pointers are, the *slots* of the call:
 *   - a `T **' parameter whose pointee pointer is not const: one slot,
 *     the pointer it points at;
 *   - a pointer to a complete structure: each data pointer member,
 *     also in nested structures (function pointers are callbacks: left
 *     alone; unions and arrays inside the structure too).  Structures
 *     whose tag starts with `_' are the C library's own (FILE is struct
 *     _IO_FILE, locale_t, va_list): they hold no handles of the program;
 *   - a `T *const *' parameter is an array (execv's argv, getsubopt's
 *     tokens): the elements of an array the argument names with a known
 *     length are slots; otherwise libalaska checks at run time that its
 *     first element is no handle, and stops the program naming the
 *     function if it is (ALASKA_MARSHAL_ARRAY_FN).  Where the pointers
 *     there lead only to the library's own memory (KEPT_PTRS: tfind's
 *     root), the first element is a slot, nothing below it checked.
 * Functions with wrappers in libalaska never get here: the call is
 * redirected to the wrapper first.
 *
 * A function that keeps the structure an argument points to (aio_read's
 * aiocb, sigaltstack's stack_t: tools/libc-behaviour.txt's KEEPS) reads
 * its slots after it returns.  Their objects are kept in place for good
 * (alaska_keep) before the call, and the slots keep their translations
 * after it: alaska_marshal_out does not give them back as handles (a
 * kept object's address works as its handle does).
 *
 * An out-parameter (OUT: getgrnam_r's structure and result, getaddrinfo's
 * *res) is written by the callee, not read: nothing below its slots is
 * checked before the call, and where a slot's type points to a pointer,
 * alaska_marshal_out_array rebases after the call the elements of the
 * null-terminated array the callee built in one of the call's objects
 * (gr_mem, h_addr_list in the buffer).  Nor is anything checked below the
 * slots of an argument whose pointers lead only to kept objects
 * (KEPT_PTRS: an obstack's chunks, a kept ucontext's link and stack).
 * A structure whose pointer members
 * the callee never follows (READS_SCALARS: getaddrinfo's hints) is not
 * marshalled; nor is one the C library allocated (LIBC_MEMORY argN:
 * freeaddrinfo's list, fts_read's FTS), which alaska_marshal_libc checks
 * to be no handle.
 *
 * One level further than the slots marshalling does not go: where a
 * slot's type points to a pointer (a `char **' member) or to a
 * structure with data pointer members (struct mmsghdr's msg_iov, an
 * iovec), the callee would read those pointers untranslated.  For each
 * such place the call gets, before it, alaska_marshal_deep (v, offset,
 * argument, name), which stops the program naming the function and the
 * argument if a live handle is there (for a pointer to a pointer, the
 * first element: the length of the array is not known).
 *
 * For each slot the call gets, before it:
 *     v = *slot                  (a null argument reads a zero instead)
 *     m[i] = { slot, v, - }      (struct alaska_marshal_slot)
 *     [pin v]                    (the caller's pin set, live to the end)
 *     alaska_marshal_in (m, n)       (live handles translated into the slots)
 * and after it alaska_marshal_out (m, n), which gives back handle + offset
 * for what the callee left pointing into a translated object: a slot's
 * own, or the object of a translated argument (m's entries with a null
 * slot), as getpwnam_r's members point into its buffer; and the handle
 * for the address of a kept object (see alaska_keep).  A variadic
 * argument of type `T **' is a slot too.  The arguments'
 * pins last to alaska_marshal_out too, so the structure holding the slots
 * cannot move while they hold raw addresses.  A call that ends its block
 * (it cannot return, or may throw) is not marshalled. */
#include "alaska-abi.h"
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "external.h"
#include "libc-model.h"
#include "pin-sets.h"
#include "marshal.h"

#define MAX_SLOTS 32            /* per call: more are left alone */
#define MAX_ARRAY 64            /* elements of a known array */
#define MAX_DEPTH 3             /* nested structures */
#define MAX_DEEP 16             /* places checked one level below the slots */

/* unsigned long alaska_marshal_in (void *, unsigned long), void
 * alaska_marshal_out (void *, unsigned long), void alaska_marshal_array
 * and alaska_marshal_freed (const void *, const char *), void
 * alaska_marshal_deep (const void *, unsigned long, unsigned, const char *),
 * void alaska_marshal_out_array (void *, unsigned long, unsigned long) and
 * void alaska_marshal_libc (const void *, unsigned, const char *). */
static tree marshal_fn (const char *name)
{
  static const char *const names[] = {
    ALASKA_MARSHAL_IN_FN, ALASKA_MARSHAL_OUT_FN, ALASKA_MARSHAL_ARRAY_FN,
    ALASKA_MARSHAL_FREED_FN, ALASKA_MARSHAL_DEEP_FN, ALASKA_MARSHAL_OUT_ARRAY_FN,
    ALASKA_MARSHAL_LIBC_FN,
  };
  static tree decls[ARRAY_SIZE (names)];
  unsigned k = 0;
  while (k < ARRAY_SIZE (names) - 1 && strcmp (names[k], name))
    k++;
  if (!decls[k])
    {
      tree const_char_ptr = build_pointer_type (build_qualified_type (char_type_node,
                                                                      TYPE_QUAL_CONST));
      tree ul = long_unsigned_type_node, type;
      switch (k)
        {
        case 0: case 1:
          type = build_function_type_list (k == 0 ? ul : void_type_node, ptr_type_node, ul,
                                           NULL_TREE);
          break;
        case 2: case 3:
          type = build_function_type_list (void_type_node, const_ptr_type_node,
                                           const_char_ptr, NULL_TREE);
          break;
        case 4:
          type = build_function_type_list (void_type_node, const_ptr_type_node, ul,
                                           unsigned_type_node, const_char_ptr, NULL_TREE);
          break;
        case 5:
          type = build_function_type_list (void_type_node, ptr_type_node, ul, ul, NULL_TREE);
          break;
        default:
          type = build_function_type_list (void_type_node, const_ptr_type_node,
                                           unsigned_type_node, const_char_ptr, NULL_TREE);
        }
      decls[k] = alaska_gc_keep (build_fn_decl (names[k], type));
      TREE_NOTHROW (decls[k]) = 1;
    }
  return decls[k];
}

/* Does the structure's tag name it the C library's own (reserved names)? */
static bool reserved_tag_p (tree rec)
{
  tree name = TYPE_NAME (TYPE_MAIN_VARIANT (rec));
  if (name && TREE_CODE (name) == TYPE_DECL)
    name = DECL_NAME (name);
  return name && TREE_CODE (name) == IDENTIFIER_NODE && IDENTIFIER_POINTER (name)[0] == '_';
}

static bool data_pointer_p (tree t)
{
  return POINTER_TYPE_P (t) && !FUNC_OR_METHOD_TYPE_P (TREE_TYPE (t));
}

struct member {
  HOST_WIDE_INT offset;
  tree type;                    /* a data pointer type */
};

/* The data pointer members of structure rec, at base. */
static void pointer_members (tree rec, HOST_WIDE_INT base, int depth,
                             std::vector<member> &out)
{
  for (tree f = TYPE_FIELDS (rec); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL || DECL_BIT_FIELD (f)
          || !tree_fits_shwi_p (byte_position (f)))
        continue;
      HOST_WIDE_INT off = base + int_byte_position (f);
      tree t = TREE_TYPE (f);
      if (data_pointer_p (t))
        out.push_back ({off, t});
      else if (TREE_CODE (t) == RECORD_TYPE && depth < MAX_DEPTH && COMPLETE_TYPE_P (t))
        pointer_members (t, off, depth + 1, out);
    }
}

/* The number of elements of the array whose address (or whose first
 * element's) arg is, if known, or 0. */
static HOST_WIDE_INT known_array_length (tree arg)
{
  if (TREE_CODE (arg) != ADDR_EXPR)
    return 0;
  tree a = TREE_OPERAND (arg, 0);
  if (TREE_CODE (a) == ARRAY_REF && integer_zerop (TREE_OPERAND (a, 1)))
    a = TREE_OPERAND (a, 0);
  if (!DECL_P (a) || TREE_CODE (TREE_TYPE (a)) != ARRAY_TYPE)
    return 0;
  tree dom = TYPE_DOMAIN (TREE_TYPE (a));
  if (!dom || !TYPE_MAX_VALUE (dom) || !tree_fits_shwi_p (TYPE_MAX_VALUE (dom)))
    return 0;
  return tree_to_shwi (TYPE_MAX_VALUE (dom)) + 1;
}

struct slot {
  unsigned arg;
  HOST_WIDE_INT offset;
  tree type;                    /* of the pointer stored there */
  bool kept;                    /* the callee keeps the argument */
  bool out;                     /* an out-parameter (OUT) */
  bool unchecked;               /* nothing below is checked (OUT, KEPT_PTRS) */
};

/* The offsets, from where a pointer of type ptr points, of the pointers
 * there that the callee may read: the first element of an array of
 * pointers, or a structure's data pointer members (the library's own
 * structures, with reserved tags, aside). */
static std::vector<HOST_WIDE_INT> deeper_places (tree ptr)
{
  std::vector<HOST_WIDE_INT> offs;
  tree q = TREE_TYPE (ptr);
  if (data_pointer_p (q))
    offs.push_back (0);
  else if (TREE_CODE (q) == RECORD_TYPE && COMPLETE_TYPE_P (q) && !reserved_tag_p (q))
    {
      std::vector<member> ms;
      pointer_members (q, 0, 0, ms);
      for (member &m : ms)
        offs.push_back (m.offset);
    }
  return offs;
}

/* Gimple helpers: statements go into seq. */
static tree as_ssa (gimple_seq *seq, tree e)
{
  if (TREE_CODE (e) == SSA_NAME)
    return e;
  tree n = make_ssa_name (TREE_TYPE (e));
  gimple_seq_add_stmt_without_update (seq, gimple_build_assign (n, e));
  return n;
}

static tree m_ref (tree m, unsigned k)
{
  return build4 (ARRAY_REF, ptr_type_node, m, build_int_cst (integer_type_node, k),
                 NULL_TREE, NULL_TREE);
}

static void m_store (gimple_seq *seq, tree m, unsigned k, tree value)
{
  value = gimple_convert (seq, ptr_type_node, value);
  gimple_seq_add_stmt_without_update (seq, gimple_build_assign (m_ref (m, k), value));
}

bool alaska_marshal_call (gcall *call, gimple_stmt_iterator *gsi, pin_set_builder *pins,
                          const std::vector<std::pair<tree, tree>> &objects, unsigned *marshalled)
{
  *marshalled = 0;
  tree fntype = gimple_call_fntype (call);
  if (!fntype || stmt_ends_bb_p (call))
    return false;
  const char *name = alaska_callee_name (call);
  unsigned HOST_WIDE_INT handles = alaska_handle_args (call);
  std::vector<slot> slots;
  unsigned n = gimple_call_num_args (call);
  bool variadic = stdarg_p (fntype);
  gimple_seq seq = NULL;
  tree p = TYPE_ARG_TYPES (fntype);
  for (unsigned i = 0; i < n; i++)
    {
      bool named = p && TREE_VALUE (p) != void_type_node;
      if (!named && !variadic)
        break;
      tree arg = gimple_call_arg (call, i);
      tree type = named ? TREE_VALUE (p) : TREE_TYPE (arg);
      if (named)
        p = TREE_CHAIN (p);
      else
        for (auto &o : objects)         /* translated: the handle's type */
          if (o.second == arg)
            type = TREE_TYPE (o.first);
      if ((i < HOST_BITS_PER_WIDE_INT && (handles >> i & 1))
          || !POINTER_TYPE_P (type) || integer_zerop (arg))
        continue;
      if (named && name && alaska_libc_own_arg (name, i))
        {
          /* The C library's own object (freeaddrinfo's list): what the
           * program passes must not be a handle. */
          tree value = arg;
          for (auto &o : objects)
            if (o.second == arg)
              value = o.first;
          gimple_seq_add_stmt_without_update
            (&seq, gimple_build_call (marshal_fn (ALASKA_MARSHAL_LIBC_FN), 3,
                                      gimple_convert (&seq, const_ptr_type_node, value),
                                      build_int_cst (unsigned_type_node, i + 1),
                                      build_string_literal (strlen (name) + 1, name)));
          if (dump_file)
            fprintf (dump_file, "alaska: marshal %s: argument %u is the C library's own, "
                     "checked at run time\n", name, i);
          continue;
        }
      if (named && name && alaska_libc_unfollowed_arg (name, i))
        continue;
      tree q = TREE_TYPE (type);
      std::vector<member> offs;
      if (!named)
        {
          /* A variadic argument has no prototype to say what the callee
           * does with it: only the pointer a `T **' points at is a slot,
           * which the callee may write (curl_easy_getinfo's
           * CURLINFO_PRIVATE gives back an address it was given). */
          if (data_pointer_p (q) && !TYPE_READONLY (q) && slots.size () < MAX_SLOTS)
            slots.push_back ({i, 0, NULL_TREE, false, false, false});
          continue;
        }
      if (data_pointer_p (q) && name && alaska_libc_frees_arg (name, i))
        {
          gimple_seq_add_stmt_without_update
            (&seq, gimple_build_call (marshal_fn (ALASKA_MARSHAL_FREED_FN), 2,
                                      gimple_convert (&seq, const_ptr_type_node, arg),
                                      build_string_literal (strlen (name) + 1, name)));
          if (dump_file)
            fprintf (dump_file, "alaska: marshal %s: argument %u points to a pointer "
                     "it frees or reallocates, checked at run time\n", name, i);
        }
      if (data_pointer_p (q) && !TYPE_READONLY (q))
        offs.push_back ({0, q});
      else if (data_pointer_p (q) && name && alaska_libc_kept_ptrs_arg (name, i))
        offs.push_back ({0, q});        /* tfind's root: the library's nodes */
      else if (data_pointer_p (q))
        {
          HOST_WIDE_INT len = known_array_length (arg);
          if (len > 0 && len <= MAX_ARRAY)
            for (HOST_WIDE_INT k = 0; k < len; k++)
              offs.push_back ({k * POINTER_SIZE_UNITS, q});
          else
            {
              gimple_seq_add_stmt_without_update
                (&seq, gimple_build_call (marshal_fn (ALASKA_MARSHAL_ARRAY_FN), 2,
                                          gimple_convert (&seq, const_ptr_type_node, arg),
                                          build_string_literal (strlen (name ? name : "?") + 1,
                                                                name ? name : "?")));
              if (dump_file)
                fprintf (dump_file, "alaska: marshal %s: argument %u is an array of "
                         "unknown length, checked at run time\n", name ? name : "?", i);
            }
        }
      else if (TREE_CODE (q) == RECORD_TYPE && COMPLETE_TYPE_P (q) && !reserved_tag_p (q))
        pointer_members (q, 0, 0, offs);
      bool kept = name && alaska_libc_keeps_arg (name, i);
      bool out = name && alaska_libc_out_arg (name, i);
      bool unchecked = out || (name && alaska_libc_kept_ptrs_arg (name, i));
      for (member &m : offs)
        if (slots.size () < MAX_SLOTS)
          slots.push_back ({i, m.offset, m.type, kept, out, unchecked});
    }
  if (slots.empty ())
    {
      if (!seq)
        return false;
      gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
      return true;
    }

  /* The objects of translated arguments come after the slots in m. */
  std::vector<std::pair<tree, tree>> objs;
  for (auto &o : objects)
    if (o.first != o.second)
      objs.push_back (o);
  unsigned entries = slots.size () + objs.size ();
  tree m = create_tmp_var (build_array_type_nelts (ptr_type_node, 3 * entries), "alaska_marshal");
  TREE_ADDRESSABLE (m) = 1;
  tree zero = NULL_TREE;
  tree ref_all = build_pointer_type_for_mode (ptr_type_node, ptr_mode, true);
  std::vector<tree> values;
  unsigned deep = 0;
  for (unsigned s = 0; s < slots.size (); s++)
    {
      tree arg = gimple_call_arg (call, slots[s].arg);
      tree base = gimple_convert (&seq, ptr_type_node, arg);
      tree addr = gimple_build (&seq, POINTER_PLUS_EXPR, ptr_type_node, base,
                                size_int (slots[s].offset));
      tree load_from;
      if (TREE_CODE (arg) == ADDR_EXPR)
        load_from = as_ssa (&seq, addr);
      else
        {
          /* A null argument: no slot, and the load reads a zero. */
          if (!zero)
            {
              zero = create_tmp_var (ptr_type_node, "alaska_null_slot");
              TREE_ADDRESSABLE (zero) = 1;
              gimple_seq_add_stmt_without_update
                (&seq, gimple_build_assign (zero, build_zero_cst (ptr_type_node)));
            }
          tree nonnull = gimple_build (&seq, NE_EXPR, boolean_type_node, base,
                                       build_zero_cst (ptr_type_node));
          addr = gimple_build (&seq, COND_EXPR, ptr_type_node, nonnull, addr,
                               build_zero_cst (ptr_type_node));
          load_from = gimple_build (&seq, COND_EXPR, ptr_type_node, nonnull, addr,
                                    build_fold_addr_expr (zero));
          load_from = as_ssa (&seq, load_from);
        }
      tree v = make_ssa_name (ptr_type_node);
      gimple_seq_add_stmt_without_update
        (&seq, gimple_build_assign (v, build2 (MEM_REF, ptr_type_node, load_from,
                                               build_int_cst (ref_all, 0))));
      m_store (&seq, m, 3 * s, addr);
      m_store (&seq, m, 3 * s + 1, v);
      values.push_back (v);
      if (slots[s].kept)
        {
          gimple_seq_add_stmt_without_update
            (&seq, gimple_build_call (alaska_runtime_fn (ALASKA_KEEP_FN, true), 1,
                                      gimple_convert (&seq, const_ptr_type_node, v)));
          if (dump_file)
            fprintf (dump_file, "alaska: marshal %s: argument %u, offset "
                     HOST_WIDE_INT_PRINT_DEC ": kept, and left translated after the call\n",
                     name ? name : "?", slots[s].arg, slots[s].offset);
        }
      if (slots[s].type && !slots[s].unchecked)
        for (HOST_WIDE_INT off : deeper_places (slots[s].type))
          {
            if (deep == MAX_DEEP)
              break;
            deep++;
            const char *fn = name ? name : "?";
            gimple_seq_add_stmt_without_update
              (&seq, gimple_build_call (marshal_fn (ALASKA_MARSHAL_DEEP_FN), 4,
                                        gimple_convert (&seq, const_ptr_type_node, v),
                                        build_int_cst (long_unsigned_type_node, off),
                                        build_int_cst (unsigned_type_node, slots[s].arg + 1),
                                        build_string_literal (strlen (fn) + 1, fn)));
            if (dump_file)
              fprintf (dump_file, "alaska: marshal %s: argument %u, offset "
                       HOST_WIDE_INT_PRINT_DEC ": the pointer at offset "
                       HOST_WIDE_INT_PRINT_DEC " below it is checked at run time\n",
                       fn, slots[s].arg, slots[s].offset, off);
          }
    }
  for (unsigned k = 0; k < objs.size (); k++)
    {
      unsigned e = slots.size () + k;
      m_store (&seq, m, 3 * e, build_zero_cst (ptr_type_node));
      m_store (&seq, m, 3 * e + 1, objs[k].first);
      m_store (&seq, m, 3 * e + 2, objs[k].second);
    }
  tree count = build_int_cst (long_unsigned_type_node, entries);
  gcall *in = gimple_build_call (marshal_fn (ALASKA_MARSHAL_IN_FN), 2, build_fold_addr_expr (m),
                                 count);
  gimple_seq_add_stmt_without_update (&seq, in);
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);

  /* Also when nothing was translated: the callee may write a kept
   * object's address into a slot. */
  gcall *out = gimple_build_call (marshal_fn (ALASKA_MARSHAL_OUT_FN), 2, build_fold_addr_expr (m),
                                  count);
  gimple_seq after = NULL;
  for (unsigned s = 0; s < slots.size (); s++)
    if (slots[s].out && slots[s].type && data_pointer_p (TREE_TYPE (slots[s].type)))
      {
        /* An array of pointers the callee built in one of the call's
         * objects (gr_mem in getgrnam_r's buffer): its elements rebased,
         * while the slot still holds the raw address. */
        gimple_seq_add_stmt_without_update
          (&after, gimple_build_call (marshal_fn (ALASKA_MARSHAL_OUT_ARRAY_FN), 3,
                                      build_fold_addr_expr (m), count,
                                      build_int_cst (long_unsigned_type_node, s)));
        if (dump_file)
          fprintf (dump_file, "alaska: marshal %s: argument %u, offset "
                   HOST_WIDE_INT_PRINT_DEC ": the array of pointers it points to is "
                   "rebased after the call\n", name ? name : "?", slots[s].arg,
                   slots[s].offset);
      }
  /* No slot, which alaska_marshal_out leaves: a kept argument's, and one
   * whose pointers lead to kept objects (KEPT_PTRS), which the library
   * may follow again later: a context's fpregs points into itself. */
  for (unsigned s = 0; s < slots.size (); s++)
    if (slots[s].kept || (slots[s].unchecked && !slots[s].out))
      m_store (&after, m, 3 * s, build_zero_cst (ptr_type_node));
  gimple_seq_add_stmt_without_update (&after, out);
  gsi_insert_seq_after (gsi, after, GSI_SAME_STMT);     /* gsi stays on the call */

  if (pins)
    {
      /* Each slot's value is pinned from before the translation to the end
       * of alaska_marshal_out; so are the arguments' objects. */
      for (tree v : values)
        {
          pins->add_translation (v, v, in);
          pins->add_use_through_memory (v, out);
        }
      for (unsigned a = 0; a < n; a++)
        pins->add_use_through_memory (gimple_call_arg (call, a), out);
      for (auto &o : objs)
        pins->add_use_through_memory (o.second, out);
      pins->add_escape_call (call);
    }
  if (dump_file)
    {
      fprintf (dump_file, "alaska: marshal %s: %u slots, %u argument objects\n",
               name ? name : "?", (unsigned) slots.size (), (unsigned) objs.size ());
      for (slot &s : slots)
        fprintf (dump_file, "alaska: marshal slot: argument %u, offset " HOST_WIDE_INT_PRINT_DEC "\n",
                 s.arg, s.offset);
    }
  *marshalled = slots.size ();
  return true;
}
