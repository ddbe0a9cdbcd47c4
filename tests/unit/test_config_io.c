// SPDX-License-Identifier: GPL-2.0
/*
 * .config files: reading (every kind of line conf accepts, and the
 * malformed ones, with conf's warnings, worded and located as conf
 * prints them), writing (.config and savedefconfig, byte for byte as conf
 * writes them for the same input) and the file dance (temporary file,
 * .config.old, no rewrite when nothing changed).  Expected texts were
 * taken from the kernel's conf run on the same inputs (--olddefconfig).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"
#include "config.h"
#include "config_io.h"
#include "config_sources.h"
#include "dotconfig_plan.h"

/* How the kernel's conf writes, whatever the environment holds. */
static const struct config_io_options kernel_io = { .prefix = "CONFIG_" };

/* The tree the reading cases use. */
static const char read_tree[] =
	"config MODULES\n\tdef_bool y\n\tmodules\n"
	"config B\n\tbool \"b\"\n"
	"config T\n\ttristate \"t\"\n"
	"config N\n\tint \"n\"\n"
	"config H\n\thex \"h\"\n"
	"config S\n\tstring \"s\"\n"
	"choice\n\tprompt \"c\"\n"
	"config C1\n\tbool \"c1\"\n"
	"config C2\n\tbool \"c2\"\n"
	"endchoice\n";

struct read_case {
	const char *name;
	bool warn_unknown;	/* KCONFIG_WARN_UNKNOWN_SYMBOLS */
	const char *dotconfig;
	size_t len;		/* the text may hold a NUL */
	const char *warnings;	/* as conf prints them on stderr */
	const char *result;	/* .config written afterwards, header left out */
};

static const struct read_case read_cases[] = {
	{
		.name = "valid",
		.warn_unknown = false,
		.dotconfig = "CONFIG_B=y\nCONFIG_T=m\nCONFIG_N=-12\nCONFIG_H=0x1F\nCONFIG_S=\"text\"\n",
		.len = 65,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"CONFIG_B=y\n"
		"CONFIG_T=m\n"
		"CONFIG_N=-12\n"
		"CONFIG_H=0x1F\n"
		"CONFIG_S=\"text\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "unexpected",
		.warn_unknown = false,
		.dotconfig = "garbage line\nCONFIG_B\n",
		.len = 22,
		.warnings =
		".config:1:warning: unexpected data: garbage line\n"
		".config:2:warning: unexpected data: CONFIG_B\n"
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "invalid_values",
		.warn_unknown = false,
		.dotconfig = "CONFIG_B=m\nCONFIG_T=x\nCONFIG_N=012\nCONFIG_N=abc\nCONFIG_H=0xg\nCONFIG_T=\n",
		.len = 71,
		.warnings =
		".config:1:warning: symbol value 'm' invalid for B\n"
		".config:2:warning: symbol value 'x' invalid for T\n"
		".config:3:warning: symbol value '012' invalid for N\n"
		".config:4:warning: symbol value 'abc' invalid for N\n"
		".config:5:warning: symbol value '0xg' invalid for H\n"
		".config:6:warning: symbol value '' invalid for T\n"
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "unterminated_string",
		.warn_unknown = false,
		.dotconfig = "CONFIG_S=\"unterminated\n",
		.len = 23,
		.warnings =
		".config:1:warning: invalid string found\n"
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "unquoted_string",
		.warn_unknown = false,
		.dotconfig = "CONFIG_S=noquotes\n",
		.len = 18,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "escapes",
		.warn_unknown = false,
		.dotconfig = "CONFIG_S=\"a\\\"b\\\\c\" trailing\n",
		.len = 28,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"a\\\"b\\\\c\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "override",
		.warn_unknown = false,
		.dotconfig = "CONFIG_B=y\nCONFIG_B=n\n",
		.len = 22,
		.warnings =
		".config:2:warning: override: reassigning to symbol B\n"
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "comments",
		.warn_unknown = false,
		.dotconfig = "# CONFIG_B is not set\n#CONFIG_T is not set\n# CONFIG_T is not set extra\n# just a comment\n\nCONFIG_T=y\n",
		.len = 100,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"CONFIG_T=y\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "crlf",
		.warn_unknown = false,
		.dotconfig = "CONFIG_B=y\r\nCONFIG_N=5\r\n",
		.len = 24,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"CONFIG_B=y\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=5\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "no_final_newline",
		.warn_unknown = false,
		.dotconfig = "CONFIG_N=7",
		.len = 10,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=7\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "unknown_quiet",
		.warn_unknown = false,
		.dotconfig = "CONFIG_NOPE=y\nCONFIG_B=y\n",
		.len = 25,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"CONFIG_B=y\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "unknown_warned",
		.warn_unknown = true,
		.dotconfig = "CONFIG_NOPE=y\nCONFIG_B=y\n",
		.len = 25,
		.warnings =
		".config:1:warning: unknown symbol: NOPE\n"
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"CONFIG_B=y\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "first_letter",
		.warn_unknown = false,
		.dotconfig = "CONFIG_B=yes\nCONFIG_T=mod\n",
		.len = 26,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"CONFIG_B=y\n"
		"CONFIG_T=m\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "choice_last_wins",
		.warn_unknown = false,
		.dotconfig = "CONFIG_C2=y\nCONFIG_C1=y\n",
		.len = 24,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "nul_byte",
		.warn_unknown = false,
		.dotconfig = "CONFIG_N=1\0junk\n",
		.len = 16,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=1\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
	{
		.name = "empty_name",
		.warn_unknown = false,
		.dotconfig = "CONFIG_=y\nCONFIG_B = y\n",
		.len = 23,
		.warnings =
		"",
		.result =
		"CONFIG_MODULES=y\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_T is not set\n"
		"CONFIG_N=0\n"
		"CONFIG_H=0x0\n"
		"CONFIG_S=\"\"\n"
		"CONFIG_C1=y\n"
		"# CONFIG_C2 is not set\n"
		"",
	},
};

static struct kconfig *load_ok(const char *text)
{
	struct kconfig *kc = unit_load(text);

	assert_non_null(kc);
	assert_int_equal(kc->diags.errors, 0);
	return kc;
}

/* Diagnostics in conf's own format: "file:line:warning: message". */
static char *conf_warnings(const struct diag_list *diags)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	const struct diag *d;

	for (d = diags->first; d; d = d->next)
		fprintf(out, "%s:%d:warning: %s\n", location_file(d->loc),
			d->loc.line, d->message);
	fclose(out);
	return text;
}

