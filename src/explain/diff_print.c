// SPDX-License-Identifier: GPL-2.0
/*
 * A diff (diff.h) as text for a person, and as one JSON object for
 * scripts.  Both walk the roots in tree order and show each changed
 * symbol once in full, under the first cause the walk meets; under its
 * other causes it is a reference to that place.
 */
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "util.h"

/* The order of the full showings, so that a reference says where to look. */
struct walk {
	const struct diff_result *d;
	struct explainer *ex;
	FILE *out;
	unsigned *shown_seq;		/* by entry: 0 not yet, else its turn */
	const struct diff_entry **shown_root;	/* by entry: the root above it */
	unsigned seq;
	bool json;
	struct strbuf buf;
};

static unsigned index_of(const struct walk *w, const struct diff_entry *e)
{
	return (unsigned)(e - w->d->entries);
}

/* First pass: which root's tree shows each entry in full, in what order. */
static void plan(struct walk *w, const struct diff_entry *e,
		 const struct diff_entry *root)
{
	unsigned k = index_of(w, e);

	if (w->shown_seq[k])
		return;
	w->shown_seq[k] = ++w->seq;
	w->shown_root[k] = root;
	for (unsigned i = 0; i < e->nchildren; i++)
		if (!e->children[i]->root)
			plan(w, e->children[i], root);
}

/* --- text -------------------------------------------------------------------------- */

static const char *shown_value(struct explainer *ex, const struct diff_entry *e,
			       const struct diff_value *v)
{
	if (!v->written)
		return "-";
	if (e->sym->type == S_STRING)
		return arena_printf(&ex->arena, "\"%s\"", v->value);
	return v->value;
}

static void print_reason(struct explainer *ex, const struct diff_reason *r,
			 bool first, FILE *out)
{
	if (first)
		fprintf(out, "%s%s%s", r->loc.line > 0 ? location_text(ex, r->loc) : "",
			r->loc.line > 0 ? " " : "", r->text);
	else
		fprintf(out, "was %s%s%s", r->text, r->loc.line > 0 ? " at " : "",
			r->loc.line > 0 ? location_text(ex, r->loc) : "");
}

/* What kind of root it is, when that is not a user value. */
static void text_root_note(const struct walk *w, const struct diff_entry *e, FILE *out)
{
	if (e->renamed_transitional) {
		fprintf(out, "  [renamed to %s: the old name is transitional, %s's default reads it]",
			e->renamed_to->name, e->renamed_to->name);
		return;
	}
	switch (e->root) {
	case DIFF_ROOT_NO_CAUSE:
		fputs(w->d->across_trees ? "  [its definition changed]"
					 : "  [no changed symbol explains it]", out);
		break;
	case DIFF_ROOT_NEW:
		fputs("  [new option]", out);
		break;
	case DIFF_ROOT_REMOVED:
		if (e->renamed_to)
			fprintf(out, "  [removed; likely renamed to %s: %s]",
				e->renamed_to->name, e->renamed_by);
		else
			fputs("  [removed]", out);
		break;
	default:
		break;
	}
}

static void text_entry(struct walk *w, const struct diff_entry *e, unsigned depth,
		       bool as_root)
{
	unsigned k = index_of(w, e);
	FILE *out = w->out;

	fprintf(out, "%*s%s  ", (int)(2 * depth), "", e->sym->name);
	if (e->root && !as_root) {
		fprintf(out, "(a root change of its own, shown %s)\n",
			w->shown_seq[k] < w->seq ? "above" : "below");
		return;
	}
	if (!as_root && w->shown_seq[k] != w->seq) {
		fprintf(out, "(also follows from this; shown %s under %s)\n",
			w->shown_seq[k] < w->seq ? "above" : "below",
			w->shown_root[k]->sym->name);
		return;
	}
	fprintf(out, "%s -> %s   (", shown_value(w->ex, e, &e->old),
		shown_value(w->ex, e, &e->new));
	print_reason(w->ex, &e->new.why, true, out);
	fputs("; ", out);
	print_reason(w->ex, &e->old.why, false, out);
	fputs(")", out);
	if (as_root)
		text_root_note(w, e, out);
	putc('\n', out);
	for (unsigned i = 0; i < e->nchildren; i++) {
		const struct diff_entry *c = e->children[i];

		if (!c->root && !w->shown_seq[index_of(w, c)])
			continue;	/* cannot happen: plan() saw it */
		/* The full showing is the one whose turn comes now. */
		if (!c->root && w->shown_seq[index_of(w, c)] == w->seq + 1) {
			w->seq++;
			text_entry(w, c, depth + 1, false);
		} else {
			unsigned saved = w->seq;

			text_entry(w, c, depth + 1, false);
			w->seq = saved;
		}
	}
}

