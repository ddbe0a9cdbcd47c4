// SPDX-License-Identifier: GPL-2.0
/*
 * The kconfiglib dialect's lexing rules, case by case, each beside the
 * Linux rules for the same text (which must not change): environment
 * variables in quoted strings, lines continued with a backslash, and
 * unknown preprocessor functions.  Each expected value is what
 * Kconfiglib 14.1 gave for the same text (python3-kconfiglib).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "config_io.h"
#include "kconfig.h"
#include "lexer.h"
#include "macro.h"
#include "shell.h"
#include "unit.h"

static const struct source_file test_file = { .name = "Kconfig" };

/* A tree with nothing in it, read by the named dialect. */
static struct kconfig *tree_in(const char *dialect)
{
	struct kconfig_options opts = unit_options();

	opts.dialect = dialect_find(dialect);
	assert_non_null(opts.dialect);
	return kconfig_new(&opts);
}

/*
 * The string tokens of text, each in [brackets], and the other tokens'
 * kinds as their names: what the parser would be given.
 */
static char *strings_of(struct kconfig *kc, const char *text)
{
	char *buf = strdup(text), *out = NULL;
	size_t out_len = 0;
	FILE *f = open_memstream(&out, &out_len);
	struct lexer lx;

	lexer_init(&lx, kc, &test_file, buf, strlen(buf));
	for (lexer_next(&lx); lx.tok.kind != T_EOF; lexer_next(&lx)) {
		if (lx.tok.kind == T_STRING)
			fprintf(f, "[%.*s]", (int)lx.tok.len, lx.tok.text);
		else if (lx.tok.kind == T_EOL)
			fputs("|", f);
		else
			fprintf(f, "%.*s ", (int)lx.tok.len, lx.tok.text);
	}
	lexer_release(&lx);
	fclose(f);
	free(buf);
	return out;
}

struct lex_case {
	const char *text;
	const char *kconfiglib;	/* the tokens under the kconfiglib dialect */
	const char *kernel;	/* and under linux-6.11 */
};

static void check_cases(const struct lex_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct kconfig *lib = tree_in("kconfiglib");
		struct kconfig *lnx = tree_in("linux-6.11");
		char *got_lib = strings_of(lib, cases[i].text);
		char *got_lnx = strings_of(lnx, cases[i].text);

		if (strcmp(got_lib, cases[i].kconfiglib) != 0)
			fail_msg("case %zu, kconfiglib: want %s, got %s", i,
				 cases[i].kconfiglib, got_lib);
		if (strcmp(got_lnx, cases[i].kernel) != 0)
			fail_msg("case %zu, linux: want %s, got %s", i,
				 cases[i].kernel, got_lnx);
		free(got_lib);
		free(got_lnx);
		kconfig_free(lib);
		kconfig_free(lnx);
	}
}

static const struct lex_case env_cases[] = {
	{ "default \"$KB_T\"\n", "default [esp32]|", "default [$KB_T]|" },
	{ "default \"${KB_T}-x\"\n", "default [esp32-x]|", "default [${KB_T}-x]|" },
	{ "default '$KB_T \"q\"'\n", "default [esp32 \"q\"]|",
	  "default [$KB_T \"q\"]|" },
	/* unset: kept as written */
	{ "default \"$KB_UNSET ${KB_UNSET}\"\n", "default [$KB_UNSET ${KB_UNSET}]|",
	  "default [$KB_UNSET ${KB_UNSET}]|" },
	/* set but empty */
	{ "default \"[$KB_EMPTY]\"\n", "default [[]]|", "default [[$KB_EMPTY]]|" },
	/* the longest name; not a name; no closing brace; an empty name */
	{ "default \"$KB_TS $-x ${KB_T $ ${}\"\n",
	  "default [$KB_TS $-x ${KB_T $ ${}]|", "default [$KB_TS $-x ${KB_T $ ${}]|" },
	/* after escapes and $(...): an escaped $ is still expanded */
	{ "default \"\\$KB_T $(KB_T)_$KB_T\"\n", "default [esp32 esp32_esp32]|",
	  "default [$KB_T esp32_$KB_T]|" },
	/* values are not scanned again */
	{ "default \"$KB_DOLLAR\"\n", "default [$KB_T]|", "default [$KB_DOLLAR]|" },
	/* words are not strings: nothing changes there */
	{ "depends on $KB_T\n", "depends on $KB_T |", "depends on $KB_T |" },
	{ "source \"$KB_T/Kconfig\"\n", "source [esp32/Kconfig]|",
	  "source [$KB_T/Kconfig]|" },
};

static void test_env_in_strings(void **state)
{
	(void)state;
	setenv("KB_T", "esp32", 1);
	setenv("KB_EMPTY", "", 1);
	setenv("KB_DOLLAR", "$KB_T", 1);
	unsetenv("KB_UNSET");
	check_cases(env_cases, sizeof(env_cases) / sizeof(env_cases[0]));
}

