// SPDX-License-Identifier: GPL-2.0
/*
 * textDocument/hover.  On a symbol (a Kconfig name, CONFIG_FOO in a
 * source file): the explain renderer's own lines from the symbol's
 * heading to the next section (the value, where it is defined, what
 * decided it and why), and the command that prints the whole
 * explanation.  On a line of a .config or a fragment: whether the line
 * takes effect, tried on a copy of the configuration by the model.
 */
#include <stdlib.h>
#include <string.h>

#include "json_out.h"
#include "lsp.h"
#include "strbuf.h"
#include "util.h"

/* The first section of the explanation: the heading up to the next heading. */
struct hover_text {
	struct strbuf *out;
	unsigned headings, lines;
	bool done;
};

#define HOVER_LINES_MAX	24

static void take_line(void *ctx, const struct explain_line *line)
{
	struct hover_text *h = ctx;

	if (h->done)
		return;
	if (line->style == XSTYLE_HEADING && h->headings++ > 0) {
		h->done = true;
		return;
	}
	if (line->fold && !line->fold_head)
		return;
	if (++h->lines > HOVER_LINES_MAX) {
		strbuf_adds(h->out, "...\n");
		h->done = true;
		return;
	}
	strbuf_adds(h->out, line->text);
	strbuf_addc(h->out, '\n');
}

/* The short why of sym, as explain's text prints it, into out. */
static void append_why(struct lsp_server *srv, const struct symbol *sym, struct strbuf *out)
{
	struct explainer *ex = srv->s->ex;
	const struct explanation *x = explain_symbol(ex, sym);
	const struct explain_print_options opts = { .depth = 0, .no_help = true };
	struct hover_text h = { .out = out };

	strbuf_adds(out, "```\n");
	explain_render_text(ex, x, &opts, take_line, &h);
	strbuf_adds(out, "```\n");
}

static json_t *markdown(struct strbuf *b, const char *line, size_t len, unsigned lineno,
			size_t start, size_t end)
{
	json_t *hover = json_object(), *contents = json_object();

	json_object_set_new(contents, "kind", json_string("markdown"));
	json_object_set_new(contents, "value", json_text(strbuf_str(b)));
	json_object_set_new(hover, "contents", contents);
	json_object_set_new(hover, "range", lsp_range(line, len, lineno, start, end));
	strbuf_release(b);
	return hover;
}

/* Whether the line takes effect, tried on a copy of the configuration. */
static void append_line_effect(struct lsp_server *srv, const struct symbol *sym,
			       char *value, struct strbuf *out)
{
	const char *now = config_str(srv->s->cfg, sym);
	char *got = NULL;

	if (!(sym->flags & SYMBOL_DEFINED))
		strbuf_addf(out, "**%s is not defined in this tree**: the line does nothing.\n\n",
			    sym->name);
	else if (lsp_line_takes_effect(srv, sym, value, &got))
		strbuf_addf(out, "**Takes effect**: %s = %s (now %s).\n\n", sym->name, got, now);
	else
		strbuf_addf(out, "**Does not take effect**: asks %s = %s, the configuration gives %s.\n\n",
			    sym->name, value, got);
	free(got);
}

json_t *lsp_hover(struct lsp_server *srv, json_t *params)
{
	const char *uri, *line;
	unsigned lineno, character;
	struct lsp_doc *doc;
	const struct symbol *sym;
	char word[256], value[1024];
	size_t start, end, len;
	struct strbuf b = { 0 };

	if (!lsp_params_position(params, &uri, &lineno, &character) ||
	    !(doc = lsp_doc_find(srv, uri)) ||
	    !lsp_word_at(doc, lineno, character, word, sizeof(word), &start, &end) ||
	    !(sym = lsp_symbol_of_word(srv, doc, word)))
		return json_null();
	line = lsp_doc_line(doc, lineno, &len);
	if (doc->kind == DOC_CONFIG &&
	    lsp_config_line_value(line, len, word, value, sizeof(value)))
		append_line_effect(srv, sym, value, &b);
	append_why(srv, sym, &b);
	strbuf_addf(&b, "\nWhole explanation: `kbrowse explain %s`; what would change it: "
		    "`kbrowse explain --to VALUE %s`\n", sym->name, sym->name);
	return markdown(&b, line, len, lineno, start, end);
}