static void text_named(struct explainer *ex, const char *text, struct location loc,
		       const char *reason, const char *side, FILE *out)
{
	if (!text)
		return;
	fprintf(out, "%s: %s at %s, %s", side, text, location_text(ex, loc), reason);
}

static void text_asides(struct explainer *ex, const struct diff_result *d, FILE *out)
{
	if (!d->nasides)
		return;
	fprintf(out, "\n%u symbol%s named differently by the files, with no value compared:\n",
		d->nasides, d->nasides == 1 ? "" : "s");
	for (unsigned i = 0; i < d->nasides; i++) {
		const struct diff_aside *a = &d->asides[i];

		fprintf(out, "  %s  (", a->name);
		text_named(ex, a->old_text, a->old_loc, a->old_reason, "old", out);
		if (a->old_text && a->new_text)
			fputs("; ", out);
		text_named(ex, a->new_text, a->new_loc, a->new_reason, "new", out);
		if (!a->old_text)
			fputs("; old: not named", out);
		if (!a->new_text)
			fputs("; new: not named", out);
		fputs(")\n", out);
	}
}

static void text_fragment(struct explainer *ex, const struct diff_result *d, FILE *out)
{
	if (!d->nfragment)
		return;
	fprintf(out, "\nThe values of %s:\n", d->new_label);
	for (unsigned i = 0; i < d->nfragment; i++) {
		const struct diff_fragment_value *f = &d->fragment[i];

		fprintf(out, "  %s  %s=%s  ", location_text(ex, f->loc), f->name, f->text);
		switch (f->fate) {
		case FATE_CHANGES:
			fprintf(out, "changes it (to %s)\n", f->written ? f->result : "-");
			break;
		case FATE_ALREADY:
			fprintf(out, "already so (%s)\n", f->written ? f->result : "-");
			break;
		case FATE_IGNORED:
			fprintf(out, "ignored: %s (the value is %s)\n",
				unused_reason_name(f->reason), f->written ? f->result : "-");
			break;
		case FATE_UNDEFINED:
			fputs("ignored: not defined in this tree\n", out);
			break;
		}
	}
}

void diff_print_text(struct explainer *ex, const struct diff_result *d, FILE *out)
{
	struct walk w = { .d = d, .ex = ex, .out = out };
	unsigned n = d->nentries ? d->nentries : 1;

	w.shown_seq = xcalloc(n, sizeof(*w.shown_seq));
	w.shown_root = xcalloc(n, sizeof(*w.shown_root));
	for (unsigned i = 0; i < d->nroots; i++)
		plan(&w, d->roots[i], d->roots[i]);
	if (d->across_trees)
		fprintf(out, "From %s to %s: what olddefconfig in the new tree does to %s\n",
			d->old_tree ? d->old_tree : "the old tree",
			d->new_tree ? d->new_tree : "the new tree", d->old_label);
	fprintf(out, "%u root change%s, %u value%s followed", d->nroots,
		d->nroots == 1 ? "" : "s", d->nentries - d->nroots,
		d->nentries - d->nroots == 1 ? "" : "s");
	if (d->across_trees)
		fprintf(out, " (%u new option%s, %u removed, %u likely renamed)",
			d->nnew, d->nnew == 1 ? "" : "s", d->nremoved, d->nrenamed);
	putc('\n', out);
	w.seq = 0;
	for (unsigned i = 0; i < d->nroots; i++) {
		w.seq = w.shown_seq[index_of(&w, d->roots[i])];
		text_entry(&w, d->roots[i], 0, true);
	}
	text_asides(ex, d, out);
	text_fragment(ex, d, out);
	free(w.shown_seq);
	free(w.shown_root);
}