static char *written_text(struct config *cfg, bool defconfig)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (defconfig)
		config_write_defconfig_stream(cfg, out, &kernel_io);
	else
		config_write_stream(cfg, out, &kernel_io);
	fclose(out);
	return text;
}

/* The .config text without its four header lines. */
static const char *body_of(const char *text)
{
	for (int i = 0; i < 4 && text; i++) {
		text = strchr(text, '\n');
		if (text)
			text++;
	}
	return text ? text : "";
}

static void test_read_cases(void **state)
{
	struct kconfig *kc = load_ok(read_tree);

	(void)state;
	for (size_t i = 0; i < sizeof(read_cases) / sizeof(read_cases[0]); i++) {
		const struct read_case *c = &read_cases[i];
		struct config_io_options io = {
			.prefix = "CONFIG_", .warn_unknown = c->warn_unknown,
		};
		struct config *cfg = config_new(kc);
		struct diag_list diags;
		char *warnings, *text;

		diag_init(&diags);
		config_read_text(cfg, ".config", c->dotconfig, c->len, &io, &diags);
		warnings = conf_warnings(&diags);
		text = written_text(cfg, false);
		if (strcmp(warnings, c->warnings) || strcmp(body_of(text), c->result))
			fprintf(stderr, "case %s:\n%s%s", c->name, warnings,
				body_of(text));
		assert_string_equal(warnings, c->warnings);
		assert_string_equal(body_of(text), c->result);
		free(warnings);
		free(text);
		diag_release(&diags);
		config_free(cfg);
	}
	kconfig_free(kc);
}

/* Reading replaces every user value, as conf does with a second file. */
static void test_read_replaces(void **state)
{
	struct kconfig *kc = load_ok(read_tree);
	struct config *cfg = config_new(kc);
	struct config_io_options io = { .prefix = "CONFIG_" };
	const struct symbol *b = symbol_find(kc, "B"), *n = symbol_find(kc, "N");

	(void)state;
	config_read_text(cfg, "one", "CONFIG_B=y\n", 11, &io, NULL);
	assert_string_equal(config_str(cfg, b), "y");
	config_read_text(cfg, "two", "CONFIG_N=4\n", 11, &io, NULL);
	assert_string_equal(config_str(cfg, b), "n");
	assert_false(config_has_user(cfg, b));
	assert_string_equal(config_str(cfg, n), "4");
	config_free(cfg);
	kconfig_free(kc);
}

/*
 * config_next_user()'s walk, over a tree of more symbols than a word of
 * its bits: it gives every symbol that has a user value (and, with a new
 * configuration or just after a read, nothing else).
 */
enum { WALK_SYMS = 150 };

static unsigned walk_users(const struct config *cfg, const struct kconfig *kc,
			   unsigned char *given)
{
	unsigned count = 0;

	memset(given, 0, kc->nsymbols);
	for (size_t i = config_next_user(cfg, 0); i < kc->nsymbols;
	     i = config_next_user(cfg, i + 1)) {
		assert_false(given[i]);
		given[i] = 1;
		count++;
	}
	for (size_t i = 0; i < kc->nsymbols; i++)
		if (config_has_user(cfg, kc->symbols[i]))
			assert_true(given[i]);
	return count;
}

