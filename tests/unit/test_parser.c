// SPDX-License-Identifier: GPL-2.0
/*
 * The parser and `dump`: tables of Kconfig text -> the dump it gives
 * (which must parse again to the same dump), -> the diagnostics it gives
 * (exact file:line:column), and checks of the tree itself: node kinds,
 * locations, property order, several definitions of one symbol, source
 * chains, expression structure.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finish.h"
#include "kconfig.h"
#include "unit.h"

/* --- helpers ------------------------------------------------------------- */

/* parse, dump, parse the dump, dump again: both dumps must be equal */
static void check_fixed_point(const char *dump)
{
	struct kconfig *kc = unit_parse(dump);
	char *again = unit_dump(kc);

	if (strcmp(again, dump))
		print_message("dump of the dump differs:\n%s\n--- vs ---\n%s\n",
			      dump, again);
	assert_string_equal(again, dump);
	assert_int_equal(kc->diags.errors, 0);
	free(again);
	kconfig_free(kc);
}

struct dump_case {
	const char *input;
	const char *dump;
	const char *diags;	/* "" when none */
};

/*
 * Entries are numbered as parsed (menu_node.serial), which must be their
 * depth-first order: the kernel's menu shape and the browser index their
 * arrays by it.
 */
static void assert_serials_depth_first(const struct kconfig *kc)
{
	size_t i = 0;

	for (const struct menu_node *node = &kc->root; node;
	     node = menu_next(&kc->root, node), i++)
		assert_int_equal(node->serial, i);
	assert_int_equal(kc->nnodes, i);
}

static void run_dump_cases(const struct dump_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct dump_case *c = &cases[i];
		struct kconfig *kc = unit_parse(c->input);
		char *dump = unit_dump(kc), *diags = unit_diags(kc);

		if (strcmp(dump, c->dump) || strcmp(diags, c->diags))
			print_message("case %zu:\n%s\n--- gave ---\n%s%s\n", i,
				      c->input, dump, diags);
		assert_string_equal(dump, c->dump);
		assert_string_equal(diags, c->diags);
		check_fixed_point(dump);
		assert_serials_depth_first(kc);
		free(dump);
		free(diags);
		kconfig_free(kc);
	}
}

struct error_case {
	const char *input;
	const char *diags;
};

static void run_error_cases(const struct error_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct error_case *c = &cases[i];
		struct kconfig *kc = unit_parse(c->input);
		char *diags = unit_diags(kc);

		if (strcmp(diags, c->diags))
			print_message("case %zu:\n%s\n", i, c->input);
		assert_string_equal(diags, c->diags);
		free(diags);
		kconfig_free(kc);
	}
}

#define RUN_DUMPS(cases) \
	run_dump_cases(cases, sizeof(cases) / sizeof(cases[0]))
#define RUN_ERRORS(cases) \
	run_error_cases(cases, sizeof(cases) / sizeof(cases[0]))

/* An expression fully parenthesized, to see its structure. */
static void put_tree(const struct expr *e, FILE *out)
{
	if (!e) {
		fputs("-", out);
		return;
	}
	switch (e->op) {
	case E_SYMBOL:
		fprintf(out, (e->sym->flags & SYMBOL_CONST) &&
			     !symbol_is_tristate_const(e->sym) ? "'%s'" : "%s",
			e->sym->name);
		break;
	case E_NOT:
		fputs("!(", out);
		put_tree(e->left, out);
		fputs(")", out);
		break;
	case E_AND:
	case E_OR:
		fputs("(", out);
		put_tree(e->left, out);
		fprintf(out, " %s ", expr_op_text(e->op));
		put_tree(e->right, out);
		fputs(")", out);
		break;
	default:
		fprintf(out, "[%s %s %s]", e->lsym->name, expr_op_text(e->op),
			e->rsym->name);
		break;
	}
}

static char *tree_text(const struct expr *e)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	put_tree(e, out);
	fclose(out);
	return text;
}

static struct menu_node *nth_child(struct menu_node *parent, int n)
{
	struct menu_node *node = parent->children;

	while (node && n--)
		node = node->next;
	assert_non_null(node);
	return node;
}

/* --- constructs, through the dump ---------------------------------------- */

static void test_config_entries(void **state)
{
	static const struct dump_case cases[] = {
		{ "config FOO\n"
		  "\tbool \"Foo\" if BAR\n"
		  "\tdefault y if BAZ\n"
		  "\tdefault m\n"
		  "\tselect S if T\n"
		  "\timply I\n"
		  "\tdepends on A\n"
		  "\tdepends on B || C\n"
		  "\thelp\n"
		  "\t  Help.\n"
		  "\n"
		  "config NEXT\n"
		  "\ttristate\n",
		  "config FOO\n"
		  "\tbool \"Foo\" if BAR\n"
		  "\tdefault y if BAZ\n"
		  "\tdefault m\n"
		  "\tselect S if T\n"
		  "\timply I\n"
		  "\tdepends on A && (B || C)\n"
		  "\thelp\n"
		  "\t  Help.\n"
		  "\n"
		  "config NEXT\n"
		  "\ttristate\n", "" },
		/* prompt on its own line; int, range, def_int */
		{ "config N\n\tint\n\tprompt \"N\" if X\n\trange 1 10 if Y\n\tdefault 5\n"
		  "config M\n\tdef_int 3 if Z\n",
		  "config N\n\tint \"N\" if X\n\trange 1 10 if Y\n\tdefault 5\n\n"
		  "config M\n\tdef_int 3 if Z\n", "" },
		/* hex and string, def_hex and def_string, quoted values */
		{ "config H\n\thex\n\tdefault 0x1000\nconfig H2\n\tdef_hex 0xff\n"
		  "config S\n\tstring \"S\"\n\tdefault \"a\\\"b\"\n"
		  "config S2\n\tdef_string 'x'\n",
		  "config H\n\thex\n\tdefault 0x1000\n\n"
		  "config H2\n\tdef_hex 0xff\n\n"
		  "config S\n\tstring \"S\"\n\tdefault \"a\\\"b\"\n\n"
		  "config S2\n\tdef_string \"x\"\n", "" },
		/* def_bool and def_tristate set the type, and are dumped as written */
		{ "config B\n\tdef_bool y\nconfig T\n\tdef_tristate m if MODULES\n",
		  "config B\n\tdef_bool y\n\n"
		  "config T\n\tdef_tristate m if MODULES\n", "" },
		/* a def_bool beside a prompt: the type line carries the prompt */
		{ "config P\n\tprompt \"P\"\n\tdef_bool y\n",
		  "config P\n\tbool \"P\"\n\tdef_bool y\n", "" },
		/* menuconfig; modules */
		{ "menuconfig MC\n\tbool \"Menu config\"\nconfig MODULES\n\tbool\n\tmodules\n",
		  "menuconfig MC\n\tbool \"Menu config\"\n\n"
		  "config MODULES\n\tbool\n\tmodules\n", "" },
		/* a symbol defined twice: two entries, each with its lines */
		{ "config A\n\tbool \"A\"\nconfig A\n\tdefault y\n\tselect B\n",
		  "config A\n\tbool \"A\"\n\n"
		  "config A\n\tbool\n\tdefault y\n\tselect B\n", "" },
		/* no type: none written */
		{ "config U\n\tdepends on X\n", "config U\n\tdepends on X\n", "" },
	};

	(void)state;
	RUN_DUMPS(cases);
}

