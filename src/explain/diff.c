// SPDX-License-Identifier: GPL-2.0
/*
 * What changed between two configurations, grouped by root cause (see
 * diff.h).  Nothing here decides a value: the values come from the two
 * configurations, the reasons from explain_symbol() on each side.
 */
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "rename_guess.h"
#include "util.h"

const char *diff_fate_name(enum diff_fate fate)
{
	static const char *const names[] = {
		[FATE_CHANGES] = "changes", [FATE_ALREADY] = "already",
		[FATE_IGNORED] = "ignored", [FATE_UNDEFINED] = "undefined",
	};
	return names[fate];
}

/* --- the names each side's files set ---------------------------------------- */

/* The last line of a side's files that names a symbol or an unknown name. */
struct named {
	const char *name;
	const char *text;		/* value as written ("n" for "is not set") */
	struct location loc;
	unsigned seq;			/* order of the lines, for "last wins" */
};

struct side {
	const struct diff_input *in;
	const struct kconfig *kc;	/* its tree (the same on both sides, or not) */
	struct config *cfg;
	/* By this side's symbol index: the entry of a changed symbol, or NULL. */
	struct diff_entry **entry_of;
	struct named *by_sym;		/* by symbol index; name NULL: not named */
	struct named *unknown;		/* names that are no symbol of the tree */
	unsigned nunknown, unknown_cap;
	/* Open addressing over unknown[]: index + 1, 0 empty; a power of two. */
	unsigned *unknown_slots, unknown_nslots;
	struct source_file *files;
	unsigned last_file_start;	/* seq of the first line of the last file */
};

static unsigned unknown_slot(const struct side *s, const char *name)
{
	unsigned mask = s->unknown_nslots - 1;
	unsigned slot = (unsigned)hash_bytes(name, strlen(name)) & mask;

	while (s->unknown_slots[slot] &&
	       strcmp(s->unknown[s->unknown_slots[slot] - 1].name, name))
		slot = (slot + 1) & mask;
	return slot;
}

static struct named *find_unknown(const struct side *s, const char *name)
{
	unsigned index;

	if (!s->nunknown)
		return NULL;
	index = s->unknown_slots[unknown_slot(s, name)];
	return index ? &s->unknown[index - 1] : NULL;
}

static void unknown_index_grow(struct side *s)
{
	free(s->unknown_slots);
	s->unknown_nslots = s->unknown_nslots ? s->unknown_nslots * 2 : 64;
	s->unknown_slots = xcalloc(s->unknown_nslots, sizeof(*s->unknown_slots));
	for (unsigned i = 0; i < s->nunknown; i++)
		s->unknown_slots[unknown_slot(s, s->unknown[i].name)] = i + 1;
}

/* A new entry for a name that is no symbol (its name set by the caller). */
static struct named *add_unknown(struct side *s, const char *name)
{
	struct named *n;

	/* scan_side() made room for a name per line: this is a safety net. */
	if (s->nunknown == s->unknown_cap) {
		s->unknown_cap = s->unknown_cap ? s->unknown_cap * 2 : 16;
		s->unknown = xrealloc(s->unknown,
				      s->unknown_cap * sizeof(*s->unknown));
	}
	n = &s->unknown[s->nunknown++];
	n->name = name;
	if (2 * s->nunknown > s->unknown_nslots)
		unknown_index_grow(s);
	else
		s->unknown_slots[unknown_slot(s, name)] = s->nunknown;
	return n;
}

/* A value as written; y, m and n (most lines) share one copy. */
static const char *value_text(struct diff_result *d, const char *value, size_t vlen)
{
	if (vlen == 1 && (value[0] == 'y' || value[0] == 'm' || value[0] == 'n'))
		return value[0] == 'y' ? "y" : value[0] == 'm' ? "m" : "n";
	return arena_strndup(&d->arena, value, vlen);
}

static void note_name(struct diff_result *d, struct side *s, const struct kconfig *kc,
		      const char *name, size_t nlen, const char *value,
		      size_t vlen, struct location loc, unsigned seq)
{
	char buf[256];
	const struct symbol *sym;
	struct named *n;

	if (!nlen || nlen >= sizeof(buf))
		return;
	memcpy(buf, name, nlen);
	buf[nlen] = '\0';
	sym = symbol_find(kc, buf);
	if (sym && !(sym->flags & SYMBOL_CONST) && (sym->flags & SYMBOL_DEFINED)) {
		n = &s->by_sym[sym->index];
	} else {
		/* The same name again replaces its earlier line. */
		n = find_unknown(s, buf);
		if (!n)
			n = add_unknown(s, arena_strdup(&d->arena, buf));
	}
	if (!n->name || strcmp(n->name, buf))
		n->name = arena_strdup(&d->arena, buf);
	n->text = value_text(d, value, vlen);
	n->loc = loc;
	n->seq = seq;
}

/* "CONFIG_X=v" and "# CONFIG_X is not set" lines, as conf reads them. */
static void scan_file(struct diff_result *d, struct side *s, const struct kconfig *kc,
		      const struct diff_file *f, struct source_file *file,
		      const char *prefix, unsigned *seq)
{
	size_t plen = strlen(prefix), at = 0;
	int lineno = 0;

	while (at < f->len) {
		const char *line = f->text + at;
		const char *nl = memchr(line, '\n', f->len - at);
		size_t n = nl ? (size_t)(nl - line) : f->len - at;
		struct location loc = { .file = file, .line = ++lineno };
		const char *name, *eq;

		at += n + (nl != NULL);
		if (n && line[n - 1] == '\r')
			n--;
		(*seq)++;
		if (n > plen + 2 && line[0] == '#' && line[1] == ' ' &&
		    strncmp(line + 2, prefix, plen) == 0) {
			static const char tail[] = " is not set";
			size_t tlen = sizeof(tail) - 1;

			name = line + 2 + plen;
			if (n < 2 + plen + tlen || memcmp(line + n - tlen, tail, tlen) != 0)
				continue;
			note_name(d, s, kc, name, (size_t)(line + n - tlen - name), "n", 1,
				  loc, *seq);
		} else if (n > plen && strncmp(line, prefix, plen) == 0) {
			name = line + plen;
			eq = memchr(name, '=', n - plen);
			if (!eq)
				continue;
			note_name(d, s, kc, name, (size_t)(eq - name), eq + 1,
				  (size_t)(line + n - eq - 1), loc, *seq);
		}
	}
}

