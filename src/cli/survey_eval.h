/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a survey worker does with each configuration of its architecture
 * (survey_eval.c): evaluate it against the one parsed tree as
 * `make ARCH=DIR NAME` would, then write its .config, or send the
 * records the request asks for (one JSON object per line on out).
 * --from-tree: cmp holds the old tree each configuration is compared in.
 */
#ifndef KBROWSE_SURVEY_EVAL_H
#define KBROWSE_SURVEY_EVAL_H

#include <stdio.h>

#include "kconfig.h"
#include "survey.h"
#include "survey_compare.h"

void survey_eval_arch(const struct survey_request *rq, struct kconfig *kc,
		      const struct survey_arch *arch, struct survey_compare *cmp,
		      FILE *out);

#endif
