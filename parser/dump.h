/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `kbrowse dump`: the tree back as Kconfig text (dump.c).
 */
#ifndef KBROWSE_DUMP_H
#define KBROWSE_DUMP_H

#include <stdio.h>

#include "kconfig.h"

void kconfig_dump(const struct kconfig *kc, FILE *out);

#endif
