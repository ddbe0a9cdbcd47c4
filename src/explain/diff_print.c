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
#include "json_out.h"
#include "util.h"

/* The order of the full showings, so that a reference says where to look. */
struct walk {
	const struct diff_result *d;
	struct explainer *ex;
	FILE *out;
	unsigned *shown_seq;		/* by entry: 0 not yet, else its turn */
	const struct diff_entry **shown_root;	/* by entry: the root above it */
	unsigned seq;
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

/*
 * "file:line", as location_text() gives it, printed without a copy: a
 * diff of millions of lines kept each in the arena.
 */
static void put_location(struct location loc, FILE *out)
{
	if (loc.line > 0)
		fprintf(out, "%s:%d", location_file(loc), loc.line);
}

static void text_named(const char *text, struct location loc, const char *reason,
		       const char *side, FILE *out)
{
	if (!text)
		return;
	fprintf(out, "%s: %s at ", side, text);
	put_location(loc, out);
	fprintf(out, ", %s", reason);
}

static void text_asides(const struct diff_result *d, FILE *out)
{
	if (!d->nasides)
		return;
	fprintf(out, "\n%u symbol%s named differently by the files, with no value compared:\n",
		d->nasides, d->nasides == 1 ? "" : "s");
	for (unsigned i = 0; i < d->nasides; i++) {
		const struct diff_aside *a = &d->asides[i];

		fprintf(out, "  %s  (", a->name);
		text_named(a->old_text, a->old_loc, a->old_reason, "old", out);
		if (a->old_text && a->new_text)
			fputs("; ", out);
		text_named(a->new_text, a->new_loc, a->new_reason, "new", out);
		if (!a->old_text)
			fputs("; old: not named", out);
		if (!a->new_text)
			fputs("; new: not named", out);
		fputs(")\n", out);
	}
}

static void text_fragment(const struct diff_result *d, FILE *out)
{
	if (!d->nfragment)
		return;
	fprintf(out, "\nThe values of %s:\n", d->new_label);
	for (unsigned i = 0; i < d->nfragment; i++) {
		const struct diff_fragment_value *f = &d->fragment[i];

		fputs("  ", out);
		put_location(f->loc, out);
		fprintf(out, "  %s=%s  ", f->name, f->text);
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
	text_asides(d, out);
	text_fragment(d, out);
	free(w.shown_seq);
	free(w.shown_root);
}

/* --- JSON --------------------------------------------------------------------------- */

static json_t *value_json(struct explainer *ex, const struct diff_value *v)
{
	json_t *o = json_new_object(), *origin = json_new_object();

	json_put_text(o, "value", v->value);
	json_put(o, "written", json_boolean(v->written));
	json_put_text(origin, "kind", origin_kind_name(v->why.kind));
	json_put_location(ex, origin, "location", v->why.loc);
	json_put_text(origin, "reason", v->why.text);
	if (v->why.set_by.line > 0)
		json_put_location(ex, origin, "set_by", v->why.set_by);
	json_put(o, "origin", origin);
	return o;
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

static json_t *entry_json(struct walk *w, const struct diff_entry *e, bool as_root);

/* The children of e, each in full where its turn comes, else a reference. */
static json_t *children_json(struct walk *w, const struct diff_entry *e)
{
	json_t *a = json_new_array();

	for (unsigned i = 0; i < e->nchildren; i++) {
		const struct diff_entry *c = e->children[i];

		if (!c->root && w->shown_seq[index_of(w, c)] == w->seq + 1) {
			w->seq++;
			json_append(a, entry_json(w, c, false));
		} else {
			unsigned saved = w->seq;

			json_append(a, entry_json(w, c, false));
			w->seq = saved;
		}
	}
	return a;
}

static json_t *entry_json(struct walk *w, const struct diff_entry *e, bool as_root)
{
	unsigned k = index_of(w, e);
	json_t *o = json_new_object(), *causes;

	json_put_text(o, "symbol", e->sym->name);
	if (!as_root && (e->root || w->shown_seq[k] != w->seq)) {
		json_put(o, "reference", json_true());
		json_put_text(o, "shown_under", e->root ? e->sym->name
				: w->shown_root[k]->sym->name);
		return o;
	}
	json_put_text(o, "type", symbol_type_name(e->sym->type));
	json_put_text(o, "root", root_name(e->root));
	if (e->root == DIFF_ROOT_REMOVED || e->renamed_transitional) {
		json_put_text(o, "renamed_to", e->renamed_to ? e->renamed_to->name : NULL);
		json_put_text(o, "renamed_by", e->renamed_by);
	}
	json_put(o, "old", value_json(w->ex, &e->old));
	json_put(o, "new", value_json(w->ex, &e->new));
	causes = json_new_array();
	for (unsigned i = 0; i < e->nparents; i++)
		json_append(causes, json_text(e->parents[i]->sym->name));
	json_put(o, "causes", causes);
	json_put(o, "children", children_json(w, e));
	return o;
}

static json_t *named_json(struct explainer *ex, const char *text,
			  struct location loc, const char *reason)
{
	json_t *o;

	if (!text)
		return json_null();
	o = json_new_object();
	json_put_text(o, "text", text);
	json_put_location(ex, o, "location", loc);
	json_put_text(o, "reason", reason);
	return o;
}

static void aside_fill(void *ctx, const void *item, json_t *o)
{
	struct explainer *ex = ctx;
	const struct diff_aside *s = item;

	json_put_text(o, "symbol", s->name);
	json_put(o, "defined", json_boolean(s->sym != NULL));
	json_put(o, "old", named_json(ex, s->old_text, s->old_loc, s->old_reason));
	json_put(o, "new", named_json(ex, s->new_text, s->new_loc, s->new_reason));
}

static void fragment_value_fill(void *ctx, const void *item, json_t *o)
{
	struct explainer *ex = ctx;
	const struct diff_fragment_value *f = item;

	json_put_text(o, "symbol", f->name);
	json_put_text(o, "text", f->text);
	json_put_location(ex, o, "location", f->loc);
	json_put_text(o, "fate", diff_fate_name(f->fate));
	json_put_text(o, "reason", f->fate == FATE_IGNORED
		      ? unused_reason_name(f->reason)
		      : f->fate == FATE_UNDEFINED ? "undefined" : NULL);
	json_put_text(o, "value", f->sym ? f->result : NULL);
	json_put(o, "written", json_boolean(f->written));
}

void diff_print_json(struct explainer *ex, const struct diff_result *d, FILE *out)
{
	struct walk w = { .d = d, .ex = ex };
	unsigned n = d->nentries ? d->nentries : 1;
	json_t *o = json_new_object(), *roots = json_new_array();

	w.shown_seq = xcalloc(n, sizeof(*w.shown_seq));
	w.shown_root = xcalloc(n, sizeof(*w.shown_root));
	for (unsigned i = 0; i < d->nroots; i++)
		plan(&w, d->roots[i], d->roots[i]);
	json_put_text(o, "old", d->old_label);
	json_put_text(o, "new", d->new_label);
	if (d->across_trees) {
		json_put_text(o, "old_tree", d->old_tree);
		json_put_text(o, "new_tree", d->new_tree);
		json_put(o, "new_options", json_integer(d->nnew));
		json_put(o, "removed", json_integer(d->nremoved));
		json_put(o, "renamed", json_integer(d->nrenamed));
	}
	json_put(o, "root_changes", json_integer(d->nroots));
	json_put(o, "values_followed", json_integer(d->nentries - d->nroots));
	for (unsigned i = 0; i < d->nroots; i++) {
		w.seq = w.shown_seq[index_of(&w, d->roots[i])];
		json_append(roots, entry_json(&w, d->roots[i], true));
	}
	json_put(o, "roots", roots);
	json_put(o, "not_compared", JSON_ARRAY_OF(d->asides, d->nasides, aside_fill, ex));
	json_put(o, "fragment", JSON_ARRAY_OF(d->fragment, d->nfragment, fragment_value_fill, ex));
	json_write_line(o, out);
	free(w.shown_seq);
	free(w.shown_root);
}