static const struct symbol *walk_sym(const struct kconfig *kc, int n)
{
	char name[16];

	snprintf(name, sizeof(name), "S%d", n);
	return symbol_find(kc, name);
}

static void test_user_walk(void **state)
{
	char *tree = malloc(WALK_SYMS * 32), *p = tree;
	struct kconfig *kc;
	struct config *cfg;
	unsigned char *given;
	static const char one[] = "CONFIG_S3=y\nCONFIG_S70=y\n# CONFIG_S149 is not set\n";
	static const char two[] = "CONFIG_S64=y\n";

	(void)state;
	assert_non_null(tree);
	for (int i = 0; i < WALK_SYMS; i++)
		p += sprintf(p, "config S%d\n\tbool \"s\"\n", i);
	kc = load_ok(tree);
	cfg = config_new(kc);
	given = malloc(kc->nsymbols);
	assert_non_null(given);
	assert_int_equal(walk_users(cfg, kc, given), 0);
	config_read_text(cfg, "one", one, strlen(one), &kernel_io, NULL);
	assert_int_equal(walk_users(cfg, kc, given), 3);
	assert_true(given[walk_sym(kc, 149)->index]);
	/* A second file: the first one's values are gone, and not walked. */
	config_read_text(cfg, "two", two, strlen(two), &kernel_io, NULL);
	assert_false(config_has_user(cfg, walk_sym(kc, 70)));
	assert_int_equal(walk_users(cfg, kc, given), 1);
	assert_true(given[walk_sym(kc, 64)->index]);
	config_set_user_tri(cfg, walk_sym(kc, 130), TRI_YES);
	config_clear_user(cfg, walk_sym(kc, 64));
	assert_true(walk_users(cfg, kc, given) >= 1);
	assert_true(given[walk_sym(kc, 130)->index]);
	config_read_text(cfg, "one", one, strlen(one), &kernel_io, NULL);
	assert_false(config_has_user(cfg, walk_sym(kc, 130)));
	assert_int_equal(walk_users(cfg, kc, given), 3);
	config_reset_computed_kept(cfg);
	assert_int_equal(walk_users(cfg, kc, given), 0);
	config_set_user_tri(cfg, walk_sym(kc, 0), TRI_NO);
	assert_int_equal(walk_users(cfg, kc, given), 1);
	config_reset(cfg);
	assert_int_equal(walk_users(cfg, kc, given), 0);
	assert_int_equal(config_next_user(cfg, kc->nsymbols + 5), kc->nsymbols);
	free(given);
	free(tree);
	config_free(cfg);
	kconfig_free(kc);
}

/* A custom prefix ($CONFIG_ in the kernel) in reading and writing. */
static void test_prefix(void **state)
{
	struct kconfig *kc = load_ok(read_tree);
	struct config *cfg = config_new(kc);
	struct config_io_options io = { .prefix = "XY_" };
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	(void)state;
	config_read_text(cfg, "p", "XY_B=y\nCONFIG_T=y\n", 19, &io, NULL);
	assert_string_equal(config_str(cfg, symbol_find(kc, "B")), "y");
	out = open_memstream(&text, &len);
	config_write_defconfig_stream(cfg, out, &(struct config_io_options){ .prefix = "XY_" });
	fclose(out);
	assert_string_equal(text, "XY_B=y\n");
	free(text);
	config_free(cfg);
	kconfig_free(kc);
}

/* --- provenance: which line gave each user value ------------------------------- */

struct provenance_case {
	const char *dotconfig;
	size_t len;		/* 0: strlen (a text with a NUL gives it) */
	bool warn_unknown;
	const char *symbol;
	int line;		/* the line that gave its user value; 0: none */
	int refused;		/* a refused line after it; 0: none */
	const char *refused_text;	/* that line's value as written */
	const char *warnings;	/* all of them, conf's format */
	unsigned unknown;	/* lines naming symbols the tree does not have */
};

