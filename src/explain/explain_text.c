// SPDX-License-Identifier: GPL-2.0
/*
 * An explanation as text, for a person in a terminal: the value, the
 * line that decided it and why its condition held, then every default,
 * select, imply and bound with the values of their conditions.
 */
#include <string.h>

#include "explain.h"

static void print_value(const struct symbol *sym, const char *value, FILE *out)
{
	if (sym->type == S_STRING)
		fprintf(out, "\"%s\"", value);
	else
		fputs(value, out);
}

static const char *loc_or(struct explainer *ex, struct location loc,
			  const char *otherwise)
{
	return loc.line > 0 ? location_text(ex, loc) : otherwise;
}

/* "  if COND [=..] -> y" style: a condition and its value. */
static void print_xexpr_value(const struct xexpr *x, FILE *out)
{
	xexpr_fprint(x, out);
	if (x->expr && x->expr->op != E_SYMBOL)
		fprintf(out, "  => %s", tri_text(x->value));
}

/* The whole condition of a property: its `if` and the entry's dependencies. */
static void print_condition(const char *indent, const struct xexpr *cond,
			    const struct xexpr *deps, FILE *out)
{
	if (cond) {
		fprintf(out, "%sif: ", indent);
		print_xexpr_value(cond, out);
		putc('\n', out);
	}
	if (deps) {
		fprintf(out, "%sentry depends on: ", indent);
		print_xexpr_value(deps, out);
		putc('\n', out);
	}
}

