// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse dump`: the parsed tree printed back as Kconfig text.
 *
 * The format, chosen so that the dump parses again to the same dump:
 *
 *   mainmenu "Title"                  (when the tree has one)
 *
 *   config NAME                       every entry starts in column 1,
 *   	bool "Prompt" if COND          nested or not; its lines are
 *   	default y if OTHER             indented by one tab
 *   	select FOO if BAR
 *   	depends on A && B
 *   	help
 *   	  Help text, indented by a tab and two spaces.
 *
 *   menu "Title"
 *   	visible if COND
 *   	depends on COND
 *
 *   ...entries inside the menu...
 *
 *   endmenu
 *
 * - `source` is inlined: the entries of sourced files appear where the
 *   statement was; macros are expanded and assignments left out.
 * - One definition per entry, in menu order: a symbol defined in three
 *   places appears three times, each with the lines written there.
 * - An entry's lines: the type with the prompt (`bool "Prompt" if C`;
 *   `prompt "..."` for a choice, whose type is implied), then defaults,
 *   selects, implies and ranges in the order written, then one
 *   `depends on` (all of the entry's `depends on` lines ANDed), and each
 *   `depends on X if Y` as written (Linux 7.0), then `modules` /
 *   `option ...` / `transitional`, then help.  Types are the symbol's final
 *   type (a choice member typed by its choice gets it written out).
 * - choice, menu and if blocks end with endchoice, endmenu and endif;
 *   `if` blocks stay blocks.
 * - Expressions are printed by expr_fprint() with the fewest parentheses;
 *   strings in double quotes with \, " and $ escaped by a backslash.
 * - A blank line separates entries, except after help text: there the
 *   help's own trailing newlines are written as blank lines, so that the
 *   text reads back identical (the kernel ends help text before the
 *   newline that precedes a line starting in column 1).  When help is
 *   the last thing in the dump, a final comment line ends it the same way.
 */
#include <stdio.h>
#include <string.h>

#include "dump.h"

struct dumper {
	const struct kconfig *kc;
	FILE *out;
	bool separate;		/* a blank line before the next entry */
	bool after_help;	/* the last thing written was help text */
};

static void put_quoted(FILE *out, const char *s)
{
	putc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\' || *s == '$')
			putc('\\', out);
		putc(*s, out);
	}
	putc('"', out);
}

static void put_symbol(FILE *out, struct symbol *sym)
{
	struct expr e = { .op = E_SYMBOL, .sym = sym };

	expr_fprint(&e, out);
}

static void put_cond(FILE *out, const struct expr *cond)
{
	if (!cond)
		return;
	fputs(" if ", out);
	expr_fprint(cond, out);
}

/* Start an entry line in column 1, after a separating blank line. */
static void begin_entry(struct dumper *d)
{
	if (d->separate)
		putc('\n', d->out);
	d->separate = false;
	d->after_help = false;
}

static void end_entry(struct dumper *d)
{
	d->separate = !d->after_help;
}

/*
 * Help text: every line, the last one included even when empty, goes on
 * a line of its own; empty lines are written empty.
 */
static void put_help(struct dumper *d, const char *text)
{
	FILE *out = d->out;

	fputs("\thelp\n", out);
	for (;;) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);

		if (len)
			fprintf(out, "\t  %.*s", (int)len, text);
		putc('\n', out);
		if (!nl)
			break;
		text = nl + 1;
	}
	d->after_help = true;
}

static const char *type_keyword(enum symbol_type type)
{
	switch (type) {
	case S_BOOLEAN:		return "bool";
	case S_TRISTATE:	return "tristate";
	case S_INT:		return "int";
	case S_HEX:		return "hex";
	case S_STRING:		return "string";
	default:		return NULL;
	}
}

/*
 * The word a default is dumped with: def_bool and its kin as written when
 * they declare the entry's type, else "default".
 */
static const char *def_keyword(const struct menu_node *node,
			       const struct property *prop)
{
	const char *type = type_keyword(node->sym->type);

	if (prop->keyword && strncmp(prop->keyword, "def_", 4) == 0 && type &&
	    strcmp(prop->keyword + 4, type) == 0)
		return prop->keyword;
	return "default";
}

/* Does a def_bool (def_tristate...) line of the entry declare its type? */
static bool typed_by_default(const struct menu_node *node)
{
	const struct property *prop;

	node_for_each_prop(node, prop)
		if (prop->type == P_DEFAULT &&
		    strcmp(def_keyword(node, prop), "default") != 0)
			return true;
	return false;
}

/* The type line, carrying the prompt when there is one. */
static void put_type_and_prompt(struct dumper *d, const struct menu_node *node)
{
	const struct property *prompt = node->prompt;
	FILE *out = d->out;
	const char *type = type_keyword(node->sym->type);

	if (node->kind == MENU_CHOICE && node->sym->type != S_TRISTATE)
		type = NULL;	/* bool is implied */
	if (!prompt && type && typed_by_default(node))
		type = NULL;	/* `def_bool y` says it */
	if (!type && !prompt)
		return;
	fprintf(out, "\t%s", type ? type : "prompt");
	if (prompt) {
		putc(' ', out);
		put_quoted(out, prompt->text);
		put_cond(out, prompt->cond);
	}
	putc('\n', out);
}