static const struct provenance_case provenance_cases[] = {
	{ "CONFIG_B=y\n", 0, false, "B", 1, 0, NULL, "", 0 },
	{ "\n\n# CONFIG_B is not set\n", 0, false, "B", 3, 0, NULL, "", 0 },
	/* The last valid line counts, CRLF or not. */
	{ "CONFIG_B=y\r\nCONFIG_B=n\r\n", 0, false, "B", 2, 0, NULL,
	  ".config:2:warning: override: reassigning to symbol B\n", 0 },
	{ "CONFIG_B=m\n", 0, false, "B", 0, 1, "m",
	  ".config:1:warning: symbol value 'm' invalid for B\n", 0 },
	{ "CONFIG_T=m\n", 0, false, "T", 1, 0, NULL, "", 0 },
	/* A refused line after a valid one: the valid one still counts. */
	{ "CONFIG_N=12\nCONFIG_N=0x3\n", 0, false, "N", 1, 2, "0x3",
	  ".config:2:warning: override: reassigning to symbol N\n"
	  ".config:2:warning: symbol value '0x3' invalid for N\n", 0 },
	/* A valid line after a refused one makes it history. */
	{ "CONFIG_N=0x3\nCONFIG_N=12\n", 0, false, "N", 2, 0, NULL,
	  ".config:1:warning: symbol value '0x3' invalid for N\n", 0 },
	{ "CONFIG_N=012\n", 0, false, "N", 0, 1, "012",
	  ".config:1:warning: symbol value '012' invalid for N\n", 0 },
	{ "CONFIG_H=0x1f\n", 0, false, "H", 1, 0, NULL, "", 0 },
	{ "CONFIG_S=\"a\\\"b\"\n", 0, false, "S", 1, 0, NULL, "", 0 },
	/* A string without its closing quote is kept as written. */
	{ "CONFIG_S=\"open\n", 0, false, "S", 0, 1, "\"open",
	  ".config:1:warning: invalid string found\n", 0 },
	{ "CONFIG_S=\"x\"\nCONFIG_S=\"e\\\\\\\"\n", 0, false, "S", 1, 2, "\"e\\\\\\\"",
	  ".config:2:warning: override: reassigning to symbol S\n"
	  ".config:2:warning: invalid string found\n", 0 },
	/* Without quotes a string line says nothing, and counts for nothing. */
	{ "CONFIG_S=bare\n", 0, false, "S", 0, 0, NULL, "", 0 },
	{ "#CONFIG_B is not set\n", 0, false, "B", 0, 0, NULL, "", 0 },
	{ "# CONFIG_B is not set really\n", 0, false, "B", 0, 0, NULL, "", 0 },
	/* Malformed lines: warnings at file:line, and no value. */
	{ "CONFIG_B\nCONFIG_T=y\n", 0, false, "B", 0, 0, NULL,
	  ".config:1:warning: unexpected data: CONFIG_B\n", 0 },
	{ "junk\n=\nCONFIG_=y\nCONFIG_B=y\n", 0, false, "B", 4, 0, NULL,
	  ".config:1:warning: unexpected data: junk\n"
	  ".config:2:warning: unexpected data: =\n", 1 },
	/* Unknown symbols are counted (warned about on request), not recorded. */
	{ "CONFIG_Bx=y\nCONFIG_B=y\nCONFIG_ZZ=n\n", 0, false, "B", 2, 0, NULL, "", 2 },
	{ "CONFIG_Bx=y\nCONFIG_B=y\n", 0, true, "B", 2, 0, NULL,
	  ".config:1:warning: unknown symbol: Bx\n", 1 },
	{ "CONFIG_B=y", 0, false, "B", 1, 0, NULL, "", 0 },
	{ "", 0, false, "B", 0, 0, NULL, "", 0 },
	/* Each choice member keeps its own line. */
	{ "CONFIG_C1=y\nCONFIG_C2=y\n", 0, false, "C1", 1, 0, NULL, "", 0 },
	{ "CONFIG_C1=y\nCONFIG_C2=y\n", 0, false, "C2", 2, 0, NULL, "", 0 },
	/* Text after a NUL byte on a line is not seen; the next line is. */
	{ "CONFIG_B=y\0junk\nCONFIG_T=q\n", 27, false, "T", 0, 2, "q",
	  ".config:2:warning: symbol value 'q' invalid for T\n", 0 },
	{ "CONFIG_B=y\0junk\nCONFIG_T=q\n", 27, false, "B", 1, 0, NULL,
	  ".config:2:warning: symbol value 'q' invalid for T\n", 0 },
};

