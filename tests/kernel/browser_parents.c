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
 *
 * The kernel's shape is finished a menu at a time, when first looked
 * into (src/model/menu_shape.c), and the browser adds the entries of
 * its first screen before the rest (tree_model_build_first(), then a
 * menu's entries as its line is drawn, tree_model_children()): the
 * same shape reached those other ways must be the one printed, or the
 * exit status is 1 (menu_tree.sh fails on it).
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

/* The place in all[] of the entry, -1 for none. */
static long place_of(const struct entry *entry)
{
	return entry ? (long)entry->index : -1;
}

/* Do two models of one tree link the same entries the same way? */
static unsigned models_differ(const struct tree_model *a, const struct tree_model *b)
{
	unsigned differ = 0;

	if (a->count != b->count)
		return 1;
	for (size_t i = 0; i < a->count; i++) {
		const struct entry *x = a->all[i], *y = b->all[i];

		if (x->node != y->node || place_of(x->parent) != place_of(y->parent) ||
		    place_of(x->children) != place_of(y->children) ||
		    place_of(x->next) != place_of(y->next)) {
			fprintf(stderr, "browser_parents: entry %zu: the two passes differ\n", i);
			differ++;
		}
	}
	return differ;
}

/*
 * The browser's passes, and a shape whose menus are first finished
 * from their deepest entries up (each node's parent asked for, last to
 * first), against the model built in one pass.
 */
static unsigned check_lazy_shapes(struct session *s, const struct tree_model *model)
{
	struct config *cfg = config_new(s->kc);
	struct tree_model *first = tree_model_build_first(cfg);
	struct kernel_menu *km = kernel_menu_build(s->kc, true);
	unsigned differ = 0, left_out = 0;

	for (size_t i = 0; i < first->count; i++)
		left_out += !first->all[i]->node;
	if (!left_out) {
		fprintf(stderr, "browser_parents: the first pass added every entry\n");
		differ++;
	}
	/* Every other menu of the main page looked into first, as drawing does. */
	for (struct entry *e = first->root->children; e; e = e->next ? e->next->next : NULL)
		tree_model_children(first, e);
	tree_model_complete(first);
	differ += models_differ(model, first);
	for (size_t i = model->count; i-- > 0;) {
		const struct entry *entry = model->all[i];
		const struct menu_node *parent = kernel_menu_parent(km, entry->node);

		if (parent != (entry->parent ? entry->parent->node : NULL)) {
			fprintf(stderr, "browser_parents: entry %zu: another parent when "
				"asked from below\n", i);
			differ++;
		}
	}
	kernel_menu_free(km);
	tree_model_free(first);
	config_free(cfg);
	return differ;
}

int main(int argc, char **argv)
{
	struct cli cli = { .prog = "browser_parents" };
	struct session *s;
	struct config *cfg;
	struct tree_model *model;
	unsigned differ;
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
	differ = check_lazy_shapes(s, model);
	tree_model_free(model);
	config_free(cfg);
	session_close(s);
	if (differ)
		return EXIT_INPUT;
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_INPUT;
}
