// SPDX-License-Identifier: GPL-2.0
/*
 * The tokenizer, case by case: input text -> the tokens it gives, the
 * help texts and assignment values read the way the parser reads them,
 * and the diagnostics.  Help texts were checked against the kernel's own
 * lexer (scripts/kconfig/lexer.l) on the same inputs.
 *
 * Token notation: words as they are, "strings" in double quotes (their
 * contents raw), [keywords] in brackets, operators as written, | for the
 * end of a line; <help text> after `help`, NAME:=<value> for assignments.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig.h"
#include "lexer.h"
#include "macro.h"
#include "unit.h"

static const struct source_file test_file = { .name = "test/Kconfig" };

static const char *op_text(enum token_kind kind)
{
	switch (kind) {
	case T_OR: return "||";
	case T_AND: return "&&";
	case T_EQUAL: return "=";
	case T_UNEQUAL: return "!=";
	case T_LESS: return "<";
	case T_LESS_EQUAL: return "<=";
	case T_GREATER: return ">";
	case T_GREATER_EQUAL: return ">=";
	case T_NOT: return "!";
	case T_OPEN_PAREN: return "(";
	case T_CLOSE_PAREN: return ")";
	case T_COLON_EQUAL: return ":=";
	case T_PLUS_EQUAL: return "+=";
	default: return "?";
	}
}

/*
 * Tokenize text[0..len) as the parser would: help text after a `help`
 * line, assignment values after NAME= at the start of a line.  With
 * positions, each token is followed by @line:column.
 */
static char *lex(struct kconfig *kc, const char *text, size_t len,
		 bool positions)
{
	char *buf = malloc(len + 1), *out = NULL;
	size_t out_len = 0;
	FILE *f = open_memstream(&out, &out_len);
	struct lexer lx;
	bool line_start = true, first = true;
	enum token_kind prev = T_EOL;

	memcpy(buf, text, len);
	buf[len] = '\0';
	lexer_init(&lx, kc, &test_file, buf, len);
	for (;;) {
		const struct token *tok = &lx.tok;
		enum token_kind op;

		lexer_next(&lx);
		if (tok->kind == T_EOF)
			break;
		if (!first)
			putc(' ', f);
		first = false;
		if (line_start && token_is_word(tok) &&
		    (op = lexer_assign_op(&lx)) != T_EOF) {
			const char *value;
			size_t vlen;

			fprintf(f, "%.*s%s", (int)tok->len, tok->text, op_text(op));
			value = lexer_read_assign_value(&lx, &vlen);
			fprintf(f, "<%.*s> |", (int)vlen, value);
			prev = T_EOL;
			line_start = true;
			continue;
		}
		switch (tok->kind) {
		case T_EOL:
			putc('|', f);
			break;
		case T_WORD:
			fprintf(f, "%.*s", (int)tok->len, tok->text);
			break;
		case T_STRING:
			fprintf(f, "\"%.*s\"", (int)tok->len, tok->text);
			break;
		default:
			if (tok->kind >= T_BOOL)
				fprintf(f, "[%.*s]", (int)tok->len, tok->text);
			else
				fputs(op_text(tok->kind), f);
			break;
		}
		if (positions && tok->kind != T_EOL)
			fprintf(f, "@%d:%d", tok->line, tok->column);
		if (tok->kind == T_EOL && prev == T_HELP) {
			size_t hlen;
			const char *help = lexer_read_help(&lx, &hlen);

			fprintf(f, " <%.*s>", (int)hlen, help);
		}
		line_start = tok->kind == T_EOL;
		prev = tok->kind;
	}
	fclose(f);
	lexer_release(&lx);
	free(buf);
	return out;
}

struct lex_case {
	const char *input;
	const char *tokens;
	const char *diags;	/* all diagnostics, "" when none */
};

static void run_cases(const struct lex_case *cases, size_t n, bool positions)
{
	for (size_t i = 0; i < n; i++) {
		const struct lex_case *c = &cases[i];
		struct kconfig_options opts = unit_options();
		struct kconfig *kc = kconfig_new(&opts);
		char *tokens, *diags;

		macro_assign(kc->macros, "FOO", MACRO_SIMPLE, "bar",
			     (struct location){ 0 });
		macro_assign(kc->macros, "EMPTY", MACRO_SIMPLE, "",
			     (struct location){ 0 });
		macro_assign(kc->macros, "SPACED", MACRO_SIMPLE, "a b",
			     (struct location){ 0 });
		tokens = lex(kc, c->input, strlen(c->input), positions);
		diags = unit_diags(kc);
		if (strcmp(tokens, c->tokens) || strcmp(diags, c->diags))
			print_message("case %zu: input \"%s\"\n", i, c->input);
		assert_text(tokens, c->tokens);
		assert_text(diags, c->diags);
		kconfig_free(kc);
	}
}

