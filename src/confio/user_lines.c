// SPDX-License-Identifier: GPL-2.0
/*
 * The record of which .config line gave each user value (user_lines.h).
 * It parses nothing: config_read.c fills it while it reads.
 */
#include <stdlib.h>

#include "user_lines.h"
#include "util.h"

struct user_lines *user_lines_new(const struct kconfig *kc, const char *name)
{
	struct user_lines *lines = xcalloc(1, sizeof(*lines));

	lines->file.name = xstrdup(name ? name : ".config");
	lines->nsymbols = kc->nsymbols;
	lines->by_symbol = xcalloc(kc->nsymbols ? kc->nsymbols : 1,
				   sizeof(*lines->by_symbol));
	return lines;
}

void user_lines_free(struct user_lines *lines)
{
	if (!lines)
		return;
	/* Most files refuse no line: then no walk over every symbol. */
	for (size_t i = 0; lines->any_refused && i < lines->nsymbols; i++)
		free(lines->by_symbol[i].refused_text);
	free(lines->by_symbol);
	config_sources_free(lines->sources);
	free((char *)lines->file.name);
	free(lines);
}

/* Constants and symbols made after the record are not recorded. */
static struct user_line *entry(const struct user_lines *lines,
			       const struct symbol *sym)
{
	if (!lines || (sym->flags & SYMBOL_CONST) || sym->index >= lines->nsymbols)
		return NULL;
	return &lines->by_symbol[sym->index];
}

void user_lines_set(struct user_lines *lines, const struct symbol *sym, int line)
{
	struct user_line *e = entry(lines, sym);

	if (!e)
		return;
	e->line = line;
	e->refused_line = 0;
	free(e->refused_text);
	e->refused_text = NULL;
}

void user_lines_refuse(struct user_lines *lines, const struct symbol *sym,
		       int line, const char *text)
{
	struct user_line *e = entry(lines, sym);

	if (!e)
		return;
	lines->any_refused = true;
	e->refused_line = line;
	free(e->refused_text);
	e->refused_text = xstrdup(text);
}

struct location user_lines_find(const struct user_lines *lines,
				const struct symbol *sym)
{
	const struct user_line *e = entry(lines, sym);
	struct location loc = { 0 };

	if (!e || !e->line)
		return loc;
	loc.file = &lines->file;
	loc.line = e->line;
	return loc;
}

const char *user_lines_refused(const struct user_lines *lines,
			       const struct symbol *sym, struct location *loc)
{
	const struct user_line *e = entry(lines, sym);

	if (!e || !e->refused_line)
		return NULL;
	loc->file = &lines->file;
	loc->line = e->refused_line;
	loc->column = 0;
	return e->refused_text;
}

const struct config_source *user_lines_source(const struct user_lines *lines,
					      const struct symbol *sym)
{
	return lines ? config_sources_find(lines->sources, sym) : NULL;
}