static void test_blocks(void **state)
{
	static const struct dump_case cases[] = {
		{ "mainmenu \"Title\"\n"
		  "menu \"M\"\n\tvisible if V\n\tdepends on D\n"
		  "config A\n\tbool\n"
		  "comment \"c\"\n\tdepends on A\n"
		  "endmenu\n",
		  "mainmenu \"Title\"\n\n"
		  "menu \"M\"\n\tvisible if V\n\tdepends on D\n\n"
		  "config A\n\tbool\n\n"
		  "comment \"c\"\n\tdepends on A\n\n"
		  "endmenu\n", "" },
		/* if blocks stay blocks, nested */
		{ "if A\nif B && C\nconfig X\n\tbool\nendif\nendif\n",
		  "if A\n\nif B && C\n\nconfig X\n\tbool\n\nendif\n\nendif\n", "" },
		/* choices */
		{ "choice\n\tprompt \"Pick\"\n\tdefault B\n\tdepends on D\n\thelp\n\t  H\n\n"
		  "config A\n\tbool \"A\"\n"
		  "if X\nconfig B\n\tbool \"B\"\nendif\n"
		  "comment \"inside\"\n"
		  "endchoice\n",
		  "choice\n\tprompt \"Pick\"\n\tdefault B\n\tdepends on D\n\thelp\n\t  H\n\n"
		  "config A\n\tbool \"A\"\n\n"
		  "if X\n\nconfig B\n\tbool \"B\"\n\nendif\n\n"
		  "comment \"inside\"\n\n"
		  "endchoice\n", "" },
		/* `bool "prompt"` in a choice; an old tristate choice */
		{ "choice\n\tbool \"P\"\nconfig A\n\tbool \"A\"\nendchoice\n"
		  "choice\n\ttristate \"T\"\nconfig B\n\ttristate \"B\"\nendchoice\n",
		  "choice\n\tprompt \"P\"\n\nconfig A\n\tbool \"A\"\n\nendchoice\n\n"
		  "choice\n\ttristate \"T\"\n\nconfig B\n\ttristate \"B\"\n\nendchoice\n", "" },
		/* an old named choice */
		{ "choice CH\n\tprompt \"P\"\nconfig A\n\tbool \"A\"\nendchoice\n",
		  "choice CH\n\tprompt \"P\"\n\nconfig A\n\tbool \"A\"\n\nendchoice\n", "" },
		/* empty blocks */
		{ "menu \"E\"\nendmenu\nif Y\nendif\n",
		  "menu \"E\"\n\nendmenu\n\nif Y\n\nendif\n", "" },
	};

	(void)state;
	RUN_DUMPS(cases);
}

static void test_whitespace_robust(void **state)
{
	static const struct dump_case cases[] = {
		/* arch/Kconfig's PAGE_SHIFT: tabs between default and its value */
		{ "config PAGE_SHIFT\n\tint\n"
		  "\tdefault\t12 if PAGE_SIZE_4KB\n"
		  "\tdefault\t13 if PAGE_SIZE_8KB\n"
		  "\tdefault\t14 if PAGE_SIZE_16KB\n"
		  "\tdefault\t15 if PAGE_SIZE_32KB\n"
		  "\tdefault\t16 if PAGE_SIZE_64KB\n"
		  "\tdefault\t18 if PAGE_SIZE_256KB\n",
		  "config PAGE_SHIFT\n\tint\n"
		  "\tdefault 12 if PAGE_SIZE_4KB\n"
		  "\tdefault 13 if PAGE_SIZE_8KB\n"
		  "\tdefault 14 if PAGE_SIZE_16KB\n"
		  "\tdefault 15 if PAGE_SIZE_32KB\n"
		  "\tdefault 16 if PAGE_SIZE_64KB\n"
		  "\tdefault 18 if PAGE_SIZE_256KB\n", "" },
		/* tabs and spaces everywhere else */
		{ "config\tA\t\n \tbool\t\"a\"\tif\tB\t\n\tdepends\ton\tC\t&&\tD\n"
		  "\tselect\tE\tif\tF\n\trange\t1\t2\n",
		  "config A\n\tbool \"a\" if B\n\tselect E if F\n\trange 1 2\n"
		  "\tdepends on C && D\n", "" },
		/* no blanks where none are needed */
		{ "config A\n\tdepends on (B||C)&&!D\n",
		  "config A\n\tdepends on (B || C) && !D\n", "" },
		/* missing final newline; blank lines and comments between lines */
		{ "config A\n\n\t# a comment\n\n\tbool\n\n\tdefault y # why\nconfig B\n\tbool",
		  "config A\n\tbool\n\tdefault y\n\nconfig B\n\tbool\n", "" },
		/* backslash-newline continuation */
		{ "config A\n\tbool\n\tdepends on B && \\\n\t\tC\n",
		  "config A\n\tbool\n\tdepends on B && C\n", "" },
		/* CRLF line ends */
		{ "config A\r\n\tbool \"A\"\r\n\thelp\r\n\t  Text\r\n\r\nconfig B\r\n\tbool\r\n",
		  "config A\n\tbool \"A\"\n\thelp\n\t  Text\n\n"
		  "config B\n\tbool\n",
		  "Kconfig:1:9: warning: carriage return in line end (DOS line ends?) ignored\n" },
		/* form feed and a byte-order mark */
		{ "\xef\xbb\xbf" "config A\n\f\tbool\n",
		  "config A\n\tbool\n",
		  "Kconfig:1:1: warning: ignoring UTF-8 byte order mark\n"
		  "Kconfig:2:1: warning: form feed or vertical tab taken as a blank\n" },
	};

	(void)state;
	RUN_DUMPS(cases);
}

/*
 * Operands of an expression: a plain word (parsed inline in expr()), a
 * string, a soft keyword used as a symbol name, a comparison of each,
 * '!' and parentheses, and the errors of a comparison without a right
 * side or an operand that is no symbol.
 */
static void test_expression_operands(void **state)
{
	static const struct dump_case cases[] = {
		{ "config A\n\tbool\n\tdepends on B && C = D || !E && F != \"x\"\n"
		  "\tdefault G < 3 if H >= I && \"s\" && option\n"
		  "\tdepends on (J <= K) && !(L > M) && !!N && def_int\n",
		  "config A\n\tbool\n\tdefault G < 3 if H >= I && \"s\" && option\n"
		  "\tdepends on (B && C = D || !E && F != \"x\") && (J <= K && "
		  "!(L > M) && !!N && def_int)\n", "" },
		{ "config A\n\tbool\n\tdepends on B =\nconfig C\n\tbool\n",
		  "config A\n\tbool\n\nconfig C\n\tbool\n",
		  "Kconfig:3:16: error: expected a symbol after '=', found end of line\n" },
		{ "config A\n\tbool\n\tdepends on B && &&\n",
		  "config A\n\tbool\n",
		  "Kconfig:3:18: error: expected an expression, found '&&'\n" },
		{ "config A\n\tbool\n\tdefault \"y\" = y if (B\n",
		  "config A\n\tbool\n",
		  "Kconfig:3:23: error: expected ')' to close the '(' at column 21, found end of line\n" },
	};

	(void)state;
	RUN_DUMPS(cases);
}

static void test_help_text(void **state)
{
	static const struct dump_case cases[] = {
		/* help text reads back identical: its trailing newlines are kept */
		{ "config A\n\tbool\n\thelp\n\t  one\n\t    two\n\n\t  three\n\n\n"
		  "config B\n\tbool\n",
		  "config A\n\tbool\n\thelp\n\t  one\n\t    two\n\n\t  three\n\n\n"
		  "config B\n\tbool\n", "" },
		/* text not ended by a newline: the next entry follows at once */
		{ "config A\n\tbool\n\thelp\n\t  one\nconfig B\n\tbool\n",
		  "config A\n\tbool\n\thelp\n\t  one\nconfig B\n\tbool\n", "" },
		/* help as the last thing: a comment line ends it */
		{ "config A\n\tbool\n\thelp\n\t  one",
		  "config A\n\tbool\n\thelp\n\t  one\n# end of the dump\n", "" },
		/* leading blank lines, old ---help--- */
		{ "config A\n\tbool\n\t---help---\n\n\t  x\n\nconfig B\n\tbool\n",
		  "config A\n\tbool\n\thelp\n\n\t  x\n\nconfig B\n\tbool\n", "" },
		/* help of a choice */
		{ "choice\n\tprompt \"c\"\n\thelp\n\t  ch\n\nconfig A\n\tbool \"a\"\nendchoice\n",
		  "choice\n\tprompt \"c\"\n\thelp\n\t  ch\n\nconfig A\n\tbool \"a\"\n\nendchoice\n", "" },
	};

	(void)state;
	RUN_DUMPS(cases);
}

