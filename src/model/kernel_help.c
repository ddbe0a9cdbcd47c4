// SPDX-License-Identifier: GPL-2.0
/*
 * The help screen in the kernel's form.
 *
 * What conf --helpnewconfig (and menuconfig's help) shows for an entry:
 * the help text, then the symbol, its type and range, each definition
 * with its prompt, dependencies and location in the menus, and who
 * selects or implies it, by value.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "kernel_expr_internal.h"
#include "kernel_help.h"
#include "menu_shape.h"

static void print_range(struct kform *k, FILE *out, const struct property *prop)
{
	fputs("Range : [", out);
	kform_print_symbol(k, out, prop->range_min);
	putc(' ', out);
	kform_print_symbol(k, out, prop->range_max);
	fputs("]\n", out);
}

static void print_dep_line(struct kform *k, FILE *out, const char *prefix,
			   struct expr *e)
{
	if (kform_is_yes(k, e))
		return;
	fputs(prefix, out);
	kform_print_expr(k, out, e, E_OR, true);
	putc('\n', out);
}

static const char *entry_title(const struct menu_node *node)
{
	if (node->prompt)
		return node->prompt->text;
	return node->sym ? node->sym->name : NULL;
}

static void print_location(struct kform *k, FILE *out,
			   const struct kernel_menu *km,
			   const struct menu_node *node)
{
	const struct menu_node *path[8];
	int depth = 0;

	for (; node && node->kind != MENU_ROOT && depth < 8;
	     node = kernel_menu_parent(km, node))
		path[depth++] = node;
	fputs("  Location:\n", out);
	for (int j = 0; --depth >= 0; j++) {
		node = path[depth];
		fprintf(out, "%*c-> %s", 2 * j + 4, ' ', entry_title(node));
		if (node->sym && node->kind != MENU_ROOT)
			fprintf(out, " (%s [=%s])",
				node->sym->name ? node->sym->name : "<choice>",
				config_str(k->cfg, node->sym));
		putc('\n', out);
	}
}

static void print_prompt_block(struct kform *k, FILE *out,
			       const struct kernel_menu *km,
			       const struct property *prop)
{
	struct expr *dep = kform_node_dep(k, prop->node);
	struct expr *visible = kform_prop_visible(k, prop);

	fprintf(out, "  Prompt: %s\n", prop->text);
	print_dep_line(k, out, "  Depends on: ", dep);
	/* Shown only when it says more than the dependencies. */
	if (!kform_same_expr(k, dep, visible))
		print_dep_line(k, out, "  Visible if: ", visible);
	print_location(k, out, km, prop->node);
}

static void print_targets(FILE *out, struct kform *k, const struct symbol *sym,
			  enum prop_type type, const char *prefix)
{
	const struct property *prop;
	bool first = true;

	for (prop = sym->props; prop; prop = prop->next) {
		if (prop->type != type || !prop->target)
			continue;
		fputs(first ? prefix : " && ", out);
		first = false;
		kform_print_symbol(k, out, prop->target);
	}
	if (!first)
		putc('\n', out);
}

static void print_reverse(struct kform *k, FILE *out, const struct symbol *sym,
			  enum prop_type type, const char *what)
{
	static const tristate levels[] = { TRI_YES, TRI_MOD, TRI_NO };
	static const char level_char[] = { 'y', 'm', 'n' };
	struct expr *rev = NULL;
	char title[64];
	const char *pending;

	kform_collect_reverse(k, &k->kc->root, sym, type, &rev);
	if (!rev)
		return;
	for (int i = 0; i < 3; i++) {
		snprintf(title, sizeof(title), "%s by [%c]:\n", what, level_char[i]);
		pending = title;
		kform_print_selectors(k, out, rev, levels[i], &pending);
	}
}

void kernel_print_help(struct config *cfg, const struct menu_node *node,
		       const char *prefix, FILE *out)
{
	const struct kernel_menu *km = config_kernel_menu(cfg);
	struct kform k = { .cfg = cfg, .kc = config_tree(cfg) };
	const struct symbol *sym = node->sym;
	const struct menu_node *def;
	const struct property *range;

	arena_init(&k.arena);
	if (node->help) {
		if (sym && sym->name)
			fprintf(out, "%s%s:\n\n", prefix, sym->name);
		fprintf(out, "%s\n", node->help);
	} else {
		fputs("There is no help available for this option.\n", out);
	}
	if (!sym || node->kind == MENU_ROOT)
		goto done;
	if (sym->name) {
		fprintf(out, "Symbol: %s [=%s]\n", sym->name, config_str(cfg, sym));
		fprintf(out, "Type  : %s\n", sym->type == S_INT ? "integer"
			: symbol_type_name(sym->type));
		if (sym->type == S_INT || sym->type == S_HEX) {
			range = config_active_range(cfg, sym);
			if (range && range->range_min && range->range_max)
				print_range(&k, out, range);
		}
	}
	/* Definitions with a prompt first, then the others. */
	for (def = sym->first_node; def; def = def->next_def) {
		if (!def->prompt)
			continue;
		fprintf(out, "Defined at %s:%d\n", location_file(def->loc),
			def->loc.line);
		print_prompt_block(&k, out, km, def->prompt);
	}
	for (def = sym->first_node; def; def = def->next_def) {
		if (def->prompt)
			continue;
		fprintf(out, "Defined at %s:%d\n", location_file(def->loc),
			def->loc.line);
		print_dep_line(&k, out, "  Depends on: ", kform_node_dep(&k, def));
	}
	print_targets(out, &k, sym, P_SELECT, "Selects: ");
	print_reverse(&k, out, sym, P_SELECT, "Selected");
	print_targets(out, &k, sym, P_IMPLY, "Implies: ");
	print_reverse(&k, out, sym, P_IMPLY, "Implied");
	fputs("\n\n", out);
done:
	arena_release(&k.arena);
}