static size_t count_lines(const struct diff_file *f)
{
	size_t n = 1;

	for (const char *p = f->text, *end = f->text + f->len;
	     (p = memchr(p, '\n', (size_t)(end - p))); p++)
		n++;
	return n;
}

static void scan_side(struct diff_result *d, struct side *s, const char *prefix,
		      unsigned *seq)
{
	const struct kconfig *kc = s->kc;

	size_t lines = 1;

	s->by_sym = xcalloc(kc->nsymbols ? kc->nsymbols : 1, sizeof(*s->by_sym));
	/*
	 * Room for a name per line, taken once: doubling a list of millions
	 * held it twice while it was copied (untouched room costs no memory).
	 */
	for (unsigned i = 0; i < s->in->nfiles; i++)
		lines += count_lines(&s->in->files[i]);
	s->unknown_cap = (unsigned)lines;
	s->unknown = xmalloc(lines * sizeof(*s->unknown));
	s->files = arena_alloc(&d->arena, sizeof(*s->files) *
			       (s->in->nfiles ? s->in->nfiles : 1));
	for (unsigned i = 0; i < s->in->nfiles; i++) {
		s->files[i].name = arena_strdup(&d->arena, s->in->files[i].name);
		if (i + 1 == s->in->nfiles)
			s->last_file_start = *seq + 1;
		scan_file(d, s, kc, &s->in->files[i], &s->files[i], prefix, seq);
	}
}

/* --- what decided a value on one side ------------------------------------------ */

static const char *block_words(const struct menu_node *node)
{
	switch (node->kind) {
	case MENU_IF: return "if";
	case MENU_MENU: return "menu depends on";
	case MENU_CHOICE: return "choice depends on";
	default: return "depends on";
	}
}

static const char *default_text(struct explainer *ex, const struct explanation *x,
				const struct property *prop)
{
	const struct xdefault *d = NULL;
	const char *value, *cond;

	for (unsigned i = 0; i < x->ndefaults; i++)
		if (x->defaults[i].prop == prop)
			d = &x->defaults[i];
	if (x->choice && x->choice->default_prop == prop)
		for (unsigned i = 0; i < x->choice->ndefaults; i++)
			if (x->choice->defaults[i].prop == prop)
				d = &x->choice->defaults[i];
	if (!d)
		return property_text(ex, prop);
	if (prop->expr && prop->expr->op == E_SYMBOL &&
	    (explain_is_literal(prop->expr->sym) || x->choice))
		value = prop->expr->sym->name;
	else
		value = d->value ? xexpr_string(ex, d->value) : "";
	cond = d->cond ? xexpr_string(ex, d->cond) : NULL;
	return arena_printf(&ex->arena, "default %s%s%s", value, cond ? " if " : "",
			    cond ? cond : "");
}

/* Why nothing gave a value: the dependency or prompt condition that is n. */
static void reason_none(struct explainer *ex, const struct explanation *x,
			struct diff_reason *r)
{
	/* The innermost block whose condition is n (dep_sources: innermost first). */
	for (unsigned i = 0; i < x->ndep_sources; i++) {
		const struct xdepsource *s = &x->dep_sources[i];

		if (s->expr->value == TRI_NO) {
			r->loc = s->node->loc;
			r->text = arena_printf(&ex->arena, "%s %s", block_words(s->node),
					       xexpr_string(ex, s->expr));
			return;
		}
	}
	for (unsigned i = 0; i < x->nprompts; i++) {
		const struct xprompt *p = &x->prompts[i];

		if (p->visible != TRI_NO)
			continue;
		if (p->cond && p->cond->value == TRI_NO) {
			r->loc = p->prop->loc;
			r->text = arena_printf(&ex->arena, "prompt if %s",
					       xexpr_string(ex, p->cond));
			return;
		}
		if (p->hidden_by) {
			r->loc = p->hidden_by->loc;
			r->text = arena_printf(&ex->arena, "visible if %s",
					       xexpr_string(ex, p->visible_if));
			return;
		}
	}
	if (x->nselects) {
		struct strbuf b = { 0 };

		strbuf_adds(&b, "not selected: ");
		for (unsigned i = 0; i < x->nselects; i++)
			strbuf_addf(&b, "%s%s [=%s]", i ? ", " : "",
				    x->selects[i].from->name, x->selects[i].from_value);
		r->loc = x->selects[0].prop->loc;
		r->text = arena_strdup(&ex->arena, strbuf_str(&b));
		strbuf_release(&b);
		return;
	}
	for (unsigned i = 0; i < x->ndefaults; i++)
		if (x->defaults[i].status == DEFAULT_INACTIVE) {
			r->loc = x->defaults[i].prop->loc;
			r->text = arena_printf(&ex->arena, "inactive: %s",
					       default_text(ex, x, x->defaults[i].prop));
			return;
		}
	if (x->sym->first_node)
		r->loc = x->sym->first_node->loc;
	r->text = x->nprompts ? "not set (no default applies)"
			      : "no default applies";
}

/* The file line that set a user value, from the explainer or the files (s may be NULL). */
static struct location user_loc(const struct side *s, const struct explanation *x)
{
	const struct named *n;

	if (x->user.loc.line > 0 || !s)
		return x->user.loc;
	n = &s->by_sym[x->sym->index];
	return n->name ? n->loc : x->user.loc;
}

