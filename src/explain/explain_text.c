// SPDX-License-Identifier: GPL-2.0
/*
 * An explanation as text, for a person in a terminal: the value, the
 * line that decided it and why its condition held, then every default,
 * select, imply and bound with the values of their conditions.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "copy_text.h"
#include "explain.h"
#include "help_text.h"
#include "shell.h"
#include "util.h"

/*
 * Where the text goes: pieces are gathered into a line, and each
 * finished line is handed to emit with the style and fold set for it.
 * Without emit the text is kept whole (explain_print_text() writes it
 * at once: lines, styles and spans are for the pane and the hover).
 */
struct render {
	struct explainer *ex;
	explain_line_fn *emit;		/* NULL: the whole text stays in line */
	void *ctx;
	struct span_text line;		/* the text not yet handed on, with its spans */
	enum explain_style style;	/* of the line being built; reset after it */
	unsigned fold;			/* the group lines belong to (0: none) */
	unsigned folds;			/* groups made so far */
	bool fold_head;
	const struct symbol *sym;
	/* The file of the last location written and its name's length. */
	const struct source_file *loc_file;
	size_t loc_file_len;
	/*
	 * The xexpr whose condition line is being made (print_cond_line()):
	 * its text is kept as the start of that line, not on its own.
	 */
	const struct xexpr *text_in_line;
};

/* Hand every finished line of the buffer to emit, with its spans. */
static void flush_lines(struct render *r)
{
	struct strbuf *b = &r->line.text;
	char *nl;

	while ((nl = memchr(b->data, '\n', b->len))) {
		size_t len = (size_t)(nl - b->data);
		unsigned nspans = 0;

		while (nspans < r->line.nspans && r->line.spans[nspans].start < len)
			nspans++;
		*nl = '\0';
		r->emit(r->ctx, &(struct explain_line){
			.text = b->data, .spans = r->line.spans, .nspans = nspans,
			.style = r->style, .fold = r->fold,
			.fold_head = r->fold_head, .sym = r->sym,
		});
		span_text_consume(&r->line, len + 1);
		r->style = XSTYLE_NORMAL;
		r->fold_head = false;
	}
}

/*
 * The writers are inline: `explain --all` makes millions of pieces,
 * most of them literals whose length the compiler then knows, so a
 * piece costs a bounds check and a copy of known size.
 */
#define INLINE static inline

/* len bytes of text (a line of help, say): no format to read. */
INLINE void rputn(const char *text, size_t len, struct render *r)
{
	strbuf_add(&r->line.text, text, len);
	if (r->emit && memchr(text, '\n', len))
		flush_lines(r);
}

/* A text kept by the memo (never a literal): copy_text(). */
INLINE void rputkept(const char *text, size_t len, struct render *r)
{
	struct strbuf *b = &r->line.text;

	if (b->cap - b->len <= len)
		strbuf_grow(b, len);
	copy_text(b->data + b->len, text, len);
	b->len += len;
	if (r->emit && memchr(text, '\n', len))
		flush_lines(r);
}

/* A symbol's name (one line, never a literal): copy_text(). */
INLINE void rputname(const char *name, struct render *r)
{
	struct strbuf *b = &r->line.text;
	size_t len = strlen(name);

	if (b->cap - b->len <= len)
		strbuf_grow(b, len);
	copy_text(b->data + b->len, name, len);
	b->len += len;
}

INLINE void rputs(const char *text, struct render *r)
{
	rputn(text, strlen(text), r);
}

INLINE void rputc(int c, struct render *r)
{
	struct strbuf *b = &r->line.text;

	if (b->cap - b->len <= 1)
		strbuf_grow(b, 1);
	b->data[b->len++] = (char)c;
	if (c == '\n' && r->emit)
		flush_lines(r);
}

/* A value: most are one letter (y, m, n), written without a call. */
INLINE void rputv(const char *value, struct render *r)
{
	if (value[0] && !value[1])
		rputc(value[0], r);
	else
		rputs(value, r);
}

/* A count in decimal: "%u" without the format. */
INLINE void rputu(unsigned n, struct render *r)
{
	struct strbuf *b = &r->line.text;

	if (b->cap - b->len <= 10)
		strbuf_grow(b, 10);
	b->len += decimal_put(b->data + b->len, n);
}

/* n spaces: the padding of a column. */
static void rpad(size_t n, struct render *r)
{
	struct strbuf *b = &r->line.text;

	if (b->cap - b->len <= n)
		strbuf_grow(b, n);
	memset(b->data + b->len, ' ', n);
	b->len += n;
}

/* text, then spaces to width: printf's "%-*s" without the format. */
static void rputs_left(const char *text, size_t width, struct render *r)
{
	size_t len = strlen(text);

	rputn(text, len, r);
	if (len < width)
		rpad(width - len, r);
}

/* A symbol's name, a location: text that names something, as a span. */
INLINE void rsym(const struct symbol *sym, struct render *r)
{
	if (r->line.no_spans && sym->name)
		rputname(sym->name, r);
	else if (r->line.no_spans)
		rputs("<choice>", r);
	else
		span_text_symbol(&r->line, sym);
}

/*
 * "file:line" as location_append() writes it, without a span: an
 * explanation names a dozen locations, most of them in one file, whose
 * name is measured once.
 */
