// SPDX-License-Identifier: GPL-2.0
/*
 * conf's questions, line by line (conf_ask.h).
 *
 * The walk follows the kernel's finished menu shape.  --oldconfig shows
 * only the menus that hold a symbol without a value ("Restart config"),
 * and inside such a menu every entry, the old ones with their value and
 * no question; --oldaskconfig first asks every visible question of the
 * whole tree.  The rules of a choice differ between generations: with
 * the dialect's legacy_choices (before 6.11) the choice is a symbol of
 * its own, asked as y/m/n first, and in m mode its members are asked
 * one by one.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conf_ask.h"
#include "dialect.h"
#include "kernel_help.h"
#include "menu_shape.h"

/* conf reads answers into a buffer of PATH_MAX bytes: longer lines split. */
#define ANSWER_MAX 4096

struct asker {
	struct config *cfg;
	const struct kernel_menu *km;
	const struct menu_node *root;
	const char *prefix;
	FILE *in, *out;
	bool echo;		/* not both terminals: answers are echoed */
	bool ask_all;		/* --oldaskconfig's first walk */
	bool legacy;		/* choices before Linux 6.11 */
	int indent;
	int restarts;		/* menus asked again in this pass */
	const struct menu_node *root_entry;	/* the menu being asked */
	bool failed;		/* input ended where no answer can be taken */
	bool at_eof;		/* the input has ended (or failed) */
	char line[ANSWER_MAX];
};

static void walk(struct asker *a, const struct menu_node *node);
static void find_new(struct asker *a, const struct menu_node *node);

static const struct menu_node *first_child(const struct asker *a,
					   const struct menu_node *node)
{
	return kernel_menu_child(a->km, node);
}

static const struct menu_node *next_sibling(const struct asker *a,
					    const struct menu_node *node)
{
	return kernel_menu_next(a->km, node);
}

static bool shown(struct asker *a, const struct menu_node *node)
{
	return config_node_visible(a->cfg, node);
}

static const char *prompt_of(const struct menu_node *node)
{
	return node->prompt ? node->prompt->text : "";
}

/* One answer line; at the end of the input the line keeps what it had. */
static void read_answer(struct asker *a)
{
	fflush(a->out);
	if (!fgets(a->line, sizeof(a->line), a->in)) {
		fflush(a->out);
		fputs("\nError in reading or end of file.\n", stderr);
		fflush(stderr);
	}
	/* A closed or broken input ends the answers too. */
	a->at_eof = feof(a->in) || ferror(a->in);
	if (a->echo)
		fputs(a->line, a->out);
}

/* Blanks off both ends, as conf trims an answer. */
static void strip(char *text)
{
	size_t start = 0, len;

	while (isspace((unsigned char)text[start]))
		start++;
	len = strlen(text + start);
	memmove(text, text + start, len + 1);
	while (len > 0 && isspace((unsigned char)text[len - 1]))
		text[--len] = '\0';
}

/* The help screen of an entry, between blank lines. */
static void print_help(struct asker *a, const struct menu_node *node)
{
	fputc('\n', a->out);
	kernel_print_help(a->cfg, node, a->prefix, a->out);
	fputc('\n', a->out);
}

/* Can the user change it (the kernel's sym_is_changeable)? */
static bool changeable(struct asker *a, const struct symbol *sym)
{
	if (!a->legacy)
		return config_changeable(a->cfg, sym);
	/* Before 6.11 a choice is a symbol like any other here. */
	return config_visibility(a->cfg, sym) > config_rev_dep(a->cfg, sym);
}

/* Is val an answer the symbol takes (sym_tristate_within_range)? */
static bool within_range(struct asker *a, const struct symbol *sym, tristate val)
{
	enum symbol_type type = config_type(a->cfg, sym);
	tristate visible = config_visibility(a->cfg, sym);
	tristate forced = config_rev_dep(a->cfg, sym);

	if (visible == TRI_NO || !type_is_bool_or_tristate(type))
		return false;
	if (type == S_BOOLEAN && val == TRI_MOD)
		return false;
	if (visible <= forced)
		return false;
	if (a->legacy && symbol_is_choice_member(sym) && visible == TRI_YES)
		return val == TRI_YES;
	return val >= forced && val <= visible;
}

