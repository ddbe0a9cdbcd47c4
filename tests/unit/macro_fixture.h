// SPDX-License-Identifier: GPL-2.0
/*
 * The fixture of the macro preprocessor tests (test_macro.c and
 * test_macro_kernel.c): a macro environment with its diagnostics and
 * $(info) output captured, and helpers to expand text and read both.
 *
 * Include after <cmocka.h>.  Everything is static; each test program uses
 * what it needs.
 */
#ifndef KBROWSE_MACRO_FIXTURE_H
#define KBROWSE_MACRO_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "macro.h"

static const struct source_file kconfig_file = { .name = "arch/x86/Kconfig" };

/* Definitions sit on lines 1.., their values at column 9; input on 20:5. */
#define DEF_COLUMN	9
#define INPUT_LINE	20
#define INPUT_COLUMN	5

struct fixture {
	struct diag_list diags;
	struct macro_env *env;
	FILE *info;
	char *info_text;
	size_t info_len;
};

static struct fixture fx;

static __attribute__((unused)) void fixture_open(const char *shell_dir)
{
	diag_init(&fx.diags);
	fx.info_text = NULL;
	fx.info_len = 0;
	fx.info = open_memstream(&fx.info_text, &fx.info_len);
	assert_non_null(fx.info);
	fx.env = macro_env_new(&fx.diags, shell_dir, fx.info);
	assert_non_null(fx.env);
}

static __attribute__((unused)) void fixture_close(void)
{
	macro_env_free(fx.env);
	fclose(fx.info);
	free(fx.info_text);
	diag_release(&fx.diags);
}

static __attribute__((unused)) int setup(void **state)
{
	(void)state;
	fixture_open(NULL);
	return 0;
}

static __attribute__((unused)) int teardown(void **state)
{
	(void)state;
	fixture_close();
	return 0;
}

static __attribute__((unused)) const char *info_output(void)
{
	fflush(fx.info);
	return fx.info_text ? fx.info_text : "";
}

static const char *const severity_word[] = {
	[DIAG_NOTE] = "note", [DIAG_WARNING] = "warning", [DIAG_ERROR] = "error",
};

/* The diagnostics as "severity line:column: message" lines. */
static __attribute__((unused)) char *diag_text(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	const struct diag *d;

	for (d = fx.diags.first; d; d = d->next)
		fprintf(out, "%s %d:%d: %s\n", severity_word[d->severity],
			d->loc.line, d->loc.column, d->message);
	fclose(out);
	return text;
}

static __attribute__((unused)) struct location at(int line, int column)
{
	struct location loc = { &kconfig_file, line, column };

	return loc;
}

static __attribute__((unused)) char *expand(const char *text)
{
	return macro_expand(fx.env, text, strlen(text),
			    at(INPUT_LINE, INPUT_COLUMN));
}

#endif