static void rloc_text(struct location loc, struct render *r)
{
	struct strbuf *b = &r->line.text;
	const char *file = location_file(loc);

	if (loc.line <= 0)
		return;
	if (!loc.file || loc.file != r->loc_file) {
		r->loc_file = loc.file;
		r->loc_file_len = strlen(file);
	}
	/* The file, ':' and at most 10 digits. */
	if (b->cap - b->len <= r->loc_file_len + 11)
		strbuf_grow(b, r->loc_file_len + 11);
	copy_text(b->data + b->len, file, r->loc_file_len);
	b->len += r->loc_file_len;
	b->data[b->len++] = ':';
	b->len += decimal_put(b->data + b->len, (unsigned)loc.line);
}

static void rloc(struct explainer *ex, struct location loc, struct render *r)
{
	if (r->line.no_spans)
		rloc_text(loc, r);
	else
		span_text_location(&r->line, ex, loc);
}

/* A property as a Kconfig line; without spans and with fixed values, made once. */
static void rprop(const struct property *prop, struct render *r)
{
	struct strbuf *b = &r->line.text;
	const struct memo_text *kept;
	size_t before = b->len;

	if (!r->line.no_spans || !r->ex->values_fixed) {
		span_text_property(&r->line, prop);
		return;
	}
	kept = memo_get(r->ex, prop, MEMO_PROPERTY_TEXT);
	if (kept) {
		rputkept(kept->text, kept->len, r);
		return;
	}
	span_text_property(&r->line, prop);
	memo_text_put(r->ex, prop, MEMO_PROPERTY_TEXT, b->data + before, b->len - before);
}

