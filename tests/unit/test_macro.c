// SPDX-License-Identifier: GPL-2.0
/*
 * The macro language preprocessor: flavors, references, user functions,
 * the environment, built-in functions, error reports with locations.
 * The kernel's own files run through it in test_macro_kernel.c.
 *
 * Expected values follow the kernel's scripts/kconfig/preprocess.c (and
 * its tests in scripts/kconfig/tests/preprocess), checked against the
 * kernel's conf built from Linux 6.12.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "macro.h"
#include "shell_cache.h"

#include "macro_fixture.h"

/* ---- table-driven expansion cases ----------------------------------------- */

struct def {
	const char *name;
	enum macro_flavor flavor;
	const char *value;
};

#define SET(n, v)	{ n, MACRO_SIMPLE, v }
#define REC(n, v)	{ n, MACRO_RECURSIVE, v }
#define ADD(n, v)	{ n, MACRO_APPEND, v }

struct expand_case {
	const char *title;
	struct def defs[24];	/* up to the first with name NULL */
	const char *input;
	const char *output;
	const char *diags;	/* NULL: none expected */
	const char *info;	/* NULL: nothing printed */
};

static void run_case(const struct expand_case *c)
{
	char *out, *diags;
	int i;

	fixture_open(NULL);
	for (i = 0; c->defs[i].name; i++)
		macro_assign(fx.env, c->defs[i].name, c->defs[i].flavor,
			     c->defs[i].value, at(i + 1, DEF_COLUMN));
	out = expand(c->input);
	diags = diag_text();
	if (strcmp(out, c->output))
		fail_msg("%s: '%s' gave '%s', expected '%s'", c->title,
			 c->input, out, c->output);
	if (strcmp(diags, c->diags ? c->diags : ""))
		fail_msg("%s: diagnostics\n%s\nexpected\n%s", c->title, diags,
			 c->diags ? c->diags : "(none)");
	if (strcmp(info_output(), c->info ? c->info : ""))
		fail_msg("%s: info output '%s', expected '%s'", c->title,
			 info_output(), c->info ? c->info : "");
	free(out);
	free(diags);
	fixture_close();
}

static void run_cases(const struct expand_case *cases, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		run_case(&cases[i]);
}

#define RUN_TABLE(table) run_cases(table, sizeof(table) / sizeof(table[0]))

#define SELF_REFERENCE \
	"'X' refers to itself in its own ':=' assignment: it reads as empty (the kernel reads freed memory here)\n"

static const struct expand_case flavor_cases[] = {
	{ .title = "simple expands at assignment",
	  .defs = { SET("X", "1"), SET("S", "$(X)"), SET("X", "2") },
	  .input = "$(S)", .output = "1" },
	{ .title = "recursive expands at use",
	  .defs = { SET("X", "1"), REC("R", "$(X)"), SET("X", "2") },
	  .input = "$(R)", .output = "2" },
	{ .title = "+= on a simple variable expands now",
	  .defs = { SET("S", "a"), SET("Y", "3"), ADD("S", "$(Y)"), SET("Y", "4") },
	  .input = "$(S)", .output = "a 3" },
	{ .title = "+= on a recursive variable defers",
	  .defs = { REC("R", "a"), SET("Y", "3"), ADD("R", "$(Y)"), SET("Y", "4") },
	  .input = "$(R)", .output = "a 4" },
	{ .title = "+= on an undefined variable makes it recursive",
	  .defs = { SET("Y", "3"), ADD("U", "$(Y)"), SET("Y", "4") },
	  .input = "$(U)", .output = "4" },
	{ .title = "+= on an empty variable still adds a space",
	  .defs = { SET("E", ""), ADD("E", "x") },
	  .input = "[$(E)]", .output = "[ x]" },
	{ .title = "+= of nothing adds a space",
	  .defs = { SET("E", "a"), ADD("E", "") },
	  .input = "[$(E)]", .output = "[a ]" },
	{ .title = "redefinition replaces value and flavor",
	  .defs = { REC("X", "a$(Y)"), SET("Y", "b"), SET("X", "$(Y)c"), SET("Y", "d") },
	  .input = "$(X)", .output = "bc" },
	{ .title = "+= keeps the flavor of the last definition",
	  .defs = { REC("X", "r"), SET("X", "a"), SET("Y", "1"), ADD("X", "$(Y)"), SET("Y", "2") },
	  .input = "$(X)", .output = "a 1" },
	{ .title = "values keep their blanks",
	  .defs = { SET("X", "  a \t b  ") },
	  .input = "[$(X)]", .output = "[  a \t b  ]" },
	{ .title = "X += $(X) on a simple variable uses the old value",
	  .defs = { SET("X", "a"), ADD("X", "$(X)") },
	  .input = "$(X)", .output = "a a" },
	{ .title = "X := [$(X)] reads X as empty, with a warning",
	  .defs = { SET("X", "a"), SET("X", "[$(X)]") },
	  .input = "$(X)", .output = "[]",
	  .diags = "warning 2:10: " SELF_REFERENCE },
	{ .title = "X := $(X) on a new variable reads as empty",
	  .defs = { SET("X", "<$(X)>") },
	  .input = "$(X)", .output = "<>",
	  .diags = "warning 1:10: " SELF_REFERENCE },
	{ .title = "X += $(X) on a recursive variable fails at use",
	  .defs = { REC("X", "a"), ADD("X", "$(X)") },
	  .input = "$(X)", .output = "a ",
	  .diags = "error 20:5: recursive variable 'X' references itself (eventually)\n" },
	{ .title = "a simple variable ignores arguments",
	  .defs = { SET("S", "x$(1)y") },
	  .input = "$(S,a,b)", .output = "xy" },
	{ .title = "the name of a reference is expanded",
	  .defs = { SET("X", "A"), SET("Y", "B"), SET("AB", "5") },
	  .input = "$($(X)$(Y))", .output = "5" },
	{ .title = "nested recursive variables",
	  .defs = { REC("A", "$(B)"), REC("B", "$(C)"), SET("C", "deep") },
	  .input = "<$(A)>", .output = "<deep>" },
	{ .title = "the same variable twice is not recursion",
	  .defs = { SET("X", "x"), REC("Y", "$(X)$(X)") },
	  .input = "$(Y)$(Y)", .output = "xxxx" },
	{ .title = "a variable may be called $",
	  .defs = { SET("$", "1") },
	  .input = "$($)", .output = "1" },
};