/* sym_set_tristate_value: refused outside the range. */
static bool set_tristate(struct asker *a, const struct symbol *sym, tristate val)
{
	/* Before 6.11 the value the symbol has is always taken. */
	bool same = a->legacy && config_tri(a->cfg, sym) == val;

	if (!same && !within_range(a, sym, val))
		return false;
	if (a->legacy && symbol_is_choice_member(sym) && val == TRI_YES)
		config_legacy_choice_answer(a->cfg, sym);
	config_set_user_tri(a->cfg, sym, val);
	return true;
}

/*
 * Show the value, or read an answer into a->line (conf_askvalue).  false:
 * nothing to ask (the value cannot change, or --oldconfig and the symbol
 * has a value).
 */
static bool ask_value(struct asker *a, const struct symbol *sym, const char *def)
{
	bool has_value = config_has_value(a->cfg, sym);

	if (!has_value)
		fputs("(NEW) ", a->out);
	strcpy(a->line, "\n");
	if (!changeable(a, sym) || (!a->ask_all && has_value)) {
		fprintf(a->out, "%s\n", def);
		return false;
	}
	read_answer(a);
	return true;
}

/* Input ended on a question that cannot take the default: stop, as conf. */
static void no_answer(struct asker *a, const struct symbol *sym)
{
	fprintf(stderr, "\nerror: no value for new symbol '%s' at end of input\n",
		sym->name ? sym->name : "<choice>");
	a->failed = true;
}

/* A bool or tristate question: [Y/n/m/?]. */
static void ask_tristate(struct asker *a, const struct menu_node *node)
{
	const struct symbol *sym = node->sym;

	while (!a->failed) {
		tristate old = config_tri(a->cfg, sym), val;

		fprintf(a->out, "%*s%s ", a->indent - 1, "", prompt_of(node));
		if (sym->name)
			fprintf(a->out, "(%s) ", sym->name);
		fprintf(a->out, "[%c", "NMY"[old]);
		if (old != TRI_NO && within_range(a, sym, TRI_NO))
			fputs("/n", a->out);
		if (old != TRI_MOD && within_range(a, sym, TRI_MOD))
			fputs("/m", a->out);
		if (old != TRI_YES && within_range(a, sym, TRI_YES))
			fputs("/y", a->out);
		fputs("/?] ", a->out);
		if (!ask_value(a, sym, config_str(a->cfg, sym)))
			return;
		strip(a->line);
		switch (a->line[0]) {
		case 'n':
		case 'N':
			if (a->line[1] && strcmp(a->line + 1, "o") != 0)
				continue;
			val = TRI_NO;
			break;
		case 'm':
		case 'M':
			if (a->line[1])
				continue;
			val = TRI_MOD;
			break;
		case 'y':
		case 'Y':
			if (a->line[1] && strcmp(a->line + 1, "es") != 0)
				continue;
			val = TRI_YES;
			break;
		case '\0':
			val = old;
			break;
		case '?':
			print_help(a, node);
			continue;
		default:
			continue;
		}
		if (set_tristate(a, sym, val))
			return;
		/* An answer out of range shows the help, then asks again. */
		print_help(a, node);
		if (a->at_eof)
			no_answer(a, sym);
	}
}

/* An int, hex or string question: [current value]. */
static void ask_text(struct asker *a, const struct menu_node *node)
{
	const struct symbol *sym = node->sym;

	while (!a->failed) {
		const char *def = config_str(a->cfg, sym);

		fprintf(a->out, "%*s%s (%s) [%s] ", a->indent - 1, "",
			prompt_of(node), sym->name, def);
		if (!ask_value(a, sym, def))
			return;
		if (a->line[0] == '?' && a->line[1] == '\n') {
			print_help(a, node);
			def = NULL;
		} else if (a->line[0] != '\n') {
			/* The last character goes, newline or not, as in conf. */
			a->line[strlen(a->line) - 1] = '\0';
			def = a->line;
		}
		if (def && config_set_string(a->cfg, sym, def))
			return;
		if (a->at_eof)
			no_answer(a, sym);
	}
}

