// SPDX-License-Identifier: GPL-2.0
/*
 * The changes view: the symbols whose value in the .config a save would
 * write differs from the file loaded (and, after a save, from the file
 * saved last), whether the change was made here or by loading itself
 * (a value out of range, an unmet dependency, a symbol the file lacks).
 * Each row follows to its explanation.  Before a save it is the list to
 * confirm: s writes, q cancels; above the lists, the warnings conf gives
 * about the values saved (a select past unmet dependencies), in conf's
 * words.
 *
 * The rows are grouped by root cause as `kbrowse diff` groups them
 * (src/explain/diff.c, the configuration read from the file against the
 * one now): each root change, and under it what followed from it; the
 * values loading itself changed (conf writes the file's line otherwise)
 * come after, in a group of their own.  With `kbrowse --diff OTHER` a
 * first list compares OTHER's configuration with the one now, the same
 * way.
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "dialog.h"
#include "diff.h"
#include "kernel_expr.h"
#include "util.h"
#include "view_changes.h"

/* One symbol's value in a .config text: NULL name ends a list. */
struct setting {
	char *name;		/* without the prefix */
	char *value;		/* "n" for "is not set" */
	size_t line;		/* the later of two lines for a name counts */
};

struct change {
	char *name;
	char *was, *now;	/* NULL: not in the file */
	struct entry *entry;
	unsigned depth;		/* under its root cause */
	const char *note;	/* kept text: the kind of root, or where it is shown */
	bool placed;		/* a text row already shown in the grouping */
	bool reference;		/* shown in full elsewhere: note says where */
};

enum change_kind { CHANGE_HEADING, CHANGE_ROW, CHANGE_NOTE, CHANGE_WARNING };

struct changes_state {
	char *pending;		/* the file s writes to; NULL: only a list */
	struct change *changes;
	size_t count, cap;
	char **texts;
	size_t ntexts;
	struct change **extra;	/* the rows of the grouping */
	size_t nextra;
	size_t since_load;	/* the rows of the "since load" list */
};

static char *copy_bytes(const char *p, size_t n)
{
	char *s = xmalloc(n + 1);

	memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

static int by_name(const void *a, const void *b)
{
	const struct setting *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->line < y->line ? -1 : x->line > y->line;
}

/* "CONFIG_X=v" and "# CONFIG_X is not set" lines of text, sorted by name. */
static struct setting *settings_of(const char *text, size_t len, const char *prefix,
				   size_t *count)
{
	struct setting *list = NULL;
	size_t cap = 0, plen = strlen(prefix);
	const char *p = text, *end = text ? text + len : NULL;

	*count = 0;
	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *name = NULL, *value = NULL;
		size_t nlen = 0, vlen = 0;

		if (l > plen && strncmp(p, prefix, plen) == 0) {
			const char *eq = memchr(p, '=', l);

			if (eq) {
				name = p + plen;
				nlen = (size_t)(eq - name);
				value = eq + 1;
				vlen = l - (size_t)(value - p);
			}
		} else if (l > plen + 2 && strncmp(p, "# ", 2) == 0 &&
			   strncmp(p + 2, prefix, plen) == 0 && l > 13 &&
			   strncmp(p + l - 11, " is not set", 11) == 0) {
			name = p + 2 + plen;
			nlen = l - 2 - plen - 11;
			value = "n";
			vlen = 1;
		}
		if (name && nlen) {
			if (*count == cap) {
				cap = cap ? cap * 2 : 256;
				list = xrealloc(list, cap * sizeof(*list));
			}
			list[*count].name = copy_bytes(name, nlen);
			list[*count].line = *count;
			list[(*count)++].value = copy_bytes(value, vlen);
		}
		p += l + 1;
	}
	if (*count)
		qsort(list, *count, sizeof(*list), by_name);
	/* A name given twice: the later line is the one read, as conf does. */
	for (size_t i = 0, out = 0; i < *count; i++) {
		if (i + 1 < *count && strcmp(list[i].name, list[i + 1].name) == 0) {
			free(list[i].name);
			free(list[i].value);
			continue;
		}
		list[out++] = list[i];
		if (i + 1 == *count)
			*count = out;
	}
	return list;
}

