// SPDX-License-Identifier: GPL-2.0
/*
 * Merging a base configuration and fragments into one text, with the
 * rules and the messages of the kernel's scripts/kconfig/merge_config.sh
 * (merge_text.h), and remembering which file and line each line of the
 * result came from.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_text.h"
#include "strbuf.h"
#include "util.h"

static bool is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* grep -w: does word occur in line with no word character around it? */
static bool has_word(const char *line, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = strstr(line, word); p; p = strstr(p + 1, word))
		if ((p == line || !is_word_char(p[-1])) && !is_word_char(p[len]))
			return true;
	return false;
}

/* sed "/NAME[ =]/d": does NAME followed by ' ' or '=' occur anywhere? */
static bool has_assignment_of(const char *line, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = strstr(line, name); p; p = strstr(p + 1, name))
		if (p[len] == ' ' || p[len] == '=')
			return true;
	return false;
}

static void add_line(struct merge_text *t, char *text, const char *file,
		     int line)
{
	if (t->nlines == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->lines = xrealloc(t->lines, t->cap * sizeof(*t->lines));
	}
	t->lines[t->nlines++] = (struct merge_line){ text, file, line };
}

/* The lines of a file's text, appended as cat appends the file. */
static void add_text(struct merge_text *t, const char *file,
		     const char *text, size_t len)
{
	size_t at = 0;
	int lineno = 0;

	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;

		add_line(t, xmemdup(text + at, n), file, ++lineno);
		at += n + 1;
		t->open_end = !nl;
	}
}

/* `echo >> FILE`: ends an unfinished last line, else adds an empty one. */
static void add_newline(struct merge_text *t)
{
	if (t->open_end)
		t->open_end = false;
	else
		add_line(t, xstrdup(""), NULL, 0);
}

/* The symbol a line sets, as merge_config.sh's two sed expressions find it. */
static char *assigned_name(const char *line, const char *prefix)
{
	size_t plen = strlen(prefix), n;
	const char *p = line;
	bool not_set = strncmp(line, "# ", 2) == 0;

	if (not_set)
		p += 2;
	if (strncmp(p, prefix, plen))
		return NULL;
	for (n = plen; is_word_char(p[n]); n++)
		;
	if (not_set ? strcmp(p + n, " is not set") : p[n] != '=')
		return NULL;
	return xmemdup(p, n);
}

/* grep -w NAME over lines, the matches joined as $(...) keeps them. */
static char *grep_word(const struct merge_line *lines, size_t n,
		       const char *name)
{
	struct strbuf b = { 0 };

	for (size_t i = 0; i < n; i++)
		if (has_word(lines[i].text, name)) {
			if (b.len)
				strbuf_addc(&b, '\n');
			strbuf_adds(&b, lines[i].text);
		}
	return strbuf_take(&b);
}

static bool any_word(const struct merge_line *lines, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (has_word(lines[i].text, name))
			return true;
	return false;
}

/* Remove the lines that assign name (sed -i "/NAME[ =]/d"). */
static void delete_assignments(struct merge_text *t, const char *name)
{
	size_t kept = 0;

	for (size_t i = 0; i < t->nlines; i++) {
		if (has_assignment_of(t->lines[i].text, name)) {
			free(t->lines[i].text);
			continue;
		}
		t->lines[kept++] = t->lines[i];
	}
	t->nlines = kept;
}

/*
 * `echo WORDS`, unquoted: the words of value split at blanks and newlines
 * and joined by single spaces.
 */
static void echo_words(FILE *out, const char *lead, const char *value)
{
	const char *p = value;
	bool first = true;

	fputs(lead, out);
	while (*p) {
		size_t n;

		p += strspn(p, " \t\n");
		n = strcspn(p, " \t\n");
		if (!n)
			break;
		fprintf(out, "%s%.*s", first && !*lead ? "" : " ", (int)n, p);
		first = false;
		p += n;
	}
	fputc('\n', out);
}

static void note_redefined(struct merge_text *t, const char *name,
			   const char *fragment, const char *previous)
{
	struct merge_redefined *r;

	if (t->nredefined == t->redefined_cap) {
		t->redefined_cap = t->redefined_cap ? 2 * t->redefined_cap : 16;
		t->redefined = xrealloc(t->redefined,
					t->redefined_cap * sizeof(*t->redefined));
	}
	r = &t->redefined[t->nredefined++];
	memset(r, 0, sizeof(*r));
	r->name = xstrdup(name);
	r->fragment = fragment;
	r->previous = xstrdup(previous);
	for (size_t i = 0; i < t->nlines; i++)
		if (has_assignment_of(t->lines[i].text, name)) {
			r->file = t->lines[i].file;
			r->line = t->lines[i].line;
			break;
		}
}