/* $UNAME_RELEASE is the running kernel's release, as Kconfiglib has it. */
static void test_uname_release(void **state)
{
	struct kconfig *kc = tree_in("kconfiglib");
	size_t len;
	char *value = macro_expand_env_vars(kc->macros, "/lib/$UNAME_RELEASEx", 20,
					    &len);

	(void)state;
	assert_non_null(value);
	assert_true(strncmp(value, "/lib/", 5) == 0);
	assert_true(len > 6 && value[len - 1] == 'x');
	assert_null(strchr(value, '$'));
	free(value);
	assert_null(macro_expand_env_vars(kc->macros, "no dollar", 9, &len));
	kconfig_free(kc);
}

static const struct lex_case continuation_cases[] = {
	/* inside a string: it goes on with the next line, indentation kept */
	{ "prompt \"a \\\n\tb\"\n", "prompt [a \tb]|",
	  "prompt [a ]|b []|" },
	{ "default \"a\\\r\nb\"\r\n", "default [ab]|", "default [a]|b []|" },
	/* between tokens: the same in both */
	{ "bool \\\n  \"x\" \\\n if y\n", "bool [x]if y |", "bool [x]if y |" },
	/* a comment ending in a backslash takes the next line */
	{ "# c \\\nconfig A\nconfig B\n", "|config B |", "|config A |config B |" },
	{ "# c \\\r\n# d \\\nx\ny\n", "|y |", "||x |y |" },
	/* a backslash elsewhere in a string still takes the next byte */
	{ "default \"a\\\"b\\\\\"\n", "default [a\"b\\]|",
	  "default [a\"b\\]|" },
};

static void test_continuation(void **state)
{
	(void)state;
	check_cases(continuation_cases,
		    sizeof(continuation_cases) / sizeof(continuation_cases[0]));
}

/* A continued string is placed where it starts. */
static void test_continued_place(void **state)
{
	struct kconfig *kc = tree_in("kconfiglib");
	char text[] = "config A\n\tstring \"x\\\ny\"\n\tdefault \"z\"\n";
	struct lexer lx;

	(void)state;
	lexer_init(&lx, kc, &test_file, text, strlen(text));
	do
		lexer_next(&lx);
	while (lx.tok.kind != T_STRING);
	assert_int_equal(lx.tok.line, 2);
	assert_int_equal(lx.tok.column, 9);
	lexer_next(&lx);
	lexer_next(&lx);
	assert_int_equal(lx.tok.line, 4);	/* `default`: the line count goes on */
	lexer_release(&lx);
	kconfig_free(kc);
}

static const char functions_tree[] =
	"F := $(dt_has_compat,vnd,uart)\n"
	"config A\n"
	"\tbool \"a\"\n"
	"\tdefault y\n"
	"\tdepends on $(dt_has_compat,vnd,uart)\n"
	"config B\n"
	"\thex\n"
	"\tdefault $(dt_node_reg_addr_hex,/soc)\n"
	"config C\n"
	"\tint\n"
	"\tdefault $(dt_node_reg_size_int,/soc)\n"
	"config D\n"
	"\tbool\n"
	"\tdefault !$(F)\n"
	"config E\n"
	"\tstring\n"
	"\tdefault \"$(undefined_variable)\"\n";

/* The diagnostics as "line:column severity: message|". */
static char *diags_of(const struct kconfig *kc)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	for (const struct diag *d = kc->diags.first; d; d = d->next)
		fprintf(f, "%d:%d %s|", d->loc.line, d->loc.column,
			d->severity == DIAG_ERROR ? "error" : "warning");
	fclose(f);
	return out;
}

static struct kconfig *load_in(const char *dialect, const char *text)
{
	struct kconfig_options opts = unit_options();
	const struct unit_file files[] = { { "Kconfig", text }, { NULL, NULL } };
	struct kconfig *kc;

	unit_files = files;
	opts.kconfig = "Kconfig";
	opts.dialect = dialect_find(dialect);
	kc = kconfig_load(&opts);
	unit_files = NULL;
	return kc;
}

/*
 * Kconfiglib: one warning per unknown name, where it is first called;
 * the stand-ins by the name's end; explain's note names the function.
 */
