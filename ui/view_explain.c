// SPDX-License-Identifier: GPL-2.0
/*
 * The explain pane: why the entry under the cursor has its value.
 *
 * The derivation comes from the explain engine (src/explain/explain.h): the line
 * that decided the value and its condition with every part's value, the
 * other defaults, select and imply, prompts, bounds, the choice.  Each
 * symbol the explanation names is a link (the spans of its lines say
 * where, explain.h; words of prompts and help are text, whatever they
 * look like): with the pane focused, Up and Down move between links and
 * Enter follows one (history-back comes back).
 */
#include "buildconf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "dialog.h"
#include "help_text.h"
#include "util.h"
#include "view_explain.h"

struct link {
	size_t start, len;		/* bytes of the line's text */
	const struct symbol *sym;
};

struct xline {
	const char *text;		/* what this row shows */
	const char *source;		/* the whole line it is part of */
	bool first;			/* the first row of its line */
	bool extra;			/* the pane's own, not the explanation's */
	enum ui_style style;
	struct link *links;
	unsigned nlinks;
	unsigned fold;			/* a fold group's head: its number */
	unsigned folded;		/* lines hidden under a folded head */
};

/* A link by position: line and link number within the line. */
struct link_ref {
	size_t line;
	unsigned link;
};

/* One line of the renderer's, kept until the pane adds it. */
struct rline {
	struct explain_line line;
	struct rline *next;
};

#define FOLD_MAX 64

/* A line of the last plan, with its spans (kept across rebuilds of the pane). */
struct plan_line {
	char *text;
	struct explain_span *spans;
	unsigned nspans;
};

struct explain_state {
	struct arena arena;		/* the lines of one explanation */
	struct rline *first, **last;	/* the renderer's lines, being gathered */
	int depth;			/* why-chain levels shown */
	bool unfold_all;		/* every group open (tests) */
	bool open[FOLD_MAX];		/* groups the reader opened, by number */
	struct plan_line *plan_lines;	/* the last plan, shown above (heap) */
	size_t nplan_lines;
	const struct entry *entry;	/* what is explained */
	struct link_ref *refs;		/* every link, in reading order */
	size_t nrefs, refs_cap;
	size_t cur;			/* the selected link */
	char title[256];
};

/* --- links ---------------------------------------------------------------- */

static void add_ref(struct explain_state *st, size_t line, unsigned link)
{
	if (st->nrefs == st->refs_cap) {
		st->refs_cap = st->refs_cap ? st->refs_cap * 2 : 64;
		st->refs = xrealloc(st->refs, st->refs_cap * sizeof(*st->refs));
	}
	st->refs[st->nrefs++] = (struct link_ref){ .line = line, .link = link };
}

/* A span that is a link: a symbol of the tree, not the one explained. */
static bool span_links(const struct explain_state *st, const struct explain_span *sp)
{
	const struct symbol *sym = sp->sym;

	return sp->kind == XSPAN_SYMBOL && sym && sym->name &&
	       !(sym->flags & SYMBOL_CONST) && (sym->flags & SYMBOL_DEFINED) &&
	       (!st->entry || sym != st->entry->node->sym);
}

/*
 * The links of a row that shows the bytes [from, from + len) of its line
 * after lead spaces of its own: the line's symbol spans in that range.
 */
static void find_links(struct view *view, struct xline *xl, const struct explain_span *spans,
		       unsigned nspans, size_t from, size_t len, size_t lead)
{
	struct explain_state *st = view->priv;
	unsigned n = 0, cap = (xl->fold ? 1 : 0);

	for (unsigned i = 0; i < nspans; i++)
		cap += span_links(st, &spans[i]);
	if (!cap)
		return;
	xl->links = arena_alloc(&st->arena, cap * sizeof(*xl->links));
	for (unsigned i = 0; i < nspans; i++) {
		const struct explain_span *sp = &spans[i];
		size_t start = sp->start, end = (size_t)sp->start + sp->len;

		if (!span_links(st, sp) || end <= from || start >= from + len)
			continue;
		start = start > from ? start : from;
		end = end < from + len ? end : from + len;
		xl->links[n++] = (struct link){ lead + start - from, end - start, sp->sym };
	}
	/* A group's head: its marker at the end folds and unfolds it. */
	if (xl->fold)
		xl->links[n++] = (struct link){ strlen(xl->text), 0, NULL };
	xl->nlinks = n;
	for (unsigned k = 0; k < n; k++)
		add_ref(st, view->nlines - 1, k);
}