#define RUN(cases, positions) \
	run_cases(cases, sizeof(cases) / sizeof(cases[0]), positions)

static void test_keywords(void **state)
{
	static const struct lex_case cases[] = {
		{ "bool choice comment config def_bool def_tristate default",
		  "[bool] [choice] [comment] [config] [def_bool] [def_tristate] [default] |", "" },
		{ "depends endchoice endif endmenu hex if imply int",
		  "[depends] [endchoice] [endif] [endmenu] [hex] [if] [imply] [int] |", "" },
		{ "mainmenu menu menuconfig modules on prompt range select",
		  "[mainmenu] [menu] [menuconfig] [modules] [on] [prompt] [range] [select] |", "" },
		{ "source string tristate visible",
		  "[source] [string] [tristate] [visible] |", "" },
		/* the soft keywords of older kernels and Kconfiglib */
		{ "boolean def_int def_hex def_string option optional",
		  "[boolean] [def_int] [def_hex] [def_string] [option] [optional] |", "" },
		{ "osource rsource orsource ---help---",
		  "[osource] [rsource] [orsource] [---help---] | <>", "" },
		{ "configdefault transitional",
		  "[configdefault] [transitional] |", "" },
		/* a keyword's first byte and length, but not its text */
		{ "configs1 dependz tristatx Bool",
		  "configs1 dependz tristatx Bool |", "" },
		/* a keyword is a whole word */
		{ "configs Config config_X if2 _if",
		  "configs Config config_X if2 _if |", "" },
	};

	(void)state;
	RUN(cases, false);
}

static void test_operators(void **state)
{
	static const struct lex_case cases[] = {
		{ "A || B && C", "A || B && C |", "" },
		{ "X A=B A!=B A<B A<=B A>B A>=B", "X A = B A != B A < B A <= B A > B A >= B |", "" },
		{ "!(A)", "! ( A ) |", "" },
		{ "!!A", "! ! A |", "" },
		{ "(A||B)&&!C", "( A || B ) && ! C |", "" },
		{ "x := y", "x:=<y> |", "" },
		{ "if A +=", "[if] A += |", "" },
		/* a lone | or & is not an operator */
		{ "A | B", "A B |",
		  "test/Kconfig:1:3: warning: ignoring unsupported character '|'\n" },
		{ "A & B", "A B |",
		  "test/Kconfig:1:3: warning: ignoring unsupported character '&'\n" },
	};

	(void)state;
	RUN(cases, false);
}

static void test_words_and_strings(void **state)
{
	static const struct lex_case cases[] = {
		{ "FOO foo_bar 12 0x1000 -1 A-B", "FOO foo_bar 12 0x1000 -1 A-B |", "" },
		{ "\"a b\" 'c d'", "\"a b\" \"c d\" |", "" },
		{ "\"it's\" 'say \"hi\"'", "\"it's\" \"say \"hi\"\" |", "" },
		{ "\"a\\\"b\" \"a\\\\b\" \"\\x\"", "\"a\"b\" \"a\\b\" \"x\" |", "" },
		{ "\"\" ''", "\"\" \"\" |", "" },
		{ "\"#not a comment\"", "\"#not a comment\" |", "" },
		{ "\"tab\there\"", "\"tab\there\" |", "" },
		/* an unterminated string ends at the end of its line */
		{ "prompt \"abc\nconfig", "[prompt] \"abc\" | [config] |",
		  "test/Kconfig:1:8: warning: unterminated string: missing closing \"\n" },
		{ "prompt 'abc", "[prompt] \"abc\" |",
		  "test/Kconfig:1:8: warning: unterminated string: missing closing '\n" },
		{ "\"abc\\\nx", "\"abc\" | x |",
		  "test/Kconfig:1:1: warning: unterminated string: missing closing \"\n" },
		/* characters no token uses */
		{ "A . B", "A B |",
		  "test/Kconfig:1:3: warning: ignoring unsupported character '.'\n" },
		{ "A\\B", "A B |",
		  "test/Kconfig:1:2: warning: ignoring unsupported character '\\'\n" },
	};

	(void)state;
	RUN(cases, false);
}