static void describe(struct explainer *ex, const struct side *s,
		     const struct explanation *x, struct diff_reason *r)
{
	const struct xcause *c = &x->origin;

	r->kind = c->kind;
	r->loc = c->loc;
	switch (c->kind) {
	case ORIGIN_USER:
		r->loc = user_loc(s, x);
		/* Strings quoted: an empty one must still show. */
		r->text = x->sym->type == S_STRING
			? arena_printf(&ex->arena, "user value \"%s\"", x->user.value)
			: arena_printf(&ex->arena, "user value %s", x->user.value);
		if (x->user.reason != UNUSED_NOTHING)
			r->text = arena_printf(&ex->arena, "%s (%s)", r->text,
					       unused_reason_name(x->user.reason));
		/* Which fragment set it, when the .config was merged. */
		if (x->user.source && x->user.source->kept &&
		    r->loc.line == x->user.loc.line) {
			r->text = arena_printf(&ex->arena, "%s, %s", r->text,
					       user_source_text(ex, x->user.source));
			r->set_by = x->user.source->set;
		}
		break;
	case ORIGIN_DEFAULT:
		r->text = default_text(ex, x, c->prop);
		break;
	case ORIGIN_SELECT:
	case ORIGIN_IMPLY: {
		struct strbuf b = { 0 };

		strbuf_adds(&b, c->kind == ORIGIN_SELECT ? "selected by " : "implied by ");
		for (unsigned i = 0; i < c->nby; i++)
			strbuf_addf(&b, "%s%s [=%s]", i ? ", " : "",
				    c->by[i]->from->name, c->by[i]->from_value);
		r->text = arena_strdup(&ex->arena, strbuf_str(&b));
		strbuf_release(&b);
		break;
	}
	case ORIGIN_CHOICE: {
		const struct xchoice *ch = x->choice;

		if (ch && ch->selection && ch->selection != x->sym)
			r->text = arena_printf(&ex->arena, "the choice picked %s (%s)",
					       ch->selection->name,
					       choice_rule_name(ch->rule));
		else if (ch && ch->selection)
			r->text = arena_printf(&ex->arena, "the choice picked it (%s)",
					       choice_rule_name(ch->rule));
		else
			r->text = "the choice: no member is visible";
		if (ch && r->loc.line <= 0)
			r->loc = ch->node->loc;
		break;
	}
	case ORIGIN_NONE:
		reason_none(ex, x, r);
		break;
	}
	for (unsigned i = 0; i < x->nbounds; i++)
		if (x->bounds[i].kind == BOUND_RANGE && x->bounds[i].applied)
			r->text = arena_printf(&ex->arena, "%s, clamped to %s at %s",
					       r->text, x->bounds[i].limit,
					       location_text(ex, x->bounds[i].loc));
}

void diff_describe(struct explainer *ex, const struct explanation *x,
		   struct diff_reason *r)
{
	describe(ex, NULL, x, r);
}

/* --- causes ------------------------------------------------------------------------ */

struct builder {
	struct diff_result *d;
	struct side old, new;
	bool across;			/* two trees: symbols matched by name */
	const struct explanation **xold, **xnew;	/* by entry number; NULL: none */
	/* Candidates of the entry being built. */
	struct diff_entry **cand;
	unsigned ncand, cand_cap;
	unsigned *stamp;		/* by entry number: reachability walks */
	unsigned stamp_now;
	struct diff_entry **stack;
};

/* sym, a symbol of side s's tree, as a candidate cause of self. */
static void add_cand(struct builder *b, const struct side *s,
		     const struct diff_entry *self, const struct symbol *sym)
{
	struct diff_entry *e;

	if (!sym || sym->index >= s->kc->nsymbols || s->kc->symbols[sym->index] != sym)
		return;
	e = s->entry_of[sym->index];
	if (!e || e == self)
		return;
	for (unsigned i = 0; i < b->ncand; i++)
		if (b->cand[i] == e)
			return;
	if (b->ncand == b->cand_cap) {
		b->cand_cap = b->cand_cap ? b->cand_cap * 2 : 16;
		b->cand = xrealloc(b->cand, b->cand_cap * sizeof(*b->cand));
	}
	b->cand[b->ncand++] = e;
}

static void add_cand_expr(struct builder *b, const struct side *s,
			  const struct diff_entry *self, const struct expr *e)
{
	if (!e)
		return;
	switch (e->op) {
	case E_SYMBOL:
		add_cand(b, s, self, e->sym);
		break;
	case E_NOT:
		add_cand_expr(b, s, self, e->left);
		break;
	case E_AND:
	case E_OR:
		add_cand_expr(b, s, self, e->left);
		add_cand_expr(b, s, self, e->right);
		break;
	default:
		add_cand(b, s, self, e->lsym);
		add_cand(b, s, self, e->rsym);
		break;
	}
}

/* A symbol of kc by name that the diff compares, or NULL. */
static const struct symbol *compared_in(const struct kconfig *kc, const char *name);

/* An old-tree symbol as the new tree has it (itself within one tree), or NULL. */
static const struct symbol *in_new_tree(struct builder *b, const struct symbol *sym)
{
	const struct diff_entry *e;

	if (!b->across)
		return sym;
	if (!sym->name)
		return NULL;
	e = sym->index < b->old.kc->nsymbols ? b->old.entry_of[sym->index] : NULL;
	return e ? e->new_sym : compared_in(b->new.kc, sym->name);
}

/* The same symbol, within one tree or by name across two. */
static bool same_symbol(const struct symbol *a, const struct symbol *b)
{
	return a == b || (a && b && a->name && b->name && strcmp(a->name, b->name) == 0);
}

static bool same_choice(const struct symbol *a, const struct symbol *b)
{
	return a && b && symbol_is_choice_member(a) && symbol_is_choice_member(b) &&
	       a->choice == b->choice;
}