static void rprintf(struct render *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void rprintf(struct render *r, const char *fmt, ...)
{
	struct strbuf *text = &r->line.text;
	size_t before = text->len;
	va_list ap;

	va_start(ap, fmt);
	explain_vformat(text, fmt, ap);
	va_end(ap);
	if (r->emit && memchr(text->data + before, '\n', text->len - before))
		flush_lines(r);
}

/* The next line has this style. */
static void rstyle(struct render *r, enum explain_style style)
{
	r->style = style;
}

/* The lines from here on are a new group that may be folded; its head first. */
static void fold_begin(struct render *r)
{
	r->fold = ++r->folds;
	r->fold_head = true;
}

static void fold_end(struct render *r)
{
	r->fold = 0;
	r->fold_head = false;
}

static void print_value(const struct symbol *sym, const char *value, struct render *out)
{
	if (out->line.no_spans && !(sym && sym->type == S_STRING))
		rputv(value, out);
	else
		span_text_value(&out->line, sym, value);
}

/*
 * An evaluated expression with its values.  Text without spans, while
 * the values are fixed, is made once per expression and copied after:
 * a line's condition is shown again in each explanation that lists the
 * line (a select from both of its sides, a dependency inherited by
 * every entry under an `if`).
 */
static void rexpr(const struct xexpr *x, struct render *r)
{
	struct strbuf *b = &r->line.text;
	struct xexpr *made = (struct xexpr *)x;	/* only its text is set */
	size_t before = b->len;

	if (!r->line.no_spans || !r->ex->values_fixed) {
		span_text_expr(&r->line, x->expr, x);
		return;
	}
	if (x->text) {
		rputkept(x->text, x->text_len, r);
		return;
	}
	expr_append(b, x->expr, x);
	/* Texts longer than 4 GB are made each time (none are). */
	if (b->len - before > UINT_MAX)
		return;
	made->text_len = (unsigned)(b->len - before);
	if (x != r->text_in_line)
		made->text = arena_strndup(&r->ex->memo_arena, b->data + before,
					   made->text_len);
}

static const char *loc_or(struct explainer *ex, struct location loc,
			  const char *otherwise)
{
	return loc.line > 0 ? location_text(ex, loc) : otherwise;
}

/* "  if COND [=..] -> y" style: a condition and its value. */
static void print_xexpr_value(const struct xexpr *x, struct render *out)
{
	rexpr(x, out);
	if (x->expr && x->expr->op != E_SYMBOL) {
		rputs("  => ", out);
		rputs(tri_text(x->value), out);
	}
}

/*
 * The same for a condition, where an int, hex or string symbol is n
 * whatever its value: "[=0]" must not read as "0 is false"; then the
 * end of the line (a condition ends its line wherever it is shown).
 */
static void make_cond_line(const struct xexpr *x, struct render *out)
{
	const struct symbol *valued = xexpr_valued_condition(x);

	print_xexpr_value(x, out);
	if (valued && x->expr->op == E_SYMBOL)
		rprintf(out, "  => %s", tri_text(x->value));
	if (valued)
		rprintf(out, " (%s is %s %s: as a condition it is n, whatever its value)",
			valued->name, valued->type == S_INT ? "an" : "a",
			symbol_type_name(valued->type));
	rputc('\n', out);
}

/*
 * Made once per condition while the values are fixed, like rexpr(): a
 * dependency shared by the entries of a menu or an `if` is shown in
 * each of their explanations.
 */
static void print_cond_line(const struct xexpr *x, struct render *out)
{
	struct strbuf *b = &out->line.text;
	struct xexpr *made = (struct xexpr *)x;	/* only its text is set */
	size_t before = b->len;

	if (!out->line.no_spans || !out->ex->values_fixed) {
		make_cond_line(x, out);
		return;
	}
	if (x->cond_text) {
		rputkept(x->cond_text, x->cond_text_len, out);
		return;
	}
	/* A text made now is the line's start: kept once, with the line. */
	if (!x->text)
		out->text_in_line = x;
	make_cond_line(x, out);
	out->text_in_line = NULL;
	if (b->len - before > UINT_MAX)
		return;
	made->cond_text_len = (unsigned)(b->len - before);
	made->cond_text = arena_strndup(&out->ex->memo_arena, b->data + before,
					made->cond_text_len);
	if (!x->text && made->text_len)
		made->text = made->cond_text;
}

/* Under a failing chain of &&: the terms that are n. */
static void print_false_terms(const char *indent, const struct xexpr *x,
			      struct render *out)
{
	const struct xexpr *terms[16];
	unsigned n = xexpr_false_terms(x, terms, 16);

	if (!n)
		return;
	rputs(indent, out);
	rputs(n == 1 ? "  the false term: " : "  the false terms: ", out);
	for (unsigned i = 0; i < n; i++) {
		if (i)
			rputs(", ", out);
		rexpr(terms[i], out);
	}
	rputc('\n', out);
}

/*
 * A line whose $(...) were expanded: as written, and the commands that
 * ran for it with their answers (the value a compiler probe decided).
 */
static void print_as_written(struct explainer *ex, const char *indent,
			     const struct property *prop, bool commands,
			     struct render *out)
{
	const struct shell_run *runs[8];
	char *missing;
	unsigned n;

	if (!prop->raw)
		return;
	rprintf(out, "%sas written: %s\n", indent, prop->raw);
	n = commands ? explain_prop_runs(ex, prop, runs, 8) : 0;
	for (unsigned i = 0; i < n; i++) {
		const struct shell_run *r = runs[i];

		rprintf(out, "%s$(shell,%s)", indent, r->command);
		if (r->origin.line != r->loc.line || r->origin.file != r->loc.file)
			rprintf(out, " (run at %s)", location_text(ex, r->origin));
		rprintf(out, " answered \"%s\"\n", r->answer);
		missing = kconfig_shell_missing_tool(ex->kc, r->command);
		if (missing)
			rprintf(out, "%s  %s is not installed (not on PATH): install %s"
				" and the probe can answer otherwise\n", indent,
				missing, missing);
		free(missing);
	}
}

/* The whole condition of a property: its `if` and the entry's dependencies. */
INLINE void print_condition(const char *indent, const struct xexpr *cond,
			    const struct xexpr *deps, struct render *out)
{
	if (cond) {
		rputs(indent, out);
		rputs("if: ", out);
		print_cond_line(cond, out);
		print_false_terms(indent, cond, out);
	}
	if (deps) {
		rputs(indent, out);
		rputs("entry depends on: ", out);
		print_cond_line(deps, out);
	}
}

/* A default whose value is an expression: its parts' values. */
static void print_default_value(const struct xdefault *d, struct render *out)
{
	const struct expr *e = d->prop->expr;

	if (!d->value || !e || (e->op == E_SYMBOL && explain_is_literal(e->sym)))
		return;
	rputs("    value: ", out);
	print_xexpr_value(d->value, out);
	rputc('\n', out);
}

static const char *user_reason_text(enum unused_reason reason)
{
	switch (reason) {
	case UNUSED_NOTHING: return "used";
	case UNUSED_NO_PROMPT: return "the symbol has no prompt, so no value can be given to it";
	case UNUSED_DEPS_UNMET: return "its dependencies are not met, so its prompt is hidden";
	case UNUSED_PROMPT_HIDDEN: return "its prompt is hidden (its `if` or a menu's `visible if` is n)";
	case UNUSED_LIMITED: return "the prompt only allows m here (a dependency is m)";
	case UNUSED_SELECTED: return "a `select` forces a higher value";
	case UNUSED_RANGE: return "it is outside the active range, so it was clamped";
	case UNUSED_MODULES: return "m means y while modules are disabled (or for a bool)";
	case UNUSED_CHOICE_OTHER: return "the choice picked another member";
	case UNUSED_CHOICE_ALL_NO: return "every visible member of the choice was set to n; a choice must pick one";
	case UNUSED_INVALID: return "the value is not valid for the symbol's type";
	}
	return "";
}

/*
 * Where the entry is in the menus, as menuconfig's help says it:
 * "location: -> Device Drivers -> Network device support", each menu
 * that is a symbol with its value.
 */
static void print_location_path(struct explainer *ex, const struct menu_node *node,
				struct render *out)
{
	const struct menu_node *path[64];
	unsigned n = explain_menu_path(ex, node, path, 64);

	rputs("  location:", out);
	if (!n)
		rputs(" the main menu", out);
	for (unsigned i = 0; i < n; i++) {
		const struct menu_node *p = path[i];

		rputs(" -> ", out);
		rputs(p->prompt->text, out);
		if (p->sym && p->kind != MENU_CHOICE && p->sym->name) {
			rputs(" (", out);
			rsym(p->sym, out);
			rputs(" [=", out);
			rputs(config_str(ex->cfg, p->sym), out);
			rputs("])", out);
		}
	}
	rputc('\n', out);
}

/*
 * The same, made once per menu while the values are fixed: the entries
 * of one menu share the line.
 */
static void print_location(struct explainer *ex, const struct menu_node *node,
			   struct render *out)
{
	struct strbuf *b = &out->line.text;
	const struct menu_node *menu;
	const struct memo_text *kept;
	size_t before = b->len;

	if (!out->line.no_spans || !ex->values_fixed) {
		print_location_path(ex, node, out);
		return;
	}
	menu = explain_menu_parent(ex, node);
	kept = memo_get(ex, menu, MEMO_MENU_PATH_TEXT);
	if (kept) {
		rputkept(kept->text, kept->len, out);
		return;
	}
	print_location_path(ex, node, out);
	memo_text_put(ex, menu, MEMO_MENU_PATH_TEXT, b->data + before, b->len - before);
}

static void print_header(struct explainer *ex, const struct explanation *x,
			 struct render *out)
{
	const struct symbol *sym = x->sym;
	const struct menu_node *node;
	const char *sep = "";
	char skipped[512];

	rsym(sym, out);
	rputs(" = ", out);
	print_value(sym, x->value, out);
	rputc('\n', out);
	if (kconfig_shell_skip_note(ex->kc, sym, skipped, sizeof(skipped)))
		rprintf(out, "  %s\n", skipped);
	if (!x->defined) {
		rprintf(out, "  not defined in this tree (only referenced): %s\n",
			sym->type == S_UNKNOWN || (sym->flags & SYMBOL_CONST)
				? "it has no value of its own" : "");
		return;
	}
	rputs("  type ", out);
	rputs(symbol_type_name(x->type), out);
	if (x->type != sym->type)
		rprintf(out, " (declared %s; modules are disabled)",
			symbol_type_name(sym->type));
	if (!x->nprompts)
		rputs(", no prompt", out);
	else
		rputs(x->visible != TRI_NO ? ", prompt visible" : ", prompt hidden", out);
	rputs(x->written ? ", written to .config" : ", not written to .config", out);
	rputs(x->written_every ? " (this tree's conf writes every symbol)\n" : "\n", out);
	if (x->transitional_loc.file) {
		rputs("  transitional (", out);
		rloc(ex, x->transitional_loc, out);
		rputs("): an old name, read from .config for the defaults that name it; never shown, never written\n", out);
	}
	if (sym == ex->kc->modules_sym)
		rprintf(out, "  the modules switch (its `modules` line): m exists only while it is y;"
			" while it is n every tristate acts as a bool and m counts as y\n");
	rputs("  defined at ", out);
	for (node = sym->first_node; node; node = node->next_def) {
		rputs(sep, out);
		rloc(ex, node->loc, out);
		sep = ", ";
	}
	rputc('\n', out);
	for (node = sym->first_node; node; node = node->next_def)
		print_location(ex, node, out);
}

/*
 * ", set by kernel/configs/kvm_guest.config:7, over
 * arch/x86/configs/x86_64_defconfig:40": the inputs a merged .config
 * came from (its sources file), each line a link.
 */
static void print_set_by(struct explainer *ex, const struct config_source *src,
			 struct render *out)
{
	rputs(", set by ", out);
	rloc(ex, src->set, out);
	for (unsigned i = 0; i < src->nover; i++) {
		rputs(!i ? ", over " : i + 1 < src->nover ? ", " : " and ", out);
		rloc(ex, src->over[i], out);
	}
}

/* ".config:2055", or "set in this session, was y from .config:2055". */
static void print_user_source(struct explainer *ex, const struct xuser *u,
			      struct location loc, struct render *out)
{
	if (loc.line) {
		rloc(ex, loc, out);
		if (u->source && u->source->kept)
			print_set_by(ex, u->source, out);
		return;
	}
	rputs("set in this session", out);
	if (u->this_session && u->was)
		rprintf(out, ", was %s from %s", u->was,
			loc_or(ex, u->was_loc, "the .config read"));
	else if (u->this_session)
		rputs(", the .config read did not set it", out);
}

/* A renamed option: its value came over from the old, transitional name. */
static void print_via_transitional(struct explainer *ex, const struct explanation *x,
				   struct render *out)
{
	const char *name = x->via_transitional.sym->name;

	rprintf(out, "    %s is transitional: its value %s comes from %s; read, never written\n",
		name, x->via_transitional.value,
		loc_or(ex, x->via_transitional.loc, "the .config read"));
	if (x->via_transitional.counts_as_set)
		rprintf(out, "    so conf counts %s as set: it is not asked as NEW\n",
			x->sym->name);
}

static void print_cause(struct explainer *ex, const struct explanation *x,
			const struct xcause *cause, const char *label, struct render *out)
{
	const struct xchoice *c = x->choice;

	rstyle(out, XSTYLE_DECIDING);
	rputs("  ", out);
	rputs(label, out);
	rputs(": ", out);
	switch (cause->kind) {
	case ORIGIN_USER:
		rputs("the user value ", out);
		print_value(x->sym, x->user.value, out);
		rputs(" (", out);
		print_user_source(ex, &x->user, cause->loc, out);
		rputs(")\n", out);
		break;
	case ORIGIN_DEFAULT:
		rprop(cause->prop, out);
		rputs("  (", out);
		rloc(ex, cause->loc, out);
		rputs(")\n", out);
		print_as_written(ex, "    ", cause->prop, true, out);
		for (unsigned i = 0; i < x->ndefaults; i++)
			if (x->defaults[i].prop == cause->prop) {
				print_default_value(&x->defaults[i], out);
				print_condition("    ", x->defaults[i].cond,
						x->defaults[i].deps, out);
			}
		if (cause == &x->origin && x->via_transitional.sym)
			print_via_transitional(ex, x, out);
		if (c && c->default_prop == cause->prop)
			rprintf(out, "    the default of the choice \"%s\" (%s)\n",
				c->prompt ? c->prompt : "", location_text(ex, c->node->loc));
		break;
	case ORIGIN_SELECT:
	case ORIGIN_IMPLY:
		rputs(cause->kind == ORIGIN_SELECT ? "selected by " : "implied by ", out);
		for (unsigned i = 0; i < cause->nby; i++) {
			rputs(i ? ", " : "", out);
			rsym(cause->by[i]->from, out);
			rputs(" [=", out);
			rputv(cause->by[i]->from_value, out);
			rputs("] (", out);
			rloc(ex, cause->by[i]->prop->loc, out);
			rputs(")", out);
		}
		rputc('\n', out);
		break;
	case ORIGIN_CHOICE:
		if (c && c->selection == x->sym)
			rprintf(out, "the choice at %s picked it: %s\n",
				location_text(ex, c->node->loc), choice_rule_text(c->rule));
		else if (c && c->selection && c->rule == CHOICE_RULE_USER) {
			rputs("the user's pick: the choice picked ", out);
			rsym(c->selection, out);
			rputs(" (set to y ", out);
			if (c->decided_at.line) {
				rputs("at ", out);
				rloc(ex, c->decided_at, out);
			} else {
				rputs("in this session", out);
			}
			rputs("; the choice at ", out);
			rloc(ex, c->node->loc, out);
			rputs(")\n", out);
		}
		else if (c && c->selection) {
			rputs("the choice at ", out);
			rloc(ex, c->node->loc, out);
			rputs(" picked ", out);
			rsym(c->selection, out);
			rprintf(out, " (%s)\n", choice_rule_text(c->rule));
		}
		else
			rprintf(out, "the choice%s\n", c ? ": no member is visible" : "");
		break;
	case ORIGIN_NONE:
		if (x->visible == TRI_NO && x->nprompts && !x->ndefaults && !x->nselects)
			rputs("nothing: the prompt is hidden and nothing else gives a value\n", out);
		else
			rputs("nothing applies (no active default, no select, no imply)\n", out);
		break;
	}
}

/* The deciding cause, then each other one that alone gives the same value. */
static void print_origin(struct explainer *ex, const struct explanation *x,
			 struct render *out)
{
	print_cause(ex, x, &x->origin, "value from", out);
	for (unsigned i = 0; i < x->nalso; i++)
		print_cause(ex, x, &x->also[i], "also enough", out);
}

static void print_user(struct explainer *ex, const struct explanation *x, struct render *out)
{
	const struct xuser *u = &x->user;

	/* A member's own line when another member's pick decided. */
	if (u->present && u->reason == UNUSED_NOTHING && x->choice &&
	    x->origin.kind == ORIGIN_CHOICE && u->loc.line)
		rprintf(out, "  user value %s at %s: agrees with the pick\n", u->value,
			location_text(ex, u->loc));
	if (u->present && u->reason != UNUSED_NOTHING && !u->echoed) {
		rprintf(out, "  user value %s %s", u->value, u->loc.line ? "at " : "(");
		print_user_source(ex, u, u->loc, out);
		rprintf(out, "%s was %s: %s\n", u->loc.line ? "" : ")", u->used ? "only partly used" : "not used",
			user_reason_text(u->reason));
	}
	if (u->source && !u->source->kept) {
		rputs("  ", out);
		rloc(ex, u->source->set, out);
		rprintf(out, " asked for %s; the .config does not have it\n",
			u->source->request);
	}
	if (u->ignored_text)
		rprintf(out, "  line %s (value %s) was ignored: %s\n",
			location_text(ex, u->ignored_loc), u->ignored_text,
			user_reason_text(UNUSED_INVALID));
}

static void print_prompts(struct explainer *ex, const struct explanation *x,
			  struct render *out)
{
	for (unsigned i = 0; i < x->nprompts; i++) {
		const struct xprompt *p = &x->prompts[i];

		rputs("  prompt \"", out);
		rputs(p->prop->text, out);
		rputs("\" (", out);
		rloc_text(p->prop->loc, out);
		rputs(p->visible != TRI_NO ? "): shown\n" : "): hidden\n", out);
		print_as_written(ex, "    ", p->prop, true, out);
		print_condition("    ", p->cond, p->deps, out);
		if (p->hidden_by) {
			rprintf(out, "    hidden by the menu at %s: visible if ",
				location_text(ex, p->hidden_by->loc));
			print_xexpr_value(p->visible_if, out);
			rputc('\n', out);
		}
	}
}

static void print_defaults(struct explainer *ex, const struct xchoice *choice,
			   const struct xdefault *defs, unsigned n, struct render *out)
{
	if (!n)
		return;
	rstyle(out, XSTYLE_HEADING);
	if (choice)
		rputs("  the choice's defaults (the first whose condition holds is taken):\n", out);
	else
		rputs("  defaults (the first whose condition holds is taken):\n", out);
	for (unsigned i = 0; i < n; i++) {
		const struct xdefault *d = &defs[i];

		rstyle(out, d->status == DEFAULT_TAKEN ? XSTYLE_DECIDING :
			    d->status == DEFAULT_INACTIVE ? XSTYLE_DIM : XSTYLE_NORMAL);
		if (d->status == DEFAULT_TAKEN)
			rputs("  -> ", out);
		else
			rputs("     ", out);
		rloc(ex, d->prop->loc, out);
		rputs("  ", out);
		rprop(d->prop, out);
		switch (d->status) {
		case DEFAULT_TAKEN: rputs("  (taken)\n", out); break;
		case DEFAULT_INACTIVE:
			rputs(d->cond ? "  (condition n)\n"
				      : "  (no condition of its own: the entry's dependencies are n)\n", out);
			break;
		case DEFAULT_SHADOWED: rputs("  (holds, but an earlier one came first)\n", out); break;
		case DEFAULT_UNUSED:
			if (choice && choice->selection)
				rprintf(out, "  (holds, but the user's pick, %s, counts)\n",
					choice->selection->name);
			else
				rputs("  (holds, but the user value counts)\n", out);
			break;
		case DEFAULT_NO_PICK: rputs("  (holds, but the choice picks no member)\n", out); break;
		}
		print_as_written(ex, "       ", d->prop, false, out);
		if (d->status == DEFAULT_INACTIVE || d->status == DEFAULT_TAKEN)
			print_condition("       ", d->cond, d->deps, out);
		if (d->status == DEFAULT_TAKEN && d->value && d->prop->expr &&
		    !(d->prop->expr->op == E_SYMBOL && explain_is_literal(d->prop->expr->sym))) {
			rputs("       value: ", out);
			print_xexpr_value(d->value, out);
			rputc('\n', out);
		}
	}
}

/*
 * A select or imply row: the other symbol with its value, the line, and
 * what the line gives (dimmed when it gives n); the line's end too
 * unless a note follows.
 */
static void print_prop_row(struct explainer *ex, const struct symbol *sym,
			   const char *value, const struct property *prop,
			   tristate gives, bool noted, struct render *out)
{
	if (gives == TRI_NO)
		rstyle(out, XSTYLE_DIM);
	rputs("    ", out);
	rsym(sym, out);
	rputs(" [=", out);
	rputv(value, out);
	rputs("]  ", out);
	rloc(ex, prop->loc, out);
	rputs("  ", out);
	rprop(prop, out);
	rputs("  => ", out);
	if (noted)
		rputs(tri_text(gives), out);
	else
		rputs(gives == TRI_YES ? "y\n" : gives == TRI_MOD ? "m\n" : "n\n", out);
}

static void print_reverse_prop(struct explainer *ex, const struct explanation *x,
			       const struct xreverse *r, struct render *out)
{
	bool bool_m = r->value == TRI_MOD && x->sym->type == S_BOOLEAN;

	print_prop_row(ex, r->from, r->from_value, r->prop, r->value, bool_m, out);
	if (bool_m)
		rputs(" (m counts as y for a bool)\n", out);
	/* Less than the selector's value: say which term lowers it. */
	if (strcmp(tri_text(r->value), r->from_value) != 0)
		print_condition("      ", r->cond, r->deps, out);
}

/*
 * Who selects (implies) the symbol: those that give y or m first, then
 * the ones that give n, as a group a reader can fold ("and 38 more that
 * give n"), since only the first ones count.
 */
static void print_reverse_props(struct explainer *ex, const struct explanation *x,
				const char *what, const struct xreverse *list,
				unsigned n, struct render *out)
{
	unsigned counting = 0;

	if (!n)
		return;
	rstyle(out, XSTYLE_HEADING);
	rputs("  ", out);
	rputs(what, out);
	rputs(" by:\n", out);
	for (unsigned i = 0; i < n; i++)
		if (list[i].value != TRI_NO) {
			print_reverse_prop(ex, x, &list[i], out);
			counting++;
		}
	if (counting == n)
		return;
	fold_begin(out);
	rstyle(out, XSTYLE_DIM);
	rputs(counting ? "    and " : "    ", out);
	rputu(n - counting, out);
	rputs(counting ? " more that give n:\n" : " that give n:\n", out);
	for (unsigned i = 0; i < n; i++)
		if (list[i].value == TRI_NO)
			print_reverse_prop(ex, x, &list[i], out);
	fold_end(out);
}

/* What the symbol selects (implies), and the value each one gives. */
static void print_forward_props(struct explainer *ex, const char *what,
				const struct xforward *list, unsigned n,
				struct render *out)
{
	if (!n)
		return;
	rstyle(out, XSTYLE_HEADING);
	rputs("  ", out);
	rputs(what, out);
	rputs(":\n", out);
	for (unsigned i = 0; i < n; i++) {
		const struct xforward *f = &list[i];

		print_prop_row(ex, f->to, f->to_value, f->prop, f->value, false, out);
		if (f->cond)
			print_condition("      ", f->cond, NULL, out);
	}
}

static const char *block_name(const struct menu_node *node)
{
	switch (node->kind) {
	case MENU_IF: return "if";
	case MENU_MENU: return "menu";
	case MENU_CHOICE: return "choice";
	case MENU_COMMENT: return "comment";
	default: return "entry";
	}
}

/* The dependencies, then where each part of them is written. */
static void print_dep_sources(struct explainer *ex, const struct explanation *x,
			      struct render *out)
{
	if (!x->ndep_sources)
		return;
	rstyle(out, XSTYLE_HEADING);
	if (x->depends) {
		rputs("  depends on: ", out);
		print_cond_line(x->depends, out);
		print_false_terms("  ", x->depends, out);
	} else {
		rputs("  depends on, part by part:\n", out);
	}
	for (unsigned i = 0; i < x->ndep_sources; i++) {
		const struct xdepsource *d = &x->dep_sources[i];

		rputs("    ", out);
		rloc(ex, d->node->loc, out);
		rputs(" (", out);
		rputs(block_name(d->node), out);
		if (d->node->kind != MENU_IF && d->node->prompt && d->node->prompt->text &&
		    d->node->kind != MENU_CONFIG && d->node->kind != MENU_MENUCONFIG) {
			rputs(" \"", out);
			rputs(d->node->prompt->text, out);
			rputc('"', out);
		}
		rputs("): ", out);
		print_cond_line(d->expr, out);
	}
	for (unsigned i = 0; i < x->ncond_deps; i++) {
		const struct xconddep *d = &x->cond_deps[i];

		rprintf(out, "    %s: depends on ", location_text(ex, d->line->loc));
		print_xexpr_value(d->dep, out);
		rputs(", only while ", out);
		print_xexpr_value(d->cond, out);
		rputs(" is not n: ", out);
		if (d->cond->value != TRI_NO) {
			print_xexpr_value(d->dep, out);
			rputs(" applies\n", out);
		} else {
			rputs("it does not apply\n", out);
		}
	}
}

static void print_bounds(struct explainer *ex, const struct explanation *x,
			 struct render *out)
{
	for (unsigned i = 0; i < x->nbounds; i++) {
		const struct xbound *b = &x->bounds[i];

		rputs("  ", out);
		switch (b->kind) {
		case BOUND_VISIBILITY:
			rprintf(out, "limited to at most %s by its prompt's visibility", b->limit);
			break;
		case BOUND_DEPENDS:
			rprintf(out, "capped at %s by its dependencies", b->limit);
			break;
		case BOUND_SELECT:
			rprintf(out, "raised to at least %s by select", b->limit);
			break;
		case BOUND_MODULES:
			rputs("m is read as y (modules are disabled, or the symbol is bool)", out);
			break;
		case BOUND_RANGE:
			rprintf(out, "%s (%s)", range_text_values(ex, b->prop),
				location_text(ex, b->loc));
			break;
		}
		if (b->applied && b->kind == BOUND_RANGE)
			rprintf(out, ": %s is outside %s, clamped to %s\n", b->before,
				b->limit, x->value);
		else if (b->applied)
			rprintf(out, ": %s became %s\n", b->before, b->limit);
		else if (b->also_enough)
			rprintf(out, ": it would be %s without select too\n", b->limit);
		else if (b->kind == BOUND_SELECT)
			rprintf(out, ": no change, the value is already %s\n", b->before);
		else if (b->kind == BOUND_RANGE)
			rprintf(out, ": %s is within %s\n", x->value, b->limit);
		else
			rputs(": no change\n", out);
	}
	print_dep_sources(ex, x, out);
	if (x->unmet_deps)
		rstyle(out, XSTYLE_WARNING);
	if (x->unmet_deps)
		rprintf(out, "  warning: selected up to %s although its dependencies allow only %s"
			" (conf warns: unmet direct dependencies)\n",
			tri_text(x->rev_dep), tri_text(x->dir_dep));
}

static void print_choice(struct explainer *ex, const struct xchoice *c, struct render *out)
{
	rprintf(out, "  in the choice \"%s\" (%s): ", c->prompt ? c->prompt : "",
		location_text(ex, c->node->loc));
	if (c->selection) {
		rsym(c->selection, out);
		rprintf(out, " is y: %s", choice_rule_text(c->rule));
	} else
		rputs(choice_rule_text(c->rule), out);
	if (c->decided_at.line && c->rule != CHOICE_RULE_FIRST_VISIBLE &&
	    c->rule != CHOICE_RULE_NONE)
		rprintf(out, " (%s)", location_text(ex, c->decided_at));
	else if (c->this_session)
		rputs(" (set in this session)", out);
	rputc('\n', out);
	print_defaults(ex, c, c->defaults, c->ndefaults, out);
}

/* The first column of a "used by" row: who uses the symbol. */
static const char *reverse_user_label(const struct reverse_use *u)
{
	if (u->user && u->user->name)
		return u->user->name;
	if (u->node->kind == MENU_IF)
		return "(if)";
	if (u->node->kind == MENU_CHOICE)
		return "(choice)";
	if (u->node->prompt && u->node->prompt->text)
		return u->node->prompt->text;
	return "(menu)";
}

static void print_reverse(struct explainer *ex, const struct explanation *x,
			  bool all, struct render *out)
{
	unsigned n, shown = 0;
	const struct reverse_use *uses = explain_reverse(ex, x->sym, &n);
	const unsigned limit = 12;
	int width = 28;

	if (!n)
		return;
	/* A long list: a group the pane can fold to its first line. */

	/* The first column as wide as its longest name, so the others align. */
	for (unsigned i = 0; i < n && (all || i < limit); i++)
		if ((int)strlen(reverse_user_label(&uses[i])) > width)
			width = (int)strlen(reverse_user_label(&uses[i]));
	fold_begin(out);
	rstyle(out, XSTYLE_HEADING);
	rputs("  used by (", out);
	rputu(n, out);
	rputs("):\n", out);
	for (unsigned i = 0; i < n; i++) {
		const struct reverse_use *u = &uses[i];

		if (!all && shown == limit) {
			rputs("    ... and ", out);
			rputu(n - shown, out);
			rputs(" more (--reverse lists them all)\n", out);
			break;
		}
		shown++;
		rputs("    ", out);
		if (u->user && u->user->name) {
			size_t len = strlen(u->user->name);

			rsym(u->user, out);
			rpad(len < (size_t)width ? (size_t)width - len + 1 : 1, out);
		} else {
			rputs_left(reverse_user_label(u), (size_t)width, out);
			rputc(' ', out);
		}
		rputs_left(reverse_kind_name(u->kind), 18, out);
		rputc(' ', out);
		rloc(ex, u->loc, out);
		if (u->prop) {
			rputs("  ", out);
			rprop(u->prop, out);
		}
		rputc('\n', out);
	}
	fold_end(out);
}

/*
 * A help text's lines indented by four, written straight into the buffer
 * (the text without emit: a tenth of `explain --all` is help).  Room
 * for three times the text: a line of one byte and its newline become
 * six bytes, a last line without a newline gains five.
 */
static void put_help_lines(const char *text, struct render *out)
{
	struct strbuf *b = &out->line.text;
	size_t total = strlen(text);
	const char *end = text + total;
	char *at;

	if (b->cap - b->len <= 3 * total + 5)
		strbuf_grow(b, 3 * total + 5);
	at = b->data + b->len;
	while (text < end) {
		const char *nl = memchr(text, '\n', (size_t)(end - text));
		size_t len = nl ? (size_t)(nl - text) : (size_t)(end - text);

		if (len) {
			memcpy(at, "    ", 4);
			memcpy(at + 4, text, len);
			at += 4 + len;
			*at++ = '\n';
		} else if (nl && nl + 1 < end) {
			*at++ = '\n';	/* a blank line between paragraphs */
		}
		text += len + (nl ? 1 : 0);
	}
	b->len = (size_t)(at - b->data);
}

/* The help text of each entry, where most of the teaching lives. */
static void print_help(const struct explanation *x, struct render *out)
{
	for (const struct menu_node *node = x->sym->first_node; node;
	     node = node->next_def) {
		const char *text = kconfig_node_help(out->ex->kc, node);

		if (!text || !*text)
			continue;
		rputs("  help (", out);
		rloc_text(node->help_loc, out);
		rputs("):\n", out);
		if (!out->emit) {
			put_help_lines(text, out);
			continue;
		}
		while (*text) {
			const char *nl = strchr(text, '\n');
			int len = nl ? (int)(nl - text) : (int)strlen(text);

			if (len) {
				rputs("    ", out);
				rputn(text, (size_t)len, out);
				rputc('\n', out);
			}
			else if (nl && nl[1])
				rputc('\n', out);
			text += len + (nl ? 1 : 0);
		}
	}
}

static void print_one(struct explainer *ex, const struct explanation *x,
		      const struct explain_print_options *opts, struct render *out)
{
	out->sym = x->sym;
	print_header(ex, x, out);
	if (!x->defined)
		return;
	print_origin(ex, x, out);
	print_user(ex, x, out);
	print_prompts(ex, x, out);
	if (x->choice)
		print_choice(ex, x->choice, out);
	print_defaults(ex, NULL, x->defaults, x->ndefaults, out);
	print_reverse_props(ex, x, "selected", x->selects, x->nselects, out);
	print_reverse_props(ex, x, "implied", x->implies, x->nimplies, out);
	print_forward_props(ex, "selects", x->fwd_selects, x->nfwd_selects, out);
	print_forward_props(ex, "implies", x->fwd_implies, x->nfwd_implies, out);
	print_bounds(ex, x, out);
	print_reverse(ex, x, opts->reverse, out);
	if (!opts->no_help)
		print_help(x, out);
}

/*
 * The why-chain (why_chain.c): the symbols that decided, then theirs,
 * breadth first, each once.  Where the depth limit cut it, the last
 * lines say so.
 */
static void render(struct explainer *ex, const struct explanation *x,
		   const struct explain_print_options *opts, struct render *out)
{
	struct why_chain chain;

	if (opts->depth <= 0 || !x->nbecause) {
		print_one(ex, x, opts, out);
		return;
	}
	why_chain_walk(ex, x, opts->depth, &chain);
	print_one(ex, x, opts, out);
	for (unsigned i = 1; i < chain.nlinks; i++) {
		out->sym = chain.links[i].x->sym;
		rputc('\n', out);
		rstyle(out, XSTYLE_HEADING);
		rprintf(out, "[why-chain, level %d]\n", chain.links[i].level);
		print_one(ex, chain.links[i].x,
			  &(struct explain_print_options){ .depth = 0, .no_help = true }, out);
	}
	if (chain.not_followed) {
		rputc('\n', out);
		rprintf(out, "[why-chain stopped at level %d, the depth limit: "
			"%u more symbol%s named at that level %s not followed]\n",
			chain.max_level, chain.not_followed,
			chain.not_followed == 1 ? "" : "s",
			chain.not_followed == 1 ? "is" : "are");
	}
	why_chain_release(&chain);
}

void explain_render_text(struct explainer *ex, const struct explanation *x,
			 const struct explain_print_options *opts,
			 explain_line_fn *emit, void *ctx)
{
	struct render r = { .ex = ex, .emit = emit, .ctx = ctx };

	render(ex, x, opts, &r);
	if (r.line.text.len)
		rputc('\n', &r);	/* nothing is left unsaid */
	span_text_release(&r.line);
}

/*
 * The text of explain_render_text()'s lines, each followed by a newline,
 * added to out: no line is split off, no span recorded.
 */
void explain_append_text(struct explainer *ex, const struct explanation *x,
			 const struct explain_print_options *opts, struct strbuf *out)
{
	struct render r = { .ex = ex, .line.no_spans = true, .line.text = *out };
	struct strbuf *text = &r.line.text;
	size_t before = text->len;

	render(ex, x, opts, &r);
	if (text->len > before && text->data[text->len - 1] != '\n')
		strbuf_addc(text, '\n');
	*out = *text;
}

/*
 * The same written at once.  The buffer is the explainer's, kept between
 * calls: `explain --all` writes some kilobytes for each of thousands of
 * symbols, and growing a new buffer each time cost more than the text.
 */
void explain_print_text(struct explainer *ex, const struct explanation *x,
			const struct explain_print_options *opts, FILE *out)
{
	ex->print_buf.len = 0;
	explain_append_text(ex, x, opts, &ex->print_buf);
	if (ex->print_buf.len)
		fwrite(ex->print_buf.data, 1, ex->print_buf.len, out);
}
