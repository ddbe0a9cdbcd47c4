// SPDX-License-Identifier: GPL-2.0
/*
 * The browser's menu tree (ui/tree_model.c), one line per entry, in the
 * form tests/kernel/menu_parents.c prints the kernel's finished menu tree,
 * so that tests/kernel/menu_tree.sh can compare the two line by line.
 *
 * usage: browser_parents [-C DIR] [KCONFIG]   (the tree found and loaded
 *        as `kbrowse dump` finds and loads it, environment included)
 *
 * Each line: "FILE:LINE PARENT KIND", depth-first, where PARENT is the
 * parent entry's FILE:LINE ("-" for the top menu) and KIND the symbol's
 * name, "choice", "menu", "comment" or "if".
 */
#include "buildconf.h"

#include <stdio.h>

#include "cli.h"
#include "tree_model.h"

static void print_place(const struct entry *entry)
{
	if (!entry || !entry->parent)
		fputs("-", stdout);
	else
		printf("%s:%d", location_file(entry->node->loc), entry->node->loc.line);
}

static const char *kind_of(const struct menu_node *node)
{
	switch (node->kind) {
	case MENU_CHOICE:
		return "choice";
	case MENU_MENU:
		return "menu";
	case MENU_COMMENT:
		return "comment";
	case MENU_IF:
		return "if";
	default:
		return node->sym && node->sym->name ? node->sym->name : "?";
	}
}

int main(int argc, char **argv)
{
	struct cli cli = { .prog = "browser_parents" };
	struct session *s;
	struct config *cfg;
	struct tree_model *model;
	int status = cli_tree_args(&cli, "", argc, argv, 1, NULL, NULL);

	if (status)
		return status;
	s = cli_open_session(&cli, true);
	if (!s)
		return EXIT_INPUT;
	cfg = config_new(s->kc);
	model = tree_model_build(cfg);
	for (size_t i = 0; i < model->count; i++) {
		const struct entry *entry = model->all[i];

		if (!entry->parent)
			continue;
		print_place(entry);
		putchar(' ');
		print_place(entry->parent);
		printf(" %s\n", kind_of(entry->node));
	}
	tree_model_free(model);
	config_free(cfg);
	session_close(s);
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_INPUT;
}