/*
 * The changed symbols one side's explanation names.  Within a choice the
 * links go one way only: a member that lost (or did not get) the pick
 * follows the member picked on the new side, never the other way round.
 */
static void side_cands(struct builder *b, const struct diff_entry *self,
		       const struct explanation *x, bool new_side)
{
	const struct side *s = new_side ? &b->new : &b->old;

	for (unsigned i = 0; i < x->nbecause; i++) {
		const struct symbol *sym = x->because[i];
		const struct symbol *now;

		/*
		 * Unless the old pick is itself a user change (its line
		 * removed), or it can no longer be picked.
		 */
		if (!new_side && same_choice(self->old_sym, sym) &&
		    !(s->entry_of[sym->index] && s->entry_of[sym->index]->root) &&
		    (now = in_new_tree(b, sym)) &&
		    config_visibility(b->new.cfg, now) != TRI_NO)
			continue;
		add_cand(b, s, self, sym);
	}
}

/* The new side's dependencies and prompt conditions. */
static void new_side_conditions(struct builder *b, const struct diff_entry *self,
				const struct explanation *xn)
{
	add_cand_expr(b, &b->new, self, self->new_sym->dir_dep);
	for (unsigned i = 0; i < xn->nprompts; i++) {
		const struct xprompt *p = &xn->prompts[i];

		add_cand_expr(b, &b->new, self, p->prop->cond);
		if (p->prop->node)
			add_cand_expr(b, &b->new, self, p->prop->node->dep);
		if (p->hidden_by)
			add_cand_expr(b, &b->new, self, p->hidden_by->visible_if);
	}
}

/* The dependencies and prompt conditions, when they changed. */
static void visibility_cands(struct builder *b, const struct diff_entry *self,
			     const struct explanation *xo,
			     const struct explanation *xn)
{
	if (xo->visible == xn->visible && xo->dir_dep == xn->dir_dep)
		return;
	new_side_conditions(b, self, xn);
	/* Across trees the old definition may name other symbols. */
	if (b->across)
		add_cand_expr(b, &b->old, self, self->old_sym->dir_dep);
	for (unsigned i = 0; i < xo->nprompts; i++)
		if (xo->prompts[i].hidden_by)
			add_cand_expr(b, &b->old, self,
				      xo->prompts[i].hidden_by->visible_if);
}

/* A choice member: the conditions of the choice's defaults, when the pick moved. */
static void choice_cands(struct builder *b, const struct diff_entry *self,
			 const struct explanation *xo, const struct explanation *xn)
{
	const struct xchoice *c = xn->choice;

	if (!c || !xo->choice || (same_symbol(c->selection, xo->choice->selection) &&
				  c->rule == xo->choice->rule))
		return;
	for (unsigned i = 0; i < c->ndefaults; i++)
		add_cand_expr(b, &b->new, self, c->defaults[i].prop->cond);
}

static bool has_user_cause(const struct explanation *x)
{
	if (!x)
		return false;
	if (x->origin.kind == ORIGIN_USER)
		return true;
	for (unsigned i = 0; i < x->nalso; i++)
		if (x->also[i].kind == ORIGIN_USER)
			return true;
	return false;
}

static bool user_differs(struct config *a, struct config *b, const struct symbol *sym)
{
	bool ha = config_has_user(a, sym), hb = config_has_user(b, sym);

	if (ha != hb)
		return true;
	if (!ha)
		return false;
	if (type_is_bool_or_tristate(sym->type))
		return config_user_tri(a, sym) != config_user_tri(b, sym);
	return strcmp(config_user_str(a, sym), config_user_str(b, sym)) != 0;
}

/*
 * A root by its own user value: it changed and decides the new value, or
 * it decided the old one and would still be taken (a line removed, the
 * default taking over).  A choice member that lost the pick follows the
 * member that won it instead.
 */
static bool user_root(struct builder *b, const struct diff_entry *e,
		      const struct explanation *xo, const struct explanation *xn)
{
	/* Across trees both sides read the same file: the Kconfig changed. */
	if (b->across || !user_differs(b->old.cfg, b->new.cfg, e->sym))
		return false;
	/*
	 * A member conf set to y because the old pick disappeared follows
	 * that pick.
	 */
	if (has_user_cause(xn))
		return !(xo->choice && xo->choice->selection &&
			 xo->choice->selection != e->sym &&
			 config_visibility(b->new.cfg, xo->choice->selection) == TRI_NO);
	if (!has_user_cause(xo) || xn->visible == TRI_NO)
		return false;
	/* A member set to n now follows the member set to y. */
	return !symbol_is_choice_member(e->sym) || !config_has_user(b->new.cfg, e->sym);
}

/*
 * Would the value be the same without the user value: a select or imply
 * gives it anyway, or the default the user value overrode gives the same?
 * A saved .config writes every visible value back as a user value, so a
 * symbol that just became visible has a "new" user value that chose
 * nothing: such a change follows what made it visible.
 */
static bool user_value_redundant(const struct explanation *x)
{
	const struct xdefault *unused = NULL;

	if (x->origin.kind != ORIGIN_USER)
		return x->origin.kind == ORIGIN_SELECT || x->origin.kind == ORIGIN_IMPLY ||
		       x->origin.kind == ORIGIN_DEFAULT;
	for (unsigned i = 0; i < x->nalso; i++)
		if (x->also[i].kind == ORIGIN_SELECT || x->also[i].kind == ORIGIN_IMPLY)
			return true;
	for (unsigned i = 0; i < x->ndefaults && !unused; i++)
		if (x->defaults[i].status == DEFAULT_UNUSED)
			unused = &x->defaults[i];
	if (type_is_bool_or_tristate(x->sym->type)) {
		tristate t = TRI_NO;

		if (unused)
			t = tri_and(unused->value ? unused->value->value : TRI_NO,
				    unused->active);
		if (t == TRI_MOD && x->type == S_BOOLEAN)
			t = TRI_YES;
		return t == x->tri;
	}
	return strcmp(unused ? unused->value_text : "", x->value) == 0;
}