static void put_props(struct dumper *d, const struct menu_node *node)
{
	const struct property *prop;
	FILE *out = d->out;

	node_for_each_prop(node, prop) {
		/* the default `option env` made: the option is written instead */
		if (prop->type == P_DEFAULT && prop->loc.column == 0 &&
		    (node->sym->flags & SYMBOL_ENV))
			continue;
		switch (prop->type) {
		case P_DEFAULT:
			fprintf(out, "\t%s ", def_keyword(node, prop));
			expr_fprint(prop->expr, out);
			break;
		case P_SELECT:
		case P_IMPLY:
			fputs(prop->type == P_SELECT ? "\tselect " : "\timply ",
			      out);
			put_symbol(out, prop->target);
			break;
		case P_RANGE:
			fputs("\trange ", out);
			put_symbol(out, prop->range_min);
			putc(' ', out);
			put_symbol(out, prop->range_max);
			break;
		default:
			continue;	/* prompts: with the type */
		}
		put_cond(out, prop->cond);
		putc('\n', out);
	}
}

/* `depends on` lines; those of the form `depends on X if Y` as written. */
static void put_depends(struct dumper *d, const struct menu_node *node)
{
	const struct expr *plain = node->cond_depends ? node->plain_depends
						     : node->depends;
	const struct cond_depends *cd;

	if (plain) {
		fputs("\tdepends on ", d->out);
		expr_fprint(plain, d->out);
		putc('\n', d->out);
	}
	for (cd = node->cond_depends; cd; cd = cd->next) {
		fputs("\tdepends on ", d->out);
		expr_fprint(cd->dep, d->out);
		fputs(" if ", d->out);
		expr_fprint(cd->cond, d->out);
		putc('\n', d->out);
	}
}

/* Options of older kernels, written in the first definition. */
static void put_options(struct dumper *d, const struct menu_node *node)
{
	const struct kconfig *kc = d->kc;
	struct symbol *sym = node->sym;
	FILE *out = d->out;

	if (sym->first_node != node)
		return;
	if (kc->modules_sym == sym)
		fputs("\tmodules\n", out);
	if (kc->defconfig_list == sym)
		fputs("\toption defconfig_list\n", out);
	if ((sym->flags & SYMBOL_ENV) && sym->env_name) {
		fputs("\toption env=", out);
		put_quoted(out, sym->env_name);
		putc('\n', out);
	}
	if (sym->flags & SYMBOL_ALLNOCONFIG_Y)
		fputs("\toption allnoconfig_y\n", out);
	if (sym->flags & SYMBOL_TRANSITIONAL)
		fputs("\ttransitional\n", out);
}

static void dump_children(struct dumper *d, const struct menu_node *parent);

static void dump_symbol_entry(struct dumper *d, const struct menu_node *node)
{
	FILE *out = d->out;

	begin_entry(d);
	if (node->kind == MENU_CHOICE) {
		fputs("choice", out);
		if (node->sym->name)
			fprintf(out, " %s", node->sym->name);
		putc('\n', out);
	} else {
		fprintf(out, "%s %s\n",
			node->kind == MENU_MENUCONFIG ? "menuconfig" :
			node->defaults_only ? "configdefault" : "config",
			node->sym->name);
	}
	put_type_and_prompt(d, node);
	put_props(d, node);
	put_depends(d, node);
	put_options(d, node);
	if (node->help)
		put_help(d, node->help);
	end_entry(d);
}

static void dump_block_end(struct dumper *d, const char *keyword)
{
	begin_entry(d);
	fprintf(d->out, "%s\n", keyword);
	end_entry(d);
}

static void dump_node(struct dumper *d, const struct menu_node *node)
{
	FILE *out = d->out;

	switch (node->kind) {
	case MENU_CONFIG:
	case MENU_MENUCONFIG:
		dump_symbol_entry(d, node);
		break;
	case MENU_CHOICE:
		dump_symbol_entry(d, node);
		dump_children(d, node);
		dump_block_end(d, "endchoice");
		break;
	case MENU_MENU:
	case MENU_COMMENT:
		begin_entry(d);
		fputs(node->kind == MENU_MENU ? "menu " : "comment ", out);
		put_quoted(out, node->prompt ? node->prompt->text : "");
		putc('\n', out);
		if (node->visible_if) {
			fputs("\tvisible if ", out);
			expr_fprint(node->visible_if, out);
			putc('\n', out);
		}
		put_depends(d, node);
		end_entry(d);
		if (node->kind == MENU_MENU) {
			dump_children(d, node);
			dump_block_end(d, "endmenu");
		}
		break;
	case MENU_IF:
		begin_entry(d);
		fputs("if ", out);
		if (node->depends)
			expr_fprint(node->depends, out);
		else
			fputs("y", out);
		putc('\n', out);
		end_entry(d);
		dump_children(d, node);
		dump_block_end(d, "endif");
		break;
	case MENU_ROOT:
		break;
	}
}

static void dump_children(struct dumper *d, const struct menu_node *parent)
{
	const struct menu_node *node;

	for (node = parent->children; node; node = node->next)
		dump_node(d, node);
}

void kconfig_dump(const struct kconfig *kc, FILE *out)
{
	struct dumper d = { .kc = kc, .out = out };
	const struct property *title = kc->root.prompt;

	/* The default "Main menu" of a tree without mainmenu has no location. */
	if (title && title->loc.file) {
		fputs("mainmenu ", out);
		put_quoted(out, title->text);
		putc('\n', out);
		d.separate = true;
	}
	dump_children(&d, &kc->root);
	if (d.after_help)
		fputs("# end of the dump\n", out);
}
