// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a tree's own copy of kconfig for marks of what it does.
 *
 * The marks are plain text searches in its C sources, chosen so that
 * every generation and fork seen has them in the same shape:
 *  - confdata.c's conf_write(), comments removed: "# end of" (5.x and
 *    later), the `end_check:` label (6.1's rule: every visible menu), a
 *    test of SYMBOL_WRITE (absent: every symbol is written, BusyBox),
 *    and a 2.6-style "# ... version: %s" header line;
 *  - preprocess.c (the macro language of 4.18);
 *  - the lexer (zconf.l, lexer.l): a word pattern with [/.] (file names
 *    without quotes), and what follows its "can't open file";
 *  - expr.h: SYMBOL_CHOICEVAL (choices as symbols, before 6.11);
 *  - the copy's Makefile running conf on Config.in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kconfig_copy.h"
#include "util.h"

/* Where projects keep their copy, most common first. */
static const char *const copy_dirs[] = {
	"scripts/kconfig", "support/kconfig", "util/kconfig", "kconfig",
	"scripts/config", "tools/kconfig", "scripts/kconfig-frontends",
};

/* The file as a string (at most 4 MiB read), or NULL. */
static char *read_text(const char *srctree, const char *dir, const char *name)
{
	char path[4096];
	FILE *f;
	char *text;
	size_t len;

	snprintf(path, sizeof(path), "%s/%s/%s", srctree ? srctree : ".", dir,
		 name);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	text = xmalloc((size_t)4 << 20);
	len = fread(text, 1, ((size_t)4 << 20) - 1, f);
	fclose(f);
	text[len] = '\0';
	return text;
}

/* C comments blanked out in place, so that code commented out is no mark. */
static void blank_comments(char *text)
{
	for (char *p = text; *p; p++) {
		if (p[0] == '"' || p[0] == '\'') {
			char quote = p[0];

			for (p++; *p && *p != quote; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return;
		} else if (p[0] == '/' && p[1] == '*') {
			char *end = strstr(p + 2, "*/");

			end = end ? end + 2 : p + strlen(p);
			memset(p, ' ', (size_t)(end - p));
			p = end - 1;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
			if (!*p)
				return;
		}
	}
}

/* The body of conf_write() (up to the next line "}"), or the whole text. */
static char *writer_body(char *text)
{
	char *start = strstr(text, "int conf_write(const char *name)");
	char *end;

	if (!start)
		return text;
	end = strstr(start, "\n}\n");
	if (end)
		end[1] = '\0';
	return start;
}

/* "Busybox version" from a line "# Busybox version: %s\n" of the header. */
static void find_version_label(const char *body, char *label, size_t size)
{
	const char *hit = strstr(body, " version: %s");
	const char *start;

	label[0] = '\0';
	if (!hit)
		return;
	for (start = hit; start > body && start[-1] != '#' && start[-1] != '"' &&
			  start[-1] != '\n'; start--)
		;
	if (start == body || start[-1] != '#')
		return;
	while (*start == ' ')
		start++;
	if ((size_t)(hit + 8 - start) < size)
		snprintf(label, size, "%.*s", (int)(hit + 8 - start), start);
}

static void scan_writer(const char *srctree, struct kconfig_copy *copy)
{
	char *text = read_text(srctree, copy->dir, "confdata.c");
	char *body;

	if (!text)
		return;
	copy->has_writer = true;
	snprintf(copy->writer, sizeof(copy->writer), "%s/confdata.c", copy->dir);
	blank_comments(text);
	body = writer_body(text);
	copy->end_of_lines = strstr(body, "# end of") != NULL;
	copy->end_of_every_menu = strstr(body, "end_check:") != NULL;
	copy->writes_every_symbol = strstr(body, "& SYMBOL_WRITE)") == NULL &&
				    strstr(body, "sym_calc_value") != NULL;
	find_version_label(body, copy->version_label,
			   sizeof(copy->version_label));
	free(text);
}

static void scan_lexer(const char *srctree, struct kconfig_copy *copy)
{
	static const char *const names[] = { "lexer.l", "zconf.l" };
	char *text = NULL;
	const char *hit;

	for (size_t i = 0; !text && i < ARRAY_SIZE(names); i++)
		text = read_text(srctree, copy->dir, names[i]);
	if (!text)
		return;
	copy->slash_dot_words = strstr(text, "({n}|[/.])+") ||
				strstr(text, "({n}|[-/.])+");
	hit = strstr(text, "can't open file");
	if (hit) {
		char *exit_call = strstr(hit, "exit(");
		char *next_function = strstr(hit, "\n}");

		copy->missing_source_skipped =
			!exit_call || (next_function && next_function < exit_call);
	}
	free(text);
}

static bool copy_has(const char *srctree, const char *dir, const char *name)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s/%s", srctree ? srctree : ".", dir,
		 name);
	return stat(path, &st) == 0;
}

bool kconfig_copy_scan(const char *srctree, struct kconfig_copy *copy)
{
	char *text;

	memset(copy, 0, sizeof(*copy));
	for (size_t i = 0; i < ARRAY_SIZE(copy_dirs); i++) {
		if (copy_has(srctree, copy_dirs[i], "confdata.c")) {
			snprintf(copy->dir, sizeof(copy->dir), "%s", copy_dirs[i]);
			break;
		}
	}
	if (!copy->dir[0])
		return false;
	scan_writer(srctree, copy);
	scan_lexer(srctree, copy);
	copy->macro_language = copy_has(srctree, copy->dir, "preprocess.c");
	text = read_text(srctree, copy->dir, "expr.h");
	copy->legacy_choices = !text || strstr(text, "SYMBOL_CHOICEVAL");
	free(text);
	text = read_text(srctree, copy->dir, "Makefile");
	copy->top_config_in = text && strstr(text, "$< Config.in") &&
			      !strstr(text, "$< Kconfig");
	free(text);
	return true;
}