/*
 * A help text passed over (opts.skip_help, lexer_skip_help()) must end
 * where the text read ends: every entry after it at the same line, the
 * same warnings (a blank text, what a less indented line gives).
 */
static char *entries_and_diags(const char *text, bool skip_help)
{
	struct kconfig_options opts = unit_options();
	struct kconfig *kc;
	struct menu_node *node;
	char *out = NULL, *diags;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	opts.skip_help = skip_help;
	kc = kconfig_new(&opts);
	kconfig_parse_text(kc, "Kconfig", text, strlen(text));
	for (node = kc->root.children; node; node = menu_next(&kc->root, node))
		fprintf(f, "%s:%d:%d\n", node->sym && node->sym->name ?
			node->sym->name : "-", node->loc.line, node->loc.column);
	diags = unit_diags(kc);
	fputs(diags, f);
	fclose(f);
	free(diags);
	kconfig_free(kc);
	return out;
}

static void test_help_skipped(void **state)
{
	static const char *const texts[] = {
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n\nconfig B\n\tbool\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\nconfig B\n\tbool\n",
		"config A\n\tbool\n\thelp\n\t  one\n\n\t    two\n\t  three\nendmenu\n",
		"config A\n\tbool\n\thelp\n\nconfig B\n\tbool\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n\t two\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n\tdepends on B\n",
		"config A\r\n\tbool\r\n\thelp\r\n\t  one\r\n\t  two\r\nconfig B\r\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\r\n\t  three\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n",
		"config A\n\tbool\n\thelp\n\t  one\n   \nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n\rconfig B\n",
		"config A\n\tbool\n\thelp\n        one\n\t two\n\ttwo\n  x\nconfig B\n",
		"config A\n\tbool\n\thelp\none\n\t  two\n\t  three\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t\t  two\n\nif B\nendif\n",
		/* many lines passed over at once, then each way out of them */
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n\n\n\t  three\n"
		"\t    four\n\n\t  five\n\nconfig B\n\tbool\n\nconfig C\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n\t  three\n\r\n"
		"\t  four\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n\t  three\n\t  four",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n\t  three\n  four\n"
		" config B\n",
		/*
		 * lines compared with the first one's indentation bytes:
		 * the same columns written otherwise, more blanks after
		 * them, a blank line of them only, a carriage return or a
		 * line end right after them, fewer bytes left than a word
		 */
		"config A\n\tbool\n\thelp\n        one\n\ttwo\n\t \tthree\n"
		"\t\tfour\n       five\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  \n\t   \n\t  two\n"
		"\t   \t three\n \t  four\n\t five\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  \r\n\t  two\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t   \r\n\t  two\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  one\n\t  two\n\t  x",
		"config A\n\tbool\n\thelp\n\t  one\n\t  ",
		"config A\n\tbool\n\thelp\n\t  on",
		"config A\n\tbool\n\thelp\n  one\n  two\n \tthree\n four\n",
		/* nine bytes of indentation (no word), a first line of blanks */
		"config A\n\tbool\n\thelp\n\t\t\t\t\t\t\t\t\tone\n\t\t\t\t\t\t\t\t\ttwo\n"
		"\t\t\t\t\t\t\t\tthree\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  \n\t  one\n\t two\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t  \f\n\t  one\n\t two\nconfig B\n",
		"config A\n\tbool\n\thelp\n\t\t\n\t  \n\nconfig B\n",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		char *read = entries_and_diags(texts[i], false);
		char *skipped = entries_and_diags(texts[i], true);

		if (strcmp(read, skipped))
			print_message("case %zu:\n%s\n", i, texts[i]);
		assert_string_equal(skipped, read);
		free(read);
		free(skipped);
	}
}

static void test_macros_and_old_syntax(void **state)
{
	struct kconfig *kc;
	struct property *prop;
	static const struct dump_case cases[] = {
		/* assignments disappear, references are expanded */
		{ "FOO := bar\nNAME = X\nNAME += Y\nconfig $(FOO)_Z\n\tbool \"$(NAME)\"\n"
		  "\tdefault $(FOO)\n",
		  "config bar_Z\n\tbool \"X Y\"\n\tdefault bar\n", "" },
		/* a $ in a string is escaped in the dump */
		{ "E :=\nconfig A\n\tstring \"cost \\$(E) $5\"\n",
		  "config A\n\tstring \"cost \\$(E) \\$5\"\n", "" },
		/* older kernels */
		{ "config ARCH\n\tstring\n\toption env=\"KB_TEST_ARCH\"\n"
		  "config DEFCONFIG_LIST\n\tstring\n\toption defconfig_list\n"
		  "config MODULES\n\tboolean\n\toption modules\n"
		  "config Y\n\tbool\n\toption allnoconfig_y\n",
		  "config ARCH\n\tstring\n\toption env=\"KB_TEST_ARCH\"\n\n"
		  "config DEFCONFIG_LIST\n\tstring\n\toption defconfig_list\n\n"
		  "config MODULES\n\tbool\n\tmodules\n\n"
		  "config Y\n\tbool\n\toption allnoconfig_y\n", "" },
		{ "config A\n\tbool\n\toption no_such_option\n",
		  "config A\n\tbool\n",
		  "Kconfig:3:9: warning: ignoring unknown option \"no_such_option\"\n" },
		{ "choice\n\tprompt \"c\"\n\toptional\nconfig A\n\tbool \"a\"\nendchoice\n",
		  "choice\n\tprompt \"c\"\n\nconfig A\n\tbool \"a\"\n\nendchoice\n",
		  "Kconfig:3:2: warning: 'optional' choices are no longer supported; ignored\n" },
		/* soft keywords are names elsewhere */
		{ "config option\n\tbool\n\tdepends on optional || osource\n",
		  "config option\n\tbool\n\tdepends on optional || osource\n", "" },
	};

	(void)state;
	setenv("KB_TEST_ARCH", "toy", 1);
	RUN_DUMPS(cases);

	/* `option env` gives the symbol the variable's value as a default */
	kc = unit_parse("config A\n\tstring\n\toption env=\"KB_TEST_ARCH\"\n");
	prop = kc->root.children->sym->props;
	assert_int_equal(prop->type, P_DEFAULT);
	assert_string_equal(prop->expr->sym->name, "toy");
	assert_true(prop->expr->sym->flags & SYMBOL_CONST);
	assert_int_equal(prop->loc.line, 3);
	assert_int_equal(prop->loc.column, 0);
	kconfig_free(kc);
	unsetenv("KB_TEST_ARCH");
	kc = unit_parse("config A\n\tstring\n\toption env=\"KB_TEST_ARCH\"\n");
	assert_text(unit_diags(kc),
		    "Kconfig:3:2: warning: environment variable KB_TEST_ARCH undefined\n");
	kconfig_free(kc);
}

/* --- the tree itself ----------------------------------------------------- */

