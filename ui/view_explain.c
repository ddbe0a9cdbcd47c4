// SPDX-License-Identifier: GPL-2.0
/*
 * The explain pane: why the entry under the cursor has its value.
 *
 * The derivation comes from the explain engine (src/explain/explain.h): the line
 * that decided the value and its condition with every part's value, the
 * other defaults, select and imply, prompts, bounds, the choice.  Each
 * symbol named in the text is a link: with the pane focused, Up and Down
 * move between links and Enter follows one (history-back comes back).
 */
#include "buildconf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

struct link {
	size_t start, len;		/* bytes of the line's text */
	const struct symbol *sym;
};

struct xline {
	const char *text;
	enum ui_style style;
	struct link *links;
	unsigned nlinks;
};

/* A link by position: line and link number within the line. */
struct link_ref {
	size_t line;
	unsigned link;
};

struct explain_state {
	struct arena arena;		/* the lines of one explanation */
	const struct entry *entry;	/* what is explained */
	struct link_ref *refs;		/* every link, in reading order */
	size_t nrefs, refs_cap;
	size_t cur;			/* the selected link */
	char title[256];
};

/* --- links ---------------------------------------------------------------- */

static bool is_name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * A word is a link when it names a defined symbol and looks like a
 * symbol name (no lower-case letters), so that ordinary words of help
 * text that happen to be symbols of some tree are left alone.
 */
static const struct symbol *word_symbol(struct browser *br, const char *word,
					size_t len)
{
	char name[128];
	const struct symbol *sym;
	bool letter = false;

	if (len < 2 || len >= sizeof(name))
		return NULL;
	for (size_t i = 0; i < len; i++) {
		if (islower((unsigned char)word[i]))
			return NULL;
		letter |= isupper((unsigned char)word[i]) != 0;
	}
	if (!letter)
		return NULL;
	memcpy(name, word, len);
	name[len] = '\0';
	sym = symbol_find(br->s->kc, name);
	if (!sym || (sym->flags & SYMBOL_CONST) || !(sym->flags & SYMBOL_DEFINED))
		return NULL;
	return sym;
}

static void add_ref(struct explain_state *st, size_t line, unsigned link)
{
	if (st->nrefs == st->refs_cap) {
		st->refs_cap = st->refs_cap ? st->refs_cap * 2 : 64;
		st->refs = xrealloc(st->refs, st->refs_cap * sizeof(*st->refs));
	}
	st->refs[st->nrefs++] = (struct link_ref){ .line = line, .link = link };
}

static void find_links(struct view *view, struct xline *xl)
{
	struct explain_state *st = view->priv;
	const char *s = xl->text;
	struct link found[32];
	unsigned n = 0;

	for (size_t i = 0; s[i] && n < 32;) {
		size_t start = i;
		const struct symbol *sym;

		if (!is_name_char(s[i])) {
			i++;
			continue;
		}
		while (is_name_char(s[i]))
			i++;
		/* Not part of a path such as arch/Kconfig or a file:line. */
		if ((start && s[start - 1] == '/') || s[i] == '/')
			continue;
		sym = word_symbol(view->br, s + start, i - start);
		if (sym && (!st->entry || sym != st->entry->node->sym))
			found[n++] = (struct link){ start, i - start, sym };
	}
	if (!n)
		return;
	xl->links = arena_alloc(&st->arena, n * sizeof(*xl->links));
	memcpy(xl->links, found, n * sizeof(*xl->links));
	xl->nlinks = n;
	for (unsigned k = 0; k < n; k++)
		add_ref(st, view->nlines - 1, k);
}

/* --- lines ----------------------------------------------------------------- */

struct wrap_ctx {
	struct view *view;
	enum ui_style style;
};

static void add_text_line(struct view *view, const char *text, size_t len,
			  enum ui_style style)
{
	struct explain_state *st = view->priv;
	struct xline *xl = arena_new(&st->arena, struct xline);