/* A default whose value is an expression: its parts' values. */
static void print_default_value(const struct xdefault *d, FILE *out)
{
	const struct expr *e = d->prop->expr;

	if (!d->value || !e || (e->op == E_SYMBOL && explain_is_literal(e->sym)))
		return;
	fputs("    value: ", out);
	print_xexpr_value(d->value, out);
	putc('\n', out);
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

static void print_header(struct explainer *ex, const struct explanation *x,
			 FILE *out)
{
	const struct symbol *sym = x->sym;
	const struct menu_node *node;
	const char *sep = "";

	fprintf(out, "%s = ", sym->name ? sym->name : "<choice>");
	print_value(sym, x->value, out);
	putc('\n', out);
	if (!x->defined) {
		fprintf(out, "  not defined in this tree (only referenced): %s\n",
			sym->type == S_UNKNOWN || (sym->flags & SYMBOL_CONST)
				? "it has no value of its own" : "");
		return;
	}
	fprintf(out, "  type %s", symbol_type_name(x->type));
	if (x->type != sym->type)
		fprintf(out, " (declared %s; modules are disabled)",
			symbol_type_name(sym->type));
	if (!x->nprompts)
		fputs(", no prompt", out);
	else
		fprintf(out, ", prompt %s", x->visible != TRI_NO ? "visible" : "hidden");
	fprintf(out, ", %s .config\n", x->written ? "written to" : "not written to");
	fputs("  defined at ", out);
	for (node = sym->first_node; node; node = node->next_def) {
		fprintf(out, "%s%s", sep, location_text(ex, node->loc));
		sep = ", ";
	}
	putc('\n', out);
}

static void print_cause(struct explainer *ex, const struct explanation *x,
			const struct xcause *cause, const char *label, FILE *out)
{
	const struct xchoice *c = x->choice;

	fprintf(out, "  %s: ", label);
	switch (cause->kind) {
	case ORIGIN_USER:
		fputs("the user value ", out);
		print_value(x->sym, x->user.value, out);
		fprintf(out, " (%s)\n", cause->loc.line ? location_text(ex, cause->loc)
							: "set in this session");
		break;
	case ORIGIN_DEFAULT:
		fprintf(out, "%s  (%s)\n", property_text(ex, cause->prop),
			location_text(ex, cause->loc));
		for (unsigned i = 0; i < x->ndefaults; i++)
			if (x->defaults[i].prop == cause->prop) {
				print_default_value(&x->defaults[i], out);
				print_condition("    ", x->defaults[i].cond,
						x->defaults[i].deps, out);
			}
		if (c && c->default_prop == cause->prop)
			fprintf(out, "    the default of the choice \"%s\" (%s)\n",
				c->prompt ? c->prompt : "", location_text(ex, c->node->loc));
		break;
	case ORIGIN_SELECT:
	case ORIGIN_IMPLY:
		fprintf(out, "%s by ", cause->kind == ORIGIN_SELECT ? "selected" : "implied");
		for (unsigned i = 0; i < cause->nby; i++)
			fprintf(out, "%s%s [=%s] (%s)", i ? ", " : "",
				cause->by[i]->from->name, cause->by[i]->from_value,
				location_text(ex, cause->by[i]->prop->loc));
		putc('\n', out);
		break;
	case ORIGIN_CHOICE:
		if (c && c->selection == x->sym)
			fprintf(out, "the choice at %s picked it: %s\n",
				location_text(ex, c->node->loc), choice_rule_text(c->rule));
		else if (c && c->selection)
			fprintf(out, "the choice at %s picked %s (%s)\n",
				location_text(ex, c->node->loc), c->selection->name,
				choice_rule_text(c->rule));
		else
			fprintf(out, "the choice%s\n", c ? ": no member is visible" : "");
		break;
	case ORIGIN_NONE:
		if (x->visible == TRI_NO && x->nprompts && !x->ndefaults && !x->nselects)
			fputs("nothing: the prompt is hidden and nothing else gives a value\n", out);
		else
			fputs("nothing applies (no active default, no select, no imply)\n", out);
		break;
	}
}

/* The deciding cause, then each other one that alone gives the same value. */
static void print_origin(struct explainer *ex, const struct explanation *x,
			 FILE *out)
{
	print_cause(ex, x, &x->origin, "value from", out);
	for (unsigned i = 0; i < x->nalso; i++)
		print_cause(ex, x, &x->also[i], "also enough", out);
}

static void print_user(struct explainer *ex, const struct explanation *x, FILE *out)
{
	const struct xuser *u = &x->user;

	if (u->present && u->reason != UNUSED_NOTHING && !u->echoed) {
		fprintf(out, "  user value %s at %s was %s: %s\n", u->value,
			loc_or(ex, u->loc, "(this session)"),
			u->used ? "only partly used" : "not used",
			user_reason_text(u->reason));
	}
	if (u->ignored_text)
		fprintf(out, "  line %s (value %s) was ignored: %s\n",
			location_text(ex, u->ignored_loc), u->ignored_text,
			user_reason_text(UNUSED_INVALID));
}

static void print_prompts(struct explainer *ex, const struct explanation *x,
			  FILE *out)
{
	for (unsigned i = 0; i < x->nprompts; i++) {
		const struct xprompt *p = &x->prompts[i];

		fprintf(out, "  prompt \"%s\" (%s): %s\n", p->prop->text,
			location_text(ex, p->prop->loc),
			p->visible != TRI_NO ? "shown" : "hidden");
		print_condition("    ", p->cond, p->deps, out);
		if (p->hidden_by) {
			fprintf(out, "    hidden by the menu at %s: visible if ",
				location_text(ex, p->hidden_by->loc));
			print_xexpr_value(p->visible_if, out);
			putc('\n', out);
		}
	}
}

static void print_defaults(struct explainer *ex, const char *whose,
			   const struct xdefault *defs, unsigned n, FILE *out)
{
	if (!n)
		return;
	fprintf(out, "  %sdefaults (the first whose condition holds is taken):\n", whose);
	for (unsigned i = 0; i < n; i++) {
		const struct xdefault *d = &defs[i];

		fprintf(out, "  %s %s  %s", d->status == DEFAULT_TAKEN ? "->" : "  ",
			location_text(ex, d->prop->loc), property_text(ex, d->prop));
		switch (d->status) {
		case DEFAULT_TAKEN: fputs("  (taken)\n", out); break;
		case DEFAULT_INACTIVE: fputs("  (condition n)\n", out); break;
		case DEFAULT_SHADOWED: fputs("  (holds, but an earlier one came first)\n", out); break;
		case DEFAULT_UNUSED: fputs("  (holds, but the user value counts)\n", out); break;
		}
		if (d->status == DEFAULT_INACTIVE || d->status == DEFAULT_TAKEN)
			print_condition("       ", d->cond, d->deps, out);
		if (d->status == DEFAULT_TAKEN && d->value && d->prop->expr &&
		    !(d->prop->expr->op == E_SYMBOL && explain_is_literal(d->prop->expr->sym))) {
			fputs("       value: ", out);
			print_xexpr_value(d->value, out);
			putc('\n', out);
		}
	}
}

static void print_reverse_props(struct explainer *ex, const struct explanation *x,
				const char *what, const struct xreverse *list,
				unsigned n, FILE *out)
{
	if (!n)
		return;
	fprintf(out, "  %s by:\n", what);
	for (unsigned i = 0; i < n; i++) {
		const struct xreverse *r = &list[i];

		fprintf(out, "    %s [=%s]  %s  %s  => %s", r->from->name, r->from_value,
			location_text(ex, r->prop->loc), property_text(ex, r->prop),
			tri_text(r->value));
		if (r->value == TRI_MOD && x->sym->type == S_BOOLEAN)
			fputs(" (m counts as y for a bool)", out);
		putc('\n', out);
		/* Less than the selector's value: say which term lowers it. */
		if (strcmp(tri_text(r->value), r->from_value) != 0)
			print_condition("      ", r->cond, r->deps, out);
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
			      FILE *out)
{
	if (!x->ndep_sources)
		return;
	fputs("  depends on", out);
	if (x->depends) {
		fputs(": ", out);
		print_xexpr_value(x->depends, out);
	}
	fputs("\n", out);
	for (unsigned i = 0; i < x->ndep_sources; i++) {
		const struct xdepsource *d = &x->dep_sources[i];

		fprintf(out, "    %s (%s", location_text(ex, d->node->loc),
			block_name(d->node));
		if (d->node->kind != MENU_IF && d->node->prompt && d->node->prompt->text &&
		    d->node->kind != MENU_CONFIG && d->node->kind != MENU_MENUCONFIG)
			fprintf(out, " \"%s\"", d->node->prompt->text);
		fputs("): ", out);
		print_xexpr_value(d->expr, out);
		putc('\n', out);
	}
}

static void print_bounds(struct explainer *ex, const struct explanation *x,
			 FILE *out)
{
	for (unsigned i = 0; i < x->nbounds; i++) {
		const struct xbound *b = &x->bounds[i];

		fputs("  ", out);
		switch (b->kind) {
		case BOUND_VISIBILITY:
			fprintf(out, "limited to at most %s by its prompt's visibility", b->limit);
			break;
		case BOUND_DEPENDS:
			fprintf(out, "capped at %s by its dependencies", b->limit);
			break;
		case BOUND_SELECT:
			fprintf(out, "raised to at least %s by select", b->limit);
			break;
		case BOUND_MODULES:
			fputs("m is read as y (modules are disabled, or the symbol is bool)", out);
			break;
		case BOUND_RANGE:
			fprintf(out, "range %s (%s)", b->limit, location_text(ex, b->loc));
			break;
		}
		if (b->applied)
			fprintf(out, ": %s became %s\n", b->before,
				b->kind == BOUND_RANGE ? x->value : b->limit);
		else if (b->also_enough)
			fprintf(out, ": it would be %s without select too\n", b->limit);
		else if (b->kind == BOUND_SELECT)
			fprintf(out, ": no change, the value is already %s\n", b->before);
		else if (b->kind == BOUND_RANGE)
			fprintf(out, ": %s is within it\n", x->value);
		else
			fputs(": no change\n", out);
	}
	print_dep_sources(ex, x, out);
	if (x->unmet_deps)
		fprintf(out, "  warning: selected up to %s although its dependencies allow only %s"
			" (conf warns: unmet direct dependencies)\n",
			tri_text(x->rev_dep), tri_text(x->dir_dep));
}

static void print_choice(struct explainer *ex, const struct xchoice *c, FILE *out)
{
	fprintf(out, "  in the choice \"%s\" (%s): ", c->prompt ? c->prompt : "",
		location_text(ex, c->node->loc));
	if (c->selection)
		fprintf(out, "%s is y: %s", c->selection->name, choice_rule_text(c->rule));
	else
		fputs(choice_rule_text(c->rule), out);
	if (c->decided_at.line && c->rule != CHOICE_RULE_FIRST_VISIBLE &&
	    c->rule != CHOICE_RULE_NONE)
		fprintf(out, " (%s)", location_text(ex, c->decided_at));
	putc('\n', out);
	print_defaults(ex, "the choice's ", c->defaults, c->ndefaults, out);
}

static void print_reverse(struct explainer *ex, const struct explanation *x,
			  bool all, FILE *out)
{
	unsigned n, shown = 0;
	const struct reverse_use *uses = explain_reverse(ex, x->sym, &n);
	const unsigned limit = 12;

	if (!n)
		return;
	fprintf(out, "  used by (%u):\n", n);
	for (unsigned i = 0; i < n; i++) {
		const struct reverse_use *u = &uses[i];

		if (!all && shown == limit) {
			fprintf(out, "    ... and %u more (--reverse lists them all)\n",
				n - shown);
			break;
		}
		shown++;
		fprintf(out, "    %-28s %-18s %s", u->user && u->user->name ? u->user->name :
			u->node->kind == MENU_IF ? "(if)" :
			u->node->kind == MENU_CHOICE ? "(choice)" :
			u->node->prompt && u->node->prompt->text ? u->node->prompt->text : "(menu)",
			reverse_kind_name(u->kind), location_text(ex, u->loc));
		if (u->prop)
			fprintf(out, "  %s", property_text(ex, u->prop));
		putc('\n', out);
	}
}

/* The help text of each entry, where most of the teaching lives. */
static void print_help(struct explainer *ex, const struct explanation *x,
		       FILE *out)
{
	for (const struct menu_node *node = x->sym->first_node; node;
	     node = node->next_def) {
		const char *text = node->help;

		if (!text || !*text)
			continue;
		fprintf(out, "  help (%s):\n", location_text(ex, node->help_loc));
		while (*text) {
			const char *nl = strchr(text, '\n');
			int len = nl ? (int)(nl - text) : (int)strlen(text);

			if (len)
				fprintf(out, "    %.*s\n", len, text);
			else if (nl && nl[1])
				putc('\n', out);
			text += len + (nl ? 1 : 0);
		}
	}
}

static void print_one(struct explainer *ex, const struct explanation *x,
		      const struct explain_print_options *opts, FILE *out)
{
	print_header(ex, x, out);
	if (!x->defined)
		return;
	print_origin(ex, x, out);
	print_user(ex, x, out);
	print_prompts(ex, x, out);
	if (x->choice)
		print_choice(ex, x->choice, out);
	print_defaults(ex, "", x->defaults, x->ndefaults, out);
	print_reverse_props(ex, x, "selected", x->selects, x->nselects, out);
	print_reverse_props(ex, x, "implied", x->implies, x->nimplies, out);
	print_bounds(ex, x, out);
	print_reverse(ex, x, opts->reverse, out);
	if (!opts->no_help)
		print_help(ex, x, out);
}

/*
 * The why-chain (why_chain.c): the symbols that decided, then theirs,
 * breadth first, each once.  Where the depth limit cut it, the last
 * lines say so.
 */
void explain_print_text(struct explainer *ex, const struct explanation *x,
			const struct explain_print_options *opts, FILE *out)
{
	struct why_chain chain;

	if (opts->depth <= 0 || !x->nbecause) {
		print_one(ex, x, opts, out);
		return;
	}
	why_chain_walk(ex, x, opts->depth, &chain);
	print_one(ex, x, opts, out);
	for (unsigned i = 1; i < chain.nlinks; i++) {
		fprintf(out, "\n[why-chain, level %d]\n", chain.links[i].level);
		print_one(ex, chain.links[i].x,
			  &(struct explain_print_options){ .depth = 0, .no_help = true }, out);
	}
	if (chain.not_followed)
		fprintf(out, "\n[why-chain stopped at level %d, the depth limit: "
			"%u more symbol%s named at that level %s not followed]\n",
			chain.max_level, chain.not_followed,
			chain.not_followed == 1 ? "" : "s",
			chain.not_followed == 1 ? "is" : "are");
	why_chain_release(&chain);
}