static void test_expression_structure(void **state)
{
	static const struct { const char *expr, *tree; } cases[] = {
		{ "A", "A" },
		{ "A || B || C", "((A || B) || C)" },
		{ "A && B || C && D", "((A && B) || (C && D))" },
		{ "A || B && C", "(A || (B && C))" },
		{ "!A && B", "(!(A) && B)" },
		{ "!A = B", "!([A = B])" },
		{ "!!A", "!(!(A))" },
		{ "!(A || B)", "!((A || B))" },
		{ "A = B && C != D", "([A = B] && [C != D])" },
		{ "A < B || A <= B || A > B || A >= B",
		  "((([A < B] || [A <= B]) || [A > B]) || [A >= B])" },
		{ "\"x\"", "'x'" },
		{ "y && m && n", "((y && m) && n)" },
		{ "((A))", "A" },
		{ "(A || B) && C", "((A || B) && C)" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[200];
		struct kconfig *kc;
		struct menu_node *node;

		snprintf(text, sizeof(text), "config X\n\tdepends on %s\n",
			 cases[i].expr);
		kc = unit_parse(text);
		assert_int_equal(kc->diags.errors, 0);
		node = nth_child(&kc->root, 0);
		assert_text(tree_text(node->depends), cases[i].tree);
		kconfig_free(kc);
	}
}

/*
 * `m` in a condition becomes `m && MODULES` (finish.c's rewrite_mod()),
 * found through expr.mentions_mod: conditions that hold m anywhere are
 * rewritten, the rest (and a comparison with m, and a default's value)
 * are kept as the very same nodes.
 */
static void test_mod_rewrite(void **state)
{
	struct kconfig *kc = unit_parse("config MODULES\n\tbool\n\tmodules\n"
					"config A\n\ttristate\n"
					"config X\n\ttristate\n"
					"\tdepends on A || !m\n"
					"\tdefault m if A && m\n"
					"\tdefault A if A\n"
					"\timply B if m = A\n"
					"config B\n\ttristate\n");
	struct menu_node *node;
	struct property *prop, *defaults[2] = { NULL, NULL }, *imply = NULL;
	int ndefaults = 0;

	(void)state;
	kconfig_finish(kc);
	assert_int_equal(kc->diags.errors, 0);
	node = nth_child(&kc->root, 2);
	assert_true(node->depends->mentions_mod);
	assert_false(node->depends->left->mentions_mod);
	assert_true(node->depends->right->mentions_mod);
	assert_text(tree_text(node->dep), "(A || !((m && MODULES)))");
	/* A alone is shared, not copied */
	assert_ptr_equal(node->dep->left, node->depends->left);
	for (prop = node->sym->props; prop; prop = prop->next) {
		if (prop->type == P_DEFAULT && ndefaults < 2)
			defaults[ndefaults++] = prop;
		else if (prop->type == P_IMPLY)
			imply = prop;
	}
	assert_int_equal(ndefaults, 2);
	assert_non_null(imply);
	assert_text(tree_text(defaults[0]->visible),
		    "((A || !((m && MODULES))) && (A && (m && MODULES)))");
	/* the value m is a value: kept */
	assert_text(tree_text(defaults[0]->expr), "m");
	assert_false(defaults[1]->cond->mentions_mod);
	assert_ptr_equal(defaults[1]->visible->right, defaults[1]->cond);
	/* a comparison with m compares with the constant: kept */
	assert_false(imply->cond->mentions_mod);
	assert_ptr_equal(imply->visible->right, imply->cond);
	kconfig_free(kc);
}

/*
 * What kconfig_finish() keeps for the tree's users: every choice entry
 * in menu order (kconfig.choice_nodes: nested in menus and ifs too), and
 * one rev_dep/implied term per entry and condition, shared by the
 * selects and implies without their own `if`.
 */
static void test_finish_lists_and_shares(void **state)
{
	struct kconfig *kc = unit_parse(
		"config X\n\tbool \"x\"\n"
		"choice\n\tprompt \"one\"\nconfig A\n\tbool \"a\"\nendchoice\n"
		"menu \"m\"\nif X\n"
		"choice\n\tprompt \"two\"\nconfig B\n\tbool \"b\"\nendchoice\n"
		"endif\nendmenu\n"
		"config S\n\tbool \"s\"\n\tdepends on X\n"
		"\tselect T1\n\tselect T2\n\timply T3\n\tselect T4 if X\n"
		"choice\n\tprompt \"three\"\nconfig C\n\tbool \"c\"\nendchoice\n"
		"config T1\n\tbool\nconfig T2\n\tbool\n"
		"config T3\n\tbool\nconfig T4\n\tbool\n");
	const char *first_member[] = { "A", "B", "C" };
	struct expr *term;

	(void)state;
	kconfig_finish(kc);
	assert_int_equal(kc->diags.errors, 0);
	assert_int_equal(kc->nchoice_nodes, 3);
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(kc->choice_nodes[i]->kind, MENU_CHOICE);
		assert_string_equal(kc->choice_nodes[i]->children->sym->name,
				    first_member[i]);
	}
	term = symbol_find(kc, "T1")->rev_dep;
	assert_text(tree_text(term), "(S && X)");
	assert_ptr_equal(symbol_find(kc, "T2")->rev_dep, term);
	assert_ptr_equal(symbol_find(kc, "T3")->implied, term);
	/* Its own `if`: a term of its own, on the same symbol node. */
	assert_ptr_not_equal(symbol_find(kc, "T4")->rev_dep, term);
	assert_ptr_equal(symbol_find(kc, "T4")->rev_dep->left, term->left);
	kconfig_free(kc);
}

/*
 * kconfig_finish()'s warnings come in the order of the kernel's checks:
 * each symbol at the first of its entries in a walk that ends an entry
 * after its children (a choice's members before the choice), every
 * warning before the loop check's errors.  finish_children() makes the
 * checks during its own walk: this fails if that changes their order.
 */
static void test_finish_warning_order(void **state)
{
	struct kconfig *kc = unit_parse(
		"menu \"outer\"\n"
		"config R\n\tint \"r\"\n\trange 0 Q\n"
		"menuconfig M\n\tbool \"m\"\n\trange 1 2\n"
		"config C1\n\tint \"c1\"\n\tdepends on M\n\tdefault FOO_BAR\n"
		"config U\n\tprompt \"u\"\n\tdepends on M\n"
		"endmenu\n"
		"choice\n\tprompt \"ch\"\n\tdefault OUTSIDE\n"
		"config CA\n\tbool \"ca\"\n\tselect R\n"
		"endchoice\n"
		"config U\n\tprompt \"u again\"\n"
		"config OUTSIDE\n\tbool \"outside\"\n\tdefault \"x\" if M\n"
		"config STR\n\tstring \"s\"\n\tdefault M || R\n\timply CA\n");
	char *diags;

	(void)state;
	kconfig_finish(kc);
	diags = unit_diags(kc);
	assert_string_equal(diags,
		"Kconfig:4:2: warning: range is invalid\n"
		"Kconfig:7:2: warning: range is only allowed for int or hex symbols\n"
		"Kconfig:7:2: warning: range is invalid\n"
		"Kconfig:11:2: warning: 'C1': number is invalid\n"
		"Kconfig:12:1: warning: config symbol 'U' defined without type\n"
		"Kconfig:21:2: warning: 'R' has wrong type. 'select' only accept arguments of bool and tristate type\n"
		"Kconfig:18:2: warning: choice default symbol 'OUTSIDE' is not contained in the choice\n"
		"Kconfig:30:2: warning: default for config symbol 'STR' must be a single symbol\n"
		"Kconfig:31:2: warning: config symbol 'STR' uses imply, but is not bool or tristate\n"
		"Kconfig:2:1: error: recursive dependency detected for symbol R (see Documentation/kbuild/kconfig-language.rst, \"Kconfig recursive dependency limitations\")\n"
		"Kconfig:21:2: note: symbol R is selected by CA\n"
		"Kconfig:16:1: note: symbol CA is part of this choice\n"
		"Kconfig:19:1: note: choice <choice> contains symbol CA\n"
		"Kconfig:31:2: note: symbol CA is implied by STR\n"
		"Kconfig:30:2: note: symbol STR default value contains R\n");
	free(diags);
	kconfig_free(kc);
}

/*
 * Since 6.11's rules the choices are found during finish_children()'s
 * walk, after the checks of the entries before them: a check that read
 * what a later choice sets (here the type of `10`, a range's bound,
 * which its choice makes bool) is made again, so the tree reports what
 * a check after every choice reports.  Fails if the early check's
 * answer (a number: no warning) is kept.
 */