static void test_provenance(void **state)
{
	struct kconfig *kc = load_ok(read_tree);

	(void)state;
	for (size_t i = 0; i < sizeof(provenance_cases) / sizeof(provenance_cases[0]); i++) {
		const struct provenance_case *c = &provenance_cases[i];
		struct config_io_options io = {
			.prefix = "CONFIG_", .warn_unknown = c->warn_unknown,
		};
		size_t len = c->len ? c->len : strlen(c->dotconfig);
		const struct symbol *sym = symbol_find(kc, c->symbol);
		struct config *cfg = config_new(kc);
		struct location at, refused_at = { 0 };
		struct user_lines *lines;
		const char *refused;
		struct diag_list diags;
		char *warnings;

		diag_init(&diags);
		lines = config_read_text_recorded(cfg, ".config", c->dotconfig, len,
						  &io, &diags);
		warnings = conf_warnings(&diags);
		at = user_lines_find(lines, sym);
		refused = user_lines_refused(lines, sym, &refused_at);
		if (at.line != c->line || (refused ? refused_at.line : 0) != c->refused ||
		    strcmp(warnings, c->warnings))
			fprintf(stderr, "case %zu: line %d, refused %d '%s'\n%s", i, at.line,
				refused ? refused_at.line : 0, refused ? refused : "", warnings);
		assert_int_equal(at.line, c->line);
		if (at.line)
			assert_string_equal(location_file(at), ".config");
		assert_int_equal(refused ? refused_at.line : 0, c->refused);
		if (c->refused_text)
			assert_string_equal(refused, c->refused_text);
		assert_string_equal(warnings, c->warnings);
		assert_int_equal(config_read_unknown_count(cfg), c->unknown);
		/* The values and their record come from the same reading. */
		assert_int_equal(config_has_user(cfg, sym), c->line != 0);
		free(warnings);
		diag_release(&diags);
		user_lines_free(lines);
		config_free(cfg);
	}
	kconfig_free(kc);
}

/* The record names the file it came from; reading without one records nothing. */
static void test_provenance_file(void **state)
{
	struct kconfig *kc = load_ok(read_tree);
	struct config *cfg = config_new(kc);
	struct config_io_options io = { .prefix = "CONFIG_" };
	const struct symbol *b = symbol_find(kc, "B");
	struct user_lines *lines;
	struct location loc;

	(void)state;
	lines = config_read_text_recorded(cfg, "arch/x86/configs/tiny.config",
					  "\nCONFIG_B=y\n", 12, &io, NULL);
	loc = user_lines_find(lines, b);
	assert_int_equal(loc.line, 2);
	assert_string_equal(location_file(loc), "arch/x86/configs/tiny.config");
	user_lines_free(lines);
	/* No record: nothing is known, and asking is safe. */
	assert_int_equal(user_lines_find(NULL, b).line, 0);
	assert_null(user_lines_refused(NULL, b, &loc));
	config_free(cfg);
	kconfig_free(kc);
}

/* --- the sources file of a merged .config ------------------------------------ */

/* A directory of our own, made the current one for a case; left on return. */
static void enter_temp_dir(char *dir, char *back, size_t backlen)
{
	assert_non_null(getcwd(back, backlen));
	assert_non_null(mkdtemp(dir));
	assert_int_equal(chdir(dir), 0);
}

static void leave_temp_dir(const char *dir, const char *back)
{
	assert_int_equal(system("rm -f .config .config.sources"), 0);
	assert_int_equal(chdir(back), 0);
	assert_int_equal(rmdir(dir), 0);
}