static void test_flavors(void **state)
{
	(void)state;
	RUN_TABLE(flavor_cases);
}

/* From the kernel's scripts/kconfig/tests/preprocess/escape, and more. */
static const struct expand_case escape_cases[] = {
	{ .title = "plain text",
	  .input = "no references here", .output = "no references here" },
	{ .title = "empty text",
	  .input = "", .output = "" },
	{ .title = "lone $",
	  .input = "$", .output = "$" },
	{ .title = "$$",
	  .input = "$$", .output = "$$" },
	{ .title = "$ before other characters",
	  .input = "a$b ${X} $ (X)", .output = "a$b ${X} $ (X)" },
	{ .title = "quotes and blanks verbatim",
	  .input = "  ' \" '\"   ' ''' \"'\"",
	  .output = "  ' \" '\"   ' ''' \"'\"" },
	{ .title = "a comma through a variable",
	  .defs = { SET("comma", ",") },
	  .input = "hello$(comma) world", .output = "hello, world" },
	{ .title = "$(dollar)(X) is not expanded again",
	  .defs = { SET("dollar", "$"), REC("X", "no") },
	  .input = "$(dollar)(X)", .output = "$(X)" },
	{ .title = "unbalanced parenthesis through a variable",
	  .defs = { SET("left_paren", "(") },
	  .input = "$(left_paren)", .output = "(" },
	{ .title = "a simple variable is expanded once",
	  .defs = { SET("dollar", "$"), SET("Y", "$(dollar)(X)"), REC("X", "no") },
	  .input = "$(Y)", .output = "$(X)" },
	{ .title = "a recursive variable's result is not expanded again",
	  .defs = { SET("dollar", "$"), REC("Y", "$(dollar)(X)"), REC("X", "no") },
	  .input = "$(Y)", .output = "$(X)" },
	{ .title = "an unterminated reference made by a variable is text",
	  .defs = { SET("dollar", "$"), SET("unterminated", "$(dollar)(") },
	  .input = "$(unterminated)", .output = "$(" },
	{ .title = "empty reference",
	  .input = "<$()>", .output = "<>" },
	{ .title = "parentheses around references",
	  .defs = { SET("X", "1") },
	  .input = "(a)$(X)(b)", .output = "(a)1(b)" },
	{ .title = "an extra ) after a reference is text",
	  .defs = { SET("X", "1") },
	  .input = "$(X))", .output = "1)" },
};

static void test_escapes(void **state)
{
	(void)state;
	RUN_TABLE(escape_cases);
}

#define GREETING REC("greeting", "$(1), my name is $(2).")
#define BRACKETS REC("f", "[$(1)][$(2)]")