static void free_settings(struct setting *list, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		free(list[i].name);
		free(list[i].value);
	}
	free(list);
}

/* A value as a row shows it: a string quoted, so that "" still shows. */
static char *shown_value(const struct symbol *sym, const char *value)
{
	struct strbuf b = { 0 };
	char *out;

	if (!value)
		return NULL;
	if (!sym || sym->type != S_STRING)
		return xstrdup(value);
	strbuf_addf(&b, "\"%s\"", value);
	out = xstrdup(strbuf_str(&b));
	strbuf_release(&b);
	return out;
}

static void add_change(struct browser *br, struct changes_state *st, const char *name,
		       const char *was, const char *now)
{
	const struct symbol *sym = session_find_symbol(br->s, name);

	if (st->count == st->cap) {
		st->cap = st->cap ? st->cap * 2 : 64;
		st->changes = xrealloc(st->changes, st->cap * sizeof(*st->changes));
	}
	st->changes[st->count++] = (struct change){
		.name = xstrdup(name),
		.was = was ? xstrdup(was) : NULL,	/* as the file writes it */
		.now = now ? xstrdup(now) : NULL,
		.entry = sym ? browser_symbol_entry(br, sym) : NULL,
	};
}

/* Values that changed first, then symbols only one side has; by name. */
static int by_kind_and_name(const void *a, const void *b)
{
	const struct change *x = a, *y = b;
	int rx = !(x->was && x->now), ry = !(y->was && y->now);

	return rx != ry ? rx - ry : strcmp(x->name, y->name);
}

/* The rows for old -> new, merged by name; returns how many. */
static size_t compare(struct browser *br, struct changes_state *st,
		      const struct setting *old, size_t nold,
		      const struct setting *new, size_t nnew)
{
	size_t i = 0, j = 0, before = st->count;

	while (i < nold || j < nnew) {
		int c = i == nold ? 1 : j == nnew ? -1 : strcmp(old[i].name, new[j].name);

		if (c < 0) {
			add_change(br, st, old[i].name, old[i].value, NULL);
			i++;
		} else if (c > 0) {
			add_change(br, st, new[j].name, NULL, new[j].value);
			j++;
		} else {
			if (strcmp(old[i].value, new[j].value) != 0)
				add_change(br, st, new[j].name, old[i].value, new[j].value);
			i++;
			j++;
		}
	}
	/* No change: st->changes may still be NULL, which qsort must not get. */
	if (st->count > before)
		qsort(st->changes + before, st->count - before,
		      sizeof(*st->changes), by_kind_and_name);
	return st->count - before;
}

static const char *keep_text(struct changes_state *st, const char *text)
{
	st->texts = xrealloc(st->texts, (st->ntexts + 1) * sizeof(*st->texts));
	st->texts[st->ntexts] = xstrdup(text);
	return st->texts[st->ntexts++];
}

static void free_rows(struct changes_state *st)
{
	for (size_t i = 0; i < st->count; i++) {
		free(st->changes[i].name);
		free(st->changes[i].was);
		free(st->changes[i].now);
	}
	free(st->changes);
	st->changes = NULL;
	st->count = st->cap = 0;
	for (size_t i = 0; i < st->nextra; i++) {
		free(st->extra[i]->name);
		free(st->extra[i]->was);
		free(st->extra[i]->now);
		free(st->extra[i]);
	}
	free(st->extra);
	st->extra = NULL;
	st->nextra = 0;
	for (size_t i = 0; i < st->ntexts; i++)
		free(st->texts[i]);
	free(st->texts);
	st->texts = NULL;
	st->ntexts = 0;
}

static void add_heading(struct view *view, struct changes_state *st, const char *text)
{
	view_add(view, keep_text(st, text), CHANGE_HEADING, 0);
}

