// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own finished menu tree, one line per menu entry, for
 * tests/kernel/menu_tree.sh to compare with the tree kbrowse's browser
 * shows (tests/kernel/browser_parents.c prints the same lines).
 *
 * This file is kbrowse's; it is compiled only at test time, against the
 * headers and objects of the extracted kernel's scripts/kconfig (every
 * object but conf.o, whose main() this replaces), and nothing of the
 * kernel is kept in the repository.
 *
 * usage: menu_parents KCONFIG   (run where conf would run, with its
 *                                environment: srctree, ARCH, SRCARCH, ...)
 *
 * Each line: "FILE:LINE PARENT KIND", in the depth-first order of the
 * finished tree, where PARENT is the parent entry's FILE:LINE ("-" for the
 * top menu) and KIND the symbol's name, "choice", "menu", "comment" or
 * "if".
 */
#include "lkc.h"

/* Before Linux 6.9 an entry named its file by a struct file. */
#ifdef MENU_FILE_STRUCT
#define MENU_FILENAME(menu) ((menu)->file->name)
#else
#define MENU_FILENAME(menu) ((menu)->filename)
#endif

static void print_place(const struct menu *menu)
{
	if (!menu || menu == &rootmenu)
		fputs("-", stdout);
	else
		printf("%s:%d", MENU_FILENAME(menu), menu->lineno);
}

static const char *kind_of(const struct menu *menu)
{
	if (menu->sym)
		return menu->sym->name ? menu->sym->name : "choice";
	if (!menu->prompt)
		return "if";
	return menu->prompt->type == P_COMMENT ? "comment" : "menu";
}

static void print_subtree(const struct menu *parent)
{
	for (const struct menu *menu = parent->list; menu; menu = menu->next) {
		print_place(menu);
		putchar(' ');
		print_place(menu->parent);
		printf(" %s\n", kind_of(menu));
		print_subtree(menu);
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s KCONFIG\n", argv[0]);
		return 2;
	}
	conf_parse(argv[1]);
	print_subtree(&rootmenu);
	return fflush(stdout) == 0 ? 0 : 1;
}