	xl->text = arena_strndup(&st->arena, text, len);
	xl->style = style;
	view_add(view, xl, 0, 0);
	find_links(view, xl);
}

static void add_piece(void *ctx, const char *line)
{
	struct wrap_ctx *w = ctx;

	add_text_line(w->view, line, strlen(line), w->style);
}

/* Text as lines no wider than the pane (continuations indented). */
static void add_wrapped(struct view *view, const char *text, enum ui_style style)
{
	struct wrap_ctx w = { .view = view, .style = style };

	view_wrap(view, text, view->width > 20 ? view->width : 80, add_piece, &w);
}

static void say(struct view *view, enum ui_style style, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void say(struct view *view, enum ui_style style, const char *fmt, ...)
{
	char *text;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) < 0)
		abort();
	va_end(ap);
	/* Tabs from Kconfig text would draw as '?': spaces instead. */
	for (char *p = text; *p; p++)
		if (*p == '\t')
			*p = ' ';
	add_wrapped(view, text, style);
	free(text);
}

/* --- sections ------------------------------------------------------------- */

static const char *loc(struct browser *br, struct location l)
{
	return l.line > 0 ? location_text(br->s->ex, l) : "";
}

/* A condition with its value: "A [=y] && !B [=n]  => y". */
static const char *cond_text(struct browser *br, const struct xexpr *x)
{
	const char *text = xexpr_string(br->s->ex, x);

	if (x->expr && x->expr->op != E_SYMBOL)
		return arena_printf(&br->s->ex->arena, "%s  => %s", text,
				    tri_text(x->value));
	return text;
}

static void say_condition(struct view *view, const char *indent,
			  const struct xexpr *cond, const struct xexpr *deps,
			  enum ui_style style)
{
	struct browser *br = view->br;

	if (cond)
		say(view, style, "%sif: %s", indent, cond_text(br, cond));
	if (deps)
		say(view, style, "%sdepends on: %s", indent, cond_text(br, deps));
}

static const char *unused_text(enum unused_reason reason)
{
	switch (reason) {
	case UNUSED_NOTHING: return "used";
	case UNUSED_NO_PROMPT: return "the symbol has no prompt";
	case UNUSED_DEPS_UNMET: return "its dependencies are not met";
	case UNUSED_PROMPT_HIDDEN: return "its prompt is hidden";
	case UNUSED_LIMITED: return "the prompt allows only m here";
	case UNUSED_SELECTED: return "a select forces a higher value";
	case UNUSED_RANGE: return "outside the range: clamped";
	case UNUSED_MODULES: return "m reads as y (modules off, or a bool)";
	case UNUSED_CHOICE_OTHER: return "the choice picked another entry";
	case UNUSED_CHOICE_ALL_NO: return "every entry of the choice was n";
	case UNUSED_INVALID: return "not a valid value for the type";
	}
	return "";
}

static void say_header(struct view *view, const struct explanation *x)
{
	struct browser *br = view->br;
	const struct symbol *sym = x->sym;
	const char *q = sym->type == S_STRING ? "\"" : "";

	say(view, STYLE_HEADING, "%s = %s%s%s", sym->name, q, x->value, q);
	if (!x->defined) {
		say(view, STYLE_NORMAL, "not defined in this tree, only referenced");
		return;
	}
	say(view, STYLE_NORMAL, "%s%s, %s, %s .config", symbol_type_name(x->type),
	    x->type != sym->type ? " (tristate: modules are off)" : "",
	    !x->nprompts ? "no prompt" : x->visible ? "prompt shown" : "prompt hidden",
	    x->written ? "written to" : "not written to");
	for (const struct menu_node *n = sym->first_node; n; n = n->next_def)
		say(view, STYLE_NORMAL, "defined at %s", loc(br, n->loc));
}