/* --- lines ----------------------------------------------------------------- */

struct wrap_ctx {
	struct view *view;
	const char *source;
	const struct explain_span *spans;	/* of the source */
	unsigned nspans;
	size_t pos;			/* where in source the next row starts */
	size_t lead;			/* the spaces view_wrap() puts before a continuation */
	enum ui_style style;
	bool extra, first;
	unsigned fold, folded;
};

static void add_piece(void *ctx, const char *piece)
{
	struct wrap_ctx *w = ctx;
	struct view *view = w->view;
	struct explain_state *st = view->priv;
	struct xline *xl = arena_new(&st->arena, struct xline);
	char *text = arena_strndup(&st->arena, piece, strlen(piece));
	size_t lead, shown;

	/* Tabs from Kconfig text as the blanks text_draw() shows: the line is what is drawn. */
	for (char *p = text; *p; p++)
		if (*p == '\t')
			*p = ' ';
	xl->text = text;
	xl->source = w->source;
	xl->first = w->first;
	xl->extra = w->extra;
	xl->style = w->style;
	xl->fold = w->first ? w->fold : 0;
	xl->folded = w->first ? w->folded : 0;
	lead = w->first ? 0 : w->lead;
	w->first = false;
	view_add(view, xl, 0, 0);
	/* view_wrap() drops the blanks where it breaks a line. */
	while (w->source[w->pos] == ' ' && lead)
		w->pos++;
	shown = strlen(piece) > lead ? strlen(piece) - lead : 0;
	find_links(view, xl, w->spans, w->nspans, w->pos, shown, lead);
	w->pos += shown;
}

/* A line as rows no wider than the pane (continuations indented), links from its spans. */
static void add_line(struct view *view, const char *text, const struct explain_span *spans,
		     unsigned nspans, enum ui_style style, bool extra, unsigned fold,
		     unsigned folded)
{
	struct explain_state *st = view->priv;
	int width = view->width > 20 ? view->width : 80;
	size_t indent = strspn(text, " ");
	struct wrap_ctx w = {
		.view = view, .source = arena_strndup(&st->arena, text, strlen(text)),
		.spans = spans, .nspans = nspans,
		.style = style, .extra = extra, .first = true, .fold = fold,
		.folded = folded,
	};

	/* As view_wrap() indents a continuation. */
	w.lead = (indent > (size_t)width / 2 ? (size_t)width / 2 : indent) + 2;
	view_wrap(view, text, width, add_piece, &w);
}

/* A line of the pane's own built with spans (symbols in it are links). */
static void say_spans(struct view *view, enum ui_style style, struct span_text *t)
{
	add_line(view, strbuf_str(&t->text), t->spans, t->nspans, style, true, 0, 0);
	span_text_release(t);
}