static void test_finish_checks_after_choices(void **state)
{
	struct kconfig *kc = unit_parse(
		"config A\n\tint \"a\"\n\trange 1 10\n"
		"config B\n\tint \"b\"\n\trange 1 20\n\tselect C\n"
		"choice\n\tprompt \"c\"\nconfig 10\n\tprompt \"ten\"\nendchoice\n"
		"config C\n\tstring \"c\"\n");
	char *diags;

	(void)state;
	kconfig_finish(kc);
	diags = unit_diags(kc);
	assert_string_equal(diags,
		"Kconfig:3:2: warning: range is invalid\n"
		"Kconfig:7:2: warning: config symbol 'B' uses select, but is not bool or tristate\n");
	free(diags);
	kconfig_free(kc);
}

/*
 * Symbol lookups compare names without memcmp() (symbol.c): names of
 * every length up to 24 that differ in one byte anywhere are distinct
 * symbols, and each name finds its own symbol again.
 */
static void test_symbol_names(void **state)
{
	struct kconfig *kc = unit_parse("");
	struct symbol *first[25][25];
	char name[32], token[40];

	(void)state;
	for (size_t len = 1; len <= 24; len++) {
		for (size_t at = 0; at <= len; at++) {
			memset(name, 'A', len);
			name[len] = '\0';
			if (at < len)
				name[at] = 'B';
			first[len][at] = symbol_get(kc, name, false);
			assert_string_equal(first[len][at]->name, name);
			for (size_t other = 0; other < at; other++)
				assert_ptr_not_equal(first[len][at],
						     first[len][other]);
		}
	}
	for (size_t len = 1; len <= 24; len++) {
		for (size_t at = 0; at <= len; at++) {
			memset(name, 'A', len);
			name[len] = '\0';
			if (at < len)
				name[at] = 'B';
			/* the name inside a longer text, as the lexer hands it */
			snprintf(token, sizeof(token), "%s_X", name);
			assert_ptr_equal(symbol_get_n(kc, token, len, false),
					 first[len][at]);
			assert_ptr_equal(symbol_find(kc, name), first[len][at]);
		}
	}
	kconfig_free(kc);
}

/*
 * Two names of len bytes whose table hashes are equal (the lookup then
 * compares their bytes): found by trying "S000...", "S000..1", ...
 */
static void colliding_names(size_t len, char *a, char *b)
{
	enum { SLOTS = 1 << 20 };
	unsigned *seen = calloc(SLOTS, sizeof(*seen));	/* 1 + number tried */
	unsigned hash;

	assert_non_null(seen);
	for (unsigned n = 0; n < SLOTS / 2; n++) {
		size_t slot;

		snprintf(a, len + 1, "S%0*u", (int)len - 1, n);
		hash = (unsigned)hash_bytes(a, len);
		for (slot = hash & (SLOTS - 1); seen[slot];
		     slot = (slot + 1) & (SLOTS - 1)) {
			snprintf(b, len + 1, "S%0*u", (int)len - 1,
				 seen[slot] - 1);
			if ((unsigned)hash_bytes(b, len) == hash) {
				free(seen);
				return;
			}
		}
		seen[slot] = n + 1;
	}
	free(seen);
	fail_msg("no names of %zu bytes with one hash", len);
}

/* Names of one hash are told apart by their bytes (short and long). */
static void test_symbol_name_collisions(void **state)
{
	static const size_t lens[] = { 7, 12, 24 };

	(void)state;
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		struct kconfig *kc = unit_parse("");
		char a[32], b[32];
		struct symbol *sa, *sb;

		colliding_names(lens[i], a, b);
		assert_string_not_equal(a, b);
		sa = symbol_get(kc, a, false);
		sb = symbol_get(kc, b, false);
		assert_ptr_not_equal(sa, sb);
		assert_string_equal(sb->name, b);
		assert_ptr_equal(symbol_get(kc, a, false), sa);
		assert_ptr_equal(symbol_get(kc, b, false), sb);
		assert_ptr_equal(symbol_find(kc, a), sa);
		assert_ptr_equal(symbol_find(kc, b), sb);
		kconfig_free(kc);
	}
}

static void test_literals(void **state)
{
	struct kconfig *kc = unit_parse("config X\n\tint\n\tdefault 12 if Y = \"12\"\n"
					"\tdefault 13 if Y = \"1\\2\"\n"
					"\tdepends on y && m != n\n");
	struct property *prop;
	struct expr *e;

	(void)state;
	prop = kc->root.children->sym->props;
	/* a word literal is a (non-constant) symbol, a quoted one a constant */
	assert_int_equal(prop->expr->op, E_SYMBOL);
	assert_ptr_equal(prop->expr->sym, symbol_get(kc, "12", false));
	assert_int_equal(prop->expr->sym->flags & SYMBOL_CONST, 0);
	assert_ptr_equal(prop->cond->rsym, symbol_get(kc, "12", true));
	assert_true(prop->cond->rsym->flags & SYMBOL_CONST);
	assert_ptr_not_equal(prop->cond->rsym, prop->expr->sym);
	/*
	 * "12" is read in place (not NUL-terminated), "1\2" resolved in a
	 * copy: both name the same constant, of exactly two bytes.
	 */
	assert_ptr_equal(prop->next->cond->rsym, prop->cond->rsym);
	assert_int_equal(prop->cond->rsym->name_len, 2);
	/* y, m and n are the constants */
	e = kc->root.children->depends;
	assert_ptr_equal(e->left->sym, kc->sym_yes);
	assert_ptr_equal(e->right->lsym, kc->sym_mod);
	assert_ptr_equal(e->right->rsym, kc->sym_no);
	kconfig_free(kc);
}

static void test_tree_and_locations(void **state)
{
	struct kconfig *kc = unit_parse(
		"mainmenu \"T\"\n"			/* 1 */
		"menu \"M\"\n"				/* 2 */
		"\tdepends on D\n"			/* 3 */
		"config A\n"				/* 4 */
		"\tbool \"A\"\n"			/* 5 */
		"\t  default y\n"			/* 6 */
		"\thelp\n"				/* 7 */
		"\t  Help\n"				/* 8 */
		"endmenu\n"				/* 9 */
		"if B\n"				/* 10 */
		"  config A\n"				/* 11 */
		"\tselect C if E\n"			/* 12 */
		"endif\n"				/* 13 */
		"comment \"c\"\n");			/* 14 */
	struct menu_node *menu, *a1, *iff, *a2, *comment;
	struct symbol *a;
	struct property *prop;

	(void)state;
	assert_int_equal(kc->diags.errors, 0);
	assert_string_equal(kc->root.prompt->text, "T");
	menu = nth_child(&kc->root, 0);
	iff = nth_child(&kc->root, 1);
	comment = nth_child(&kc->root, 2);
	assert_null(comment->next);
	assert_int_equal(menu->kind, MENU_MENU);
	assert_int_equal(menu->loc.line, 2);
	assert_int_equal(menu->end_loc.line, 9);
	assert_string_equal(menu->loc.file->name, "Kconfig");
	assert_int_equal(menu->prompt->type, P_MENU);
	assert_ptr_equal(menu->prompt->node, menu);
	assert_null(menu->prompt->sym);
	a1 = nth_child(menu, 0);
	assert_ptr_equal(a1->parent, menu);
	assert_int_equal(a1->kind, MENU_CONFIG);
	assert_int_equal(iff->kind, MENU_IF);
	assert_int_equal(iff->loc.line, 10);
	assert_int_equal(iff->end_loc.line, 13);
	assert_string_equal(iff->depends->sym->name, "B");
	a2 = nth_child(iff, 0);
	assert_int_equal(a2->loc.line, 11);
	assert_int_equal(a2->loc.column, 3);
	assert_int_equal(comment->kind, MENU_COMMENT);
	assert_int_equal(comment->prompt->type, P_COMMENT);

	/* two definitions: first_node, next_def; props in order, each with its node */
	a = a1->sym;
	assert_ptr_equal(a2->sym, a);
	assert_ptr_equal(a->first_node, a1);
	assert_ptr_equal(a1->next_def, a2);
	assert_null(a2->next_def);
	assert_true(a->flags & SYMBOL_DEFINED);
	assert_int_equal(a->type, S_BOOLEAN);
	prop = a->props;
	assert_int_equal(prop->type, P_PROMPT);
	assert_ptr_equal(prop, a1->prompt);
	assert_int_equal(prop->loc.line, 5);
	assert_int_equal(prop->loc.column, 2);
	prop = prop->next;
	assert_int_equal(prop->type, P_DEFAULT);
	assert_int_equal(prop->loc.line, 6);
	assert_int_equal(prop->loc.column, 4);
	assert_ptr_equal(prop->node, a1);
	assert_ptr_equal(prop->sym, a);
	prop = prop->next;
	assert_int_equal(prop->type, P_SELECT);
	assert_ptr_equal(prop->node, a2);
	assert_string_equal(prop->target->name, "C");
	assert_string_equal(prop->cond->sym->name, "E");
	assert_null(prop->next);
	/* the newline before `endmenu` in column 1 is not part of it */
	assert_string_equal(a1->help, "Help");
	assert_int_equal(a1->help_loc.line, 7);
	assert_null(a2->help);
	kconfig_free(kc);
}

