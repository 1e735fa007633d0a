/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Two PHIs of one block whose arguments have the same roots edge by edge
   point into one object (frames-run.h: `ra' into the registers `base'
   points to).  The second is derived from the first by its delta: it is
   not carried, no twin and no pin store of its own (7 translations in
   all, 3 pinned and 4 elided). */
/* { dg-do compile } */
#include "frames-run.h"

/* { dg-final { scan-alaska-dump-fn-times run_frames "^alaska: derive ra_\\d+ from base_\\d+ by the delta$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times run_frames "^alaska: carry ra_" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times run_frames "^alaska: carry " 4 } } */
/* { dg-final { scan-alaska-dump-fn-times run_frames "^alaska: pin stores: 3, elided: 4$" 1 } } */