static const struct expand_case function_cases[] = {
	/* The kernel's scripts/kconfig/tests/preprocess/variable. */
	{ .title = "user-defined function",
	  .defs = { GREETING },
	  .input = "$(greeting,Hello,John)",
	  .output = "Hello, my name is John." },
	{ .title = "missing arguments are empty",
	  .defs = { GREETING },
	  .input = "$(greeting,Hello)", .output = "Hello, my name is ." },
	{ .title = "extra arguments are ignored",
	  .defs = { GREETING },
	  .input = "$(greeting,Hello,John,ignored,ignored)",
	  .output = "Hello, my name is John." },
	{ .title = "a function called without arguments",
	  .defs = { GREETING },
	  .input = "$(greeting)", .output = ", my name is ." },
	/* Splitting and blanks. */
	{ .title = "arguments keep their blanks",
	  .defs = { BRACKETS },
	  .input = "$(f, a ,\tb )", .output = "[ a ][\tb ]" },
	{ .title = "empty first argument",
	  .defs = { BRACKETS },
	  .input = "$(f,,b)", .output = "[][b]" },
	{ .title = "trailing comma",
	  .defs = { BRACKETS },
	  .input = "$(f,a,)", .output = "[a][]" },
	{ .title = "blank name is another name",
	  .defs = { BRACKETS },
	  .input = "$( f,a)", .output = "" },
	{ .title = "a comma from a variable does not split",
	  .defs = { BRACKETS, SET("comma", ",") },
	  .input = "$(f,a$(comma)b)", .output = "[a,b][]" },
	{ .title = "commas in nested references do not split",
	  .defs = { BRACKETS, REC("g", "$(1)+$(2)") },
	  .input = "$(f,$(g,x,y),z)", .output = "[x+y][z]" },
	{ .title = "commas in parentheses do not split",
	  .defs = { BRACKETS },
	  .input = "$(f,(a,b),c)", .output = "[(a,b)][c]" },
	{ .title = "nested parentheses",
	  .defs = { BRACKETS },
	  .input = "$(f,((a,b),(c)),d)", .output = "[((a,b),(c))][d]" },
	{ .title = "arguments are expanded in the caller",
	  .defs = { BRACKETS, SET("X", "outer") },
	  .input = "$(f,$(X))", .output = "[outer][]" },
	{ .title = "$(1) passed on",
	  .defs = { REC("g", "<$(1)>"), REC("h", "$(g,$(1)-$(2))") },
	  .input = "$(h,a,b)", .output = "<a-b>" },
	{ .title = "arguments are not seen by a variable used without them",
	  .defs = { REC("v", "[$(1)]"), REC("h", "$(v)") },
	  .input = "$(h,a)", .output = "[]" },
	{ .title = "argument numbers read like strtoul",
	  .defs = { REC("f", "$( 1)|$(+1)|$(01)|$(0)|$(-1)|$(1 )|$(2)|$(3)") },
	  .input = "$(f,a,b)", .output = "a|a|a||||b|" },
	{ .title = "huge argument numbers do not wrap around",
	  .defs = { REC("f", "<$(18446744073709551617)$(36893488147419103233)>") },
	  .input = "$(f,a)", .output = "<>" },
	{ .title = "$(1) outside a function is empty",
	  .input = "<$(1)>", .output = "<>" },
	{ .title = "15 arguments are allowed",
	  .defs = { REC("f", "$(1)$(15)") },
	  .input = "$(f,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15)",
	  .output = "115" },
	{ .title = "16 arguments are too many",
	  .defs = { REC("f", "$(16)") },
	  .input = "$(f,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16)", .output = "",
	  .diags = "error 20:5: too many function arguments\n" },
	{ .title = "an unknown function with arguments is empty",
	  .input = "<$(no-such-function,a)>", .output = "<>" },
	{ .title = "a variable shadows a built-in",
	  .defs = { REC("shell", "mine $(1)") },
	  .input = "$(shell,x)", .output = "mine x" },
	{ .title = "the function name may come from an argument",
	  .defs = { REC("apply", "$($(1),$(2))"), REC("up", "<$(1)>") },
	  .input = "$(apply,up,z)", .output = "<z>" },
	{ .title = "a function may call itself with arguments",
	  .defs = { REC("count", "$(1)$(count-$(1))"), REC("count-a", "$(count,b)"), REC("count-b", "$(count,c)") },
	  .input = "$(count,a)", .output = "abc" },
};

static void test_functions(void **state)
{
	(void)state;
	RUN_TABLE(function_cases);
}