/*
 * A user root stays one only when nothing else that changed explains it:
 * its new user value chose nothing (see above) and a changed symbol is
 * among its causes (the one that selects it, gives its default, or made
 * its prompt visible).
 */
static bool explained_by_others(const struct diff_entry *e,
				const struct explanation *xn, unsigned ncauses)
{
	return e->root == DIFF_ROOT_USER && ncauses && xn && user_value_redundant(xn);
}

/* Is `to` reached from `from` going up through parents (a bounded walk)? */
static bool is_ancestor(struct builder *b, struct diff_entry *to,
			struct diff_entry *from)
{
	unsigned top = 0, visited = 0;
	struct diff_entry *base = b->d->entries;

	b->stamp_now++;
	b->stack[top++] = from;
	b->stamp[from - base] = b->stamp_now;
	while (top) {
		struct diff_entry *e = b->stack[--top];

		/* Far enough: the answer only trims the tree, it never hides. */
		if (++visited > 4096)
			return false;
		for (unsigned i = 0; i < e->nparents; i++) {
			struct diff_entry *p = e->parents[i];

			if (p == to)
				return true;
			if (b->stamp[p - base] == b->stamp_now)
				continue;
			b->stamp[p - base] = b->stamp_now;
			b->stack[top++] = p;
		}
	}
	return false;
}

/* Keep only the nearest causes: drop one that is behind another. */
static void nearest_parents(struct builder *b, struct diff_entry *e)
{
	unsigned n = 0;
	bool *drop;

	if (e->nparents < 2)
		return;
	drop = xcalloc(e->nparents, sizeof(*drop));
	for (unsigned i = 0; i < e->nparents; i++)
		for (unsigned j = 0; j < e->nparents && !drop[i]; j++)
			if (i != j && !drop[j] &&
			    is_ancestor(b, e->parents[i], e->parents[j]) &&
			    !is_ancestor(b, e->parents[j], e->parents[i]))
				drop[i] = true;
	for (unsigned i = 0; i < e->nparents; i++)
		if (!drop[i])
			e->parents[n++] = e->parents[i];
	e->nparents = n;
	free(drop);
}

/* A root is not shown under what follows from it (a choice's other member). */
static void drop_own_followers(struct builder *b, struct diff_entry *e)
{
	unsigned n = 0;

	for (unsigned i = 0; i < e->nparents; i++)
		if (!is_ancestor(b, e, e->parents[i]))
			e->parents[n++] = e->parents[i];
	e->nparents = n;
}

/* Mark what the roots reach; returns how many entries were reached. */
static unsigned reach(struct builder *b, bool *reached)
{
	struct diff_result *d = b->d;
	unsigned top = 0, count = 0;

	memset(reached, 0, d->nentries * sizeof(*reached));
	for (unsigned i = 0; i < d->nentries; i++)
		if (d->entries[i].root) {
			reached[i] = true;
			b->stack[top++] = &d->entries[i];
			count++;
		}
	while (top) {
		struct diff_entry *e = b->stack[--top];

		for (unsigned i = 0; i < e->nchildren; i++) {
			unsigned k = (unsigned)(e->children[i] - d->entries);

			if (!reached[k]) {
				reached[k] = true;
				b->stack[top++] = e->children[i];
				count++;
			}
		}
	}
	return count;
}

static void link_children(struct diff_result *d)
{
	unsigned *count = xcalloc(d->nentries ? d->nentries : 1, sizeof(*count));

	for (unsigned i = 0; i < d->nentries; i++)
		for (unsigned j = 0; j < d->entries[i].nparents; j++)
			count[d->entries[i].parents[j] - d->entries]++;
	for (unsigned i = 0; i < d->nentries; i++) {
		d->entries[i].children = arena_alloc(&d->arena,
			sizeof(struct diff_entry *) * (count[i] ? count[i] : 1));
		d->entries[i].nchildren = 0;
	}
	/* Entries are in tree order, so each list is too. */
	for (unsigned i = 0; i < d->nentries; i++)
		for (unsigned j = 0; j < d->entries[i].nparents; j++) {
			struct diff_entry *p = d->entries[i].parents[j];

			p->children[p->nchildren++] = &d->entries[i];
		}
	free(count);
}

/*
 * Changed symbols no root reaches (choice members that pass the pick to
 * each other, say): the first of each such group becomes a root, one
 * whose user value decided on a side before the others.
 */
static void root_the_rest(struct builder *b)
{
	struct diff_result *d = b->d;
	bool *reached = xcalloc(d->nentries ? d->nentries : 1, sizeof(*reached));

	while (reach(b, reached) < d->nentries) {
		struct diff_entry *pick = NULL;

		for (unsigned i = 0; i < d->nentries && !pick; i++)
			if (!reached[i] && (has_user_cause(b->xold[i]) ||
					    has_user_cause(b->xnew[i])))
				pick = &d->entries[i];
		for (unsigned i = 0; i < d->nentries && !pick; i++)
			if (!reached[i])
				pick = &d->entries[i];
		pick->root = pick->old_sym ? DIFF_ROOT_NO_CAUSE : DIFF_ROOT_NEW;
		if (!b->across && user_differs(b->old.cfg, b->new.cfg, pick->sym))
			pick->root = DIFF_ROOT_USER;
	}
	free(reached);
}

/* --- what differs ---------------------------------------------------------------- */

static bool symbol_compared(const struct symbol *sym)
{
	return sym->name && (sym->flags & SYMBOL_DEFINED) &&
	       !(sym->flags & (SYMBOL_CONST | SYMBOL_CHOICE));
}

static const struct symbol *compared_in(const struct kconfig *kc, const char *name)
{
	const struct symbol *sym = name ? symbol_find(kc, name) : NULL;

	return sym && symbol_compared(sym) ? sym : NULL;
}

