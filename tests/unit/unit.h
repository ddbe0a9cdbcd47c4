/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers shared by the cmocka tests: load a Kconfig tree from
 * strings, and get its diagnostics and dump as strings to compare.
 *
 * Include after <cmocka.h>.  Every helper is static, so a test file uses
 * what it needs and the rest costs nothing.
 */
#ifndef KBROWSE_UNIT_H
#define KBROWSE_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "kconfig.h"

/* A file of a test tree: name and contents; a table ends with name NULL. */
struct unit_file {
	const char *name;
	const char *text;
};

/*
 * The files the built-in file hook serves.  A test tree is one table at
 * a time (builtin_file has no context argument), set by unit_load_files().
 */
static const struct unit_file *unit_files;

static __attribute__((unused)) const char *unit_builtin_file(const char *name,
							     size_t *len)
{
	const struct unit_file *f;

	for (f = unit_files; f && f->name; f++) {
		if (strcmp(f->name, name) == 0) {
			*len = strlen(f->text);
			return f->text;
		}
	}
	return NULL;
}

/* Options for tests: no disk access for built-in names, no echo. */
static __attribute__((unused)) struct kconfig_options unit_options(void)
{
	struct kconfig_options opts = { 0 };

	opts.builtin_file = unit_builtin_file;
	return opts;
}

/*
 * A bare kconfig for tests of the tables and expressions under the
 * parser: arena, strings, diagnostics and the symbol table, nothing read.
 */
static __attribute__((unused)) void unit_bare_init(struct kconfig *kc)
{
	memset(kc, 0, sizeof(*kc));
	arena_init(&kc->arena);
	intern_init(&kc->strings, &kc->arena);
	diag_init(&kc->diags);
	symbol_table_init(kc);
}

static __attribute__((unused)) void unit_bare_release(struct kconfig *kc)
{
	symbol_table_release(kc);
	intern_release(&kc->strings);
	arena_release(&kc->arena);
}

/* Parse text as the file "Kconfig" (not finished: kconfig_finish not run). */
static __attribute__((unused)) struct kconfig *unit_parse(const char *text)
{
	struct kconfig_options opts = unit_options();
	struct kconfig *kc = kconfig_new(&opts);

	kconfig_parse_text(kc, "Kconfig", text, strlen(text));
	return kc;
}

/* Parse the tree whose top file is files[0] (not finished). */
static __attribute__((unused)) struct kconfig *
unit_parse_files(const struct unit_file *files)
{
	struct kconfig_options opts = unit_options();
	struct kconfig *kc;

	unit_files = files;
	kc = kconfig_new(&opts);
	kconfig_parse_file(kc, files[0].name);
	return kc;
}

/* Load (parse and finish) the tree whose top file is files[0]. */
static __attribute__((unused)) struct kconfig *
unit_load_files(const struct unit_file *files)
{
	struct kconfig_options opts = unit_options();

	unit_files = files;
	opts.kconfig = files[0].name;
	return kconfig_load(&opts);
}

/* Load (parse and finish) text as the file "Kconfig". */
static __attribute__((unused)) struct kconfig *unit_load(const char *text)
{
	const struct unit_file files[] = { { "Kconfig", text }, { NULL, NULL } };
	struct kconfig *kc = unit_load_files(files);

	unit_files = NULL;
	return kc;
}

/* Everything written by fn(kc, out) as a malloc'd string. */
static __attribute__((unused)) char *
unit_capture(const struct kconfig *kc,
	     void (*fn)(const struct kconfig *kc, FILE *out))
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	fn(kc, out);
	fclose(out);
	return text;
}

static __attribute__((unused)) void unit_print_diags(const struct kconfig *kc,
						  FILE *out)
{
	diag_print_all(&kc->diags, out);
}

/* All diagnostics, one "file:line:col: severity: message" line each. */
static __attribute__((unused)) char *unit_diags(const struct kconfig *kc)
{
	return unit_capture(kc, unit_print_diags);
}

static __attribute__((unused)) char *unit_dump(const struct kconfig *kc)
{
	return unit_capture(kc, kconfig_dump);
}

/* Compare a malloc'd string with the expected text, then free it. */
#define assert_text(got, want) do {					\
	char *got_ = (got);						\
	assert_string_equal(got_, (want));				\
	free(got_);							\
} while (0)

#endif
