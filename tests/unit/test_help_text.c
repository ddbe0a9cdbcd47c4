// SPDX-License-Identifier: GPL-2.0
/*
 * Help texts read after the parse (parser/help_text.c): a tree loaded
 * with defer_help must end up with exactly the texts, and exactly the
 * diagnostics, of a tree that read them while parsing; a file that
 * changed since the parse gives no text rather than another one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "help_text.h"
#include "menu.h"
#include "unit.h"
#include "util.h"

/* Help texts of every shape the lexer reads: indentation, blank lines,
 * tabs, CRLF, a text at the end of a file with no newline, two texts on
 * one entry, a text ended by a line in column 1. */
static const struct unit_file tricky[] = {
	{ "Kconfig",
	  "mainmenu \"Help texts\"\n"
	  "config A\n"
	  "\tbool \"a\"\n"
	  "\thelp\n"
	  "\t  First line.\n"
	  "\n"
	  "\t    indented more,\ttab inside   \n"
	  "\t  \n"
	  "\t  Last line.\n"
	  "\n"
	  "\n"
	  "config B\n"
	  "\tbool \"b\"\n"
	  "\thelp\n"
	  "\t  one\n"
	  "\thelp\n"
	  "\t  two wins\n"
	  "config C\n"
	  "\tbool\n"
	  "\thelp\r\n"
	  "\t  crlf line\r\n"
	  "\t  second\r\n"
	  "source \"sub/Kconfig\"\n"
	  "choice\n"
	  "\tprompt \"pick\"\n"
	  "\thelp\n"
	  "\t  The choice's own text.\n"
	  "config D\n"
	  "\tbool \"d\"\n"
	  "\thelp\n"
	  "          spaces, not tabs\n"
	  "\t\ta tab pair\n"
	  "endchoice\n"
	  "config E\n"
	  "\tbool \"e\"\n"
	  "\thelp\n"
	  "\n"
	  "\t  \n"
	  "config F\n"
	  "\tbool \"f\"\n"
	  "\thelp\n"
	  "  at the end, no newline" },
	{ "sub/Kconfig",
	  "config SUB\n"
	  "\ttristate \"sub\"\n"
	  "\thelp\n"
	  "\t  From the sourced file.\n"
	  "menu \"m\"\n"
	  "config SUB2\n"
	  "\tint \"n\"\n"
	  "\thelp\n"
	  "\t  Inside a menu.\n"
	  "endmenu\n" },
	{ NULL, NULL },
};

static struct kconfig *load_deferred(const struct unit_file *files)
{
	struct kconfig_options opts = unit_options();

	unit_files = files;
	opts.kconfig = files[0].name;
	opts.skip_help = true;
	opts.defer_help = true;
	return kconfig_load(&opts);
}

