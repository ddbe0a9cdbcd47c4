/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KBROWSE_MERGE_WHY_H
#define KBROWSE_MERGE_WHY_H

struct explainer;
struct explanation;

/*
 * Why a requested value did not take, in words (heap), with the short
 * reason for JSON ("deps-unmet", ...) in *reason.
 */
char *merge_why_text(struct explainer *ex, const struct explanation *x,
		     const char **reason);

#endif