static const struct expand_case builtin_cases[] = {
	{ .title = "info prints its argument",
	  .input = "a$(info,hello world 0)b", .output = "ab",
	  .info = "hello world 0\n" },
	{ .title = "info keeps blanks",
	  .input = "$(info, spaced )", .output = "",
	  .info = " spaced \n" },
	{ .title = "info twice",
	  .input = "$(info,1)$(info,2)", .output = "",
	  .info = "1\n2\n" },
	{ .title = "warning-if y",
	  .input = "$(warning-if,y,hello world 1)", .output = "",
	  .diags = "warning 20:5: hello world 1\n" },
	{ .title = "warning-if n",
	  .input = "$(warning-if,n,hidden)", .output = "" },
	{ .title = "warning-if needs exactly y",
	  .input = "$(warning-if, y,a)$(warning-if,yes,b)$(warning-if,Y,c)",
	  .output = "" },
	{ .title = "warning-if through a function",
	  .defs = { REC("warning", "$(warning-if,y,$(1))") },
	  .input = "x $(warning,hi)", .output = "x ",
	  .diags = "warning 20:7: hi\n" },
	{ .title = "error-if y reports and goes on",
	  .input = "a$(error-if,y,boom)b", .output = "ab",
	  .diags = "error 20:6: boom\n" },
	{ .title = "error-if n",
	  .input = "$(error-if,n,this should not be printed)", .output = "" },
	{ .title = "filename",
	  .input = "$(filename)", .output = "arch/x86/Kconfig" },
	{ .title = "lineno",
	  .input = "$(lineno)", .output = "20" },
	{ .title = "lineno on the second line of the text",
	  .input = "x\n $(lineno)", .output = "x\n 21" },
	{ .title = "lineno in a := value is one past its line (as the kernel)",
	  .defs = { SET("X", "$(lineno)") },
	  .input = "$(X)", .output = "2" },
	{ .title = "lineno in a recursive variable is the line of use",
	  .defs = { REC("X", "$(lineno)") },
	  .input = "$(X)", .output = "20" },
	{ .title = "filename and lineno shadowed by variables",
	  .defs = { SET("filename", "f"), SET("lineno", "l") },
	  .input = "$(filename)$(lineno)", .output = "fl" },
	/* Argument counts, checked like the kernel. */
	{ .title = "info without arguments",
	  .input = "$(info)", .output = "",
	  .diags = "error 20:5: too few function arguments passed to 'info'\n" },
	{ .title = "info with two arguments",
	  .input = "$(info,a,b)", .output = "",
	  .diags = "error 20:5: too many function arguments passed to 'info'\n" },
	{ .title = "shell without arguments",
	  .input = "$(shell)", .output = "",
	  .diags = "error 20:5: too few function arguments passed to 'shell'\n" },
	{ .title = "shell with a bare comma",
	  .input = "$(shell, echo hello, world)", .output = "",
	  .diags = "error 20:5: too many function arguments passed to 'shell'\n" },
	{ .title = "warning-if with one argument",
	  .input = "$(warning-if,y)", .output = "",
	  .diags = "error 20:5: too few function arguments passed to 'warning-if'\n" },
	{ .title = "error-if with three arguments",
	  .input = "$(error-if,y,a,b)", .output = "",
	  .diags = "error 20:5: too many function arguments passed to 'error-if'\n" },
	{ .title = "filename with an argument",
	  .input = "$(filename,x)", .output = "",
	  .diags = "error 20:5: too many function arguments passed to 'filename'\n" },
	{ .title = "lineno with an empty argument",
	  .input = "$(lineno,)", .output = "",
	  .diags = "error 20:5: too many function arguments passed to 'lineno'\n" },
	/* $(shell,...) */
	{ .title = "shell",
	  .input = "$(shell,echo hello world 3)", .output = "hello world 3" },
	{ .title = "shell output lines become spaces, trailing newlines go",
	  .input = "$(shell,printf 'hello\\nworld\\n\\n4\\n\\n\\n')",
	  .output = "hello world  4" },
	{ .title = "shell keeps leading newlines as spaces",
	  .input = "[$(shell,printf '\\n\\nx')]", .output = "[  x]" },
	{ .title = "shell keeps a carriage return",
	  .input = "[$(shell,printf 'x\\r\\n')]", .output = "[x\r]" },
	{ .title = "shell output stops at a NUL byte",
	  .input = "[$(shell,printf 'a\\0b')]", .output = "[a]" },
	{ .title = "a newline before a NUL is a space",
	  .input = "[$(shell,printf 'a\\n\\0')]", .output = "[a ]" },
	{ .title = "shell ignores the exit status",
	  .input = "[$(shell,echo out; exit 3)]", .output = "[out]" },
	{ .title = "a failing command gives nothing",
	  .input = "[$(shell,kbrowse-no-such-command 2>/dev/null)]",
	  .output = "[]" },
	{ .title = "stderr is not captured",
	  .input = "[$(shell,echo visible; echo 'expected on stderr' >&2)]",
	  .output = "[visible]" },
	{ .title = "shell arguments expanded first",
	  .defs = { SET("comma", ","), SET("W", "world") },
	  .input = "$(shell,echo hello$(comma) $(W))",
	  .output = "hello, world" },
	{ .title = "shell with the kernel's if-success",
	  .defs = { REC("if-success", "$(shell,{ $(1); } >/dev/null 2>&1 && echo \"$(2)\" || echo \"$(3)\")"), REC("success", "$(if-success,$(1),y,n)"), REC("failure", "$(if-success,$(1),n,y)") },
	  .input = "$(success,true)$(success,false)$(failure,true)$(failure,false)",
	  .output = "ynny" },
};

static void test_builtins(void **state)
{
	(void)state;
	RUN_TABLE(builtin_cases);
}

#define TOO_DEEP_BODY "$(F,$(1))"

