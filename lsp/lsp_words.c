// SPDX-License-Identifier: GPL-2.0
/*
 * Positions and words: the identifier under the editor's cursor, the
 * symbol it names in that kind of file, and LSP's ranges and locations
 * (0-based lines, UTF-16 columns) made from the tree's file:line.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "json_out.h"
#include "lsp.h"
#include "util.h"

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

bool lsp_word_at(const struct lsp_doc *doc, unsigned line, unsigned character,
		 char *word, size_t size, size_t *start, size_t *end)
{
	size_t len, at, b, e;
	const char *text = lsp_doc_line(doc, line, &len);

	if (!text)
		return false;
	at = lsp_byte_column(text, len, character);
	b = e = at;
	while (b > 0 && word_char(text[b - 1]))
		b--;
	while (e < len && word_char(text[e]))
		e++;
	if (b == e || e - b >= size)
		return false;
	memcpy(word, text + b, e - b);
	word[e - b] = '\0';
	*start = b;
	*end = e;
	return true;
}

const struct symbol *lsp_symbol_of_word(struct lsp_server *srv, const struct lsp_doc *doc,
					const char *word)
{
	const char *prefix = srv->s->io.prefix;
	size_t plen = strlen(prefix);
	const struct symbol *sym;

	if (doc && doc->kind != DOC_KCONFIG) {
		/* In sources and .config files only CONFIG_FOO names a symbol. */
		if (!plen || strncmp(word, prefix, plen) != 0 || !word[plen])
			return NULL;
		sym = symbol_find(srv->s->kc, word + plen);
		if (!sym && doc->kind == DOC_SOURCE) {
			/* autoconf.h's CONFIG_FOO_MODULE: FOO is m. */
			size_t n = strlen(word + plen);

			if (n > 7 && strcmp(word + plen + n - 7, "_MODULE") == 0) {
				char *base = xmemdup(word + plen, n - 7);

				sym = symbol_find(srv->s->kc, base);
				free(base);
			}
		}
	} else {
		sym = session_find_symbol(srv->s, word);
	}
	if (!sym || !sym->name || (sym->flags & SYMBOL_CONST))
		return NULL;
	return sym;
}

static json_t *position(unsigned line, unsigned character)
{
	json_t *p = json_object();

	json_object_set_new(p, "line", json_integer(line));
	json_object_set_new(p, "character", json_integer(character));
	return p;
}

json_t *lsp_range(const char *line, size_t len, unsigned lineno, size_t start, size_t end)
{
	json_t *r = json_object();

	json_object_set_new(r, "start", position(lineno, line ? lsp_utf16_column(line, len, start) : 0));
	json_object_set_new(r, "end", position(lineno, line ? lsp_utf16_column(line, len, end) : 0));
	return r;
}

/* Where word stands on line of text as a whole word: its byte column, or -1. */
static long word_column(const char *line, size_t len, const char *word)
{
	size_t n = strlen(word);

	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(line + i, word, n) == 0 && (i == 0 || !word_char(line[i - 1])) &&
		    (i + n == len || !word_char(line[i + n])))
			return (long)i;
	return -1;
}

/* The text of line (1-based) in text, or NULL. */
static const char *nth_line(const char *text, size_t tlen, int lineno, size_t *len)
{
	const char *p = text, *end = text + tlen, *nl;

	for (int i = 1; i < lineno; i++) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	nl = memchr(p, '\n', (size_t)(end - p));
	*len = nl ? (size_t)(nl - p) : (size_t)(end - p);
	return p;
}

json_t *lsp_location(struct lsp_server *srv, struct location loc, const char *word)
{
	json_t *l = json_object();
	char *uri = lsp_name_to_uri(srv, location_file(loc));
	unsigned lineno = loc.line > 0 ? (unsigned)loc.line - 1 : 0;
	size_t start = 0, end = 0, tlen, len = 0;
	char *text = word ? lsp_file_text(srv, location_file(loc), &tlen) : NULL;
	const char *line = text ? nth_line(text, tlen, loc.line, &len) : NULL;

	if (line) {
		long col = word_column(line, len, word);

		if (col >= 0) {
			start = (size_t)col;
			end = start + strlen(word);
		}
	}
	json_object_set_new(l, "uri", json_text(uri));
	json_object_set_new(l, "range", lsp_range(line, len, lineno, start, end));
	free(uri);
	free(text);
	return l;
}

bool lsp_params_position(json_t *params, const char **uri, unsigned *line,
			 unsigned *character)
{
	json_t *doc = json_object_get(params, "textDocument");
	json_t *pos = json_object_get(params, "position");
	json_t *u = json_object_get(doc, "uri");
	json_t *l = json_object_get(pos, "line"), *c = json_object_get(pos, "character");

	if (!json_is_string(u) || !json_is_integer(l) || !json_is_integer(c) ||
	    json_integer_value(l) < 0 || json_integer_value(c) < 0 ||
	    json_integer_value(l) > 10000000 || json_integer_value(c) > 10000000)
		return false;
	*uri = json_string_value(u);
	*line = (unsigned)json_integer_value(l);
	*character = (unsigned)json_integer_value(c);
	return true;
}

/*
 * A .config line: "CONFIG_FOO=value" or "# CONFIG_FOO is not set".
 * value gets the text after '=' (quotes kept, as the reader takes it).
 */
bool lsp_config_line_value(const char *line, size_t len, const char *word,
			      char *value, size_t size)
{
	size_t n = strlen(word);
	const char *p = line;

	while (p < line + len && (*p == ' ' || *p == '\t'))
		p++;
	if ((size_t)(line + len - p) > n && memcmp(p, word, n) == 0 && p[n] == '=') {
		size_t vlen = (size_t)(line + len - (p + n + 1));

		if (vlen >= size)
			return false;
		memcpy(value, p + n + 1, vlen);
		value[vlen] = '\0';
		return true;
	}
	if (len > 2 && line[0] == '#' && strstr(line, " is not set")) {
		snprintf(value, size, "n");
		return true;
	}
	return false;
}

/* "value" -> value (a string symbol's line, as the .config reader unquotes it). */
static void unquote(char *value)
{
	size_t n = strlen(value), j = 0;

	if (n < 2 || value[0] != '"' || value[n - 1] != '"')
		return;
	for (size_t i = 1; i + 1 < n; i++) {
		if (value[i] == '\\' && i + 2 < n)
			i++;
		value[j++] = value[i];
	}
	value[j] = '\0';
}

bool lsp_line_takes_effect(struct lsp_server *srv, const struct symbol *sym, char *value,
			   char **got)
{
	struct config *copy = session_fresh_config(srv->s);
	bool takes;

	if (sym->type == S_STRING)
		unquote(value);
	if (type_is_bool_or_tristate(sym->type)) {
		tristate t = value[0] == 'y' ? TRI_YES : value[0] == 'm' ? TRI_MOD : TRI_NO;

		config_set_user_tri(copy, sym, t);
		if (t == TRI_YES && symbol_is_choice_member(sym))
			config_choice_prefer(copy, sym);
	} else {
		config_set_user_str(copy, sym, value);
	}
	*got = xstrdup(config_str(copy, sym));
	takes = (sym->flags & SYMBOL_DEFINED) && strcmp(*got, value) == 0;
	config_free(copy);
	return takes;
}