/* Would conf write the symbol differently on the two sides (NULL: not there)? */
static bool value_changed(struct builder *b, const struct symbol *old_sym,
			  const struct symbol *new_sym)
{
	bool wa = old_sym && config_written(b->old.cfg, old_sym);
	bool wb = new_sym && config_written(b->new.cfg, new_sym);

	if (wa != wb)
		return true;
	return wa && strcmp(config_str(b->old.cfg, old_sym),
			    config_str(b->new.cfg, new_sym)) != 0;
}

/* Tree order: where each symbol first appears in the menu tree. */
static unsigned *tree_order(const struct kconfig *kc)
{
	unsigned *order = xcalloc(kc->nsymbols ? kc->nsymbols : 1, sizeof(*order));
	unsigned next = 1;

	for (const struct menu_node *n = &kc->root; n; n = menu_next(&kc->root, n))
		if (n->sym && !order[n->sym->index])
			order[n->sym->index] = next++;
	for (size_t i = 0; i < kc->nsymbols; i++)
		if (!order[i])
			order[i] = next++;
	return order;
}

struct changed {
	const struct symbol *old_sym, *new_sym;
	unsigned order;
};

static int by_order(const void *a, const void *b)
{
	unsigned x = ((const struct changed *)a)->order;
	unsigned y = ((const struct changed *)b)->order;

	return x < y ? -1 : x > y;
}

/*
 * Every symbol conf would write differently, in the new tree's order;
 * across trees, those only the old tree has come after, in its order.
 */
static void find_changes(struct builder *b)
{
	struct diff_result *d = b->d;
	const struct kconfig *nk = b->new.kc, *ok = b->old.kc;
	unsigned *order = tree_order(nk), *old_order = NULL;
	size_t cap = nk->nsymbols + (b->across ? ok->nsymbols : 0) + 1;
	struct changed *list = xcalloc(cap, sizeof(*list));
	unsigned n = 0;

	for (size_t i = 0; i < nk->nsymbols; i++) {
		const struct symbol *sym = nk->symbols[i];
		const struct symbol *old;

		if (!symbol_compared(sym))
			continue;
		old = b->across ? compared_in(ok, sym->name) : sym;
		if (value_changed(b, old, sym))
			list[n++] = (struct changed){ old, sym, order[i] };
	}
	if (b->across) {
		old_order = tree_order(ok);
		for (size_t i = 0; i < ok->nsymbols; i++) {
			const struct symbol *sym = ok->symbols[i];

			if (symbol_compared(sym) && !compared_in(nk, sym->name) &&
			    value_changed(b, sym, NULL))
				list[n++] = (struct changed){ sym, NULL,
					(unsigned)nk->nsymbols + old_order[i] };
		}
	}
	qsort(list, n, sizeof(*list), by_order);
	d->nentries = n;
	d->entries = arena_alloc(&d->arena, sizeof(*d->entries) * (n ? n : 1));
	for (unsigned i = 0; i < n; i++) {
		struct diff_entry *e = &d->entries[i];

		e->old_sym = list[i].old_sym;
		e->new_sym = list[i].new_sym;
		e->sym = e->new_sym ? e->new_sym : e->old_sym;
		e->order = list[i].order;
		if (e->old_sym)
			b->old.entry_of[e->old_sym->index] = e;
		if (e->new_sym)
			b->new.entry_of[e->new_sym->index] = e;
	}
	free(list);
	free(order);
	free(old_order);
}

static void fill_value(struct builder *b, struct side *s, struct diff_value *v,
		       const struct symbol *sym, const struct explanation *x,
		       const char *missing)
{
	if (!sym) {
		v->value = "";
		v->why = (struct diff_reason){ .kind = ORIGIN_NONE, .text = missing };
		return;
	}
	v->written = config_written(s->cfg, sym);
	v->value = arena_strdup(&b->d->arena, config_str(s->cfg, sym));
	describe(s->in->ex, s, x, &v->why);
}

static void build_graph(struct builder *b)
{
	struct diff_result *d = b->d;

	for (unsigned i = 0; i < d->nentries; i++) {
		struct diff_entry *e = &d->entries[i];
		const struct explanation *xo = e->old_sym ?
			explain_symbol(b->old.in->ex, e->old_sym) : NULL;
		const struct explanation *xn = e->new_sym ?
			explain_symbol(b->new.in->ex, e->new_sym) : NULL;

		b->xold[i] = xo;
		b->xnew[i] = xn;
		fill_value(b, &b->old, &e->old, e->old_sym, xo, "not in the old tree");
		fill_value(b, &b->new, &e->new, e->new_sym, xn, "not in the new tree");
		if (!xn)
			e->root = DIFF_ROOT_REMOVED;
		else if (xo && user_root(b, e, xo, xn))
			e->root = DIFF_ROOT_USER;
	}
	for (unsigned i = 0; i < d->nentries; i++) {
		struct diff_entry *e = &d->entries[i];
		const struct explanation *xo = b->xold[i], *xn = b->xnew[i];

		b->ncand = 0;
		/*
		 * A removed symbol is a root of its own; a new one follows
		 * the changed symbols its new definition names.
		 */
		if (xn && xo) {
			side_cands(b, e, xn, true);
			side_cands(b, e, xo, false);
			visibility_cands(b, e, xo, xn);
			if (symbol_is_choice_member(e->sym))
				choice_cands(b, e, xo, xn);
		} else if (xn) {
			side_cands(b, e, xn, true);
			new_side_conditions(b, e, xn);
		}
		e->nparents = b->ncand;
		e->parents = arena_alloc(&d->arena, sizeof(*e->parents) *
					 (b->ncand ? b->ncand : 1));
		if (b->ncand)
			memcpy(e->parents, b->cand, b->ncand * sizeof(*e->parents));
		if (explained_by_others(e, xn, e->nparents))
			e->root = DIFF_NOT_ROOT;
		if (!e->nparents && !e->root)
			e->root = xo ? DIFF_ROOT_NO_CAUSE : DIFF_ROOT_NEW;
	}
	for (unsigned i = 0; i < d->nentries; i++)
		nearest_parents(b, &d->entries[i]);
	for (unsigned i = 0; i < d->nentries; i++)
		if (d->entries[i].root)
			drop_own_followers(b, &d->entries[i]);
	link_children(d);
	root_the_rest(b);
	for (unsigned i = 0; i < d->nentries; i++) {
		if (d->entries[i].root)
			d->nroots++;
		d->nnew += !d->entries[i].old_sym;
		d->nremoved += !d->entries[i].new_sym;
	}
	d->roots = arena_alloc(&d->arena, sizeof(*d->roots) * (d->nroots ? d->nroots : 1));
	d->nroots = 0;
	for (unsigned i = 0; i < d->nentries; i++)
		if (d->entries[i].root)
			d->roots[d->nroots++] = &d->entries[i];
}