static void add_note(struct view *view, struct changes_state *st, const char *text)
{
	view_add(view, keep_text(st, text), CHANGE_NOTE, 0);
}

/* A configuration of text (NULL: none, the defaults), with its explainer. */
struct side_config {
	struct config *cfg;
	struct user_lines *lines;
	struct explainer *ex;
	struct diff_file file;
};

static void side_open(struct browser *br, struct side_config *side, const char *name,
		      const char *text, size_t len)
{
	side->cfg = config_new_sibling(br->s->cfg);
	side->lines = config_read_text_recorded(side->cfg, name ? name : "",
						text ? text : "", text ? len : 0,
						&br->s->io, NULL);
	if (name && text)
		side->lines->sources = config_sources_read(br->s->kc, name, text, len,
							   br->s->io.srctree, NULL);
	side->ex = explainer_new(side->cfg, side->lines);
	side->file = (struct diff_file){ name ? name : "", text ? text : "", text ? len : 0 };
}

static void side_close(struct side_config *side)
{
	explainer_free(side->ex);
	user_lines_free(side->lines);
	config_free(side->cfg);
}

/* The configuration from the file (old) against the one now. */
static struct diff_result *diff_with_now(struct browser *br, struct side_config *old,
					 struct explainer **now_ex)
{
	struct diff_input old_in = { old->ex, &old->file, 1 };
	struct diff_input now_in = { NULL, NULL, 0 };

	*now_ex = explainer_new(br->s->cfg, br->s->user_lines);
	now_in.ex = *now_ex;
	return diff_configs(&old_in, &now_in, br->s->io.prefix, false);
}

static const char *diff_value_text(const struct diff_value *v)
{
	return v->written ? v->value : "(not written)";
}

static const char *root_note(struct changes_state *st, const struct diff_entry *e)
{
	switch (e->root) {
	case DIFF_ROOT_USER:
		return keep_text(st, "   [root: its user value]");
	case DIFF_ROOT_NO_CAUSE:
		return keep_text(st, "   [root: no changed symbol explains it]");
	default:
		return NULL;
	}
}

/* The text row of name among rows [first, first + n), or NULL. */
static struct change *text_row(struct changes_state *st, size_t first, size_t n,
			       const char *name)
{
	for (size_t i = first; i < first + n; i++)
		if (strcmp(st->changes[i].name, name) == 0)
			return &st->changes[i];
	return NULL;
}

/*
 * The rows of one diff entry: the text row when the list has one for it
 * (its values are what a save changes), else a row of its own with the
 * diff's values.  Returns the row (in st->extra).
 */
static struct change *entry_row(struct browser *br, struct changes_state *st,
				const struct diff_entry *e, size_t first, size_t n,
				unsigned depth)
{
	struct change *row = n ? text_row(st, first, n, e->sym->name) : NULL;
	struct change *copy = xcalloc(1, sizeof(*copy));

	if (row) {
		row->placed = true;
		*copy = *row;
		copy->name = xstrdup(row->name);
		copy->was = row->was ? xstrdup(row->was) : NULL;
		copy->now = row->now ? xstrdup(row->now) : NULL;
	} else {
		copy->name = xstrdup(e->sym->name);
		copy->was = e->old.written ? shown_value(e->sym, e->old.value)
					   : xstrdup(diff_value_text(&e->old));
		copy->now = e->new.written ? shown_value(e->sym, e->new.value)
					   : xstrdup(diff_value_text(&e->new));
		copy->entry = browser_symbol_entry(br, e->sym);
	}
	copy->depth = depth;
	st->extra = xrealloc(st->extra, (st->nextra + 1) * sizeof(*st->extra));
	st->extra[st->nextra++] = copy;
	return copy;
}

struct pending_row {
	const struct diff_entry *e, *root;
	unsigned depth;
};

/*
 * The diff's roots in order, each followed by what follows from it (an
 * explicit stack, whatever the length of a chain); a symbol with several
 * causes is shown in full under the first, and named under the others.
 */