void merge_text_start(struct merge_text *t, const struct merge_options *opts,
		      const char *base, const char *text, size_t len)
{
	memset(t, 0, sizeof(*t));
	t->opts = opts;
	t->base = base;
	fprintf(opts->out, "Using %s as base\n", base);
	add_text(t, base, text, len);
}

/* One symbol the fragment sets that the text so far sets too. */
static void merge_one(struct merge_text *t, struct merge_text *frag,
		      const char *name, const char *fragment)
{
	const struct merge_options *o = t->opts;
	char *prev = grep_word(t->lines, t->nlines, name);
	char *now = grep_word(frag->lines, frag->nlines, name);
	bool keep_builtin = o->builtin && strstr(now, "=") &&
			    !strcmp(strchr(now, '=') + 1, "m") &&
			    strstr(prev, "=") && !strcmp(strchr(prev, '=') + 1, "y");

	if (keep_builtin) {
		if (o->warn_override) {
			echo_words(o->out, "Previous value:", prev);
			echo_words(o->out, "New value:", now);
			fputs("-y passed, will not demote y to m\n\n", o->out);
		}
	} else if (strcmp(prev, now)) {
		if (o->warn_override) {
			fprintf(o->out, "Value of %s is redefined by fragment %s:\n",
				name, fragment);
			echo_words(o->out, "Previous value:", prev);
			echo_words(o->out, "New value:", now);
			fputc('\n', o->out);
		}
		note_redefined(t, name, fragment, prev);
	} else if (o->warn_redundant && o->warn_override) {
		fprintf(o->out, "Value of %s is redundant by fragment %s:\n",
			name, fragment);
	}
	delete_assignments(keep_builtin ? frag : t, name);
	free(prev);
	free(now);
}

void merge_text_add(struct merge_text *t, const char *fragment,
		    const char *text, size_t len)
{
	const struct merge_options *o = t->opts;
	struct merge_text frag = { .opts = o };

	fprintf(o->out, "Merging %s\n", fragment);
	add_text(&frag, fragment, text, len);
	/* The names are listed before any line is removed from the fragment. */
	size_t nnames = 0;
	char **names = xcalloc(frag.nlines + 1, sizeof(*names));

	for (size_t i = 0; i < frag.nlines; i++) {
		char *name = assigned_name(frag.lines[i].text, o->prefix);

		if (name)
			names[nnames++] = name;
	}
	for (size_t i = 0; i < nnames; i++) {
		if (any_word(t->lines, t->nlines, names[i]))
			merge_one(t, &frag, names[i], fragment);
		free(names[i]);
	}
	free(names);
	add_newline(t);
	for (size_t i = 0; i < frag.nlines; i++)
		add_line(t, frag.lines[i].text, frag.lines[i].file,
			 frag.lines[i].line);
	t->open_end = frag.open_end;
	free(frag.lines);
}

char *merge_text_string(const struct merge_text *t, size_t *len)
{
	struct strbuf b = { 0 };

	for (size_t i = 0; i < t->nlines; i++) {
		strbuf_adds(&b, t->lines[i].text);
		if (i + 1 < t->nlines || !t->open_end)
			strbuf_addc(&b, '\n');
	}
	*len = b.len;
	return strbuf_take(&b);
}

const struct merge_line *merge_text_request(const struct merge_text *t,
					    const char *name)
{
	for (size_t i = 0; i < t->nlines; i++) {
		char *n = assigned_name(t->lines[i].text, t->opts->prefix);
		bool same = n && !strcmp(n, name);

		free(n);
		if (same)
			return &t->lines[i];
	}
	return NULL;
}

char *merge_text_line_name(const struct merge_text *t, const char *line)
{
	return assigned_name(line, t->opts->prefix);
}

char *merge_text_requested(const struct merge_text *t, const char *name)
{
	return grep_word(t->lines, t->nlines, name);
}

char *merge_text_grep(const char *text, size_t len, const char *name)
{
	struct merge_text tmp = { 0 };
	char *found;

	add_text(&tmp, NULL, text, len);
	found = grep_word(tmp.lines, tmp.nlines, name);
	merge_text_free(&tmp);
	return found;
}

char **merge_text_names(const struct merge_text *t, size_t *n)
{
	char **names = xcalloc(t->nlines + 1, sizeof(*names));

	*n = 0;
	for (size_t i = 0; i < t->nlines; i++) {
		char *name = assigned_name(t->lines[i].text, t->opts->prefix);

		if (name)
			names[(*n)++] = name;
	}
	return names;
}

void merge_text_free(struct merge_text *t)
{
	for (size_t i = 0; i < t->nlines; i++)
		free(t->lines[i].text);
	free(t->lines);
	for (size_t i = 0; i < t->nredefined; i++) {
		free(t->redefined[i].name);
		free(t->redefined[i].previous);
	}
	free(t->redefined);
	memset(t, 0, sizeof(*t));
}