static void test_unknown_functions(void **state)
{
	struct kconfig *kc = load_in("kconfiglib", functions_tree);
	struct config *cfg = config_new(kc);
	char *diags = diags_of(kc), note[512];
	const struct diag *d = kc->diags.first;

	(void)state;
	/* (a `:=` value is placed at its line's start, as every macro message) */
	assert_string_equal(diags, "1:1 warning|8:10 warning|11:10 warning|");
	assert_non_null(strstr(d->message, "'dt_has_compat'"));
	assert_non_null(strstr(d->message, "\"n\""));
	assert_non_null(strstr(d->next->message, "\"0x0\""));
	assert_non_null(strstr(d->next->next->message, "\"0\""));
	assert_string_equal(config_str(cfg, symbol_find(kc, "A")), "n");
	assert_string_equal(config_str(cfg, symbol_find(kc, "B")), "0x0");
	assert_string_equal(config_str(cfg, symbol_find(kc, "C")), "0");
	assert_string_equal(config_str(cfg, symbol_find(kc, "D")), "y");
	assert_string_equal(config_str(cfg, symbol_find(kc, "E")), "");
	assert_true(kconfig_shell_skip_note(kc, symbol_find(kc, "B"), note,
					    sizeof(note)));
	assert_string_equal(note, "computed without the tree's own functions: "
			    "$(dt_node_reg_addr_hex,...) (unknown function) at "
			    "Kconfig:8 gave the stand-in \"0x0\"");
	assert_true(kconfig_shell_skip_note(kc, symbol_find(kc, "A"), note,
					    sizeof(note)));
	assert_non_null(strstr(note, "$(dt_has_compat,...) (unknown function) at Kconfig:5 "));
	free(diags);
	config_free(cfg);
	kconfig_free(kc);
}

/* Linux: as the kernel, an unknown function gives "" without a word. */
static void test_unknown_functions_linux(void **state)
{
	struct kconfig *kc = load_in("linux-6.11", functions_tree);
	char note[64];

	(void)state;
	/* depends on, and the three defaults left without an expression */
	assert_int_equal(kc->diags.warnings, 0);
	assert_true(kc->diags.errors >= 3);
	assert_false(kconfig_shell_skip_note(kc, NULL, note, sizeof(note)));
	kconfig_free(kc);
}

static const char named_choice_tree[] =
	"config MODE\n\tbool \"mode\"\n\tdefault y\n"
	"choice MODE\n\tprompt \"choice\"\n"
	"config MODE_A\n\tbool \"a\"\n"
	"endchoice\n"
	"choice MODE\n\tprompt \"again\"\n"
	"config MODE_B\n\tbool \"b\"\n"
	"endchoice\n";

/*
 * A choice and a config called the same: two things under Kconfiglib
 * (and before Linux 6.11); the name in an expression is the config's;
 * the choice named twice is one choice.  Linux 6.11 has no named choices.
 */
static void test_named_choice(void **state)
{
	static const char *const dialects[] = { "kconfiglib", "linux-4.18" };

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		struct kconfig *kc = load_in(dialects[i], named_choice_tree);
		struct symbol *mode = symbol_find(kc, "MODE");
		struct symbol *a = symbol_find(kc, "MODE_A");
		struct symbol *b = symbol_find(kc, "MODE_B");

		assert_int_equal(kc->diags.errors, 0);
		/*
		 * Looked up from outside the text, the name is the config's
		 * in Kconfiglib; the C kconfig takes the one made last, here
		 * the choice.
		 */
		assert_non_null(a->choice);
		assert_non_null(b->choice);
		assert_ptr_equal(a->choice->sym, b->choice->sym);
		assert_string_equal(a->choice->sym->name, "MODE");
		if (i == 0) {
			assert_false(mode->flags & SYMBOL_CHOICE);
			assert_ptr_not_equal(a->choice->sym, mode);
		} else {
			assert_ptr_equal(a->choice->sym, mode);
		}
		kconfig_free(kc);
	}
	{
		struct kconfig *kc = load_in("linux-6.11", named_choice_tree);

		assert_true(kc->diags.errors > 0);
		kconfig_free(kc);
	}
}

/* `menu Wi-Fi`: a prompt with a style warning, an error for Linux. */
static void test_bare_prompts(void **state)
{
	static const char tree[] =
		"menu Wi-Fi\nconfig A\n\tbool enable\ncomment note\nendmenu\n";
	struct kconfig *kc = load_in("kconfiglib", tree);
	struct symbol *a = symbol_find(kc, "A");

	(void)state;
	assert_int_equal(kc->diags.errors, 0);
	assert_int_equal(kc->diags.warnings, 3);
	assert_string_equal(kc->root.children->prompt->text, "Wi-Fi");
	assert_string_equal(a->first_node->prompt->text, "enable");
	kconfig_free(kc);
	kc = load_in("linux-6.11", tree);
	assert_int_equal(kc->diags.errors, 3);
	kconfig_free(kc);
}