static void add_grouped(struct browser *br, struct view *view, struct changes_state *st,
			const struct diff_result *d, size_t first, size_t n)
{
	size_t cap = d->nentries + 1, top = 0;
	struct pending_row *stack;
	const struct diff_entry **shown_under;

	stack = xcalloc(cap, sizeof(*stack));
	shown_under = xcalloc(d->nentries + 1, sizeof(*shown_under));
	for (unsigned r = d->nroots; r-- > 0;)
		stack[top++] = (struct pending_row){ d->roots[r], d->roots[r], 0 };
	while (top) {
		const struct diff_entry *e = stack[--top].e, *root = stack[top].root;
		unsigned depth = stack[top].depth;
		size_t k = (size_t)(e - d->entries);
		struct change *row = entry_row(br, st, e, first, n, depth);

		view_add(view, row, CHANGE_ROW, 0);
		if (shown_under[k] || (depth && e->root)) {
			char note[300];

			if (e->root)
				snprintf(note, sizeof(note), "   (a root change of its own)");
			else
				snprintf(note, sizeof(note),
					 "   (also follows from this; shown under %s)",
					 shown_under[k]->sym->name);
			row->note = keep_text(st, note);
			row->reference = true;
			continue;
		}
		shown_under[k] = root;
		if (!depth)
			row->note = root_note(st, e);
		/* Children pushed last first, so that they come out in order. */
		for (unsigned i = e->nchildren; i-- > 0;) {
			if (top == cap) {
				cap *= 2;
				stack = xrealloc(stack, cap * sizeof(*stack));
			}
			stack[top++] = (struct pending_row){ e->children[i], root, depth + 1 };
		}
	}
	free(stack);
	free(shown_under);
}

/*
 * One list: a heading, the rows [first, first + n) of what a save would
 * change grouped by root cause against the configuration of old_text,
 * then those loading itself changed, or a note that there are none.
 */
static void add_list(struct browser *br, struct view *view, struct changes_state *st,
		     const char *heading, const char *old_name, const char *old_text,
		     size_t old_len, size_t first, size_t n)
{
	struct side_config old;
	struct explainer *now_ex;
	struct diff_result *d;
	bool loading_heading = false;

	add_heading(view, st, heading);
	side_open(br, &old, old_name, old_text, old_len);
	d = diff_with_now(br, &old, &now_ex);
	add_grouped(br, view, st, d, first, n);
	for (size_t i = first; i < first + n; i++) {
		if (st->changes[i].placed)
			continue;
		if (!loading_heading && d->nentries)
			add_note(view, st, "  What reading the file changed (a save writes it so):");
		loading_heading = true;
		view_add(view, &st->changes[i], CHANGE_ROW, 0);
	}
	if (!n && !d->nentries)
		add_note(view, st, "  (none)");
	add_note(view, st, "");
	diff_free(d);
	explainer_free(now_ex);
	side_close(&old);
}

/* kbrowse --diff OTHER: OTHER's configuration against the one now. */
static void add_other(struct browser *br, struct view *view, struct changes_state *st)
{
	struct side_config other;
	struct explainer *now_ex;
	struct diff_result *d;
	char heading[700];

	side_open(br, &other, br->opts.diff_name, br->opts.diff_text, br->opts.diff_len);
	d = diff_with_now(br, &other, &now_ex);
	snprintf(heading, sizeof(heading),
		 "Differs from %s: %u root change%s, %u value%s followed", br->opts.diff_name,
		 d->nroots, d->nroots == 1 ? "" : "s", d->nentries - d->nroots,
		 d->nentries - d->nroots == 1 ? "" : "s");
	add_heading(view, st, heading);
	add_grouped(br, view, st, d, 0, 0);
	if (!d->nentries)
		add_note(view, st, "  (none)");
	add_note(view, st, "");
	diff_free(d);
	explainer_free(now_ex);
	side_close(&other);
}

/*
 * Whether conf warns about sym when it computes the values saved: a
 * bool or tristate selected above what its own dependencies allow.
 */
