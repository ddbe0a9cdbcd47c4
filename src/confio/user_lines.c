// SPDX-License-Identifier: GPL-2.0
/*
 * Which .config line gave each user value: a read-only pass with the
 * rules of the kernel's conf_read_simple() (see user_lines.h).
 */
#include <stdlib.h>
#include <string.h>

#include "user_lines.h"
#include "util.h"

/* A string value: accepted when its closing quote is there. */
static bool string_value_closed(const char *value)
{
	const char *p;

	for (p = value + 1; *p; p++) {
		if (*p == '\\' && p[1])
			p++;
		else if (*p == '"')
			return true;
	}
	return false;
}

enum verdict { TAKEN, REFUSED, NO_EFFECT };

/* What conf_set_sym_val() does with a value for this symbol. */
static enum verdict judge(const struct symbol *sym, const char *value)
{
	switch (sym->type) {
	case S_TRISTATE:
		if (value[0] == 'm')
			return TAKEN;
		/* fall through */
	case S_BOOLEAN:
		return value[0] == 'y' || value[0] == 'n' ? TAKEN : REFUSED;
	case S_STRING:
		/* Without a quote the kernel stores nothing and says nothing. */
		if (value[0] != '"')
			return NO_EFFECT;
		return string_value_closed(value) ? TAKEN : REFUSED;
	case S_INT:
	case S_HEX:
		return symbol_text_valid(sym->type, value) ? TAKEN : REFUSED;
	default:
		return NO_EFFECT;
	}
}

static void record(struct user_lines *lines, const struct kconfig *kc,
		   const char *name, size_t name_len, const char *value,
		   int lineno)
{
	char buf[256];
	const struct symbol *sym;
	unsigned i;

	if (name_len == 0 || name_len >= sizeof(buf))
		return;
	memcpy(buf, name, name_len);
	buf[name_len] = '\0';
	sym = symbol_find(kc, buf);
	if (!sym || (sym->flags & SYMBOL_CONST) || sym->index >= lines->nsymbols)
		return;
	i = sym->index;
	switch (judge(sym, value)) {
	case TAKEN:
		lines->line[i] = lineno;
		lines->refused_line[i] = 0;
		free(lines->refused_text[i]);
		lines->refused_text[i] = NULL;
		break;
	case REFUSED:
		lines->refused_line[i] = lineno;
		free(lines->refused_text[i]);
		lines->refused_text[i] = strdup(value);
		break;
	case NO_EFFECT:
		break;
	}
}

/* One line without its end: "CONFIG_X=v" or "# CONFIG_X is not set". */
static void scan_line(struct user_lines *lines, const struct kconfig *kc,
		      char *line, const char *prefix, int lineno)
{
	size_t plen = strlen(prefix);
	char *name, *end;

	if (line[0] == '#') {
		if (line[1] != ' ' || strncmp(line + 2, prefix, plen) != 0)
			return;
		name = line + 2 + plen;
		end = strchr(name, ' ');
		if (!end || strcmp(end + 1, "is not set") != 0)
			return;
		record(lines, kc, name, (size_t)(end - name), "n", lineno);
		return;
	}
	if (strncmp(line, prefix, plen) != 0)
		return;
	name = line + plen;
	end = strchr(name, '=');
	if (!end)
		return;
	record(lines, kc, name, (size_t)(end - name), end + 1, lineno);
}

struct user_lines *user_lines_scan(const struct kconfig *kc, const char *name,
				   const char *text, size_t len,
				   const char *prefix)
{
	struct user_lines *lines = xcalloc(1, sizeof(*lines));
	size_t at = 0;
	int lineno = 0;
	char *line = NULL;
	size_t cap = 0;

	lines->file.name = strdup(name ? name : ".config");
	lines->nsymbols = kc->nsymbols;
	lines->line = xcalloc(kc->nsymbols, sizeof(int));
	lines->refused_line = xcalloc(kc->nsymbols, sizeof(int));
	lines->refused_text = xcalloc(kc->nsymbols, sizeof(char *));
	if (!prefix)
		prefix = "CONFIG_";
	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;

		lineno++;
		if (n + 1 > cap) {
			cap = n + 64;
			line = realloc(line, cap);
			if (!line)
				abort();
		}
		memcpy(line, text + at, n);
		/* As getline_stripped(): "\r\n" goes only with a newline. */
		if (nl && n > 0 && line[n - 1] == '\r')
			n--;
		line[n] = '\0';
		/* Text after a NUL byte is not seen by conf either. */
		scan_line(lines, kc, line, prefix, lineno);
		at += (nl ? (size_t)(nl - (text + at)) + 1 : len - at);
	}
	free(line);
	return lines;
}

void user_lines_free(struct user_lines *lines)
{
	if (!lines)
		return;
	for (size_t i = 0; i < lines->nsymbols; i++)
		free(lines->refused_text[i]);
	free(lines->refused_text);
	free(lines->refused_line);
	free(lines->line);
	free((char *)lines->file.name);
	free(lines);
}

struct location user_lines_find(const struct user_lines *lines,
				const struct symbol *sym)
{
	struct location loc = { 0 };

	if (!lines || sym->index >= lines->nsymbols || !lines->line[sym->index])
		return loc;
	loc.file = &lines->file;
	loc.line = lines->line[sym->index];
	return loc;
}

const char *user_lines_refused(const struct user_lines *lines,
			       const struct symbol *sym, struct location *loc)
{
	if (!lines || sym->index >= lines->nsymbols ||
	    !lines->refused_line[sym->index])
		return NULL;
	loc->file = &lines->file;
	loc->line = lines->refused_line[sym->index];
	loc->column = 0;
	return lines->refused_text[sym->index];
}
