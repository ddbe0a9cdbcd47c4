// SPDX-License-Identifier: GPL-2.0
/*
 * The sources file beside a merged .config (config_sources.h): written
 * by the commands that merge several inputs, read back with the .config
 * so that explanations can say which input set a value.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config_io.h"
#include "config_sources.h"
#include "file_read.h"
#include "file_replace.h"
#include "strbuf.h"
#include "util.h"

#define SOURCES_FORMAT 1
#define SOURCES_MAX_LINES 64	/* per symbol: the setter and those it replaced */

char *config_sources_name(const char *config_name)
{
	size_t len = strlen(config_name) + sizeof(".sources");
	char *name = xmalloc(len);

	snprintf(name, len, "%s.sources", config_name);
	return name;
}

uint64_t config_sources_hash(const char *text, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)text[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* --- reading ----------------------------------------------------------------- */

struct sources_reader {
	const struct kconfig *kc;
	struct config_sources *sources;
	const char *name;		/* the sources file, for warnings */
	int lineno;
	const char *config_text;
	size_t config_len;
	bool header, config_ok;
};

/* "N:L" into an input and a line; false when it is not one. */
static bool parse_pair(const struct config_sources *s, const char *word,
		       struct location *loc)
{
	char *end;
	unsigned long input = strtoul(word, &end, 10);
	long line;

	if (end == word || *end != ':' || input < 1 || input > s->ninputs)
		return false;
	word = end + 1;
	line = strtol(word, &end, 10);
	if (end == word || *end || line < 1 || line > INT_MAX)
		return false;
	loc->file = &s->inputs[input - 1];
	loc->line = (int)line;
	loc->column = 0;
	return true;
}

static bool read_config_line(struct sources_reader *r, char *rest)
{
	char *end;
	unsigned long long size = strtoull(rest, &end, 10);
	uint64_t hash;

	if (end == rest || *end != ' ')
		return false;
	rest = end + 1;
	if (strlen(rest) != 16)
		return false;
	hash = strtoull(rest, &end, 16);
	if (*end)
		return false;
	r->config_ok = size == r->config_len &&
		       hash == config_sources_hash(r->config_text, r->config_len);
	return true;
}

static bool read_input_line(struct sources_reader *r, char *rest)
{
	struct config_sources *s = r->sources;
	char *end;
	unsigned long n = strtoul(rest, &end, 10);

	/* Inputs are numbered in order, so a pair names one already read. */
	if (end == rest || *end != ' ' || !end[1] || n != s->ninputs + 1)
		return false;
	s->inputs = xrealloc(s->inputs, (s->ninputs + 1) * sizeof(*s->inputs));
	s->inputs[s->ninputs++] = (struct source_file){ .name = xstrdup(end + 1) };
	return true;
}

static bool read_set_line(struct sources_reader *r, char *rest)
{
	struct config_sources *s = r->sources;
	char *tab = strchr(rest, '\t'), *save = NULL, *word;
	struct location locs[SOURCES_MAX_LINES];
	unsigned nlocs = 0;
	const struct symbol *sym;
	struct config_source *e;
	bool kept;

	if (!tab)
		return false;
	*tab = '\0';
	word = strtok_r(rest, " ", &save);
	sym = word ? symbol_find(r->kc, word) : NULL;
	word = strtok_r(NULL, " ", &save);
	if (!word || (strcmp(word, "kept") && strcmp(word, "lost")))
		return false;
	kept = !strcmp(word, "kept");
	while ((word = strtok_r(NULL, " ", &save)))
		if (nlocs == SOURCES_MAX_LINES || !parse_pair(s, word, &locs[nlocs++]))
			return false;
	if (!nlocs)
		return false;
	if (!sym || !(sym->flags & SYMBOL_DEFINED) || sym->index >= s->nsymbols)
		return true;	/* a name this tree lacks: nothing to explain */
	e = &s->by_symbol[sym->index];
	free(e->over);
	free((char *)e->request);
	e->set = locs[0];
	e->nover = nlocs - 1;
	e->over = NULL;
	if (nlocs > 1) {
		e->over = xcalloc(nlocs - 1, sizeof(*e->over));
		memcpy(e->over, locs + 1, (nlocs - 1) * sizeof(*locs));
	}
	e->request = xstrdup(tab + 1);
	e->kept = kept;
	return true;
}

static bool read_line(struct sources_reader *r, char *line)
{
	if (!*line || *line == '#')
		return true;
	if (!r->header) {
		char *end;

		if (strncmp(line, "kbrowse-sources ", 16) ||
		    strtol(line + 16, &end, 10) != SOURCES_FORMAT || *end)
			return false;
		r->header = true;
		return true;
	}
	if (!strncmp(line, "config ", 7))
		return read_config_line(r, line + 7);
	if (!strncmp(line, "input ", 6))
		return read_input_line(r, line + 6);
	if (!strncmp(line, "set ", 4))
		return read_set_line(r, line + 4);
	return false;
}

/* The text of the sources file, or NULL (none, or unreadable: ignored). */
static char *read_sources_text(const char *name, const char *srctree, size_t *len)
{
	FILE *f = config_open_input(name, srctree);
	char *text;
	int err;

	if (!f)
		return NULL;
	text = file_read_stream(f, FILE_READ_MAX, len, &err);
	fclose(f);
	return text;
}

struct config_sources *config_sources_read(const struct kconfig *kc,
					   const char *config_name,
					   const char *text, size_t len,
					   const char *srctree, FILE *warn)
{
	char *name = config_sources_name(config_name);
	size_t slen;
	char *stext = read_sources_text(name, srctree, &slen);
	struct config_sources *s;
	struct sources_reader r = {
		.kc = kc, .name = name, .config_text = text, .config_len = len,
	};
	bool ok = true;

	if (!stext) {
		free(name);
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	s->nsymbols = kc->nsymbols;
	s->by_symbol = xcalloc(kc->nsymbols ? kc->nsymbols : 1, sizeof(*s->by_symbol));
	r.sources = s;
	for (char *line = stext; ok && line < stext + slen;) {
		char *nl = memchr(line, '\n', (size_t)(stext + slen - line));

		if (nl)
			*nl = '\0';
		r.lineno++;
		/* A NUL inside a line is no record. */
		ok = strlen(line) == (size_t)((nl ? nl : stext + slen) - line) &&
		     read_line(&r, line);
		line = nl ? nl + 1 : stext + slen;
	}
	if (ok && !r.header)
		ok = false;
	if (!ok && warn)
		fprintf(warn, "%s:%d: warning: not a kbrowse sources line: the file "
			"is ignored\n", name, r.lineno);
	if (!ok || !r.config_ok) {
		config_sources_free(s);
		s = NULL;
	}
	free(stext);
	free(name);
	return s;
}

void config_sources_free(struct config_sources *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nsymbols; i++) {
		free(s->by_symbol[i].over);
		free((char *)s->by_symbol[i].request);
	}
	free(s->by_symbol);
	for (unsigned i = 0; i < s->ninputs; i++)
		free((char *)s->inputs[i].name);
	free(s->inputs);
	free(s);
}

const struct config_source *config_sources_find(const struct config_sources *s,
						const struct symbol *sym)
{
	if (!s || (sym->flags & SYMBOL_CONST) || sym->index >= s->nsymbols ||
	    !s->by_symbol[sym->index].set.file)
		return NULL;
	return &s->by_symbol[sym->index];
}

/* --- writing ----------------------------------------------------------------- */

/* The part of path after dir and a '/', or NULL when path is not inside dir. */
static const char *inside(const char *path, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	if (!path || !n || strncmp(path, dir, n))
		return NULL;
	if (!strcmp(dir, "/"))
		return path + 1;
	return path[n] == '/' ? path + n + 1 : NULL;
}

/*
 * An input's name as recorded: relative to srctree when it is inside it
 * (as make names kernel/configs/kvm_guest.config), else relative to the
 * directory of the .config when inside that, else absolute.
 */
static char *recorded_name(const char *input, const char *tree_real,
			   const char *config_dir)
{
	char *real = realpath(input, NULL);
	const char *rel = inside(real, tree_real);
	char *name;

	if (!rel)
		rel = inside(real, config_dir);
	name = xstrdup(rel ? rel : real ? real : input);
	free(real);
	return name;
}

/* The directory the .config is in, resolved (heap), or NULL. */
static char *config_dir(const char *config_name)
{
	char *real = realpath(config_name, NULL);
	char *slash = real ? strrchr(real, '/') : NULL;

	if (slash)
		slash[slash == real] = '\0';
	return real;
}

static bool write_entry(struct strbuf *b, const struct config_sources_entry *e)
{
	if (strpbrk(e->name, " \t\n") || strchr(e->request, '\n') || !e->nlines)
		return false;
	strbuf_addf(b, "set %s %s", e->name, e->kept ? "kept" : "lost");
	/* As many lines as a reader keeps: the setter and the latest it replaced. */
	for (unsigned i = 0; i < e->nlines && i < SOURCES_MAX_LINES; i++)
		strbuf_addf(b, " %u:%d", e->lines[i].input, e->lines[i].line);
	strbuf_addf(b, "\t%s\n", e->request);
	return true;
}

int config_sources_write(const char *config_name, const char *config_text,
			 size_t config_len, const char *const *inputs,
			 unsigned ninputs, const struct config_sources_entry *entries,
			 size_t nentries, const char *srctree, char *err,
			 size_t errlen)
{
	char *tree_real = srctree && *srctree ? realpath(srctree, NULL) : NULL;
	char *name = config_sources_name(config_name), *dir = config_dir(config_name);
	struct strbuf b = { 0 };
	int status = -1;

	strbuf_addf(&b, "# Which input set each value of the .config beside this "
		    "file (kbrowse(1),\n# THE SOURCES FILE); ignored once that "
		    ".config changes.\nkbrowse-sources %d\nconfig %zu %016" PRIx64 "\n",
		    SOURCES_FORMAT, config_len,
		    config_sources_hash(config_text, config_len));
	for (unsigned i = 0; i < ninputs; i++) {
		char *input = recorded_name(inputs[i], tree_real, dir);
		bool bad = strchr(input, '\n') != NULL;

		strbuf_addf(&b, "input %u %s\n", i + 1, input);
		free(input);
		if (bad) {
			snprintf(err, errlen, "%s: an input's name has a newline: "
				 "no sources file written", name);
			goto out;
		}
	}
	for (size_t i = 0; i < nentries; i++)
		write_entry(&b, &entries[i]);	/* a name no line can hold: left out */
	status = file_replace_bytes(name, b.data, b.len, FILE_REPLACE_KEEP, true,
				    err, errlen);
out:
	if (status)
		unlink(name);
	strbuf_release(&b);
	free(tree_real);
	free(dir);
	free(name);
	return status;
}

void config_sources_remove(const char *config_name)
{
	char *name = config_sources_name(config_name);

	/* One that cannot be removed is ignored anyway once .config changes. */
	unlink(name);
	free(name);
}

/* --- keeping the record when conf rewrites the .config ------------------------ */

/* Where a .config line assigns a symbol: the name after the prefix. */
struct assigned {
	const char *name, *line;
	size_t name_len, line_len;
};

/* Does line (len bytes) assign a symbol, as conf writes it? */
static bool line_assigns(const char *line, size_t len, const char *prefix,
			 struct assigned *a)
{
	size_t plen = strlen(prefix), at = 0, n = 0;
	bool not_set = len > 2 && !strncmp(line, "# ", 2);

	if (not_set)
		at = 2;
	if (len - at < plen || strncmp(line + at, prefix, plen))
		return false;
	at += plen;
	while (at + n < len && (line[at + n] == '_' ||
				(line[at + n] >= 'A' && line[at + n] <= 'Z') ||
				(line[at + n] >= 'a' && line[at + n] <= 'z') ||
				(line[at + n] >= '0' && line[at + n] <= '9')))
		n++;
	if (!n)
		return false;
	if (not_set ? len - at - n != strlen(" is not set") ||
		      strncmp(line + at + n, " is not set", len - at - n)
		    : at + n == len || line[at + n] != '=')
		return false;
	*a = (struct assigned){ line + at, line, n, len };
	return true;
}

static int compare_assigned(const void *a, const void *b)
{
	const struct assigned *x = a, *y = b;
	size_t n = x->name_len < y->name_len ? x->name_len : y->name_len;
	int c = memcmp(x->name, y->name, n);

	return c ? c : (x->name_len > y->name_len) - (x->name_len < y->name_len);
}

/* By name, then in text order (the pointers run through one text). */
static int compare_assigned_lines(const void *a, const void *b)
{
	const struct assigned *x = a, *y = b;
	int c = compare_assigned(a, b);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* The lines of text that assign a symbol, sorted by name (the last line last). */
static struct assigned *index_text(const char *text, size_t len, const char *prefix,
				   size_t *n)
{
	struct assigned *all = NULL;
	size_t cap = 0;

	*n = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t l = nl ? (size_t)(nl - (text + at)) : len - at;
		struct assigned a;

		if (line_assigns(text + at, l, prefix, &a)) {
			if (*n == cap) {
				cap = cap ? 2 * cap : 1024;
				all = xrealloc(all, cap * sizeof(*all));
			}
			all[(*n)++] = a;
		}
		at += l + 1;
	}
	if (*n)
		qsort(all, *n, sizeof(*all), compare_assigned_lines);
	return all;
}

/* The 1-based number of the line at p in text. */
static int line_number(const char *text, const char *p)
{
	int n = 1;

	for (const char *q = text; q < p; q++)
		n += *q == '\n';
	return n;
}

/* Is request (a line asking for name) what the indexed text has for name? */
static bool text_keeps(const struct assigned *index, size_t n, const char *name,
		       const char *request)
{
	struct assigned key = { .name = name, .name_len = strlen(name) };
	const struct assigned *hit = n ? bsearch(&key, index, n, sizeof(*index),
						 compare_assigned) : NULL;

	if (!hit)
		return false;
	/* Any one of equal names: the .config conf writes has one line each. */
	return hit->line_len == strlen(request) &&
	       !memcmp(hit->line, request, hit->line_len);
}

/* A "set" line again, its STATE as new_text has it. */
static void carry_set_line(struct strbuf *b, char *rest, const struct assigned *index,
			   size_t n)
{
	char *tab = strchr(rest, '\t'), *sp = strchr(rest, ' ');
	char *after_state = sp ? strchr(sp + 1, ' ') : NULL;
	bool kept;

	if (!tab || !sp || !after_state || after_state > tab) {
		strbuf_addf(b, "set %s\n", rest);
		return;
	}
	*sp = '\0';
	kept = text_keeps(index, n, rest, tab + 1);
	strbuf_addf(b, "set %s %s%s\n", rest, kept ? "kept" : "lost", after_state);
}

int config_sources_carry(const char *config_name, const char *old_text,
			 size_t old_len, const char *new_text, size_t new_len,
			 const char *prefix, char *err, size_t errlen)
{
	char *name = config_sources_name(config_name);
	size_t slen, nindex;
	int ferr;
	char *stext = file_read(name, FILE_READ_MAX, &slen, &ferr);
	struct assigned *index;
	struct strbuf b = { 0 };
	struct sources_reader r = { .config_text = old_text, .config_len = old_len };
	int status = 0;

	if (!stext) {
		free(name);
		return 0;
	}
	index = index_text(new_text, new_len, prefix, &nindex);
	for (char *line = stext; line < stext + slen;) {
		char *nl = memchr(line, '\n', (size_t)(stext + slen - line));

		if (nl)
			*nl = '\0';
		if (!strncmp(line, "config ", 7)) {
			if (!read_config_line(&r, line + 7) || !r.config_ok)
				goto out;	/* it describes another file: stale */
			strbuf_addf(&b, "config %zu %016" PRIx64 "\n", new_len,
				    config_sources_hash(new_text, new_len));
		} else if (!strncmp(line, "set ", 4)) {
			carry_set_line(&b, line + 4, index, nindex);
		} else {
			strbuf_addf(&b, "%s\n", line);
		}
		line = nl ? nl + 1 : stext + slen;
	}
	if (r.config_ok)
		status = file_replace_bytes(name, b.data, b.len, FILE_REPLACE_KEEP,
					    true, err, errlen);
out:
	if (status)
		unlink(name);
	strbuf_release(&b);
	free(index);
	free(stext);
	free(name);
	return status;
}

int config_sources_write_input(const char *config_name, const char *config_text,
			       size_t config_len, const char *input,
			       const char *input_text, size_t input_len,
			       const char *prefix, const char *srctree, char *err,
			       size_t errlen)
{
	size_t nindex, ninput;
	struct assigned *index = index_text(config_text, config_len, prefix, &nindex);
	struct assigned *asked = index_text(input_text, input_len, prefix, &ninput);
	struct config_sources_entry *entries = xcalloc(ninput + 1, sizeof(*entries));
	struct config_sources_line *lines = xcalloc(ninput + 1, sizeof(*lines));
	size_t n = 0;
	int status;

	/* Sorted by name, the lines of one name in text order: the last counts. */
	for (size_t i = 0; i < ninput; i++) {
		const struct assigned *a = &asked[i];

		if (i + 1 < ninput && !compare_assigned(a, &asked[i + 1]))
			continue;
		entries[n].name = xmemdup(a->name, a->name_len);
		entries[n].request = xmemdup(a->line, a->line_len);
		entries[n].kept = text_keeps(index, nindex, entries[n].name,
					     entries[n].request);
		lines[n] = (struct config_sources_line){ 1, line_number(input_text, a->line) };
		entries[n].lines = &lines[n];
		entries[n].nlines = 1;
		n++;
	}
	status = config_sources_write(config_name, config_text, config_len, &input, 1,
				      entries, n, srctree, err, errlen);
	for (size_t i = 0; i < n; i++) {
		free((char *)entries[i].name);
		free((char *)entries[i].request);
	}
	free(entries);
	free(lines);
	free(asked);
	free(index);
	return status;
}