static bool unmet(struct config *cfg, const struct symbol *sym)
{
	return sym->name && !(sym->flags & SYMBOL_CONST) &&
	       type_is_bool_or_tristate(sym->type) && !symbol_is_choice_member(sym) &&
	       config_dir_dep(cfg, sym) < config_rev_dep(cfg, sym);
}

/* Each symbol once, at its first entry in the menu tree. */
static const struct symbol *first_entry_symbol(const struct menu_node *n)
{
	return n->sym && n->sym->first_node == n ? n->sym : NULL;
}

size_t changes_unmet_count(struct browser *br)
{
	const struct menu_node *root = &br->s->kc->root;
	size_t count = 0;

	for (const struct menu_node *n = root; n; n = menu_next(root, n)) {
		const struct symbol *sym = first_entry_symbol(n);

		count += sym && unmet(br->s->cfg, sym);
	}
	return count;
}

/*
 * conf's "WARNING: unmet direct dependencies detected for X" blocks for
 * the values a save writes, each symbol once, in menu order; a heading
 * first.  Returns how many.
 */
static size_t add_unmet(struct view *view, struct changes_state *st)
{
	struct browser *br = view->br;
	const struct menu_node *root = &br->s->kc->root;
	size_t count = changes_unmet_count(br), len = 0;
	char *text = NULL, *line, *save = NULL, heading[200];
	FILE *out;

	if (!count)
		return 0;
	out = open_memstream(&text, &len);
	if (!out)
		out_of_memory();
	for (const struct menu_node *n = root; n; n = menu_next(root, n)) {
		const struct symbol *sym = first_entry_symbol(n);

		if (sym && unmet(br->s->cfg, sym))
			kernel_print_unmet(br->s->cfg, sym, out);
	}
	if (fclose(out) != 0 || !text)
		out_of_memory();
	snprintf(heading, sizeof(heading), "%zu warning%s, as conf gives %s for these values:",
		 count, count == 1 ? "" : "s", count == 1 ? "it" : "them");
	view_add(view, keep_text(st, heading), CHANGE_HEADING, 0);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		view_add(view, keep_text(st, line), CHANGE_WARNING, 0);
	view_add(view, keep_text(st, ""), CHANGE_NOTE, 0);
	free(text);
	return count;
}

static void changes_open(struct view *view)
{
	struct browser *br = view->br;
	struct changes_state *st = view->priv;
	const char *prefix = br->s->io.prefix;
	struct setting *now, *loaded, *saved = NULL;
	size_t nnow, nloaded, nsaved = 0, n_load, n_save = 0;
	size_t len;
	char *text = session_text_to_save(br->s, &len);
	char heading[600];

	free_rows(st);
	view_clear(view);
	/* Before a save: what conf will say about the file, first. */
	if (st->pending)
		add_unmet(view, st);
	now = settings_of(text, len, prefix, &nnow);
	loaded = settings_of(br->loaded_text, br->loaded_len, prefix, &nloaded);
	n_load = compare(br, st, loaded, nloaded, now, nnow);
	st->since_load = n_load;
	if (br->saved_since_load && br->s->config_text) {
		saved = settings_of(br->s->config_text, br->s->config_len, prefix, &nsaved);
		n_save = compare(br, st, saved, nsaved, now, nnow);
	}
	if (br->opts.diff_name && !st->pending)
		add_other(br, view, st);
	if (br->saved_since_load) {
		snprintf(heading, sizeof(heading), "Since the last save to %s: %zu",
			 br->s->config_name, n_save);
		add_list(br, view, st, heading, br->s->config_name, br->s->config_text,
			 br->s->config_len, n_load, n_save);
	}
	if (br->loaded_name)
		snprintf(heading, sizeof(heading), "Since loading %s: %zu", br->loaded_name, n_load);
	else
		snprintf(heading, sizeof(heading),
			 "No .config was loaded: all %zu values would be new", n_load);
	add_list(br, view, st, heading, br->loaded_name, br->loaded_text, br->loaded_len,
		 0, n_load);
	free_settings(now, nnow);
	free_settings(loaded, nloaded);
	free_settings(saved, nsaved);
	free(text);
	/* The cursor on the first row, not on a heading. */
	for (size_t i = 0; i < view->nlines; i++)
		if (view->lines[i].kind == CHANGE_ROW) {
			view_select(view, i);
			return;
		}
	view_select(view, 0);
}

