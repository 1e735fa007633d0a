/* SPDX-License-Identifier: GPL-3.0-or-later */
/* notes.cc: what each object file records about its instrumentation (see
 * "Object-file records" in alaska-abi.h): a reference to the runtime's ABI
 * symbol, and notes naming the public functions it defines, the
 * functions it assumed were instrumented elsewhere, and those of them it
 * passes arguments on the stack.  Written as assembly
 * at the end of the unit. */
#include "alaska-abi.h"
#include "gcc-includes.h"
#include "alaska-plugin.h"

static std::set<std::string> *assumed, *assumed_stack;

/* Does call pass an argument on the stack (x86-64 psABI), where a link-time
 * thunk cannot translate it: more than six integer-class words (a memory
 * return's hidden pointer counts), or an aggregate larger than 16 bytes? */
static bool passes_on_stack (const gcall *call)
{
  unsigned words = 0;
  tree lhs = gimple_call_lhs (call);
  if (lhs && aggregate_value_p (TREE_TYPE (lhs), gimple_call_fntype (call)))
    words++;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree type = TREE_TYPE (gimple_call_arg (call, i));
      if (FLOAT_TYPE_P (type) || VECTOR_TYPE_P (type))
        continue;
      if (AGGREGATE_TYPE_P (type))
        {
          if (!tree_fits_uhwi_p (TYPE_SIZE_UNIT (type))
              || tree_to_uhwi (TYPE_SIZE_UNIT (type)) > 16)
            return true;
          words += (tree_to_uhwi (TYPE_SIZE_UNIT (type)) + 7) / 8;
        }
      else
        words += TYPE_PRECISION (type) > 64 ? 2 : 1;
    }
  return words > 6;
}

void alaska_note_assumed (tree fndecl, const gcall *call)
{
  if (!assumed)
    {
      assumed = new std::set<std::string>;
      assumed_stack = new std::set<std::string>;
    }
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  assumed->insert (name);
  if (passes_on_stack (call))
    assumed_stack->insert (name);
}

static void emit_note (FILE *out, int type, const std::string &name)
{
  fprintf (out, "\t.balign 4\n\t.long %u\n\t.long %u\n\t.long %d\n",
           (unsigned) sizeof ALASKA_NOTE_OWNER, (unsigned) name.size () + 1, type);
  fprintf (out, "\t.asciz \"%s\"\n\t.balign 4\n\t.asciz \"%s\"\n\t.balign 4\n",
           ALASKA_NOTE_OWNER, name.c_str ());
}

/* PLUGIN_FINISH_UNIT */
void alaska_emit_unit_records (void *, void *)
{
  if (!asm_out_file || seen_error ())
    return;
  FILE *out = asm_out_file;
  fprintf (out, "\t.pushsection .data.rel.ro.alaska,\"aw\"\n"
                "\t.balign 8\n\t.quad %s\n\t.popsection\n", ALASKA_ABI_SYMBOL_NAME);

  std::set<std::string> defined;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    if (TREE_PUBLIC (node->decl) && !DECL_EXTERNAL (node->decl)
        && !node->inlined_to && !DECL_ARTIFICIAL (node->decl))
      defined.insert (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (node->decl)));

  fprintf (out, "\t.pushsection %s,\"a\",@note\n", ALASKA_NOTE_SECTION);
  for (const std::string &name : defined)
    emit_note (out, ALASKA_NOTE_DEFINES, name);
  if (assumed)
    for (const std::string &name : *assumed)
      if (!defined.count (name))
        emit_note (out, ALASKA_NOTE_ASSUMES, name);
  if (assumed_stack)
    for (const std::string &name : *assumed_stack)
      if (!defined.count (name))
        emit_note (out, ALASKA_NOTE_ASSUMES_STACK, name);
  fprintf (out, "\t.popsection\n");
}
