/* notes.cc: what each object file records about its instrumentation (see
 * "Object-file records" in alaska-abi.h): a reference to the runtime's ABI
 * symbol, and notes naming the public functions it defines and the
 * functions it assumed were instrumented elsewhere.  Written as assembly
 * at the end of the unit. */
#include "alaska-abi.h"
#include "gcc-common.h"
#include "alaska-plugin.h"

#include <set>

static std::set<std::string> *assumed;

void alaska_note_assumed (tree fndecl)
{
  if (!assumed)
    assumed = new std::set<std::string>;
  assumed->insert (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl)));
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
  fprintf (out, "\t.popsection\n");
}