/* --- lines with no effect, fragment values ----------------------------------------- */

/* Why a side's line for sym changes nothing there. */
static const char *no_effect_reason(struct builder *b, struct side *s,
				    const struct symbol *sym)
{
	const struct explanation *x;

	if (!sym || !symbol_compared(sym))
		return "not defined in this tree";
	x = explain_symbol(s->in->ex, sym);
	if (x->user.ignored_text && !x->user.present)
		return "invalid value";
	if (!x->written)
		return x->visible == TRI_NO ? "not visible" : "not written";
	if (x->user.present && x->user.reason != UNUSED_NOTHING)
		return arena_printf(&b->d->arena, "not used (%s)",
				    unused_reason_name(x->user.reason));
	return "the same value";
}

static void add_aside(struct builder *b, const char *name, const struct symbol *sym,
		      const struct named *o, const struct named *n)
{
	struct diff_result *d = b->d;
	struct diff_aside *a;

	if (o && n && strcmp(o->text, n->text) == 0)
		return;
	if (sym && b->new.entry_of[sym->index])
		return;
	a = &d->asides[d->nasides++];
	a->name = name;
	a->sym = sym && symbol_compared(sym) ? sym : NULL;
	if (o) {
		a->old_text = o->text;
		a->old_loc = o->loc;
		a->old_reason = no_effect_reason(b, &b->old, sym);
	}
	if (n) {
		a->new_text = n->text;
		a->new_loc = n->loc;
		a->new_reason = no_effect_reason(b, &b->new, sym);
	}
}

static void find_asides(struct builder *b)
{
	struct diff_result *d = b->d;
	const struct kconfig *kc = b->new.kc;
	unsigned cap = b->old.nunknown;

	for (unsigned i = 0; i < b->new.nunknown; i++)
		if (!find_unknown(&b->old, b->new.unknown[i].name))
			cap++;
	for (size_t i = 0; i < kc->nsymbols; i++)
		if (b->old.by_sym[i].name || b->new.by_sym[i].name)
			cap++;
	d->asides = arena_alloc(&d->arena, sizeof(*d->asides) * (cap ? cap : 1));
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct named *o = &b->old.by_sym[i], *n = &b->new.by_sym[i];

		if (o->name || n->name)
			add_aside(b, o->name ? o->name : n->name, kc->symbols[i],
				  o->name ? o : NULL, n->name ? n : NULL);
	}
	for (unsigned i = 0; i < b->old.nunknown; i++)
		add_aside(b, b->old.unknown[i].name, NULL, &b->old.unknown[i],
			  find_unknown(&b->new, b->old.unknown[i].name));
	for (unsigned i = 0; i < b->new.nunknown; i++)
		if (!find_unknown(&b->old, b->new.unknown[i].name))
			add_aside(b, b->new.unknown[i].name, NULL, NULL,
				  &b->new.unknown[i]);
}

static void fragment_value(struct builder *b, const struct named *n,
			   const struct symbol *sym)
{
	struct diff_result *d = b->d;
	struct diff_fragment_value *f = &d->fragment[d->nfragment++];
	const struct explanation *x;

	f->name = n->name;
	f->text = n->text;
	f->loc = n->loc;
	if (!sym) {
		f->fate = FATE_UNDEFINED;
		return;
	}
	f->sym = sym;
	x = explain_symbol(b->new.in->ex, sym);
	f->result = arena_strdup(&d->arena, x->value);
	f->written = x->written;
	if (x->user.ignored_text && x->user.ignored_loc.line == n->loc.line) {
		f->fate = FATE_IGNORED;
		f->reason = UNUSED_INVALID;
	} else if (x->user.present && (!x->user.used || x->user.reason != UNUSED_NOTHING)) {
		f->fate = FATE_IGNORED;
		f->reason = x->user.reason;
	} else {
		f->fate = b->new.entry_of[sym->index] ? FATE_CHANGES : FATE_ALREADY;
	}
}

/* Each value of the new side's last file, in the order of its lines. */
static void find_fragment_values(struct builder *b)
{
	struct diff_result *d = b->d;
	const struct kconfig *kc = b->new.kc;
	struct side *s = &b->new;
	unsigned cap = s->nunknown, n = 0;
	const struct named **list;
	const struct symbol **syms;

	for (size_t i = 0; i < kc->nsymbols; i++)
		if (s->by_sym[i].name)
			cap++;
	list = xcalloc(cap ? cap : 1, sizeof(*list));
	syms = xcalloc(cap ? cap : 1, sizeof(*syms));
	for (size_t i = 0; i < kc->nsymbols; i++)
		if (s->by_sym[i].name && s->by_sym[i].seq >= s->last_file_start) {
			syms[n] = kc->symbols[i];
			list[n++] = &s->by_sym[i];
		}
	for (unsigned i = 0; i < s->nunknown; i++)
		if (s->unknown[i].seq >= s->last_file_start) {
			syms[n] = NULL;
			list[n++] = &s->unknown[i];
		}
	/* By line: a small insertion sort keeps both lists together. */
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && list[j - 1]->seq > list[j]->seq; j--) {
			const struct named *t = list[j];
			const struct symbol *ts = syms[j];

			list[j] = list[j - 1];
			syms[j] = syms[j - 1];
			list[j - 1] = t;
			syms[j - 1] = ts;
		}
	d->fragment = arena_alloc(&d->arena, sizeof(*d->fragment) * (n ? n : 1));
	for (unsigned i = 0; i < n; i++)
		fragment_value(b, list[i], syms[i]);
	free(list);
	free(syms);
}