static void say_taken_default(struct view *view, const struct explanation *x,
			      const struct xcause *cause, const char *label)
{
	struct browser *br = view->br;

	say(view, STYLE_DECIDING, "%s: %s  (%s)", label,
	    property_text(br->s->ex, cause->prop), loc(br, cause->loc));
	for (unsigned i = 0; i < x->ndefaults; i++)
		if (x->defaults[i].prop == cause->prop)
			say_condition(view, "  ", x->defaults[i].cond,
				      x->defaults[i].deps, STYLE_NORMAL);
	if (x->choice && x->choice->default_prop == cause->prop)
		say(view, STYLE_NORMAL, "  the choice's default: %s",
		    choice_rule_text(x->choice->rule));
}

static void say_cause(struct view *view, const struct explanation *x,
		      const struct xcause *cause, const char *label)
{
	struct browser *br = view->br;
	const struct xchoice *c = x->choice;
	char by[1024] = "";
	size_t len = 0;

	switch (cause->kind) {
	case ORIGIN_USER:
		say(view, STYLE_DECIDING, "%s: the user value %s", label,
		    cause->loc.line ? loc(br, cause->loc) : "(set in this session)");
		break;
	case ORIGIN_DEFAULT:
		say_taken_default(view, x, cause, label);
		break;
	case ORIGIN_SELECT:
	case ORIGIN_IMPLY:
		for (unsigned i = 0; i < cause->nby && len < sizeof(by); i++)
			len += (size_t)snprintf(by + len, sizeof(by) - len, "%s%s [=%s] (%s)",
				i ? ", " : "", cause->by[i]->from->name,
				cause->by[i]->from_value,
				loc(br, cause->by[i]->prop->loc));
		say(view, STYLE_DECIDING, "%s: %s by %s", label,
		    cause->kind == ORIGIN_SELECT ? "selected" : "implied", by);
		break;
	case ORIGIN_CHOICE:
		if (c && c->selection == x->sym)
			say(view, STYLE_DECIDING, "%s: the choice (%s) picked it: %s", label,
			    loc(br, c->node->loc), choice_rule_text(c->rule));
		else if (c && c->selection)
			say(view, STYLE_DECIDING, "%s: the choice (%s) picked %s", label,
			    loc(br, c->node->loc), c->selection->name);
		else
			say(view, STYLE_DECIDING, "%s: the choice: no entry is visible", label);
		break;
	case ORIGIN_NONE:
		say(view, STYLE_DECIDING, "%s: nothing applies (no active default, select or imply)",
		    label);
		break;
	}
}

static void say_origin(struct view *view, const struct explanation *x)
{
	say_cause(view, x, &x->origin, "value from");
	for (unsigned i = 0; i < x->nalso; i++)
		say_cause(view, x, &x->also[i], "also enough");
}

static void say_user(struct view *view, const struct explanation *x)
{
	struct browser *br = view->br;
	const struct xuser *u = &x->user;

	if (u->present && u->reason != UNUSED_NOTHING && !u->echoed)
		say(view, STYLE_NORMAL, "user value %s (%s) %s: %s", u->value,
		    u->loc.line ? loc(br, u->loc) : "this session",
		    u->used ? "only partly used" : "not used", unused_text(u->reason));
	if (u->ignored_text)
		say(view, STYLE_NORMAL, "line %s (value %s) ignored: %s",
		    loc(br, u->ignored_loc), u->ignored_text, unused_text(UNUSED_INVALID));
}

