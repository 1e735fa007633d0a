// SPDX-License-Identifier: GPL-3.0-or-later
/* marshal.h: marshalling the pointers an external call reads or writes
 * through its arguments (see marshal.cc). */
#ifndef ALASKA_MARSHAL_H
#define ALASKA_MARSHAL_H

class pin_set_builder;

/* Around external call `call' (at gsi; its pointer arguments already
 * rewritten), marshal the pointer slots its prototype says it reads or
 * writes through them.  `objects': the (handle, translation) pairs of the
 * arguments translated for the call, whose objects slots may point into
 * afterwards.  pins may be NULL (no tracking).  Returns whether it added
 * statements (which access memory); *slots: how many slots it marshalled. */
bool alaska_marshal_call (gcall *call, gimple_stmt_iterator *gsi, pin_set_builder *pins,
                          const std::vector<std::pair<tree, tree>> &objects, unsigned *slots);

#endif