static void test_source(void **state)
{
	static const struct unit_file files[] = {
		{ "Kconfig",
		  "menu \"M\"\n"
		  "source \"sub/Kconfig\"\n"
		  "endmenu\n"
		  "osource \"missing/Kconfig\"\n"
		  "config TOP\n\tbool\n" },
		{ "sub/Kconfig",
		  "config SUB\n\tbool\n"
		  "rsource \"inner/Kconfig\"\n"
		  "orsource \"nothing\"\n" },
		{ "sub/inner/Kconfig", "\nconfig INNER\n\tbool\n" },
		{ NULL, NULL },
	};
	struct kconfig *kc = unit_parse_files(files);
	struct menu_node *menu, *sub, *inner, *top;

	(void)state;
	assert_text(unit_diags(kc), "");
	menu = nth_child(&kc->root, 0);
	sub = nth_child(menu, 0);
	inner = nth_child(menu, 1);
	top = nth_child(&kc->root, 1);
	assert_string_equal(sub->sym->name, "SUB");
	assert_string_equal(sub->loc.file->name, "sub/Kconfig");
	assert_string_equal(sub->loc.file->parent->name, "Kconfig");
	assert_int_equal(sub->loc.file->parent_line, 2);
	assert_string_equal(inner->sym->name, "INNER");
	assert_string_equal(inner->loc.file->name, "sub/inner/Kconfig");
	assert_int_equal(inner->loc.line, 2);
	assert_int_equal(inner->loc.file->parent_line, 3);
	assert_ptr_equal(inner->loc.file->parent, sub->loc.file);
	assert_null(inner->loc.file->parent->parent->parent);
	assert_string_equal(top->sym->name, "TOP");
	assert_string_equal(kc->top_file->name, "Kconfig");
	assert_int_equal(kc->nfiles, 3);
	/* the files read, in the order they were opened */
	assert_int_equal(kc->nfiles_read, 3);
	assert_string_equal(kc->files_read[0]->name, "Kconfig");
	assert_string_equal(kc->files_read[1]->name, "sub/Kconfig");
	assert_string_equal(kc->files_read[2]->name, "sub/inner/Kconfig");
	assert_text(unit_dump(kc),
		    "menu \"M\"\n\nconfig SUB\n\tbool\n\nconfig INNER\n\tbool\n\n"
		    "endmenu\n\nconfig TOP\n\tbool\n");
	assert_serials_depth_first(kc);
	assert_int_equal(kc->nnodes, 5);
	kconfig_free(kc);
	unit_files = NULL;
}

/* A file sourced twice is read twice, and listed once. */
static void test_files_read(void **state)
{
	static const struct unit_file files[] = {
		{ "Kconfig", "source \"a\"\nsource \"b\"\nsource \"a\"\n" },
		{ "a", "config A\n\tbool\n" },
		{ "b", "source \"a\"\nosource \"none\"\n" },
		{ NULL, NULL },
	};
	struct kconfig_options opts = unit_options();
	struct kconfig *kc;

	(void)state;
	/* read twice: allowed until Linux 7.0 (repeated_include_error) */
	opts.dialect = dialect_find("linux-6.11");
	unit_files = files;
	kc = kconfig_new(&opts);
	kconfig_parse_file(kc, files[0].name);
	assert_int_equal(kc->diags.errors, 0);
	assert_int_equal(kc->nfiles, 5);
	assert_int_equal(kc->nfiles_read, 3);
	assert_string_equal(kc->files_read[0]->name, "Kconfig");
	assert_string_equal(kc->files_read[1]->name, "a");
	assert_string_equal(kc->files_read[2]->name, "b");
	/* A has three definitions, one from each time "a" was read */
	assert_non_null(kc->root.children->sym->first_node->next_def->next_def);
	kconfig_free(kc);
	unit_files = NULL;
}