static void changes_draw(struct view *view, const struct view_line *line, int row,
			 bool selected)
{
	struct browser *br = view->br;
	const struct change *c = line->data;
	enum ui_style style = STYLE_NORMAL;
	char buf[1024];
	int col;

	if (line->kind != CHANGE_ROW) {
		view_put(view, row, 0, line->data,
			 line->kind == CHANGE_HEADING ? STYLE_HEADING :
			 line->kind == CHANGE_WARNING ? STYLE_NORMAL : STYLE_DIM);
		return;
	}
	if (selected) {
		style = br->focus == view ? STYLE_CURSOR : STYLE_CURSOR_IDLE;
		view_fill(view, row, 0, style);
	}
	col = view_put(view, row, 2 + 2 * (int)(c->depth < 20 ? c->depth : 20), c->name,
		       selected ? style : STYLE_LINK);
	if (c->reference) {
		view_put(view, row, col, c->note, selected ? style : STYLE_DIM);
		return;
	}
	snprintf(buf, sizeof(buf), "  %s -> %s", c->was ? c->was : "(not in the file)",
		 c->now ? c->now : "(not written)");
	col = view_put(view, row, col, buf, style);
	if (c->note)
		view_put(view, row, col, c->note, selected ? style : STYLE_DIM);
}

static enum request changes_request(struct view *view, enum request req)
{
	struct browser *br = view->br;
	struct changes_state *st = view->priv;
	const struct view_line *line = view_current(view);
	const struct change *c = line && line->kind == CHANGE_ROW ? line->data : NULL;

	switch (req) {
	case REQ_SAVE:
		if (st->pending) {
			char *name = st->pending;
			bool same = strcmp(name, br->s->config_name) == 0;

			st->pending = NULL;
			browser_show(br, VIEW_TREE);
			browser_save(br, same ? NULL : name);
			free(name);
			return REQ_NONE;
		}
		return req;
	case REQ_ENTER:
		if (c && c->entry)
			browser_jump(br, c->entry);
		else if (c)
			browser_message(br, "%s is not in the menu tree", c->name);
		return REQ_NONE;
	case REQ_BACK:
	case REQ_QUIT:
		if (st->pending)
			browser_message(br, "not saved");
		free(st->pending);
		st->pending = NULL;
		browser_show(br, VIEW_TREE);
		return REQ_NONE;
	default:
		return req;
	}
}

static void changes_title(struct view *view, char *buf, size_t size)
{
	const struct changes_state *st = view->priv;

	if (st->pending)
		snprintf(buf, size, "Save to %s? s: save, q: cancel", st->pending);
	else
		snprintf(buf, size, "Changes: Enter explains, q goes back");
}

static void changes_select(struct view *view)
{
	const struct view_line *line = view_current(view);

	if (line && line->kind == CHANGE_ROW && ((const struct change *)line->data)->entry)
		browser_explain(view->br, ((const struct change *)line->data)->entry);
}

static void changes_done(struct view *view)
{
	struct changes_state *st = view->priv;

	free_rows(st);
	free(st->pending);
	st->pending = NULL;
}

void changes_show(struct browser *br, const char *pending)
{
	struct changes_state *st = br->views[VIEW_CHANGES].priv;

	free(st->pending);
	st->pending = pending ? xstrdup(pending) : NULL;
	browser_show(br, VIEW_CHANGES);
}

const struct view_ops changes_view_ops = {
	.name = "changes",
	.flags = VIEW_CURSOR,
	.priv_size = sizeof(struct changes_state),
	.open = changes_open,
	.draw = changes_draw,
	.request = changes_request,
	.title = changes_title,
	.select = changes_select,
	.done = changes_done,
};