static void write_text(const char *name, const char *text)
{
	FILE *f = fopen(name, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void test_sources_round_trip(void **state)
{
	struct kconfig *kc = load_ok(read_tree);
	const char config[] = "CONFIG_B=y\n# CONFIG_T is not set\n";
	const char *inputs[] = { "base.config", "frag.config" };
	struct config_sources_line b_lines[] = { { 2, 7 }, { 1, 40 } }, t_line = { 2, 3 };
	struct config_sources_entry entries[] = {
		{ "B", true, "CONFIG_B=y", b_lines, 2 },
		{ "T", false, "CONFIG_T=m", &t_line, 1 },
		{ "GONE", true, "CONFIG_GONE=y", &t_line, 1 },
	};
	const struct config_source *src;
	struct config_sources *s;
	char dir[] = "/tmp/kbrowse-unit-sources.XXXXXX", back[4096], err[256];
	FILE *warn = tmpfile();
	long warned;

	(void)state;
	enter_temp_dir(dir, back, sizeof(back));
	write_text(".config", config);
	assert_int_equal(config_sources_write(".config", config, strlen(config), inputs, 2,
					      entries, 3, NULL, err, sizeof(err)), 0);
	s = config_sources_read(kc, ".config", config, strlen(config), NULL, warn);
	assert_non_null(s);
	src = config_sources_find(s, symbol_find(kc, "B"));
	assert_non_null(src);
	assert_string_equal(location_file(src->set), "frag.config");
	assert_int_equal(src->set.line, 7);
	assert_int_equal(src->nover, 1);
	assert_string_equal(location_file(src->over[0]), "base.config");
	assert_int_equal(src->over[0].line, 40);
	assert_true(src->kept);
	src = config_sources_find(s, symbol_find(kc, "T"));
	assert_non_null(src);
	assert_false(src->kept);
	assert_string_equal(src->request, "CONFIG_T=m");
	assert_null(config_sources_find(s, symbol_find(kc, "N")));
	config_sources_free(s);
	/* Another .config (one byte more): the record is stale and ignored. */
	assert_null(config_sources_read(kc, ".config", "CONFIG_B=y\n#", 12, NULL, warn));
	fflush(warn);
	assert_int_equal(ftell(warn), 0);
	/* One that does not parse: a warning at its line, and ignored. */
	write_text(".config.sources", "kbrowse-sources 1\nconfig 1 0000000000000000\nnonsense\n");
	assert_null(config_sources_read(kc, ".config", config, strlen(config), NULL, warn));
	fflush(warn);
	warned = ftell(warn);
	assert_true(warned > 0);
	rewind(warn);
	{
		char line[256];

		assert_non_null(fgets(line, sizeof(line), warn));
		assert_string_equal(line, ".config.sources:3: warning: not a kbrowse sources "
				    "line: the file is ignored\n");
	}
	fclose(warn);
	leave_temp_dir(dir, back);
	kconfig_free(kc);
}

static void test_sources_carry(void **state)
{
	struct kconfig *kc = load_ok(read_tree);
	const char before[] = "CONFIG_B=y\nCONFIG_T=m\n";
	const char after[] = "# CONFIG_B is not set\nCONFIG_T=m\n";
	const char *inputs[] = { "frag.config" };
	struct config_sources_line l1 = { 1, 1 }, l2 = { 1, 2 };
	struct config_sources_entry entries[] = {
		{ "B", true, "CONFIG_B=y", &l1, 1 },
		{ "T", true, "CONFIG_T=m", &l2, 1 },
	};
	struct config_sources *s;
	char dir[] = "/tmp/kbrowse-unit-sources.XXXXXX", back[4096], err[256];

	(void)state;
	enter_temp_dir(dir, back, sizeof(back));
	assert_int_equal(config_sources_write(".config", before, strlen(before), inputs, 1,
					      entries, 2, NULL, err, sizeof(err)), 0);
	/* conf rewrote it: the record follows, B no longer has what was asked. */
	assert_int_equal(config_sources_carry(".config", before, strlen(before), after,
					      strlen(after), "CONFIG_", err, sizeof(err)), 0);
	assert_null(config_sources_read(kc, ".config", before, strlen(before), NULL, NULL));
	s = config_sources_read(kc, ".config", after, strlen(after), NULL, NULL);
	assert_non_null(s);
	assert_false(config_sources_find(s, symbol_find(kc, "B"))->kept);
	assert_true(config_sources_find(s, symbol_find(kc, "T"))->kept);
	config_sources_free(s);
	/* A record of other bytes is not carried: it stays stale. */
	assert_int_equal(config_sources_carry(".config", before, strlen(before), before,
					      strlen(before), "CONFIG_", err, sizeof(err)), 0);
	assert_non_null(s = config_sources_read(kc, ".config", after, strlen(after), NULL, NULL));
	config_sources_free(s);
	/* One input, a KCONFIG_ALLCONFIG file: each symbol at its last line. */
	write_text("all.config", "CONFIG_B=y\nCONFIG_B=n\nCONFIG_T=m\n");
	assert_int_equal(config_sources_write_input(".config", after, strlen(after),
						    "all.config", "CONFIG_B=y\nCONFIG_B=n\nCONFIG_T=m\n",
						    33, "CONFIG_", NULL, err, sizeof(err)), 0);
	s = config_sources_read(kc, ".config", after, strlen(after), NULL, NULL);
	assert_non_null(s);
	assert_int_equal(config_sources_find(s, symbol_find(kc, "B"))->set.line, 2);
	assert_false(config_sources_find(s, symbol_find(kc, "B"))->kept);
	assert_true(config_sources_find(s, symbol_find(kc, "T"))->kept);
	config_sources_free(s);
	assert_int_equal(system("rm -f all.config"), 0);
	leave_temp_dir(dir, back);
	kconfig_free(kc);
}

/* --- writing --------------------------------------------------------------- */

static const char write_tree[] =
	"mainmenu \"Write test \\\"tree\\\"\"\n"
	"config MODULES\n"
	"\tdef_bool y\n"
	"\tmodules\n"
	"menu \"First menu\"\n"
	"config A\n"
	"\tbool \"a\"\n"
	"\tdefault y\n"
	"comment \"a comment\"\n"
	"config S\n"
	"\tstring \"s\"\n"
	"\tdefault \"quote \\\" and \\\\ backslash\"\n"
	"menu \"Nested\"\n"
	"\tdepends on A\n"
	"config N\n"
	"\tint \"n\"\n"
	"\tdefault 3\n"
	"endmenu\n"
	"config AFTER\n"
	"\tbool \"after\"\n"
	"endmenu\n"
	"menu \"Invisible menu\"\n"
	"\tdepends on NEVER\n"
	"config X\n"
	"\tbool \"x\"\n"
	"endmenu\n"
	"config NEVER\n"
	"\tbool\n"
	"choice\n"
	"\tprompt \"c\"\n"
	"config C1\n"
	"\tbool \"c1\"\n"
	"config C2\n"
	"\tbool \"c2\"\n"
	"endchoice\n"
	"config TWICE\n"
	"\tbool \"twice\"\n"
	"\tdefault y\n"
	"if A\n"
	"config TWICE\n"
	"\tbool\n"
	"config IN_IF\n"
	"\ttristate \"in if\"\n"
	"\tdefault m\n"
	"endif\n"
	"menu \"Empty but visible\"\n"
	"endmenu\n"
	"config LAST\n"
	"\thex \"last\"\n"
	"\tdefault 0x10\n"
	"";

static const char write_input[] =
	"CONFIG_C2=y\n"
	"CONFIG_N=9\n"
	"# CONFIG_TWICE is not set\n"
	"";

static const char write_expected[] =
	"#\n"
	"# Automatically generated file; DO NOT EDIT.\n"
	"# Write test \"tree\"\n"
	"#\n"
	"CONFIG_MODULES=y\n"
	"\n"
	"#\n"
	"# First menu\n"
	"#\n"
	"CONFIG_A=y\n"
	"\n"
	"#\n"
	"# a comment\n"
	"#\n"
	"CONFIG_S=\"quote \\\" and \\\\ backslash\"\n"
	"\n"
	"#\n"
	"# Nested\n"
	"#\n"
	"CONFIG_N=9\n"
	"# end of Nested\n"
	"\n"
	"# CONFIG_AFTER is not set\n"
	"# end of First menu\n"
	"\n"
	"# CONFIG_C1 is not set\n"
	"CONFIG_C2=y\n"
	"# CONFIG_TWICE is not set\n"
	"CONFIG_IN_IF=m\n"
	"\n"
	"#\n"
	"# Empty but visible\n"
	"#\n"
	"# end of Empty but visible\n"
	"\n"
	"CONFIG_LAST=0x10\n"
	"";

static const char defconfig_expected[] =
	"CONFIG_N=9\n"
	"CONFIG_C2=y\n"
	"# CONFIG_TWICE is not set\n"
	"";

static struct config *write_fixture(struct kconfig **kc)
{
	struct config_io_options io = { .prefix = "CONFIG_" };
	struct config *cfg;

	*kc = load_ok(write_tree);
	cfg = config_new(*kc);
	config_read_text(cfg, ".config", write_input, strlen(write_input), &io,
			 NULL);
	return cfg;
}

static void test_write_dotconfig(void **state)
{
	struct kconfig *kc;
	struct config *cfg = write_fixture(&kc);

	(void)state;
	assert_text(written_text(cfg, false), write_expected);
	config_free(cfg);
	kconfig_free(kc);
}

static void test_write_defconfig(void **state)
{
	struct kconfig *kc;
	struct config *cfg = write_fixture(&kc);

	(void)state;
	assert_text(written_text(cfg, true), defconfig_expected);
	config_free(cfg);
	kconfig_free(kc);
}

static char *planned_text(struct config *cfg, const struct dotconfig_plan *plan)
{
	size_t len;

	return config_write_text_planned(cfg, plan, &kernel_io, &len);
}

/*
 * The writer asks the written flags all at once (config_written_list())
 * only when every value is computed: the same text either way, and the
 * same flags as config_written() asks one by one.
 */
static void test_write_planned(void **state)
{
	struct kconfig *kc;
	struct config *cfg = write_fixture(&kc);
	struct dotconfig_plan *plan = dotconfig_plan_build(kc);
	unsigned char *written = malloc(plan->nsymbols + 1);
	unsigned count[2] = { 0, 0 };
	char *asked, *listed;

	(void)state;
	/* Read, nothing computed yet: each is asked (and computed) alone. */
	assert_false(config_written_list(cfg, plan->symbols, plan->nsymbols, written));
	assert_text(planned_text(cfg, plan), write_expected);
	assert_true(config_written_list(cfg, plan->symbols, plan->nsymbols, written));
	for (size_t i = 0; i < plan->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[plan->symbols[i]];

		assert_int_equal(written[i] != 0, config_written(cfg, sym));
		if (written[i])
			assert_int_equal(written[i] - 1, config_tri(cfg, sym));
		count[written[i] != 0]++;
	}
	/* Each symbol item's length is its name's (the writer copies that much). */
	for (size_t i = 0; i < plan->n; i++)
		if (plan->items[i].kind == PLAN_SYMBOL)
			assert_int_equal(plan->items[i].name_len,
					 strlen(plan->items[i].node->sym->name));
	/* Both kinds among them (NEVER and X are not written). */
	assert_true(count[0] >= 2 && count[1] >= 8);
	assert_text(planned_text(cfg, plan), write_expected);

	/* A user value changed: its readers are no longer computed. */
	config_set_user_tri(cfg, symbol_find(kc, "A"), TRI_NO);
	assert_false(config_written_list(cfg, plan->symbols, plan->nsymbols, written));
	asked = planned_text(cfg, plan);
	assert_true(config_written_list(cfg, plan->symbols, plan->nsymbols, written));
	listed = planned_text(cfg, plan);
	assert_string_equal(listed, asked);
	/* The nested menu hangs on A: its title and N's line are gone. */
	assert_null(strstr(listed, "CONFIG_N="));
	assert_non_null(strstr(listed, "# CONFIG_A is not set\n"));
	free(asked);
	free(listed);
	free(written);
	dotconfig_plan_free(plan);
	config_free(cfg);
	kconfig_free(kc);
}

/* Reading what was written gives the same configuration back. */
static void test_round_trip(void **state)
{
	struct config_io_options io = { .prefix = "CONFIG_" };
	struct kconfig *kc;
	struct config *cfg = write_fixture(&kc), *again = config_new_sibling(cfg);
	char *text = written_text(cfg, true);

	(void)state;
	config_read_text(again, "defconfig", text, strlen(text), &io, NULL);
	assert_text(written_text(again, false), write_expected);
	free(text);
	config_free(again);
	config_free(cfg);
	kconfig_free(kc);
}

static char *file_text(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t len = 0;

	if (!f)
		return NULL;
	if (getdelim(&text, &len, '\0', f) < 0) {
		free(text);
		text = strdup("");
	}
	fclose(f);
	return text;
}

static void test_write_file(void **state)
{
	char dir[] = "/tmp/kbrowse-io-XXXXXX", path[200], old[256], err[256];
	char *text;
	struct kconfig *kc;
	struct config *cfg = write_fixture(&kc);
	struct stat st;

	(void)state;
	assert_non_null(mkdtemp(dir));
	/* Parent directories are created, as conf does. */
	snprintf(path, sizeof(path), "%s/sub/dir/.config", dir);
	snprintf(old, sizeof(old), "%s.old", path);
	assert_int_equal(config_write_file(cfg, path, &kernel_io, err,
					   sizeof(err)), CONFIG_WRITTEN);
	assert_text(file_text(path), write_expected);
	assert_int_not_equal(stat(old, &st), 0);

	/* Same contents: nothing is renamed, no .old appears. */
	assert_int_equal(config_write_file(cfg, path, &kernel_io, err,
					   sizeof(err)), CONFIG_UNCHANGED);
	assert_int_not_equal(stat(old, &st), 0);

	/* A change: the previous file is kept as .config.old. */
	config_set_user_tri(cfg, symbol_find(kc, "AFTER"), TRI_YES);
	assert_int_equal(config_write_file(cfg, path, &kernel_io, err,
					   sizeof(err)), CONFIG_WRITTEN);
	assert_text(file_text(old), write_expected);
	text = file_text(path);
	assert_non_null(text);
	assert_non_null(strstr(text, "CONFIG_AFTER=y\n"));
	free(text);

	/* A directory cannot be written over. */
	snprintf(path, sizeof(path), "%s/sub", dir);
	assert_int_equal(config_write_file(cfg, path, &kernel_io, err,
					   sizeof(err)), CONFIG_WRITE_FAILED);
	assert_non_null(strstr(err, "Is a directory"));
	assert_int_equal(config_write_file(cfg, "", &kernel_io, err,
					   sizeof(err)), CONFIG_WRITE_FAILED);

	snprintf(old, sizeof(old), "rm -rf '%s'", dir);
	assert_int_equal(system(old), 0);
	config_free(cfg);
	kconfig_free(kc);
}

/* A missing file is reported, not read as empty. */
static void test_read_missing(void **state)
{
	struct kconfig *kc = load_ok(read_tree);
	struct config *cfg = config_new(kc);
	struct config_io_options io = { .prefix = "CONFIG_" };

	(void)state;
	assert_int_equal(config_read(cfg, "/nonexistent/.config", &io, NULL), -1);
	io.srctree = "/nonexistent";
	assert_int_equal(config_read(cfg, "no/such/file", &io, NULL), -1);
	config_free(cfg);
	kconfig_free(kc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_cases),
		cmocka_unit_test(test_read_replaces),
		cmocka_unit_test(test_prefix),
		cmocka_unit_test(test_provenance),
		cmocka_unit_test(test_provenance_file),
		cmocka_unit_test(test_sources_round_trip),
		cmocka_unit_test(test_sources_carry),
		cmocka_unit_test(test_write_dotconfig),
		cmocka_unit_test(test_write_defconfig),
		cmocka_unit_test(test_write_planned),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_write_file),
		cmocka_unit_test(test_read_missing),
		cmocka_unit_test(test_user_walk),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
