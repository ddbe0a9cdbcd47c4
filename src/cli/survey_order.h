/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The order a survey worker evaluates an architecture's defconfigs in
 * (survey_order.c): similar files one after the other.
 */
#ifndef KBROWSE_SURVEY_ORDER_H
#define KBROWSE_SURVEY_ORDER_H

#include <stddef.h>

#include "survey.h"

/* What a difference in a line costs (at least 1): the line, its length. */
typedef unsigned survey_line_weight_fn(const char *line, size_t len, void *ctx);

/*
 * A permutation of arch's configurations (heap, arch->nconfigs entries)
 * in which each file's lines differ little from the one's before: the
 * summed weight (weight(), or 1 a line when NULL) of the lines in one
 * and not the other, kept low.  srctree holds arch/NAME/configs/;
 * modules names the line (without its value) that decides which
 * configurations can share values at all, as "CONFIG_MODULES", or is
 * NULL.  A file that cannot be read counts as empty.
 */
unsigned *survey_order(const struct survey_arch *arch, const char *srctree,
		       const char *modules, survey_line_weight_fn *weight,
		       void *ctx);

#endif