static void test_macros(void **state)
{
	static const struct lex_case cases[] = {
		{ "$(FOO)", "bar |", "" },
		{ "x$(FOO)y-$(FOO)", "xbary-bar |", "" },
		/* an expansion is one word, never a keyword */
		{ "$(SPACED) z", "a b z |", "" },
		{ "con$(EMPTY)fig", "config |", "" },
		/* an empty expansion is no token at all */
		{ "A $(EMPTY) B", "A B |", "" },
		{ "a$b", "a$b |", "" },
		{ "\"<$(FOO)>\"", "\"<bar>\" |", "" },
		{ "'$(SPACED)$(EMPTY)'", "\"a b\" |", "" },
		{ "\"cost: \\$(FOO) $5\"", "\"cost: $(FOO) $5\" |", "" },
		{ "source \"arch/$(FOO)/Kconfig\"", "[source] \"arch/bar/Kconfig\" |", "" },
		/* assignment values are kept raw, for the preprocessor */
		{ "X := $(FOO) # c \n", "X:=<$(FOO) # c > |", "" },
		{ "X=1\nY\t+=\t2\nZ = ", "X=<1> | Y+=<2> | Z=<> |", "" },
		{ "X = a \\\n   b\nA", "X=<a  b> | A |", "" },
		{ "X := a\r\n", "X:=<a> |",
		  "test/Kconfig:1:7: warning: carriage return in line end (DOS line ends?) ignored\n" },
		/* a soft keyword can be a variable */
		{ "option := 1", "option:=<1> |", "" },
		/* not an assignment when not at the start of a line */
		{ "depends on A = B", "[depends] [on] A = B |", "" },
	};

	(void)state;
	RUN(cases, false);
}

static void test_whitespace(void **state)
{
	static const struct lex_case cases[] = {
		/* tabs and spaces anywhere between tokens */
		{ "\tdefault\t12\tif\tPAGE_SIZE_4KB\t",
		  "[default] 12 [if] PAGE_SIZE_4KB |", "" },
		{ " \t config \t A \t\n", "[config] A |", "" },
		{ "depends on A&&B||!C", "[depends] [on] A && B || ! C |", "" },
		/* blank lines and comments */
		{ "\n\n  \n\t\nA", "| | | | A |", "" },
		{ "A # comment \"x\" \\\nB", "A | B |", "" },
		{ "#only a comment", "", "" },
		{ "A\n#only a comment", "A |", "" },
		/* no final newline: the line still ends */
		{ "config A", "[config] A |", "" },
		{ "", "", "" },
		/* backslash-newline continues a line */
		{ "depends on A && \\\n\tB", "[depends] [on] A && B |", "" },
		{ "depends on A \\\r\n&& B", "[depends] [on] A && B |",
		  "test/Kconfig:1:15: warning: carriage return in line end (DOS line ends?) ignored\n" },
		/* CRLF, once per file */
		{ "config A\r\n\tbool\r\n", "[config] A | [bool] |",
		  "test/Kconfig:1:9: warning: carriage return in line end (DOS line ends?) ignored\n" },
		{ "A # c\r\nB", "A | B |",
		  "test/Kconfig:1:6: warning: carriage return in line end (DOS line ends?) ignored\n" },
		{ "A\rB", "A B |",
		  "test/Kconfig:1:2: warning: carriage return in line end (DOS line ends?) ignored\n" },
		/* form feed and vertical tab: blanks, with one warning */
		{ "\fconfig\vA\f", "[config] A |",
		  "test/Kconfig:1:1: warning: form feed or vertical tab taken as a blank\n" },
		/* UTF-8 byte-order mark; columns count from after it */
		{ "\xef\xbb\xbf" "config A", "[config] A |",
		  "test/Kconfig:1:1: warning: ignoring UTF-8 byte order mark\n" },
	};

	(void)state;
	RUN(cases, false);
}

static void test_nul_byte(void **state)
{
	struct kconfig_options opts = unit_options();
	struct kconfig *kc = kconfig_new(&opts);
	static const char text[] = "A\0B \"x\0y\"\0\0 # c\0d\nC";

	(void)state;
	assert_text(lex(kc, text, sizeof(text) - 1, false), "A B \"xy\" | C |");
	assert_text(unit_diags(kc),
		    "test/Kconfig:1:2: warning: ignoring unsupported character 0x00\n");
	kconfig_free(kc);
}