static const struct expand_case error_cases[] = {
	{ .title = "a variable referring to itself",
	  .defs = { REC("X", "$(X)") },
	  .input = "$(X)", .output = "",
	  .diags = "error 20:5: recursive variable 'X' references itself (eventually)\n" },
	{ .title = "the error points at the reference",
	  .defs = { REC("X", "a $(X) b") },
	  .input = "text $(X)", .output = "text a ",
	  .diags = "error 20:10: recursive variable 'X' references itself (eventually)\n" },
	{ .title = "through another variable (the kernel's circular_expansion)",
	  .defs = { REC("X", "$(Y)"), REC("Y", "$(X)") },
	  .input = "$(info $(X))", .output = "",
	  .diags = "error 20:5: recursive variable 'X' references itself (eventually)\n" },
	{ .title = "one error stops the expansion",
	  .defs = { REC("X", "$(X)") },
	  .input = "a$(X)b$(X)c", .output = "a",
	  .diags = "error 20:6: recursive variable 'X' references itself (eventually)\n" },
	{ .title = "a function recursing with arguments is cut off",
	  .defs = { REC("F", TOO_DEEP_BODY) },
	  .input = "$(F,x)", .output = "",
	  .diags = "error 20:5: too deep recursive expansion of 'F'\n" },
	{ .title = "unterminated reference",
	  .input = "ab $(foo", .output = "ab $(foo",
	  .diags = "error 20:8: unterminated reference to 'foo': missing ')'\n" },
	{ .title = "unterminated with a nested reference",
	  .defs = { SET("b", "B") },
	  .input = "ok $(a,$(b)", .output = "ok $(a,$(b)",
	  .diags = "error 20:8: unterminated reference to 'a,$(b)': missing ')'\n" },
	{ .title = "an unterminated reference inside another",
	  .input = "$(info,$(", .output = "$(info,$(",
	  .diags = "error 20:5: unterminated reference to 'info,$(': missing ')'\n" },
	{ .title = "unterminated in a variable's value is located at the use",
	  .defs = { REC("V", "x$(y") },
	  .input = "  $(V)", .output = "  x$(y",
	  .diags = "error 20:7: unterminated reference to 'y': missing ')'\n" },
	{ .title = "unterminated at the end",
	  .input = "$(", .output = "$(",
	  .diags = "error 20:5: unterminated reference to '': missing ')'\n" },
	{ .title = "errors in two references",
	  .input = "$(error-if,y,one) $(error-if,y,two)", .output = " ",
	  .diags = "error 20:5: one\nerror 20:23: two\n" },
};

static void test_errors(void **state)
{
	(void)state;
	RUN_TABLE(error_cases);
}

/* ---- cases that need more than a table row -------------------------------- */

static void test_runaway_expansions(void **state)
{
	char name[16], value[32], *out, *text;
	int i;

	(void)state;
	/* A doubling chain: 2^40 references, stopped by the work limit. */
	macro_assign(fx.env, "A0", MACRO_SIMPLE, "x", at(1, 1));
	for (i = 1; i <= 40; i++) {
		snprintf(name, sizeof(name), "A%d", i);
		snprintf(value, sizeof(value), "$(A%d)$(A%d)", i - 1, i - 1);
		macro_assign(fx.env, name, MACRO_RECURSIVE, value, at(1, 1));
	}
	out = expand("$(A40)");
	assert_true(strlen(out) < 2000000);
	text = diag_text();
	assert_string_equal(text,
			    "error 20:5: macro expansion takes too many steps\n");
	free(text);
	free(out);

	/*
	 * A runaway stops the tree: later expansions give nothing at once,
	 * with no error of their own (the first one located the cause).
	 */
	diag_release(&fx.diags);
	out = expand("$(A3)");
	assert_string_equal(out, "");
	assert_int_equal(fx.diags.errors, 0);
	free(out);
}

static void test_output_size_limit(void **state)
{
	char name[16], value[32], *big, *out, *text;
	int i;

	(void)state;
	big = malloc(65537);
	memset(big, 'y', 65536);
	big[65536] = '\0';
	macro_assign(fx.env, "B0", MACRO_SIMPLE, big, at(1, 1));
	free(big);
	for (i = 1; i <= 20; i++) {
		snprintf(name, sizeof(name), "B%d", i);
		snprintf(value, sizeof(value), "$(B%d)$(B%d)", i - 1, i - 1);
		macro_assign(fx.env, name, MACRO_RECURSIVE, value, at(1, 1));
	}
	out = expand("$(B20)");
	text = diag_text();
	assert_string_equal(text,
			    "error 20:5: macro expansion too large (over 16 MiB)\n");
	free(text);
	free(out);
}

/* `a += $(a)$(a)` over the cap: nothing is assigned, the tree stops. */
static void test_runaway_assigns_nothing(void **state)
{
	char *big, *out, *text;
	int i;

	(void)state;
	big = malloc((1 << 20) + 1);
	memset(big, 'a', 1 << 20);
	big[1 << 20] = '\0';
	macro_assign(fx.env, "A", MACRO_SIMPLE, big, at(1, 1));
	free(big);
	for (i = 0; i < 40; i++)
		macro_assign(fx.env, "A", MACRO_APPEND, "$(A)$(A)", at(i + 2, 1));
	text = diag_text();
	assert_string_equal(text,
			    "error 4:5: macro expansion too large (over 16 MiB)\n");
	free(text);
	/* 1, 3, 9 MiB, then 27 is refused: the tree stopped expanding. */
	out = expand("$(A)");
	assert_int_equal(strlen(out), 0);
	free(out);
}