static void say_prompts(struct view *view, const struct explanation *x)
{
	struct browser *br = view->br;

	for (unsigned i = 0; i < x->nprompts; i++) {
		const struct xprompt *p = &x->prompts[i];

		say(view, STYLE_NORMAL, "prompt \"%s\" (%s): %s", p->prop->text,
		    loc(br, p->prop->loc), p->visible ? "shown" : "hidden");
		say_condition(view, "  ", p->cond, p->deps, STYLE_NORMAL);
		if (p->hidden_by)
			say(view, STYLE_NORMAL, "  hidden by the menu at %s: visible if %s",
			    loc(br, p->hidden_by->loc), cond_text(br, p->visible_if));
	}
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
		};
		enum ui_style style = d->status == DEFAULT_TAKEN ? STYLE_DECIDING :
				      d->status == DEFAULT_INACTIVE ? STYLE_DIM : STYLE_NORMAL;

		say(view, style, "%s %s  %s  (%s)", d->status == DEFAULT_TAKEN ? "->" : "  ",
		    property_text(br->s->ex, d->prop), loc(br, d->prop->loc),
		    status[d->status]);
		if (d->status == DEFAULT_TAKEN || d->status == DEFAULT_INACTIVE)
			say_condition(view, "     ", d->cond, d->deps, style);
	}
}

static void say_reverse_props(struct view *view, const char *what,
			      const struct xreverse *list, unsigned n)
{
	struct browser *br = view->br;

	if (!n)
		return;
	say(view, STYLE_HEADING, "%s by:", what);
	for (unsigned i = 0; i < n; i++) {
		const struct xreverse *r = &list[i];

		say(view, r->value ? STYLE_NORMAL : STYLE_DIM, "  %s [=%s]  %s  %s  => %s",
		    r->from->name, r->from_value, loc(br, r->prop->loc),
		    property_text(br->s->ex, r->prop), tri_text(r->value));
		/* Less than the selector's value: say which term lowers it. */
		if (strcmp(tri_text(r->value), r->from_value) != 0)
			say_condition(view, "    ", r->cond, r->deps, STYLE_DIM);
	}
}

static void say_bounds(struct view *view, const struct explanation *x)
{
	struct browser *br = view->br;

	for (unsigned i = 0; i < x->nbounds; i++) {
		const struct xbound *b = &x->bounds[i];
		char what[512];

		switch (b->kind) {
		case BOUND_VISIBILITY:
			snprintf(what, sizeof(what), "at most %s (the prompt's visibility)", b->limit);
			break;
		case BOUND_DEPENDS:
			snprintf(what, sizeof(what), "at most %s (imply is capped by the dependencies)", b->limit);
			break;
		case BOUND_SELECT:
			snprintf(what, sizeof(what), "at least %s (select)", b->limit);
			break;
		case BOUND_MODULES:
			snprintf(what, sizeof(what), "m reads as y (modules off, or a bool)");
			break;
		case BOUND_RANGE:
			snprintf(what, sizeof(what), "range %s (%s)", b->limit, loc(br, b->loc));
			break;
		}
		if (b->applied)
			say(view, STYLE_DECIDING, "%s: %s became %s", what, b->before,
			    b->kind == BOUND_RANGE ? x->value : b->limit);
		else if (b->also_enough)
			say(view, STYLE_NORMAL, "%s: %s without select too", what, b->limit);
		else if (b->kind == BOUND_SELECT)
			say(view, STYLE_NORMAL, "%s: no change, already %s", what, b->before);
		else if (b->kind == BOUND_RANGE)
			say(view, STYLE_NORMAL, "%s: %s is within it", what, x->value);
		else
			say(view, STYLE_NORMAL, "%s: no change", what);
	}
	if (x->depends)
		say(view, STYLE_NORMAL, "depends on: %s", cond_text(br, x->depends));
}

static void say_choice(struct view *view, const struct xchoice *c)
{
	struct browser *br = view->br;

	say(view, STYLE_NORMAL, "in the choice \"%s\" (%s): %s%s%s",
	    c->prompt ? c->prompt : "", loc(br, c->node->loc),
	    c->selection ? c->selection->name : "",
	    c->selection ? " is y: " : "", choice_rule_text(c->rule));
	say_defaults(view, c->defaults, c->ndefaults);
}