static void test_help(void **state)
{
	static const struct lex_case cases[] = {
		{ "help\n\t  line1\n\t  line2\n\nconfig B",
		  "[help] | <line1\nline2\n> [config] B |", "" },
		/* the newline before a line in column 1 is not part of the text */
		{ "help\n\t  a\nconfig B", "[help] | <a> [config] B |", "" },
		/* further indentation is kept, as spaces */
		{ "help\n\t  a\n\t    b\n\t  c\n", "[help] | <a\n  b\nc\n>", "" },
		/* blank lines inside and at the end are kept */
		{ "help\n\t  a\n\n\n\t  b\n\nconfig B",
		  "[help] | <a\n\n\nb\n> [config] B |", "" },
		{ "help\n\t  a\n\n\n\nconfig B", "[help] | <a\n\n\n> [config] B |", "" },
		/* a line indented less ends the text */
		{ "help\n\t  a\n\tdefault y\n", "[help] | <a\n> [default] y |", "" },
		/* a tab advances to the next multiple of 8 */
		{ "help\n\t\ta\n        \tb\n\t  \t c\n", "[help] | <a\nb\n c\n>", "" },
		{ "help\n  a\n\t b\n", "[help] | <a\n       b\n>", "" },
		/* trailing blanks are dropped; blank lines with blanks are blank */
		{ "help\n\t  a  \t\n\t  b\n", "[help] | <a\nb\n>", "" },
		{ "help\n\t  a\n \n\t  b\n   \n\n", "[help] | <a\n\nb\n\n\n>", "" },
		{ "help\n\t  a\n \t \nconfig B", "[help] | <a\n> [config] B |", "" },
		/* the end of the file ends the text */
		{ "help\n\t  a", "[help] | <a>", "" },
		{ "help\n\t  a\n", "[help] | <a\n>", "" },
		{ "help", "[help] | <>", "" },
		/* leading blank lines are kept */
		{ "help\n\n\n\t  a\n", "[help] | <\n\na\n>", "" },
		/* a first line in column 1 sets no indentation */
		{ "help\nfoo\n  bar\n    baz\nconfig B",
		  "[help] | <foo\nbar\n  baz> [config] B |", "" },
		{ "help\nconfig B\n\tbool\n", "[help] | <config B\nbool\n>", "" },
		/* no tokens in help text: quotes, $, # and \ are text */
		{ "help\n\t  a \\\n\t  \"q\" $(FOO) # c\n",
		  "[help] | <a \\\n\"q\" $(FOO) # c\n>", "" },
		/* CRLF help */
		{ "help\r\n\t  a\r\n\r\n\t  b\r\n", "[help] | <a\n\nb\n>",
		  "test/Kconfig:1:5: warning: carriage return in line end (DOS line ends?) ignored\n" },
		{ "\t---help---\n\t  old\n", "[---help---] | <old\n>", "" },
	};

	(void)state;
	RUN(cases, false);
}

static void test_positions(void **state)
{
	static const struct lex_case cases[] = {
		{ "config FOO\n\tbool \"x\" if A",
		  "[config]@1:1 FOO@1:8 | [bool]@2:2 \"x\"@2:7 [if]@2:11 A@2:14 |", "" },
		{ "depends on A && \\\n  B", "[depends]@1:1 [on]@1:9 A@1:12 &&@1:14 B@2:3 |", "" },
		{ "\xef\xbb\xbf" "A", "A@1:1 |",
		  "test/Kconfig:1:1: warning: ignoring UTF-8 byte order mark\n" },
		{ "help\n\t  text\n\nX Y", "[help]@1:1 | <text\n> X@4:1 Y@4:3 |", "" },
		{ "A\r\nB", "A@1:1 | B@2:1 |",
		  "test/Kconfig:1:2: warning: carriage return in line end (DOS line ends?) ignored\n" },
		{ "X := 1\nY", "X:=<1> | Y@2:1 |", "" },
		{ "A $(FOO)x \"s$(FOO)\" <=", "A@1:1 barx@1:3 \"sbar\"@1:11 <=@1:21 |", "" },
	};

	(void)state;
	RUN(cases, true);
}

static void test_macro_errors(void **state)
{
	struct kconfig_options opts = unit_options();
	struct kconfig *kc = kconfig_new(&opts);
	struct lexer lx;
	static char text[] = "A $(FOO B\nC";
	char *diags;

	(void)state;
	lexer_init(&lx, kc, &test_file, text, sizeof(text) - 1);
	lexer_next(&lx);
	assert_int_equal(lx.tok.kind, T_WORD);
	lexer_next(&lx);
	/* the rest of the line is used up by the broken reference, kept as is */
	assert_int_equal(lx.tok.kind, T_WORD);
	assert_int_equal(lx.tok.len, 7);
	assert_int_equal(lx.error_line, 1);
	lexer_next(&lx);
	assert_int_equal(lx.tok.kind, T_EOL);
	lexer_next(&lx);
	assert_int_equal(lx.tok.kind, T_WORD);
	assert_int_equal(lx.tok.line, 2);
	diags = unit_diags(kc);
	assert_non_null(strstr(diags, "test/Kconfig:1:3: error:"));
	free(diags);
	lexer_release(&lx);
	kconfig_free(kc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keywords),
		cmocka_unit_test(test_operators),
		cmocka_unit_test(test_words_and_strings),
		cmocka_unit_test(test_macros),
		cmocka_unit_test(test_whitespace),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_macro_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