/* Many expansions each under the cap add up to the tree's budget. */
static void test_tree_budget(void **state)
{
	char name[16], value[32], *text;
	int i;

	(void)state;
	macro_assign(fx.env, "A0", MACRO_SIMPLE, "xxxxxxxxxxxxxxxx", at(1, 1));
	for (i = 1; i <= 20; i++) {
		snprintf(name, sizeof(name), "A%d", i);
		snprintf(value, sizeof(value), "$(A%d)$(A%d)", i - 1, i - 1);
		macro_assign(fx.env, name, MACRO_SIMPLE, value, at(i + 1, 1));
	}
	/* Each copy is 16 MiB, just at the cap; with the chain's own 32 MiB
	 * the third copy is over the 64 MiB of the tree. */
	for (i = 0; i < 1500; i++) {
		snprintf(name, sizeof(name), "B%d", i);
		macro_assign(fx.env, name, MACRO_SIMPLE, "$(A20)", at(i + 30, 1));
	}
	text = diag_text();
	assert_string_equal(text,
			    "error 32:1: macro expansions of this tree exceed 64 MiB in all\n");
	free(text);
}

static void test_deep_nesting(void **state)
{
	size_t depth = 5000, i;
	char *text = malloc(depth * 3 + 1), *out, *diags;

	(void)state;
	for (i = 0; i < depth; i++)
		memcpy(text + 2 * i, "$(", 2);
	memset(text + 2 * depth, ')', depth);
	text[3 * depth] = '\0';
	out = expand(text);
	diags = diag_text();
	assert_string_equal(diags,
			    "error 20:4005: macro references nested too deeply\n");
	free(diags);
	free(out);
	free(text);
}

static void test_locations(void **state)
{
	char *out, *diags;
	struct location no_column = { &kconfig_file, 7, 0 };

	(void)state;
	/* A newline in the text moves line and column. */
	out = expand("a\n  $(error-if,y,second line)");
	diags = diag_text();
	assert_string_equal(diags, "error 21:3: second line\n");
	free(diags);
	free(out);
	diag_release(&fx.diags);

	/* An unknown column stays unknown. */
	out = macro_expand(fx.env, "x $(error-if,y,e)", 17, no_column);
	diags = diag_text();
	assert_string_equal(diags, "error 7:0: e\n");
	free(diags);
	free(out);
	diag_release(&fx.diags);

	/* Only len bytes are read. */
	out = macro_expand(fx.env, "ab$(lineno)cd", 2, no_column);
	assert_string_equal(out, "ab");
	free(out);

	/* Errors in a := value are located in the value. */
	macro_assign(fx.env, "X", MACRO_SIMPLE, "..$(error-if,y,in value)",
		     at(3, 12));
	diags = diag_text();
	assert_string_equal(diags, "error 3:14: in value\n");
	free(diags);
}

static void test_info_without_stream(void **state)
{
	struct diag_list diags;
	struct macro_env *env;
	char *out;

	(void)state;
	diag_init(&diags);
	env = macro_env_new(&diags, NULL, NULL);
	out = macro_expand(env, "$(info,kept as a note)", 22, at(4, 2));
	assert_string_equal(out, "");
	assert_non_null(diags.first);
	assert_int_equal(diags.first->severity, DIAG_NOTE);
	assert_string_equal(diags.first->message, "kept as a note");
	assert_int_equal(diags.first->loc.line, 4);
	assert_int_equal(diags.first->loc.column, 2);
	assert_int_equal(diags.errors, 0);
	free(out);
	macro_env_free(env);
	diag_release(&diags);

	/* No diagnostic list at all: nothing is reported, nothing breaks. */
	env = macro_env_new(NULL, NULL, NULL);
	out = macro_expand(env, "$(X$(info,a)", 12, at(1, 1));
	assert_string_equal(out, "$(X$(info,a)");
	free(out);
	macro_env_free(env);
}

/* ---- the environment ------------------------------------------------------- */

static void test_environment(void **state)
{
	const char **names;
	size_t count;
	char *out;

	(void)state;
	setenv("KBROWSE_TEST_A", "from env", 1);
	setenv("KBROWSE_TEST_B", "bee", 1);
	unsetenv("KBROWSE_TEST_UNSET");
	macro_assign(fx.env, "part", MACRO_SIMPLE, "TEST_B", at(1, 9));
	macro_assign(fx.env, "KBROWSE_TEST_SHADOW", MACRO_SIMPLE, "mine",
		     at(2, 9));
	setenv("KBROWSE_TEST_SHADOW", "env", 1);

	out = expand("$(KBROWSE_TEST_A)|$(KBROWSE_TEST_UNSET)|$(KBROWSE_$(part))"
		     "|$(KBROWSE_TEST_SHADOW)|$(KBROWSE_TEST_A,arg)");
	assert_string_equal(out, "from env||bee|mine|");
	free(out);

	/* The first value read is kept, as the kernel does. */
	setenv("KBROWSE_TEST_A", "changed", 1);
	out = expand("$(KBROWSE_TEST_A)");
	assert_string_equal(out, "from env");
	free(out);

	count = macro_env_vars_used(fx.env, &names);
	assert_int_equal(count, 2);
	assert_string_equal(names[0], "KBROWSE_TEST_A");
	assert_string_equal(macro_env_used_value(fx.env, 0), "from env");
	assert_string_equal(names[1], "KBROWSE_TEST_B");
	assert_string_equal(macro_env_used_value(fx.env, 1), "bee");
	assert_null(macro_env_used_value(fx.env, 2));
	assert_int_equal(fx.diags.errors + fx.diags.warnings, 0);

	unsetenv("KBROWSE_TEST_A");
	unsetenv("KBROWSE_TEST_B");
	unsetenv("KBROWSE_TEST_SHADOW");
}