static void say(struct view *view, enum ui_style style, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A line of the pane's own (menus, choices, help, hints). */
static void say(struct view *view, enum ui_style style, const char *fmt, ...)
{
	char *text;
	va_list ap;

	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	add_line(view, text, NULL, 0, style, true, 0, 0);
	free(text);
}

/* --- the explanation: the renderer's lines ----------------------------------- */

static enum ui_style line_style(enum explain_style style)
{
	switch (style) {
	case XSTYLE_HEADING: return STYLE_HEADING;
	case XSTYLE_DECIDING: return STYLE_DECIDING;
	case XSTYLE_DIM: return STYLE_DIM;
	case XSTYLE_WARNING: return STYLE_ERROR;
	default: return STYLE_NORMAL;
	}
}

/* Gather the renderer's lines: a group's size is known only at its end. */
static void gather(void *ctx, const struct explain_line *line)
{
	struct explain_state *st = ctx;
	struct rline *r = arena_new(&st->arena, struct rline);

	r->line = *line;
	r->line.text = arena_strndup(&st->arena, line->text, strlen(line->text));
	/* The renderer reuses its spans: the pane keeps a copy. */
	if (line->nspans) {
		struct explain_span *spans = arena_alloc(&st->arena,
							 line->nspans * sizeof(*spans));

		memcpy(spans, line->spans, line->nspans * sizeof(*spans));
		r->line.spans = spans;
	}
	*st->last = r;
	st->last = &r->next;
}

/* Groups of more lines than this start folded. */
#define FOLD_SHOWN 4

static bool group_open(const struct explain_state *st, unsigned fold)
{
	return st->unfold_all || (fold < FOLD_MAX && st->open[fold]);
}

/*
 * The lines of `kbrowse explain --reverse SYMBOL` (with the why-chain
 * as deep as asked), each group of many lines folded to its head.
 */
static void add_explanation(struct view *view, const struct explanation *x)
{
	struct explain_state *st = view->priv;
	struct browser *br = view->br;

	st->first = NULL;
	st->last = &st->first;
	explain_render_text(br->s->ex, x, &(struct explain_print_options){
		.depth = st->depth, .reverse = true }, gather, st);
	for (struct rline *r = st->first; r;) {
		unsigned fold = r->line.fold_head ? r->line.fold : 0, members = 0;
		struct rline *next = r->next;

		while (fold && next && next->line.fold == fold) {
			members++;
			next = next->next;
		}
		if (fold && members > FOLD_SHOWN && !group_open(st, fold)) {
			add_line(view, r->line.text, r->line.spans, r->line.nspans,
				 line_style(r->line.style), false, fold, members);
			r = next;
			continue;
		}
		add_line(view, r->line.text, r->line.spans, r->line.nspans,
			 line_style(r->line.style), false, members > FOLD_SHOWN ? fold : 0, 0);
		r = r->next;
	}
}

/* --- sections ------------------------------------------------------------- */

static const char *loc(struct browser *br, struct location l)
{
	return l.line > 0 ? location_text(br->s->ex, l) : "";
}

/* A condition with its value: "A [=y] && !B [=n]  => y", each symbol a span. */
static void add_cond(struct span_text *t, const struct xexpr *x)
{
	span_text_expr(t, x->expr, x);
	if (x->expr && x->expr->op != E_SYMBOL) {
		span_text_add(t, "  => ");
		span_text_add(t, tri_text(x->value));
	}
}

/* "PREFIX: condition" as a line of the pane's own. */
static void say_cond_line(struct view *view, enum ui_style style, const char *indent,
			  const char *label, const struct xexpr *x)
{
	struct span_text t = { 0 };

	span_text_add(&t, indent);
	span_text_add(&t, label);
	add_cond(&t, x);
	say_spans(view, style, &t);
}

static void say_condition(struct view *view, const char *indent,
			  const struct xexpr *cond, const struct xexpr *deps,
			  enum ui_style style)
{
	if (cond)
		say_cond_line(view, style, indent, "if: ", cond);
	if (deps)
		say_cond_line(view, style, indent, "depends on: ", deps);
}

static void say_defaults(struct view *view, const struct xdefault *defs,
			 unsigned n)
{
	struct browser *br = view->br;

	if (!n)
		return;
	say(view, STYLE_HEADING, "defaults (the first that holds is taken):");
	for (unsigned i = 0; i < n; i++) {
		const struct xdefault *d = &defs[i];
		static const char *const status[] = {
			[DEFAULT_TAKEN] = "taken", [DEFAULT_INACTIVE] = "n",
			[DEFAULT_SHADOWED] = "holds, an earlier one came first",
			[DEFAULT_UNUSED] = "holds, the user value counts",
			[DEFAULT_NO_PICK] = "holds, the choice picks no member",
		};
		enum ui_style style = d->status == DEFAULT_TAKEN ? STYLE_DECIDING :
				      d->status == DEFAULT_INACTIVE ? STYLE_DIM : STYLE_NORMAL;
		struct span_text t = { 0 };

		span_text_add(&t, d->status == DEFAULT_TAKEN ? "-> " : "   ");
		span_text_property(&t, d->prop);
		span_text_add(&t, "  ");
		span_text_add(&t, loc(br, d->prop->loc));
		span_text_add(&t, "  (");
		span_text_add(&t, status[d->status]);
		span_text_add(&t, ")");
		say_spans(view, style, &t);
		if (d->status == DEFAULT_TAKEN || d->status == DEFAULT_INACTIVE)
			say_condition(view, "     ", d->cond, d->deps, style);
	}
}

static void say_help(struct view *view, const struct menu_node *node)
{
	struct kconfig *kc = view->br->s->kc;
	const char *help = kconfig_node_help(kc, node);

	if (!help && node->sym)
		for (const struct menu_node *n = node->sym->first_node; n && !help;
		     n = n->next_def)
			help = kconfig_node_help(kc, n);
	if (!help)
		return;
	say(view, STYLE_HEADING, "help:");
	while (*help) {
		const char *end = strchr(help, '\n');
		size_t len = end ? (size_t)(end - help) : strlen(help);

		say(view, STYLE_NORMAL, "  %.*s", (int)len, help);
		help += len;
		if (*help == '\n')
			help++;
	}
}

static void say_plan(struct view *view)
{
	struct explain_state *st = view->priv;

	for (size_t i = 0; i < st->nplan_lines; i++)
		add_line(view, st->plan_lines[i].text, st->plan_lines[i].spans,
			 st->plan_lines[i].nspans, i ? STYLE_NORMAL : STYLE_HEADING, true, 0, 0);
	if (st->nplan_lines)
		say(view, STYLE_DIM, "%s", "");
}

static void explain_sym(struct view *view, const struct entry *entry)
{
	struct browser *br = view->br;
	struct explain_state *st = view->priv;
	const struct explanation *x = explain_symbol(br->s->ex, entry->node->sym);

	say_plan(view);
	add_explanation(view, x);
	if (x->nbecause)
		say(view, STYLE_DIM, st->depth ? "(w: the why-chain one level deeper, W: without it)"
				       : "(w: why-chain, the reasons of these reasons)");
	/* The help text comes with the explanation, as explain prints it. */
}

static void explain_choice_entry(struct view *view, const struct entry *entry)
{
	struct browser *br = view->br;
	const struct xchoice *c = explain_choice(br->s->ex, entry->node);

	say(view, STYLE_HEADING, "choice \"%s\"", c->prompt ? c->prompt : "");
	say(view, STYLE_NORMAL, "defined at %s", loc(br, entry->node->loc));
	if (c->selection) {
		struct span_text t = { 0 };

		span_text_symbol(&t, c->selection);
		span_text_add(&t, " is chosen: ");
		span_text_add(&t, choice_rule_text(c->rule));
		span_text_add(&t, c->decided_at.line ? "  " : "");
		span_text_add(&t, loc(br, c->decided_at));
		say_spans(view, STYLE_DECIDING, &t);
	} else
		say(view, STYLE_DECIDING, "nothing chosen: %s", choice_rule_text(c->rule));
	say_defaults(view, c->defaults, c->ndefaults);
	if (entry->node->dep)
		say_cond_line(view, STYLE_NORMAL, "", "depends on: ",
			      explain_expr(br->s->ex, entry->node->dep, true));
	say_help(view, entry->node);
}

static void explain_menu_entry(struct view *view, const struct entry *entry)
{
	struct browser *br = view->br;
	const struct menu_node *node = entry->node;
	const char *kind = node->kind == MENU_COMMENT ? "comment" :
			   node->kind == MENU_ROOT ? "mainmenu" : "menu";

	say(view, STYLE_HEADING, "%s \"%s\"", kind, entry_label(entry));
	if (node->loc.line)
		say(view, STYLE_NORMAL, "defined at %s", loc(br, node->loc));
	say(view, STYLE_NORMAL, "%s", entry_visible(br, entry) ? "visible" :
	    "invisible now (z shows invisible entries)");
	if (node->dep)
		say_cond_line(view, STYLE_NORMAL, "", "depends on: ",
			      explain_expr(br->s->ex, node->dep, true));
	if (node->visible_if)
		say_cond_line(view, STYLE_NORMAL, "", "visible if: ",
			      explain_expr(br->s->ex, node->visible_if, true));
	say_help(view, node);
}

/* --- operations ------------------------------------------------------------ */

static void explain_reset(struct view *view)
{
	struct explain_state *st = view->priv;

	arena_release(&st->arena);
	arena_init(&st->arena);
	explainer_reset(view->br->s->ex);
	st->nrefs = 0;
	st->cur = 0;
	view_clear(view);
	view->lineno = 0;
	view->offset = 0;
}

static void forget_plan(struct explain_state *st)
{
	for (size_t i = 0; i < st->nplan_lines; i++) {
		free(st->plan_lines[i].text);
		free(st->plan_lines[i].spans);
	}
	free(st->plan_lines);
	st->plan_lines = NULL;
	st->nplan_lines = 0;
}

static void explain_open(struct view *view)
{
	struct explain_state *st = view->priv;
	const struct entry *entry = view->br->current;

	if (st->entry != entry) {
		memset(st->open, 0, sizeof(st->open));
		st->depth = 0;
		forget_plan(st);
	}
	st->entry = entry;
	explain_reset(view);
	st->title[0] = '\0';
	if (!entry)
		return;
	if (entry->node->sym && entry->node->kind != MENU_CHOICE) {
		explain_sym(view, entry);
		snprintf(st->title, sizeof(st->title), "Why: %s", entry->node->sym->name);
	} else if (entry->node->kind == MENU_CHOICE) {
		explain_choice_entry(view, entry);
		snprintf(st->title, sizeof(st->title), "Why: the choice \"%s\"",
			 entry_label(entry));
	} else {
		explain_menu_entry(view, entry);
		snprintf(st->title, sizeof(st->title), "About: %s",
			 entry->node->kind == MENU_COMMENT ? "a comment" : "a menu");
	}
}

/*
 * Who uses what: built once for every "used by" list (explain_reverse()
 * builds it on first use).  The loop calls this right after the first
 * screen is drawn, so that the screen comes sooner and the index is
 * ready before the first keystroke that needs it.
 */
void explain_prime(struct browser *br)
{
	unsigned n;

	if (br->s->kc->nsymbols)
		explain_reverse(br->s->ex, br->s->kc->symbols[0], &n);
}

/* Build the lines again (same entry), the cursor near line. */
static void reopen_at(struct view *view, size_t line)
{
	struct explain_state *st = view->priv;
	size_t offset = view->offset;

	explain_open(view);
	view->offset = offset < view->nlines ? offset : 0;
	for (size_t k = 0; k < st->nrefs; k++)
		if (st->refs[k].line >= line) {
			st->cur = k;
			break;
		}
	if (st->cur < st->nrefs)
		view_select(view, st->refs[st->cur].line);
}

/* The link Enter would follow: only while the pane has the focus. */
static const struct link *selected_link(struct view *view)
{
	struct explain_state *st = view->priv;
	const struct xline *xl;

	if (view->br->focus != view || st->cur >= st->nrefs)
		return NULL;
	xl = view->lines[st->refs[st->cur].line].data;
	return &xl->links[st->refs[st->cur].link];
}

/* The line's text in its style, with its links in the link style. */
static void explain_draw(struct view *view, const struct view_line *line,
			 int row, bool selected)
{
	const struct xline *xl = line->data;
	const struct link *sel = selected_link(view);
	size_t pos = 0;
	int col = 0;
	char buf[4096];

	(void)selected;		/* the cursor is a link, not a line */
	for (unsigned i = 0; i <= xl->nlinks; i++) {
		size_t end = i < xl->nlinks ? xl->links[i].start : strlen(xl->text);

		snprintf(buf, sizeof(buf), "%.*s", (int)(end - pos), xl->text + pos);
		col = view_put(view, row, col, buf, xl->style);
		if (i == xl->nlinks)
			break;
		if (xl->links[i].sym)
			snprintf(buf, sizeof(buf), "%.*s", (int)xl->links[i].len,
				 xl->text + xl->links[i].start);
		else if (xl->folded)
			snprintf(buf, sizeof(buf), " [+%u lines]", xl->folded);
		else
			snprintf(buf, sizeof(buf), " [-]");
		col = view_put(view, row, col, buf,
			       sel == &xl->links[i] ? STYLE_LINK_CURSOR : STYLE_LINK);
		pos = end + xl->links[i].len;
	}
}

/* Select link k and show its line. */
static void select_link(struct view *view, size_t k)
{
	struct explain_state *st = view->priv;

	st->cur = k;
	view_select(view, st->refs[k].line);
}

static void move_link(struct view *view, enum request req)
{
	struct explain_state *st = view->priv;

	if (!st->nrefs)
		view_scroll(view, req);	/* nothing to follow: scroll the text */
	else if (req == REQ_MOVE_UP && st->cur > 0)
		select_link(view, st->cur - 1);
	else if (req == REQ_MOVE_DOWN && st->cur + 1 < st->nrefs)
		select_link(view, st->cur + 1);
}

/* After paging, select the first link on screen (if any). */
static void page(struct view *view, enum request req)
{
	struct explain_state *st = view->priv;

	view_scroll(view, req);
	for (size_t k = 0; k < st->nrefs; k++)
		if (st->refs[k].line >= view->offset) {
			st->cur = k;
			break;
		}
}

/* Fold or unfold the group whose head holds the selected link. */
static void toggle_fold(struct view *view)
{
	struct explain_state *st = view->priv;
	const struct xline *xl = view->lines[st->refs[st->cur].line].data;
	size_t line = st->refs[st->cur].line;

	if (xl->fold < FOLD_MAX)
		st->open[xl->fold] = !st->open[xl->fold];
	reopen_at(view, line);
}

static void follow(struct view *view)
{
	const struct link *link = selected_link(view);
	struct browser *br = view->br;
	struct entry *target;

	if (!link)
		return;
	if (!link->sym) {
		toggle_fold(view);
		return;
	}
	target = browser_symbol_entry(br, link->sym);
	if (!target) {
		browser_message(br, "%s has no entry in the tree", link->sym->name);
		return;
	}
	browser_jump(br, target);
}

/* The plan's text, kept to show above the explanation. */
static void keep_plan_line(void *ctx, const struct explain_line *line)
{
	struct explain_state *st = ctx;
	struct plan_line *pl;

	if (!*line->text)
		return;
	st->plan_lines = xrealloc(st->plan_lines,
				  (st->nplan_lines + 1) * sizeof(*st->plan_lines));
	pl = &st->plan_lines[st->nplan_lines++];
	pl->text = xstrdup(line->text);
	pl->nspans = line->nspans;
	pl->spans = xcalloc(line->nspans + 1, sizeof(*pl->spans));
	if (line->nspans)
		memcpy(pl->spans, line->spans, line->nspans * sizeof(*pl->spans));
}

static void keep_plan(struct explain_state *st, struct explainer *ex,
		      const struct change_plan *plan)
{
	forget_plan(st);
	explain_render_plan_text(ex, plan, keep_plan_line, st);
}

static bool has_prompt(const struct symbol *sym)
{
	for (const struct property *prop = sym->props; prop; prop = prop->next)
		if ((prop->type == P_PROMPT || prop->type == P_MENU) && prop->text)
			return true;
	return false;
}

/*
 * What the reader wants of sym: "y", "m", "n", "visible" (its prompt
 * shown; offered while it is hidden), or a number or string typed in.
 * NULL when cancelled; free() the result.
 */
static char *ask_goal(struct browser *br, const struct symbol *sym)
{
	bool hidden = config_visibility(br->s->cfg, sym) == TRI_NO &&
		      has_prompt(sym);
	char question[160];
	int answer;

	if (type_is_bool_or_tristate(sym->type)) {
		const char *values = sym->type == S_TRISTATE ? "y, m" : "y";

		if (hidden)
			snprintf(question, sizeof(question),
				 "Make %.40s %s, n, or v: visible? (Esc: cancel)",
				 sym->name, values);
		else
			snprintf(question, sizeof(question),
				 "Make %.40s %s or n? (Esc: cancel)", sym->name, values);
		answer = dialog_ask(br, " Plan ", question,
				    sym->type == S_TRISTATE ? (hidden ? "ymnv\x1b" : "ymn\x1b")
							    : (hidden ? "ynv\x1b" : "yn\x1b"));
		if (answer == 0x1b)
			return NULL;
		if (answer == 'v')
			return xstrdup(EXPLAIN_VISIBLE);
		return xstrdup((char[]){ (char)answer, '\0' });
	}
	if (hidden) {
		snprintf(question, sizeof(question),
			 "%.40s: v: make it visible, e: a value? (Esc: cancel)", sym->name);
		answer = dialog_ask(br, " Plan ", question, "ve\x1b");
		if (answer == 0x1b)
			return NULL;
		if (answer == 'v')
			return xstrdup(EXPLAIN_VISIBLE);
	}
	snprintf(question, sizeof(question), "Make %.100s: ", sym->name);
	return browser_prompt(br, question, config_str(br->s->cfg, sym), NULL, NULL, NULL);
}

/* After a plan is applied: the value it gave, or that the prompt shows. */
static void say_applied(struct browser *br, const struct symbol *sym, bool visible,
			bool all)
{
	const char *partly = all ? "" : "partly applied: ";

	tristate vis = config_visibility(br->s->cfg, sym);
	bool fixed = vis != TRI_NO && !symbol_is_choice_member(sym) &&
		     config_rev_dep(br->s->cfg, sym) >= vis;

	if (visible)
		browser_message(br, "%sthe prompt of %s is %s (%s = %s)", partly, sym->name,
				vis == TRI_NO ? "still hidden" :
				fixed ? "visible, but a select fixes its value" : "visible",
				sym->name, config_str(br->s->cfg, sym));
	else
		browser_message(br, "%s%s = %s", partly, sym->name,
				config_str(br->s->cfg, sym));
}

/*
 * What it takes to give the symbol under the cursor another value, or
 * to show its hidden prompt (explain --to): the plan is shown above the
 * explanation, then applied as one edit if the reader says so.
 */
static void plan(struct view *view)
{
	struct explain_state *st = view->priv;
	struct browser *br = view->br;
	const struct symbol *sym = st->entry ? st->entry->node->sym : NULL;
	struct change_plan *p;
	char *goal, question[200];
	bool already, feasible, visible;
	unsigned nsteps;

	if (!sym || !sym->name || st->entry->node->kind == MENU_CHOICE) {
		browser_message(br, "plans are for symbols: put the cursor on one");
		return;
	}
	goal = ask_goal(br, sym);
	if (!goal)
		return;
	p = explain_change(br->s->ex, sym, goal, 8, session_fresh_config, br->s);
	keep_plan(st, br->s->ex, p);
	/* Building the pane again releases the plan: what is needed, first. */
	already = p->already;
	feasible = p->feasible && p->nsteps;
	nsteps = p->nsteps;
	visible = p->visible;
	free(goal);
	goal = xstrdup(p->want);
	reopen_at(view, 0);
	if (already || !feasible) {
		if (visible)
			browser_message(br, already ? "the prompt of %s is already visible" :
					"the prompt of %s cannot be shown: the plan above says "
					"what blocks it", sym->name);
		else
			browser_message(br, already ? "%s is already %s" :
					"%s cannot be %s: the plan above says what blocks it",
					sym->name, goal);
		free(goal);
		return;
	}
	browser_redraw(br);
	snprintf(question, sizeof(question), "Apply these %u step%s? (y/n)",
		 nsteps, nsteps == 1 ? "" : "s");
	if (dialog_ask_over(br, view, " Plan ", question, "yn") == 'y') {
		bool all;

		p = explain_change(br->s->ex, sym, goal, 8, session_fresh_config, br->s);
		all = session_apply_plan(br->s, p);
		br->modified = true;
		forget_plan(st);
		browser_values_changed(br);
		say_applied(br, sym, visible, all);
	}
	free(goal);
}

static void why_depth(struct view *view, bool deeper)
{
	struct explain_state *st = view->priv;

	st->depth = deeper ? st->depth + 1 : 0;
	reopen_at(view, 0);
	browser_message(view->br, st->depth ? "why-chain: %d level%s (W: none)" :
			"the symbol alone", st->depth, st->depth == 1 ? "" : "s");
}

void explain_pane_print(struct view *view, FILE *out)
{
	struct explain_state *st = view->priv;

	st->unfold_all = true;
	explain_open(view);
	for (size_t i = 0; i < view->nlines; i++) {
		const struct xline *xl = view->lines[i].data;

		if (xl->first && !xl->extra)
			fprintf(out, "%s\n", xl->source);
	}
	st->unfold_all = false;
	explain_open(view);
}

void explain_pane_print_links(struct view *view, FILE *out)
{
	struct explain_state *st = view->priv;

	st->unfold_all = true;
	explain_open(view);
	for (size_t i = 0; i < view->nlines; i++) {
		const struct xline *xl = view->lines[i].data;
		size_t pos = 0;

		for (unsigned k = 0; k < xl->nlinks; k++) {
			const struct link *l = &xl->links[k];

			if (!l->sym)
				continue;
			fprintf(out, "%.*s{%.*s}", (int)(l->start - pos), xl->text + pos,
				(int)l->len, xl->text + l->start);
			pos = l->start + l->len;
		}
		fprintf(out, "%s\n", xl->text + pos);
	}
	st->unfold_all = false;
	explain_open(view);
}

static enum request explain_request(struct view *view, enum request req)
{
	switch (req) {
	case REQ_WHY_DEEPER:
	case REQ_WHY_NONE:
		why_depth(view, req == REQ_WHY_DEEPER);
		return REQ_NONE;
	case REQ_PLAN:
		plan(view);
		return REQ_NONE;
	case REQ_MOVE_UP:
	case REQ_MOVE_DOWN:
		move_link(view, req);
		return REQ_NONE;
	case REQ_PAGE_UP:
	case REQ_PAGE_DOWN:
	case REQ_MOVE_FIRST:
	case REQ_MOVE_LAST:
		page(view, req);
		return REQ_NONE;
	case REQ_ENTER:
	case REQ_OPEN:
		follow(view);
		return REQ_NONE;
	case REQ_BACK:
		return REQ_FOCUS;
	default:
		return req;
	}
}

static void explain_title(struct view *view, char *buf, size_t size)
{
	struct explain_state *st = view->priv;

	if (view->br->focus == view)
		snprintf(buf, size, "%s\tUp/Down: pick a symbol  Enter: follow  Tab: back",
			 st->title);
	else
		snprintf(buf, size, "%s\tTab: follow the symbols named here",
			 st->title);
}

/* Focus arrives: show the selected link. */
static void explain_focus(struct view *view)
{
	struct explain_state *st = view->priv;

	if (st->cur < st->nrefs)
		select_link(view, st->cur);
}

static void explain_done(struct view *view)
{
	struct explain_state *st = view->priv;

	arena_release(&st->arena);
	free(st->refs);
	forget_plan(st);
}

const struct view_ops explain_view_ops = {
	.name = "explain",
	.flags = VIEW_WRAPS,
	.priv_size = sizeof(struct explain_state),
	.open = explain_open,
	.draw = explain_draw,
	.request = explain_request,
	.title = explain_title,
	.focus = explain_focus,
	.done = explain_done,
};
