/* SPDX-License-Identifier: GPL-3.0-or-later */
/* alaska-gcc -E finds <alaska.h> and <alaska-abi.h> (the driver adds libalaska's and the ABI header's directories with -idirafter). */
/* { dg-do preprocess } */
#include <alaska.h>

#if ALASKA_ABI_VERSION < 1 || ALASKA_ID_SHIFT != 32
#error "unexpected alaska-abi.h"
#endif