static void test_setenv_override(void **state)
{
	const char **names;
	char *out;

	(void)state;
	setenv("KBROWSE_TEST_CC", "process-cc", 1);
	macro_env_setenv(fx.env, "KBROWSE_TEST_CC", "first-cc");
	macro_env_setenv(fx.env, "KBROWSE_TEST_CC", "tree-cc");
	macro_env_setenv(fx.env, "KBROWSE_TEST_NEW", "new");
	out = expand("$(KBROWSE_TEST_CC)|$(shell,echo $KBROWSE_TEST_CC $KBROWSE_TEST_NEW)");
	assert_string_equal(out, "tree-cc|tree-cc new");
	free(out);
	assert_int_equal(macro_env_vars_used(fx.env, &names), 1);
	assert_string_equal(names[0], "KBROWSE_TEST_CC");
	assert_string_equal(macro_env_used_value(fx.env, 0), "tree-cc");
	/* The process environment itself is untouched. */
	assert_string_equal(getenv("KBROWSE_TEST_CC"), "process-cc");
	assert_null(getenv("KBROWSE_TEST_NEW"));
	unsetenv("KBROWSE_TEST_CC");
}

/* ---- $(shell,...) details ---------------------------------------------------- */

static void test_shell_truncates_like_the_kernel(void **state)
{
	char *out;

	(void)state;
	/* The kernel reads one 4096-byte buffer and keeps 4095 bytes. */
	out = expand("$(shell,head -c 5000 /dev/zero | tr '\\0' a)");
	assert_int_equal(strlen(out), 4095);
	free(out);
	out = expand("$(shell,head -c 4095 /dev/zero | tr '\\0' a)");
	assert_int_equal(strlen(out), 4095);
	free(out);
	/* 4094 bytes and a newline: the newline goes. */
	out = expand("$(shell,head -c 4094 /dev/zero | tr '\\0' a; echo)");
	assert_int_equal(strlen(out), 4094);
	free(out);
	/* A writer that goes on and on is not waited for forever. */
	out = expand("$(shell,yes)");
	assert_int_equal(strlen(out), 4095);
	assert_memory_equal(out, "y y y ", 6);
	free(out);
	assert_int_equal(fx.diags.errors, 0);
}

static void test_shell_directory(void **state)
{
	char dir[] = "/tmp/kbrowse-macro-test-XXXXXX", *real, *out, *diags;
	char expected[600];

	(void)state;
	fixture_close();
	assert_non_null(mkdtemp(dir));
	real = realpath(dir, NULL);
	assert_non_null(real);
	fixture_open(dir);
	out = expand("$(shell,pwd -P)");
	assert_string_equal(out, real);
	free(out);
	fixture_close();
	rmdir(dir);

	/* A directory that is not there: an error, located. */
	fixture_open(dir);
	out = expand("  $(shell,pwd)");
	assert_string_equal(out, "  ");
	diags = diag_text();
	snprintf(expected, sizeof(expected),
		 "error 20:7: cannot run 'pwd' in '%s': No such file or directory\n",
		 dir);
	assert_string_equal(diags, expected);
	free(diags);
	free(out);
	free(real);
}

static int open_descriptors(void)
{
	DIR *dir = opendir("/proc/self/fd");
	int count = 0;

	if (!dir)
		return -1;
	while (readdir(dir))
		count++;
	closedir(dir);
	return count;
}

static void test_shell_leaves_nothing_behind(void **state)
{
	int before = open_descriptors(), i;
	char *out;

	(void)state;
	for (i = 0; i < 30; i++) {
		out = expand("$(shell,echo x)$(shell,yes)$(shell,exit 1)");
		free(out);
	}
	fixture_close();
	fixture_open("/kbrowse-no-such-directory");
	out = expand("$(shell,echo x)");
	assert_string_equal(out, "");
	free(out);
	assert_int_equal(fx.diags.errors, 1);
	assert_int_equal(open_descriptors(), before);
	/* Every child was waited for. */
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
}