/* --- across trees: the likely new name of a removed symbol ---------------------- */

/*
 * Each removed symbol: a symbol only the new tree defines with the same
 * prompt, else the same help text.  One written in the new .config (a
 * new option of the diff) is preferred among several.
 */
static void find_renames(struct builder *b)
{
	struct diff_result *d = b->d;
	const struct kconfig *nk = b->new.kc;
	const struct symbol **fresh = xcalloc(nk->nsymbols + 1, sizeof(*fresh));
	unsigned nfresh = 0;

	for (size_t i = 0; i < nk->nsymbols; i++)
		if (symbol_compared(nk->symbols[i]) &&
		    !compared_in(b->old.kc, nk->symbols[i]->name))
			fresh[nfresh++] = nk->symbols[i];
	for (unsigned i = 0; i < d->nentries; i++) {
		struct diff_entry *e = &d->entries[i];
		const char *prompt, *help;
		const struct symbol *best = NULL;
		int best_score = 0;

		if (e->root != DIFF_ROOT_REMOVED)
			continue;
		prompt = symbol_prompt_text(e->old_sym);
		help = symbol_help_text(e->old_sym);
		for (unsigned k = 0; k < nfresh; k++) {
			const char *p = symbol_prompt_text(fresh[k]), *h = symbol_help_text(fresh[k]);
			int score = 0;

			if (prompt && p && strcmp(prompt, p) == 0)
				score = 4;
			else if (help && h && strcmp(help, h) == 0)
				score = 2;
			if (score && b->new.entry_of[fresh[k]->index])
				score++;
			if (score > best_score) {
				best = fresh[k];
				best_score = score;
			}
		}
		if (!best)
			continue;
		e->renamed_to = best;
		e->renamed_by = best_score >= 4 ? "the same prompt" : "the same help";
		d->nrenamed++;
	}
	free(fresh);
}

/*
 * Options the new tree renamed the kernel's way (Linux 6.18): the old
 * name stays as a transitional symbol, read from .config by the new
 * name's default.
 */
static void find_transitional_renames(struct builder *b)
{
	struct diff_result *d = b->d;

	for (unsigned i = 0; i < d->nentries; i++) {
		struct diff_entry *e = &d->entries[i];
		const struct symbol *to;

		if (!e->old_sym || !e->new_sym ||
		    (e->old_sym->flags & SYMBOL_TRANSITIONAL) ||
		    !(e->new_sym->flags & SYMBOL_TRANSITIONAL))
			continue;
		to = transitional_reader(b->new.kc, e->new_sym, NULL);
		if (!to)
			continue;
		e->renamed_to = to;
		e->renamed_by = "the old name is transitional";
		e->renamed_transitional = true;
		d->nrenamed++;
	}
}

struct diff_result *diff_configs(const struct diff_input *old_side,
				 const struct diff_input *new_side,
				 const char *prefix, bool fragment)
{
	struct diff_result *d = xcalloc(1, sizeof(*d));
	struct builder b = { .d = d };
	unsigned seq = 0;

	arena_init(&d->arena);
	b.old.in = old_side;
	b.new.in = new_side;
	b.old.kc = old_side->ex->kc;
	b.new.kc = new_side->ex->kc;
	b.old.cfg = old_side->ex->cfg;
	b.new.cfg = new_side->ex->cfg;
	b.across = d->across_trees = b.old.kc != b.new.kc;
	d->old_label = old_side->nfiles ? old_side->files[old_side->nfiles - 1].name : "";
	d->new_label = new_side->nfiles ? new_side->files[new_side->nfiles - 1].name : "";
	scan_side(d, &b.old, prefix, &seq);
	scan_side(d, &b.new, prefix, &seq);
	b.new.entry_of = xcalloc(b.new.kc->nsymbols + 1, sizeof(*b.new.entry_of));
	b.old.entry_of = b.across ? xcalloc(b.old.kc->nsymbols + 1, sizeof(*b.old.entry_of))
				  : b.new.entry_of;
	find_changes(&b);
	b.xold = xcalloc(d->nentries ? d->nentries : 1, sizeof(*b.xold));
	b.xnew = xcalloc(d->nentries ? d->nentries : 1, sizeof(*b.xnew));
	b.stamp = xcalloc(d->nentries ? d->nentries : 1, sizeof(*b.stamp));
	b.stack = xcalloc(d->nentries ? d->nentries : 1, sizeof(*b.stack));
	build_graph(&b);
	if (b.across) {
		find_renames(&b);
		find_transitional_renames(&b);
	}
	else if (fragment)
		find_fragment_values(&b);
	else
		find_asides(&b);
	if (b.across)
		free(b.old.entry_of);
	free(b.new.entry_of);
	free(b.xold);
	free(b.xnew);
	free(b.stamp);
	free(b.stack);
	free(b.cand);
	free(b.old.by_sym);
	free(b.new.by_sym);
	free(b.old.unknown);
	free(b.new.unknown);
	free(b.old.unknown_slots);
	free(b.new.unknown_slots);
	return d;
}

void diff_free(struct diff_result *d)
{
	if (!d)
		return;
	arena_release(&d->arena);
	free(d);
}