static void test_source_errors(void **state)
{
	static const struct {
		struct unit_file files[4];
		const char *diags;
	} cases[] = {
		{ { { "Kconfig", "source \"nope/Kconfig\"\nconfig A\n\tbool\n" } },
		  "Kconfig:1:1: error: can't open file \"nope/Kconfig\": No such file or directory\n" },
		{ { { "Kconfig", "source \"a\"\n" },
		    { "a", "\n\nsource \"b\"\n" },
		    { "b", "source \"a\"\n" } },
		  "b:1:1: error: recursive inclusion of \"a\"\n"
		  "a:3: note: \"b\" is sourced from here\n"
		  "Kconfig:1: note: \"a\" is sourced from here\n" },
		{ { { "Kconfig", "source \"Kconfig\"\n" } },
		  "Kconfig:1:1: error: recursive inclusion of \"Kconfig\"\n" },
		/* blocks do not cross files */
		{ { { "Kconfig", "menu \"M\"\nsource \"a\"\n" },
		    { "a", "config A\n\tbool\nendmenu\n" } },
		  "a:3:1: error: 'endmenu' in different file than 'menu' (the 'menu' is at Kconfig:1)\n"
		  "Kconfig:1:1: error: missing 'endmenu' for this 'menu'\n" },
		{ { { "Kconfig", "source \"a\"\nendif\n" },
		    { "a", "if X\nconfig A\n\tbool\n" } },
		  "a:1:1: error: missing 'endif' for this 'if'\n"
		  "Kconfig:2:1: error: 'endif' without matching 'if'\n" },
		{ { { "Kconfig", "source\n" } },
		  "Kconfig:1:7: error: expected a quoted file name after 'source', found end of line\n" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct kconfig *kc = unit_parse_files(cases[i].files);
		char *diags = unit_diags(kc);

		if (strcmp(diags, cases[i].diags))
			print_message("case %zu\n", i);
		assert_string_equal(diags, cases[i].diags);
		free(diags);
		kconfig_free(kc);
	}
	unit_files = NULL;
}

/* --- errors -------------------------------------------------------------- */

static void test_syntax_errors(void **state)
{
	static const struct error_case cases[] = {
		{ "config\n\tbool\n",
		  "Kconfig:1:7: error: expected a symbol name after 'config', found end of line\n" },
		{ "config \"A\"\n\tbool\n\tdefault y\nconfig B\n\tbool\n",
		  "Kconfig:1:8: error: expected a symbol name after 'config', found string \"A\"\n" },
		{ "config A B\n\tbool\n",
		  "Kconfig:1:10: error: unexpected 'B' after the symbol name\n" },
		/* conf warns and carries on: so does kbrowse. */
		{ "config y\n\tbool\n",
		  "Kconfig:1:8: warning: 'y' is a constant: this 'config' entry is ignored\n" },
		{ "foo bar\n", "Kconfig:1:1: error: unknown statement \"foo\"\n" },
		{ "foo\nconfig A\n\tbool\n", "Kconfig:1:1: error: unknown statement \"foo\"\n" },
		{ "( A\n", "Kconfig:1:1: error: invalid statement: unexpected '('\n" },
		{ "\"s\"\n", "Kconfig:1:1: error: invalid statement: unexpected string \"s\"\n" },
		{ "default y\n",
		  "Kconfig:1:1: error: 'default' outside of any config entry\n" },
		{ "menu \"M\"\nendmenu\n  help\n    text\nconfig A\n\tbool\n",
		  "Kconfig:3:3: error: 'help' outside of any config entry\n" },
		{ "menu \"M\"\n\tselect A\n\tdepends on B\nendmenu\n",
		  "Kconfig:2:2: error: 'select' is not valid in a menu\n" },
		{ "config A\n\tbool\n\tvisible if B\n",
		  "Kconfig:3:2: error: 'visible' is not valid in a config entry\n" },
		{ "comment \"c\"\n\thelp\n\t  text\n\tdefault y\n",
		  "Kconfig:2:2: error: 'help' is not valid in a comment\n"
		  "Kconfig:4:2: error: 'default' is not valid in a comment\n" },
		{ "choice\n\tprompt \"c\"\n\tselect A\nendchoice\n",
		  "Kconfig:3:2: error: 'select' is not valid in a choice\n" },
		{ "config A\n\tbool\n\tdepends A\n",
		  "Kconfig:3:10: error: expected 'on' after 'depends', found 'A'\n" },
		{ "config A\n\tbool\n\tdepends on\n",
		  "Kconfig:3:12: error: expected an expression, found end of line\n" },
		{ "config A\n\tbool\n\tdepends on A &&\n",
		  "Kconfig:3:17: error: expected an expression, found end of line\n" },
		{ "config A\n\tbool\n\tdepends on (A || B\n",
		  "Kconfig:3:20: error: expected ')' to close the '(' at column 13, found end of line\n" },
		{ "config A\n\tbool\n\tdepends on A B\n",
		  "Kconfig:3:15: error: unexpected 'B' after the dependency\n" },
		{ "config A\n\tbool\n\tdefault B =\n",
		  "Kconfig:3:13: error: expected a symbol after '=', found end of line\n" },
		{ "config A\n\tbool\n\tdefault y if\n",
		  "Kconfig:3:14: error: expected an expression, found end of line\n" },
		{ "config A\n\tbool\n\tdefault y z\n",
		  "Kconfig:3:12: error: unexpected 'z' in the default value\n" },
		{ "config A\n\tbool\n\tdefault ) \n",
		  "Kconfig:3:10: error: expected an expression, found ')'\n" },
		{ "config A\n\tbool\n\tselect \"B\"\n",
		  "Kconfig:3:9: error: expected a symbol name after 'select', found string \"B\"\n" },
		{ "config A\n\tbool\n\timply\n",
		  "Kconfig:3:7: error: expected a symbol name after 'imply', found end of line\n" },
		{ "config A\n\tint\n\trange 1\n",
		  "Kconfig:3:9: error: expected the upper end of the range, found end of line\n" },
		{ "config A\n\tbool y\n",
		  "Kconfig:2:7: error: expected a prompt string or the end of the line after 'bool', found 'y'\n" },
		{ "config A\n\tbool\n\tprompt A\n",
		  "Kconfig:3:9: error: expected a quoted prompt after 'prompt', found 'A'\n" },
		{ "config A\n\tbool\n\thelp me\n\t  text\n",
		  "Kconfig:3:7: error: unexpected 'me' after 'help'\n" },
		{ "mainmenu\n", "Kconfig:1:9: error: expected a quoted title after 'mainmenu', found end of line\n" },
		{ "menu M\nconfig A\n\tbool\nendmenu\n",
		  "Kconfig:1:6: error: expected a quoted prompt after 'menu', found 'M'\n" },
		{ "comment\n\tdepends on A\n",
		  "Kconfig:1:8: error: expected a quoted text after 'comment', found end of line\n" },
		{ "if\nendif\n", "Kconfig:1:3: error: expected an expression, found end of line\n" },
		{ "choice \"x\"\n\tprompt \"c\"\nendchoice\n",
		  "Kconfig:1:8: error: unexpected string \"x\" after 'choice'\n" },
		{ "choice\n\tprompt \"c\"\n\tdefault A && B\nendchoice\n",
		  "Kconfig:3:2: error: the default of a choice must be one of its symbols\n" },
		{ "endmenu junk\n", "Kconfig:1:1: error: 'endmenu' without matching 'menu'\n" },
		{ "menu \"m\"\nendmenu junk\n",
		  "Kconfig:2:9: error: unexpected 'junk' after endmenu\n" },
		/* the lexer's error is enough: the parser does not add its own */
		{ "config A\n\tbool\n\tdepends on $(X\n",
		  "Kconfig:3:13: error: unterminated reference to 'X': missing ')'\n" },
	};

	(void)state;
	RUN_ERRORS(cases);
}

static void test_block_errors(void **state)
{
	static const struct error_case cases[] = {
		{ "menu \"M\"\nconfig A\n\tbool\n",
		  "Kconfig:1:1: error: missing 'endmenu' for this 'menu'\n" },
		{ "choice\n\tprompt \"c\"\nconfig A\n\tbool \"a\"\n",
		  "Kconfig:1:1: error: missing 'endchoice' for this 'choice'\n" },
		{ "if A\nif B\nendif\n",
		  "Kconfig:1:1: error: missing 'endif' for this 'if'\n" },
		{ "endif\n", "Kconfig:1:1: error: 'endif' without matching 'if'\n" },
		{ "endchoice\n", "Kconfig:1:1: error: 'endchoice' without matching 'choice'\n" },
		/* an inner block left open: reported, and the outer one still closes */
		{ "menu \"M\"\nif X\nconfig A\n\tbool\nendmenu\nconfig B\n\tbool\n",
		  "Kconfig:5:1: error: unexpected 'endmenu' within if block: the 'if' at Kconfig:2 is not closed\n" },
		{ "choice\n\tprompt \"c\"\nendmenu\nendchoice\n",
		  "Kconfig:3:1: error: unexpected 'endmenu' within choice block (opened at Kconfig:1)\n" },
		/* what a choice may not contain */
		{ "choice\n\tprompt \"c\"\nmenu \"m\"\nendmenu\nendchoice\n",
		  "Kconfig:3:1: error: a choice cannot contain a menu\n" },
		{ "choice\n\tprompt \"c\"\nchoice\n\tprompt \"d\"\nendchoice\nendchoice\n",
		  "Kconfig:3:1: error: a choice cannot contain another choice\n" },
		{ "choice\n\tprompt \"c\"\nmenuconfig A\n\tbool \"a\"\nendchoice\n",
		  "Kconfig:3:1: error: 'menuconfig' is not allowed inside a choice\n" },
		{ "choice\nconfig A\n\tbool \"a\"\nendchoice\n",
		  "Kconfig:1:1: error: choice must have a prompt\n" },
		{ "config A\n\tbool\nchoice A\n\tprompt \"c\"\nendchoice\n",
		  "Kconfig:3:8: error: 'A' cannot name a choice: it is a config symbol\n" },
		{ "choice C\n\tprompt \"c\"\nendchoice\nconfig C\n\tbool\n",
		  "Kconfig:4:8: error: 'C' cannot be defined by 'config': it is a choice\n" },
	};

	(void)state;
	RUN_ERRORS(cases);
}

static void test_semantic_checks(void **state)
{
	static const struct error_case cases[] = {
		{ "config A\n\tbool\n\tmodules\nconfig B\n\tbool\n\tmodules\n",
		  "Kconfig:6:2: error: symbol 'B' redefines option 'modules' already defined by symbol 'A'\n" },
		{ "config A\n\tbool\n\toption defconfig_list\nconfig B\n\tbool\n\toption defconfig_list\n",
		  "Kconfig:6:2: error: trying to redefine defconfig symbol ('A' already has 'option defconfig_list')\n" },
		{ "menuconfig A\n\tbool\n",
		  "Kconfig:1:1: warning: menuconfig statement without prompt\n" },
		{ "config A\n\tbool \"a\"\n\tprompt \"b\"\n",
		  "Kconfig:3:2: warning: prompt redefined\n" },
		{ "config A\n\tbool \" a\"\n",
		  "Kconfig:2:2: warning: leading whitespace ignored\n" },
		{ "config A\n\tbool\n\tint\n",
		  "Kconfig:3:2: warning: ignoring type redefinition of 'A' from 'bool' to 'int'\n" },
		{ "config A\n\tbool\nconfig A\n\tdef_tristate y\n",
		  "Kconfig:4:2: warning: ignoring type redefinition of 'A' from 'bool' to 'tristate'\n" },
		{ "config A\n\tbool\n\thelp\n\t  one\n\thelp\n\t  two\n",
		  "Kconfig:5:2: warning: 'A' defined with more than one help text -- only the last one will be used\n" },
		{ "config A\n\tbool\n\thelp\n\nconfig B\n",
		  "Kconfig:3:2: warning: 'A' defined with blank help text\n" },
		{ "mainmenu \"a\"\nmainmenu \"b\"\n",
		  "Kconfig:2:1: warning: mainmenu redefined (first at Kconfig:1)\n" },
	};

	(void)state;
	RUN_ERRORS(cases);
}

/* After an error the parser goes on with the next line or entry. */
static void test_recovery(void **state)
{
	struct kconfig *kc = unit_parse(
		"config A\n\tbool\n\tdepends on (\n\tdefault y\n"
		"config\n\tbool\n\tdefault y\n\thelp\n\t  about nothing\n"
		"junk here\n"
		"config B\n\tbool\n\tselect\n\tdefault A\n"
		"menu \"M\"\nendchoice\nconfig C\n\tbool\nendmenu\n");
	char *dump = unit_dump(kc);

	(void)state;
	assert_int_equal(kc->diags.errors, 5);
	assert_string_equal(dump,
			    "config A\n\tbool\n\tdefault y\n\n"
			    "config B\n\tbool\n\tdefault A\n\n"
			    "menu \"M\"\n\nconfig C\n\tbool\n\nendmenu\n");
	free(dump);
	kconfig_free(kc);
}

static void test_error_limit(void **state)
{
	char text[4000] = "";
	struct kconfig *kc;
	struct diag *d;

	(void)state;
	for (int i = 0; i < 100; i++)
		strcat(text, "bad line\n");
	kc = unit_parse(text);
	assert_int_equal(kc->diags.errors, DIAG_MAX_ERRORS);
	for (d = kc->diags.first; d->next; d = d->next)
		;
	assert_int_equal(d->severity, DIAG_NOTE);
	assert_string_equal(d->message, "too many errors, giving up");
	kconfig_free(kc);
}

/* Malformed input of every kind: diagnostics, never a crash or a hang. */
static void test_garbage(void **state)
{
	static const char *const inputs[] = {
		"config", "config A\n\tdepends on ((((((((", "\"", "'", "$(", "$(((",
		"help", "\thelp\n", "menu", "choice", "if", "endif endmenu endchoice",
		"config A\n\thelp", "config A\n\tdefault !", "config A\n\trange",
		"source", "source \"\"", "X :=", "X += $(", "&& || ! = != < >",
		"config A\n\tbool \"\\", "\x01\x02\x03\xff\xfe", "\r\r\r\n\n\f\v",
		"choice\nchoice\nchoice\n", "menu \"a\"\nif x\nchoice\n",
		"option env", "config A\n\toption env=", "config A\n\toption",
	};
	unsigned int seed = 1;

	(void)state;
	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		struct kconfig *kc = unit_parse(inputs[i]);
		char *dump = unit_dump(kc);

		free(dump);
		kconfig_free(kc);
	}
	/* random bytes from a Kconfig-ish alphabet */
	for (int round = 0; round < 300; round++) {
		static const char alphabet[] =
			"config menu endmenu choice endchoice if endif help "
			"bool default depends on select \"'$()!=<>&|#\\\n\t\r ";
		char text[300];
		size_t len = (size_t)(rand_r(&seed) % (sizeof(text) - 1));
		struct kconfig *kc;

		for (size_t j = 0; j < len; j++)
			text[j] = alphabet[rand_r(&seed) % (sizeof(alphabet) - 1)];
		text[len] = '\0';
		kc = unit_parse(text);
		free(unit_dump(kc));
		kconfig_free(kc);
	}
}