/* --- JSON --------------------------------------------------------------------------- */

/* The length of the UTF-8 sequence at s, 0 when it is not one. */
static int utf8_sequence(const unsigned char *s)
{
	int len = s[0] >= 0xf0 && s[0] < 0xf5 ? 4 : s[0] >= 0xe0 ? 3 :
		  s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;

	for (int i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

static void js(struct strbuf *b, const char *s)
{
	strbuf_addc(b, '"');
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		int len;

		if (*p == '"' || *p == '\\') {
			strbuf_addc(b, '\\');
			strbuf_addc(b, (char)*p);
		} else if (*p < 0x20) {
			strbuf_addf(b, "\\u%04x", *p);
		} else if (*p < 0x80) {
			strbuf_addc(b, (char)*p);
		} else if ((len = utf8_sequence(p)) > 0) {
			strbuf_add(b, (const char *)p, (size_t)len);
			p += len - 1;
		} else {
			strbuf_adds(b, "\\ufffd");
		}
	}
	strbuf_addc(b, '"');
}

static void js_field(struct strbuf *b, const char *key, const char *value, bool comma)
{
	if (comma)
		strbuf_addc(b, ',');
	js(b, key);
	strbuf_addc(b, ':');
	if (value)
		js(b, value);
	else
		strbuf_adds(b, "null");
}

static void js_loc(struct walk *w, const char *key, struct location loc)
{
	js_field(&w->buf, key, loc.line > 0 ? location_text(w->ex, loc) : NULL, true);
}

static void json_value(struct walk *w, const char *key, const struct diff_value *v)
{
	struct strbuf *b = &w->buf;

	strbuf_addf(b, ",\"%s\":{", key);
	js_field(b, "value", v->value, false);
	strbuf_addf(b, ",\"written\":%s,\"origin\":{", v->written ? "true" : "false");
	js_field(b, "kind", origin_kind_name(v->why.kind), false);
	js_loc(w, "location", v->why.loc);
	js_field(b, "reason", v->why.text, true);
	strbuf_adds(b, "}}");
}

static const char *root_name(enum diff_root_kind kind)
{
	switch (kind) {
	case DIFF_ROOT_USER: return "user";
	case DIFF_ROOT_NO_CAUSE: return "no-cause";
	case DIFF_ROOT_NEW: return "new";
	case DIFF_ROOT_REMOVED: return "removed";
	default: return NULL;
	}
}

static void json_entry(struct walk *w, const struct diff_entry *e, bool as_root)
{
	struct strbuf *b = &w->buf;
	unsigned k = index_of(w, e);

	strbuf_addc(b, '{');
	js_field(b, "symbol", e->sym->name, false);
	if (!as_root && (e->root || w->shown_seq[k] != w->seq)) {
		strbuf_adds(b, ",\"reference\":true");
		js_field(b, "shown_under", e->root ? e->sym->name
				: w->shown_root[k]->sym->name, true);
		strbuf_addc(b, '}');
		return;
	}
	js_field(b, "type", symbol_type_name(e->sym->type), true);
	js_field(b, "root", root_name(e->root), true);
	if (e->root == DIFF_ROOT_REMOVED || e->renamed_transitional) {
		js_field(b, "renamed_to", e->renamed_to ? e->renamed_to->name : NULL, true);
		js_field(b, "renamed_by", e->renamed_by, true);
	}
	json_value(w, "old", &e->old);
	json_value(w, "new", &e->new);
	strbuf_adds(b, ",\"causes\":[");
	for (unsigned i = 0; i < e->nparents; i++) {
		if (i)
			strbuf_addc(b, ',');
		js(b, e->parents[i]->sym->name);
	}
	strbuf_adds(b, "],\"children\":[");
	for (unsigned i = 0; i < e->nchildren; i++) {
		const struct diff_entry *c = e->children[i];

		if (i)
			strbuf_addc(b, ',');
		if (!c->root && w->shown_seq[index_of(w, c)] == w->seq + 1) {
			w->seq++;
			json_entry(w, c, false);
		} else {
			unsigned saved = w->seq;

			json_entry(w, c, false);
			w->seq = saved;
		}
	}
	strbuf_adds(b, "]}");
}

static void json_named(struct walk *w, const char *side, const char *text,
		       struct location loc, const char *reason)
{
	struct strbuf *b = &w->buf;

	strbuf_addf(b, ",\"%s\":", side);
	if (!text) {
		strbuf_adds(b, "null");
		return;
	}
	strbuf_addc(b, '{');
	js_field(b, "text", text, false);
	js_loc(w, "location", loc);
	js_field(b, "reason", reason, true);
	strbuf_addc(b, '}');
}

void diff_print_json(struct explainer *ex, const struct diff_result *d, FILE *out)
{
	struct walk w = { .d = d, .ex = ex, .json = true };
	unsigned n = d->nentries ? d->nentries : 1;
	struct strbuf *b = &w.buf;

	w.shown_seq = xcalloc(n, sizeof(*w.shown_seq));
	w.shown_root = xcalloc(n, sizeof(*w.shown_root));
	for (unsigned i = 0; i < d->nroots; i++)
		plan(&w, d->roots[i], d->roots[i]);
	strbuf_addc(b, '{');
	js_field(b, "old", d->old_label, false);
	js_field(b, "new", d->new_label, true);
	if (d->across_trees) {
		js_field(b, "old_tree", d->old_tree, true);
		js_field(b, "new_tree", d->new_tree, true);
		strbuf_addf(b, ",\"new_options\":%u,\"removed\":%u,\"renamed\":%u",
			    d->nnew, d->nremoved, d->nrenamed);
	}
	strbuf_addf(b, ",\"root_changes\":%u,\"values_followed\":%u,\"roots\":[",
		    d->nroots, d->nentries - d->nroots);
	for (unsigned i = 0; i < d->nroots; i++) {
		if (i)
			strbuf_addc(b, ',');
		w.seq = w.shown_seq[index_of(&w, d->roots[i])];
		json_entry(&w, d->roots[i], true);
	}
	strbuf_adds(b, "],\"not_compared\":[");
	for (unsigned i = 0; i < d->nasides; i++) {
		const struct diff_aside *a = &d->asides[i];

		if (i)
			strbuf_addc(b, ',');
		strbuf_addc(b, '{');
		js_field(b, "symbol", a->name, false);
		strbuf_addf(b, ",\"defined\":%s", a->sym ? "true" : "false");
		json_named(&w, "old", a->old_text, a->old_loc, a->old_reason);
		json_named(&w, "new", a->new_text, a->new_loc, a->new_reason);
		strbuf_addc(b, '}');
	}
	strbuf_adds(b, "],\"fragment\":[");
	for (unsigned i = 0; i < d->nfragment; i++) {
		const struct diff_fragment_value *f = &d->fragment[i];

		if (i)
			strbuf_addc(b, ',');
		strbuf_addc(b, '{');
		js_field(b, "symbol", f->name, false);
		js_field(b, "text", f->text, true);
		js_loc(&w, "location", f->loc);
		js_field(b, "fate", diff_fate_name(f->fate), true);
		js_field(b, "reason", f->fate == FATE_IGNORED
			 ? unused_reason_name(f->reason)
			 : f->fate == FATE_UNDEFINED ? "undefined" : NULL, true);
		js_field(b, "value", f->sym ? f->result : NULL, true);
		strbuf_addf(b, ",\"written\":%s}", f->written ? "true" : "false");
	}
	strbuf_adds(b, "]}\n");
	fputs(strbuf_str(b), out);
	strbuf_release(b);
	free(w.shown_seq);
	free(w.shown_root);
}