static void assert_same_text(const char *a, const char *b)
{
	if (!a || !b)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

/* Walk both trees together: the same entries, the same texts. */
static void assert_same_helps(struct kconfig *read, struct kconfig *deferred)
{
	const struct menu_node *x = &read->root, *y = &deferred->root;
	unsigned with_text = 0;

	for (; x && y; x = menu_next(&read->root, x), y = menu_next(&deferred->root, y)) {
		assert_int_equal(x->loc.line, y->loc.line);
		assert_same_text(x->help, y->help);
		with_text += x->help != NULL;
	}
	assert_null(x);
	assert_null(y);
	assert_int_equal(with_text, 9);
}

static void test_deferred_texts_equal_read_ones(void **state)
{
	struct kconfig *read = unit_load_files(tricky);
	struct kconfig *deferred = load_deferred(tricky);
	char *read_diags = unit_diags(read), *deferred_diags;

	(void)state;
	/* Nothing is read before it is asked. */
	for (const struct menu_node *n = &deferred->root; n;
	     n = menu_next(&deferred->root, n))
		assert_null(n->help);
	assert_int_equal(kconfig_read_helps(deferred), 0);
	assert_same_helps(read, deferred);
	/* The parse's warnings (blank text, two texts) once, not again. */
	deferred_diags = unit_diags(deferred);
	assert_string_equal(read_diags, deferred_diags);
	assert_non_null(strstr(read_diags, "more than one help text"));
	assert_non_null(strstr(read_diags, "blank help text"));
	free(read_diags);
	free(deferred_diags);
	kconfig_free(read);
	kconfig_free(deferred);
}

static void test_one_entry_asked_alone(void **state)
{
	struct kconfig *read = unit_load_files(tricky);
	struct kconfig *deferred = load_deferred(tricky);
	struct symbol *d = symbol_find(deferred, "D");
	struct symbol *a = symbol_find(deferred, "A");

	(void)state;
	assert_string_equal(kconfig_node_help(deferred, d->first_node),
			    "spaces, not tabs\n      a tab pair");
	assert_string_equal(d->first_node->help,
			    symbol_find(read, "D")->first_node->help);
	/* The others wait: only D's entry was read. */
	assert_null(a->first_node->help);
	assert_int_equal(kconfig_read_helps(deferred), 0);
	assert_non_null(strstr(a->first_node->help, "indented more"));
	kconfig_free(read);
	kconfig_free(deferred);
}

/* Nothing to read: no entry has a help text. */
static void test_tree_without_help(void **state)
{
	static const struct unit_file bare[] = {
		{ "Kconfig", "config A\n\tbool \"a\"\n" }, { NULL, NULL },
	};
	struct kconfig *kc = load_deferred(bare);

	(void)state;
	assert_int_equal(kconfig_read_helps(kc), 0);
	assert_null(symbol_find(kc, "A")->first_node->help);
	kconfig_free(kc);
}

/* A tree on disk, in a directory of its own. */
static char *write_tree(const char *text)
{
	char *dir = xstrdup("/tmp/kbrowse-help-XXXXXX");
	char *path;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/Kconfig", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(path);
	return dir;
}

static struct kconfig *load_from_disk(const char *dir)
{
	struct kconfig_options opts = { 0 };

	opts.srctree = dir;
	opts.skip_help = true;
	opts.defer_help = true;
	return kconfig_load(&opts);
}

static void remove_tree(char *dir)
{
	char *path = xasprintf("%s/Kconfig", dir);

	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

static const char disk_text[] =
	"config X\n\tbool \"x\"\n\thelp\n\t  On disk.\n";

static void test_read_from_disk(void **state)
{
	char *dir = write_tree(disk_text);
	struct kconfig *kc = load_from_disk(dir);

	(void)state;
	assert_int_equal(kconfig_read_helps(kc), 0);
	assert_string_equal(symbol_find(kc, "X")->first_node->help, "On disk.\n");
	kconfig_free(kc);
	remove_tree(dir);
}

/* Edited after the parse: no text, never another file's text. */
static void test_changed_file_gives_no_text(void **state)
{
	char *dir = write_tree(disk_text);
	struct kconfig *kc = load_from_disk(dir);
	char *again = write_tree("config X\n\tbool \"x\"\n\thelp\n\t  Edited since.\n");
	char *from = xasprintf("%s/Kconfig", again), *to = xasprintf("%s/Kconfig", dir);
	struct menu_node *x = symbol_find(kc, "X")->first_node;

	(void)state;
	assert_int_equal(rename(from, to), 0);
	assert_null(kconfig_node_help(kc, x));
	assert_int_equal(kconfig_read_helps(kc), 1);
	assert_null(x->help);
	rmdir(again);
	free(again);
	free(from);
	free(to);
	kconfig_free(kc);
	remove_tree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deferred_texts_equal_read_ones),
		cmocka_unit_test(test_one_entry_asked_alone),
		cmocka_unit_test(test_tree_without_help),
		cmocka_unit_test(test_read_from_disk),
		cmocka_unit_test(test_changed_file_gives_no_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
