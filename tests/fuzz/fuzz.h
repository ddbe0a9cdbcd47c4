/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the libFuzzer targets share: a tree loaded from memory with no
 * command run (no_shell) and no file read from disk (builtin_file), and
 * a walk that computes every value of a configuration.
 */
#ifndef KBROWSE_FUZZ_H
#define KBROWSE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "kconfig.h"

/* The text every file name gives; set by the target before a load. */
static const char *fuzz_top_text;
static size_t fuzz_top_len;

/* "Kconfig" is the input; any other file (source "x") is empty. */
static const char *fuzz_file(const char *name, size_t *len)
{
	if (strcmp(name, "Kconfig") == 0) {
		*len = fuzz_top_len;
		return fuzz_top_text;
	}
	*len = 0;
	return "";
}

static struct kconfig *fuzz_load(const char *text, size_t len,
				 const char *(*files)(const char *, size_t *))
{
	struct kconfig_options opts = {
		.kconfig = "Kconfig",
		.builtin_file = files ? files : fuzz_file,
		.shell = { .no_shell = true },
		.skip_help = false,
	};

	fuzz_top_text = text;
	fuzz_top_len = len;
	return kconfig_load(&opts);
}

/* Every symbol's value, visibility and type, as every front-end asks. */
static void fuzz_evaluate(struct config *cfg)
{
	struct kconfig *kc = config_tree(cfg);
	size_t i;

	for (i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		(void)config_str(cfg, sym);
		(void)config_tri(cfg, sym);
		(void)config_visibility(cfg, sym);
		(void)config_written(cfg, sym);
	}
}

#endif