static void say_used_by(struct view *view, const struct symbol *sym)
{
	struct browser *br = view->br;
	unsigned n;
	const struct reverse_use *uses = explain_reverse(br->s->ex, sym, &n);

	if (!n)
		return;
	say(view, STYLE_HEADING, "used by (%u):", n);
	for (unsigned i = 0; i < n; i++) {
		const struct reverse_use *u = &uses[i];
		const char *who = u->user && u->user->name ? u->user->name :
			u->node->prompt && u->node->prompt->text ? u->node->prompt->text : "(menu)";

		say(view, STYLE_NORMAL, "  %s  %s  %s", who, reverse_kind_name(u->kind),
		    loc(br, u->loc));
	}
}

static void say_help(struct view *view, const struct menu_node *node)
{
	const char *help = node->help;

	if (!help && node->sym)
		for (const struct menu_node *n = node->sym->first_node; n && !help;
		     n = n->next_def)
			help = n->help;
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

static void explain_sym(struct view *view, const struct entry *entry)
{
	struct browser *br = view->br;
	const struct explanation *x = explain_symbol(br->s->ex, entry->node->sym);

	say_header(view, x);
	if (!x->defined)
		return;
	say_origin(view, x);
	say_user(view, x);
	say_prompts(view, x);
	if (x->choice)
		say_choice(view, x->choice);
	say_defaults(view, x->defaults, x->ndefaults);
	say_reverse_props(view, "selected", x->selects, x->nselects);
	say_reverse_props(view, "implied", x->implies, x->nimplies);
	say_bounds(view, x);
	say_help(view, entry->node);
	say_used_by(view, x->sym);
}

static void explain_choice_entry(struct view *view, const struct entry *entry)
{
	struct browser *br = view->br;
	const struct xchoice *c = explain_choice(br->s->ex, entry->node);

	say(view, STYLE_HEADING, "choice \"%s\"", c->prompt ? c->prompt : "");
	say(view, STYLE_NORMAL, "defined at %s", loc(br, entry->node->loc));
	if (c->selection)
		say(view, STYLE_DECIDING, "%s is chosen: %s%s%s", c->selection->name,
		    choice_rule_text(c->rule), c->decided_at.line ? "  " : "",
		    loc(br, c->decided_at));
	else
		say(view, STYLE_DECIDING, "nothing chosen: %s", choice_rule_text(c->rule));
	say_defaults(view, c->defaults, c->ndefaults);
	if (entry->node->dep)
		say(view, STYLE_NORMAL, "depends on: %s",
		    cond_text(br, explain_expr(br->s->ex, entry->node->dep, true)));
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
		say(view, STYLE_NORMAL, "depends on: %s",
		    cond_text(br, explain_expr(br->s->ex, node->dep, true)));
	if (node->visible_if)
		say(view, STYLE_NORMAL, "visible if: %s",
		    cond_text(br, explain_expr(br->s->ex, node->visible_if, true)));
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

static void explain_open(struct view *view)
{
	struct explain_state *st = view->priv;
	const struct entry *entry = view->br->current;

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
		snprintf(buf, sizeof(buf), "%.*s", (int)xl->links[i].len,
			 xl->text + xl->links[i].start);
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

static void follow(struct view *view)
{
	const struct link *link = selected_link(view);
	struct browser *br = view->br;
	struct entry *target;

	if (!link)
		return;
	target = browser_symbol_entry(br, link->sym);
	if (!target) {
		browser_message(br, "%s has no entry in the tree", link->sym->name);
		return;
	}
	browser_jump(br, target);
}

static enum request explain_request(struct view *view, enum request req)
{
	switch (req) {
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
}

const struct view_ops explain_view_ops = {
	.name = "explain",
	.priv_size = sizeof(struct explain_state),
	.open = explain_open,
	.draw = explain_draw,
	.request = explain_request,
	.title = explain_title,
	.focus = explain_focus,
	.done = explain_done,
};