/* ESP-IDF's help on a menu: kept with a warning; Linux refuses it. */
static void test_help_on_menus(void **state)
{
	static const char tree[] =
		"menu \"m\"\n\thelp\n\t  About m.\nconfig A\n\tbool \"a\"\nendmenu\n";
	struct kconfig *kc = load_in("kconfiglib", tree);

	(void)state;
	assert_int_equal(kc->diags.errors, 0);
	assert_int_equal(kc->diags.warnings, 1);
	assert_string_equal(kc->root.children->help, "About m.");
	assert_non_null(symbol_find(kc, "A")->first_node);
	kconfig_free(kc);
	kc = load_in("linux-6.11", tree);
	assert_int_equal(kc->diags.errors, 1);
	kconfig_free(kc);
}

static const char configdefault_tree[] =
	"configdefault FOO\n\tdefault 5 if BAR\n"
	"if BAR\nconfigdefault FOO\n\tdefault 7\nendif\n"
	"config BAR\n\tbool \"bar\"\n\tdefault y\n"
	"config DEP\n\tbool \"dep\"\n"
	"config FOO\n\tint \"foo\"\n\tdepends on DEP\n\tdefault 3\n"
	"configdefault FOO\n\tdefault 9\n";

/* FOO's value under the tree above, with this .config. */
static char *foo_with(struct kconfig *kc, const char *dotconfig)
{
	struct config *cfg = config_new(kc);
	struct config_io_options io = { .prefix = "CONFIG_" };
	char *value;

	config_read_text(cfg, ".config", dotconfig, strlen(dotconfig), &io, NULL);
	value = strdup(config_str(cfg, symbol_find(kc, "FOO")));
	config_free(cfg);
	return value;
}

/*
 * Zephyr's configdefault: defaults in file order with the others, under
 * the `if` around them and the symbol's own dependencies, which they do
 * not weaken.  Not in Kconfiglib 14.1 (no oracle here): the rules are
 * those of Zephyr's scripts/kconfig/kconfiglib.py, read.
 */
static void test_configdefault(void **state)
{
	struct kconfig *kc = load_in("kconfiglib", configdefault_tree);
	char *v;

	(void)state;
	assert_int_equal(kc->diags.errors, 0);
	v = foo_with(kc, "CONFIG_DEP=y\n");
	assert_string_equal(v, "5");
	free(v);
	v = foo_with(kc, "CONFIG_DEP=y\n# CONFIG_BAR is not set\n");
	assert_string_equal(v, "3");
	free(v);
	/* not weakened: without DEP no default holds (an int: empty) */
	v = foo_with(kc, "# CONFIG_DEP is not set\n");
	assert_string_equal(v, "");
	free(v);
	kconfig_free(kc);

	kc = load_in("kconfiglib",
		     "config A\n\tbool\nconfigdefault A\n\tbool \"p\"\n\tselect B\n"
		     "config B\n\tbool\n");
	assert_int_equal(kc->diags.errors, 2);
	kconfig_free(kc);
	kc = load_in("linux-6.11", configdefault_tree);
	assert_true(kc->diags.errors > 0);
	kconfig_free(kc);
}

/* Broken input under these rules: located diagnostics, never a crash. */
static const struct {
	const char *text;
	const char *diags;	/* as diags_of() prints them */
} malformed[] = {
	/* a string continued past the end of the text */
	{ "config A\n\tstring \"a\\\n", "2:9 warning|" },
	{ "config A\n\tstring \"a\\", "2:9 warning|" },
	/* a comment continued past the end */
	{ "# c \\", "" },
	{ "# c \\\n", "" },
	/* an unclosed ${ and a lone $ stay text */
	{ "config A\n\tstring\n\tdefault \"${A $\"\n", "" },
	{ "configdefault\n", "1:14 error|" },
	{ "configdefault \"c\"\n\tdefault y\n", "1:15 error|" },
	{ "configdefault A\n\tdepends on B\n\tdefault y\n", "1:1 error|1:1 warning|" },
	/* an unknown function with an unterminated call */
	{ "config A\n\tbool\n\tdefault $(dt_x,a\n", "3:10 error|" },
};

static void test_malformed(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++) {
		struct kconfig *kc = load_in("kconfiglib", malformed[i].text);
		char *got = diags_of(kc);

		if (strcmp(got, malformed[i].diags) != 0)
			fail_msg("case %zu: want %s, got %s", i, malformed[i].diags,
				 got);
		free(got);
		kconfig_free(kc);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_env_in_strings),
		cmocka_unit_test(test_uname_release),
		cmocka_unit_test(test_continuation),
		cmocka_unit_test(test_continued_place),
		cmocka_unit_test(test_unknown_functions),
		cmocka_unit_test(test_unknown_functions_linux),
		cmocka_unit_test(test_named_choice),
		cmocka_unit_test(test_bare_prompts),
		cmocka_unit_test(test_help_on_menus),
		cmocka_unit_test(test_configdefault),
		cmocka_unit_test(test_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