/* The n-th visible member of a choice (counting from 1), or NULL. */
static const struct menu_node *nth_member(struct asker *a,
					  const struct menu_node *choice, long n)
{
	const struct menu_node *child;

	for (child = first_child(a, choice); child; child = next_sibling(a, child)) {
		if (!child->sym || !shown(a, child))
			continue;
		if (--n == 0)
			return child;
	}
	return NULL;
}

/* The member list: numbers, '>' at the current pick, (NEW) markers. */
static int list_members(struct asker *a, const struct menu_node *choice,
			int *def, bool *is_new)
{
	const struct symbol *pick = config_choice_selection(a->cfg, choice);
	const struct menu_node *child;
	int count = 0;

	if (a->legacy)
		pick = config_tri(a->cfg, choice->sym) == TRI_YES ? pick : NULL;
	*def = 0;
	for (child = first_child(a, choice); child; child = next_sibling(a, child)) {
		if (!shown(a, child))
			continue;
		if (!child->sym) {
			fprintf(a->out, "%*c %s\n", a->indent, '*', prompt_of(child));
			continue;
		}
		count++;
		if (child->sym == pick)
			*def = count;
		fprintf(a->out, "%*c %d. %s", a->indent,
			child->sym == pick ? '>' : ' ', count, prompt_of(child));
		if (child->sym->name || !a->legacy)
			fprintf(a->out, " (%s)", child->sym->name);
		if (!config_has_value(a->cfg, child->sym)) {
			if (!a->legacy)
				*is_new = true;
			fputs(" (NEW)", a->out);
		}
		fputc('\n', a->out);
	}
	return count;
}

/*
 * Before 6.11: the choice is asked as y/m/n first when it can change.
 * Returns whether its members are to be picked from (the choice is y).
 */
static bool ask_legacy_choice_mode(struct asker *a, const struct menu_node *choice)
{
	const struct symbol *sym = choice->sym;

	if (changeable(a, sym)) {
		ask_tristate(a, choice);
		return !a->failed && config_tri(a->cfg, sym) == TRI_YES;
	}
	switch (config_tri(a->cfg, sym)) {
	case TRI_MOD:
		fprintf(a->out, "%*s%s\n", a->indent - 1, "", prompt_of(choice));
		return false;
	case TRI_YES:
		return true;
	default:
		return false;
	}
}

/* A choice: its visible members numbered, one picked by number. */
static void ask_choice(struct asker *a, const struct menu_node *choice)
{
	bool is_new = a->legacy && !config_has_value(a->cfg, choice->sym);
	const struct menu_node *child;

	if (a->legacy && !ask_legacy_choice_mode(a, choice))
		return;
	while (!a->failed) {
		int def, count;
		long pick;
		bool read = false;

		fprintf(a->out, "%*s%s\n", a->indent - 1, "", prompt_of(choice));
		count = list_members(a, choice, &def, &is_new);
		a->line[0] = '\0';
		fprintf(a->out, "%*schoice", a->indent - 1, "");
		if (count == 1) {
			fputs("[1]: 1\n", a->out);
			pick = 1;
		} else {
			fprintf(a->out, "[1-%d?]: ", count);
			if (!a->ask_all && !is_new) {
				pick = def;
				fprintf(a->out, "%d\n", def);
			} else {
				read_answer(a);
				read = true;
				strip(a->line);
				if (a->line[0] == '?') {
					print_help(a, choice);
					continue;
				}
				if (!a->line[0])
					pick = def;
				else if (isdigit((unsigned char)a->line[0]))
					pick = (int)strtol(a->line, NULL, 10);
				else
					continue;
			}
		}
		child = nth_member(a, choice, pick);
		if (!child) {
			/* Nothing more would come to change the answer. */
			if (!read || a->at_eof)
				no_answer(a, choice->sym);
			continue;
		}
		if (a->line[0] && a->line[strlen(a->line) - 1] == '?') {
			print_help(a, child);
			continue;
		}
		if (!a->legacy) {
			config_set_choice(a->cfg, child->sym);
			return;
		}
		set_tristate(a, child->sym, TRI_YES);
		/* Before 6.11 what is nested under the member comes next. */
		a->indent += 2;
		for (child = first_child(a, child); child; child = next_sibling(a, child))
			walk(a, child);
		a->indent -= 2;
		return;
	}
}

