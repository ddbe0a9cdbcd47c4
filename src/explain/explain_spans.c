// SPDX-License-Identifier: GPL-2.0
/*
 * Text with spans (explain.h): what the renderer writes, with a record
 * of where it wrote a symbol's name, a location or a value, so that
 * the browser's links and any other reader take them from the record.
 */
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "util.h"

void span_text_mark(struct span_text *t, size_t len, enum explain_span_kind kind,
		    const struct symbol *sym)
{
	if (!len || len > t->text.len || t->no_spans)
		return;
	if (t->nspans == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 8;
		t->spans = xrealloc(t->spans, t->cap * sizeof(*t->spans));
	}
	t->spans[t->nspans++] = (struct explain_span){
		.start = (unsigned)(t->text.len - len), .len = (unsigned)len,
		.kind = kind, .sym = sym,
	};
}

void span_text_add(struct span_text *t, const char *s)
{
	strbuf_adds(&t->text, s);
}

void span_text_symbol(struct span_text *t, const struct symbol *sym)
{
	const char *name = sym->name ? sym->name : "<choice>";

	strbuf_adds(&t->text, name);
	if (sym->name)
		span_text_mark(t, strlen(name), XSPAN_SYMBOL, sym);
}

void span_text_location(struct span_text *t, struct explainer *ex, struct location loc)
{
	size_t before = t->text.len;

	(void)ex;	/* the text is made in t, not in the explainer's arena */
	location_append(&t->text, loc);
	span_text_mark(t, t->text.len - before, XSPAN_LOCATION, NULL);
}

void span_text_value(struct span_text *t, const struct symbol *sym, const char *value)
{
	size_t before = t->text.len;

	if (sym && sym->type == S_STRING)
		strbuf_addf(&t->text, "\"%s\"", value);
	else
		strbuf_adds(&t->text, value);
	span_text_mark(t, t->text.len - before, XSPAN_VALUE, sym);
}

void span_text_consume(struct span_text *t, size_t n)
{
	unsigned kept = 0;

	if (n > t->text.len)
		n = t->text.len;
	memmove(t->text.data, t->text.data + n, t->text.len - n);
	t->text.len -= n;
	if (t->text.data)
		t->text.data[t->text.len] = '\0';
	for (unsigned i = 0; i < t->nspans; i++) {
		struct explain_span s = t->spans[i];

		if (s.start < n)
			continue;
		s.start -= (unsigned)n;
		t->spans[kept++] = s;
	}
	t->nspans = kept;
}

void span_text_release(struct span_text *t)
{
	strbuf_release(&t->text);
	free(t->spans);
	*t = (struct span_text){ 0 };
}
