/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The order a survey worker evaluates an architecture's defconfigs in
 * (survey_order.c): similar files one after the other.
 */
#ifndef KBROWSE_SURVEY_ORDER_H
#define KBROWSE_SURVEY_ORDER_H

#include "survey.h"

/*
 * A permutation of arch's configurations (heap, arch->nconfigs entries):
 * each next the one whose lines differ least from the one before.
 * srctree holds arch/NAME/configs/; modules names the line (without its
 * value) that decides which configurations can share values at all, as
 * "CONFIG_MODULES", or is NULL.  A file that cannot be read counts as
 * empty.
 */
unsigned *survey_order(const struct survey_arch *arch, const char *srctree,
		       const char *modules);

#endif
