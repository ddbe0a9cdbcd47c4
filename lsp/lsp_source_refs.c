// SPDX-License-Identifier: GPL-2.0
/*
 * CONFIG_FOO in the sources (the tree's own prefix), for textDocument/references: the C and
 * assembly files, Makefiles, Kbuild files, linker scripts and devicetree
 * files under the tree's root, read one after another and searched for
 * the name as a whole word (and its _MODULE form, which autoconf.h
 * defines for an m).  A scan, not an index: a reference request is rare
 * and the tree changes under the editor, so nothing is kept between
 * requests.  Hidden directories (.git, the object trees kept as .tmp_*)
 * and links are not followed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* memmem() */
#endif
#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

#include "file_read.h"
#include "json_out.h"
#include "lsp.h"
#include "strbuf.h"
#include "util.h"

/* Enough for any real use (Linux 6.12's most used symbol has ~3,000). */
#define SOURCE_REFS_MAX		5000
#define SOURCE_FILE_MAX		(8u << 20)
#define SOURCE_DEPTH_MAX	32

struct source_scan {
	struct lsp_server *srv;
	const char *needle;	/* "CONFIG_FOO" */
	size_t needle_len;
	json_t *list;
	unsigned found;
};

static bool word_byte(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

static bool has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(name), s = strlen(suffix);

	return n > s && strcmp(name + n - s, suffix) == 0;
}

/* Files whose CONFIG_ words are configuration symbols. */
static bool source_file_name(const char *base)
{
	static const char *const suffixes[] = {
		".c", ".h", ".S", ".s", ".lds", ".dts", ".dtsi", ".mk", ".rs",
	};

	if (strncmp(base, "Makefile", 8) == 0 || strcmp(base, "Kbuild") == 0)
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(suffixes); i++)
		if (has_suffix(base, suffixes[i]))
			return true;
	return false;
}

/* Where a match ends as a whole word: after the name or its _MODULE. */
static bool whole_word_end(const char *p, const char *end)
{
	if (p == end || !word_byte(*p))
		return true;
	return (size_t)(end - p) >= 7 && memcmp(p, "_MODULE", 7) == 0 &&
	       (p + 7 == end || !word_byte(p[7]));
}

static void add_match(struct source_scan *scan, const char *name,
		      const char *line, size_t line_len, unsigned lineno, size_t col)
{
	json_t *loc = json_object();
	char *uri = lsp_name_to_uri(scan->srv, name);

	json_object_set_new(loc, "uri", json_text(uri));
	json_object_set_new(loc, "range", lsp_range(line, line_len, lineno, col,
						    col + scan->needle_len));
	json_array_append_new(scan->list, loc);
	scan->found++;
	free(uri);
}

static void scan_text(struct source_scan *scan, const char *name,
		      const char *text, size_t len)
{
	const char *end = text + len, *p = text, *line = text;
	unsigned lineno = 0;

	while (scan->found < SOURCE_REFS_MAX &&
	       (p = memmem(p, (size_t)(end - p), scan->needle, scan->needle_len))) {
		const char *after = p + scan->needle_len, *eol;

		for (const char *q = line; q < p; q++)
			if (*q == '\n') {
				lineno++;
				line = q + 1;
			}
		if ((p == text || !word_byte(p[-1])) && whole_word_end(after, end)) {
			eol = memchr(p, '\n', (size_t)(end - p));
			add_match(scan, name, line, (size_t)((eol ? eol : end) - line),
				  lineno, (size_t)(p - line));
		}
		p = after;
	}
}

static void scan_file(struct source_scan *scan, const char *path, const char *name)
{
	size_t len;
	int err;
	char *text = file_read(path, SOURCE_FILE_MAX, &len, &err);

	if (!text)
		return;		/* unreadable or huge: not a source anyone edits */
	if (memmem(text, len, scan->needle, scan->needle_len))
		scan_text(scan, name, text, len);
	free(text);
}

/* dir is the path on disk, name the same relative to the root ("" at it). */
static void scan_dir(struct source_scan *scan, const char *dir, const char *name,
		     unsigned depth)
{
	DIR *d = depth < SOURCE_DEPTH_MAX ? opendir(dir) : NULL;
	struct dirent *e;

	if (!d)
		return;
	while (scan->found < SOURCE_REFS_MAX && (e = readdir(d))) {
		struct strbuf path = { 0 }, rel = { 0 };
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		strbuf_addf(&path, "%s/%s", dir, e->d_name);
		strbuf_addf(&rel, "%s%s%s", name, *name ? "/" : "", e->d_name);
		if (lstat(strbuf_str(&path), &st) == 0) {
			if (S_ISDIR(st.st_mode))
				scan_dir(scan, strbuf_str(&path), strbuf_str(&rel), depth + 1);
			else if (S_ISREG(st.st_mode) && source_file_name(e->d_name))
				scan_file(scan, strbuf_str(&path), strbuf_str(&rel));
		}
		strbuf_release(&path);
		strbuf_release(&rel);
	}
	closedir(d);
}

void lsp_source_references(struct lsp_server *srv, const char *sym_name, json_t *list)
{
	struct strbuf needle = { 0 };
	struct source_scan scan = { .srv = srv, .list = list };

	if (srv->opts.teaching_tree || !srv->opts.root || !sym_name)
		return;
	strbuf_addf(&needle, "%s%s", srv->s->io.prefix ? srv->s->io.prefix : "CONFIG_",
		    sym_name);
	scan.needle = strbuf_str(&needle);
	scan.needle_len = needle.len;
	scan_dir(&scan, srv->opts.root, "", 0);
	strbuf_release(&needle);
}