/* Nesting deep enough to exhaust the stack is refused, not followed. */
static void test_limits(void **state)
{
	static const struct { const char *head, *unit, *tail; int count;
			      const char *message; } cases[] = {
		{ "config A\n\tdepends on ", "(", "A", 100000,
		  "expression nested too deeply (more than 1000 levels)" },
		{ "config A\n\tdepends on ", "!", "A", 100000,
		  "expression nested too deeply (more than 1000 levels)" },
		{ "config A\n\tdepends on A", " || A", "", 20000,
		  "expression too long (more than 10000 operators)" },
		{ "", "if A\n", "", 5000,
		  "blocks and source statements nested too deeply (more than 1000 levels)" },
		{ "", "menu \"m\"\n", "", 5000,
		  "blocks and source statements nested too deeply (more than 1000 levels)" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t unit = strlen(cases[i].unit);
		size_t len = strlen(cases[i].head) + unit * cases[i].count +
			     strlen(cases[i].tail);
		char *text = malloc(len + 1), *p = text;
		struct kconfig *kc;
		char *diags;

		p += sprintf(p, "%s", cases[i].head);
		for (int j = 0; j < cases[i].count; j++)
			p += sprintf(p, "%s", cases[i].unit);
		sprintf(p, "%s", cases[i].tail);
		kc = unit_parse(text);
		diags = unit_diags(kc);
		assert_int_equal(kc->diags.errors, 1);
		assert_non_null(strstr(diags, cases[i].message));
		free(unit_dump(kc));
		free(diags);
		kconfig_free(kc);
		free(text);
	}
}

/* kconfig_load: parse, finish, and the default main menu title. */
static void test_load(void **state)
{
	struct kconfig *kc = unit_load("config A\n\tbool \"a\"\n");

	(void)state;
	assert_int_equal(kc->diags.errors, 0);
	assert_string_equal(kc->root.prompt->text, "Main menu");
	/* the default title is not written into the dump */
	assert_text(unit_dump(kc), "config A\n\tbool \"a\"\n");
	kconfig_free(kc);

	kc = unit_load("source \"none\"\n");
	assert_int_equal(kc->diags.errors, 1);
	kconfig_free(kc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config_entries),
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_whitespace_robust),
		cmocka_unit_test(test_expression_operands),
		cmocka_unit_test(test_help_text),
		cmocka_unit_test(test_help_skipped),
		cmocka_unit_test(test_macros_and_old_syntax),
		cmocka_unit_test(test_expression_structure),
		cmocka_unit_test(test_mod_rewrite),
		cmocka_unit_test(test_finish_lists_and_shares),
		cmocka_unit_test(test_finish_warning_order),
		cmocka_unit_test(test_finish_checks_after_choices),
		cmocka_unit_test(test_symbol_names),
		cmocka_unit_test(test_symbol_name_collisions),
		cmocka_unit_test(test_literals),
		cmocka_unit_test(test_tree_and_locations),
		cmocka_unit_test(test_source),
		cmocka_unit_test(test_files_read),
		cmocka_unit_test(test_source_errors),
		cmocka_unit_test(test_syntax_errors),
		cmocka_unit_test(test_block_errors),
		cmocka_unit_test(test_semantic_checks),
		cmocka_unit_test(test_recovery),
		cmocka_unit_test(test_error_limit),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