/* The menu header conf prints: "*\n* prompt\n*". */
static void print_header(struct asker *a, const char *prompt)
{
	fprintf(a->out, "%*c\n%*c %s\n%*c\n", a->indent, '*', a->indent, '*',
		prompt, a->indent, '*');
}

/* conf's conf(): one entry and what is under it. */
static void walk(struct asker *a, const struct menu_node *node)
{
	const struct symbol *sym = node->sym;
	const struct menu_node *child;

	if (a->failed || !shown(a, node))
		return;
	if (node->kind == MENU_IF || node->kind == MENU_ROOT)
		sym = NULL;
	if (node->prompt && node->prompt->type == P_MENU) {
		/* --oldconfig shows only the menus holding new symbols. */
		if (!a->ask_all && a->root_entry != node) {
			find_new(a, node);
			return;
		}
		print_header(a, prompt_of(node));
	} else if (node->prompt && node->prompt->type == P_COMMENT) {
		print_header(a, prompt_of(node));
	}
	if (sym && (sym->flags & SYMBOL_CHOICE)) {
		ask_choice(a, node);
		/* Before 6.11 a choice in m mode has its members asked one by one. */
		if (!a->legacy || config_tri(a->cfg, sym) != TRI_MOD)
			return;
	} else if (sym && (sym->type == S_INT || sym->type == S_HEX ||
			   sym->type == S_STRING)) {
		ask_text(a, node);
	} else if (sym) {
		ask_tristate(a, node);
	}
	if (sym)
		a->indent += 2;
	for (child = first_child(a, node); child; child = next_sibling(a, child))
		walk(a, child);
	if (sym)
		a->indent -= 2;
}

/* The menu an entry is asked in: the nearest menu or menuconfig above. */
static const struct menu_node *enclosing_menu(struct asker *a,
					      const struct menu_node *node)
{
	while (node && node != a->root) {
		if (node->prompt && node->prompt->type == P_MENU)
			return node;
		node = kernel_menu_parent(a->km, node);
	}
	return a->root;
}

/* Is this an entry without a value that the user could answer? */
static bool is_new_question(struct asker *a, const struct menu_node *node)
{
	const struct symbol *sym = node->sym;

	if (!sym || node->kind == MENU_IF || node->kind == MENU_ROOT ||
	    config_has_value(a->cfg, sym))
		return false;
	if (changeable(a, sym))
		return true;
	/* Before 6.11 a choice that is y asks for its member. */
	return a->legacy && (sym->flags & SYMBOL_CHOICE) &&
	       config_tri(a->cfg, sym) == TRI_YES;
}

/* conf's check_conf(): ask the menu of each symbol without a value. */
static void find_new(struct asker *a, const struct menu_node *node)
{
	const struct menu_node *child;

	if (a->failed || !shown(a, node))
		return;
	if (is_new_question(a, node)) {
		if (!a->restarts++)
			fputs("*\n* Restart config...\n*\n", a->out);
		a->root_entry = enclosing_menu(a, node);
		walk(a, a->root_entry);
	}
	for (child = first_child(a, node); child; child = next_sibling(a, child))
		find_new(a, child);
}

int conf_ask(struct config *cfg, bool ask_all, const char *prefix,
	     FILE *in, FILE *out)
{
	struct kconfig *kc = config_tree(cfg);
	struct asker a = {
		.cfg = cfg,
		.km = config_kernel_menu(cfg),
		.root = &kc->root,
		.prefix = prefix,
		.in = in,
		.out = out,
		.echo = !(isatty(fileno(in)) && isatty(fileno(out))),
		.ask_all = ask_all,
		.legacy = kc->dialect->legacy_choices,
		.indent = 1,
	};
	/* Each pass answers at least one symbol: more passes mean a loop. */
	size_t passes = 0;

	if (ask_all) {
		a.root_entry = a.root;
		walk(&a, a.root);
		a.ask_all = false;
	}
	do {
		a.restarts = 0;
		find_new(&a, a.root);
		if (++passes > kc->nsymbols + 1 && a.restarts) {
			fprintf(stderr, "error: conf's questions go round without an "
				"answer taking hold\n");
			a.failed = true;
		}
	} while (a.restarts && !a.failed);
	fflush(out);
	return a.failed ? 1 : 0;
}