static void test_shell_cache(void **state)
{
	char dir[] = "/tmp/kbrowse-macro-cache-XXXXXX", cmd[100];
	const char *text = "$(shell,echo $$; echo 'shell cache test: on stderr twice' >&2)";
	struct shell_cache *cache;
	struct shell_cache_stats stats;
	char *first, *second, *third;

	(void)state;
	assert_non_null(mkdtemp(dir));
	/* The cache under test is on even where the caller turned it off. */
	unsetenv("KBROWSE_NO_CACHE");
	cache = shell_cache_open(dir, &fx.diags);
	assert_non_null(cache);
	/* Without the cache, each run is a new shell with a new pid. */
	first = expand(text);
	second = expand(text);
	assert_string_not_equal(first, second);
	free(first);
	free(second);

	macro_env_set_shell_cache(fx.env, cache);
	first = expand(text);
	second = expand(text);
	assert_string_equal(first, second);
	stats = shell_cache_stats(cache);
	assert_int_equal(stats.hits, 1);
	assert_int_equal(stats.stores, 1);

	/* The variables given to macro_env_setenv are part of the key. */
	macro_env_setenv(fx.env, "KBROWSE_TEST_KEY", "1");
	third = expand(text);
	assert_string_not_equal(first, third);
	assert_int_equal(shell_cache_stats(cache).misses, 2);
	assert_int_equal(fx.diags.errors + fx.diags.warnings, 0);

	free(first);
	free(second);
	free(third);
	macro_env_set_shell_cache(fx.env, NULL);
	shell_cache_close(cache);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* ---- helpers for the lexer ----------------------------------------------------- */

struct scan_case {
	const char *text;
	const char *output;
	size_t consumed;
};

static void test_expand_word(void **state)
{
	static const struct scan_case cases[] = {
		{ "$(X)_suffix rest", "pre_suffix", 11 },
		{ "$(X)$(Y)=1", "prepost", 8 },
		{ "a$b c", "a$b", 3 },
		{ "$(X,a b) tail", "pre", 8 },
		{ "$ x", "$", 1 },
		{ "$(X)\"q\"", "pre", 4 },
		{ "$(E)", "", 4 },
		{ "$(X", "$(X", 3 },
	};
	size_t i, used;

	(void)state;
	macro_assign(fx.env, "X", MACRO_SIMPLE, "pre", at(1, 9));
	macro_assign(fx.env, "Y", MACRO_SIMPLE, "post", at(2, 9));
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *out = macro_expand_word(fx.env, cases[i].text,
					      strlen(cases[i].text),
					      at(5, 1), &used);

		if (strcmp(out, cases[i].output) || used != cases[i].consumed)
			fail_msg("word '%s' gave '%s' (%zu), expected '%s' (%zu)",
				 cases[i].text, out, used, cases[i].output,
				 cases[i].consumed);
		free(out);
	}
	assert_int_equal(fx.diags.errors, 1);	/* the unterminated one */
}

static void test_expand_reference(void **state)
{
	static const struct scan_case cases[] = {
		{ "$(X)\" rest", "pre", 4 },
		{ "$(X,(a)) more", "pre", 8 },
		{ "$x\"", "$", 1 },
		{ "$", "$", 1 },
		{ "$(X\"", "$(X\"", 4 },
		{ "x", "", 0 },
	};
	size_t i, used;

	(void)state;
	macro_assign(fx.env, "X", MACRO_SIMPLE, "pre", at(1, 9));
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *out = macro_expand_reference(fx.env, cases[i].text,
						   strlen(cases[i].text),
						   at(5, 1), &used);

		if (strcmp(out, cases[i].output) || used != cases[i].consumed)
			fail_msg("reference '%s' gave '%s' (%zu), expected '%s' (%zu)",
				 cases[i].text, out, used, cases[i].output,
				 cases[i].consumed);
		free(out);
	}
	assert_int_equal(fx.diags.errors, 1);
}

static void test_reference_length(void **state)
{
	(void)state;
	assert_int_equal(macro_reference_length("$(a(b)c)d", 9), 8);
	assert_int_equal(macro_reference_length("$(a,$(b))", 9), 9);
	assert_int_equal(macro_reference_length("$(a", 3), 0);
	assert_int_equal(macro_reference_length("$(a)", 3), 0);
	assert_int_equal(macro_reference_length("$x", 2), 1);
	assert_int_equal(macro_reference_length("$", 1), 1);
	assert_int_equal(macro_reference_length("x", 1), 0);
	assert_int_equal(macro_reference_length("", 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flavors),
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_functions),
		cmocka_unit_test(test_builtins),
		cmocka_unit_test(test_errors),
		cmocka_unit_test_setup_teardown(test_runaway_expansions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_output_size_limit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_runaway_assigns_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tree_budget, setup, teardown),
		cmocka_unit_test_setup_teardown(test_deep_nesting, setup, teardown),
		cmocka_unit_test_setup_teardown(test_locations, setup, teardown),
		cmocka_unit_test(test_info_without_stream),
		cmocka_unit_test_setup_teardown(test_environment, setup, teardown),
		cmocka_unit_test_setup_teardown(test_setenv_override, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shell_truncates_like_the_kernel, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shell_directory, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shell_leaves_nothing_behind, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shell_cache, setup, teardown),
		cmocka_unit_test_setup_teardown(test_expand_word, setup, teardown),
		cmocka_unit_test_setup_teardown(test_expand_reference, setup, teardown),
		cmocka_unit_test(test_reference_length),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
