// SPDX-License-Identifier: GPL-2.0
/*
 * Values: small Kconfig trees (and .config texts) and the value of every
 * symbol as the kernel's conf computes it.  The expectations were taken
 * from conf's output for the same input: "NAME=value" as .config writes
 * it, "NAME=-" for a symbol conf does not write.
 *
 * Then: incremental changes give the same values as computing afresh,
 * the checked setters refuse what a configurator refuses, and the
 * dependency-loop errors of kconfig_finish() locate every step.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit.h"
#include "config.h"
#include "config_io.h"
#include "conf_modes.h"
#include "kernel_expr.h"
#include "menu_shape.h"
#include "finish.h"

struct eval_case {
	const char *name;
	const char *mode;	/* conf mode: olddefconfig, allnoconfig, ... */
	const char *kconfig;
	const char *dotconfig;	/* NULL: no .config */
	const char *expect;
};

static const struct eval_case eval_cases[] = {
	{
		/* conf passes over a default that is not a member. */
		.name = "choice_default_not_a_member",
		.mode = "alldefconfig",
		.kconfig =
		"choice\n"
		"\tprompt \"c\"\n"
		"\tdefault Z\n"
		"config A\n"
		"\tbool \"a\"\n"
		"config B\n"
		"\tbool \"b\"\n"
		"endchoice\n"
		"config Z\n"
		"\tbool \"z\"\n"
		"\tdefault y\n",
		.dotconfig = NULL,
		.expect = "A=y B=n Z=y",
	},
	{
		/* conf only warns about `config y`: the tree still loads. */
		.name = "config_of_a_constant",
		.mode = "alldefconfig",
		.kconfig =
		"config y\n"
		"\tbool \"y\"\n"
		"config A\n"
		"\tbool \"a\"\n"
		"\tdefault y\n"
		"\tdepends on y\n",
		.dotconfig = NULL,
		.expect = "A=y",
	},
	{
		.name = "tristate_modules_on",
		.mode = "olddefconfig",
		.kconfig =
		"config MODULES\n"
		"\tbool \"modules\"\n"
		"\tdefault y\n"
		"\tmodules\n"
		"config A\n"
		"\ttristate \"A\"\n"
		"\tdefault m\n"
		"config B\n"
		"\tbool \"B\"\n"
		"\tdefault A\n"
		"config C\n"
		"\ttristate \"C\"\n"
		"\tdefault y\n"
		"\tdepends on A\n"
		"config D\n"
		"\ttristate\n"
		"\tdefault m if B\n"
		"",
		.dotconfig = NULL,
		.expect = "MODULES=y A=m B=y C=m D=m",
	},
	{
		.name = "tristate_modules_off",
		.mode = "olddefconfig",
		.kconfig =
		"config MODULES\n"
		"\tbool \"modules\"\n"
		"\tmodules\n"
		"config A\n"
		"\ttristate \"A\"\n"
		"\tdefault m\n"
		"config B\n"
		"\ttristate \"B\"\n"
		"\tdefault y\n"
		"\tdepends on A = m\n"
		"config C\n"
		"\ttristate \"C\"\n"
		"\tdefault y\n"
		"\tdepends on m\n"
		"",
		.dotconfig = NULL,
		.expect = "MODULES=n A=y B=- C=-",
	},
	{
		.name = "m_in_dependency",
		.mode = "olddefconfig",
		.kconfig =
		"config MODULES\n"
		"\tdef_bool y\n"
		"\tmodules\n"
		"config A\n"
		"\ttristate \"A\"\n"
		"\tdefault y\n"
		"\tdepends on m\n"
		"config B\n"
		"\ttristate \"B\"\n"
		"\tdefault y\n"
		"\tdepends on !m\n"
		"config C\n"
		"\tbool \"C\"\n"
		"\tdefault y\n"
		"\tdepends on A\n"
		"",
		.dotconfig = NULL,
		.expect = "MODULES=y A=m B=m C=y",
	},
	{
		.name = "user_values_limited",
		.mode = "olddefconfig",
		.kconfig =
		"config MODULES\n"
		"\tdef_bool y\n"
		"\tmodules\n"
		"config DEP\n"
		"\ttristate \"dep\"\n"
		"\tdefault m\n"
		"config A\n"
		"\ttristate \"A\"\n"
		"\tdepends on DEP\n"
		"config B\n"
		"\tbool \"B\"\n"
		"\tdepends on DEP\n"
		"config HIDDEN\n"
		"\tbool\n"
		"\tdefault n\n"
		"",
		.dotconfig = 
		"CONFIG_A=y\n"
		"CONFIG_B=y\n"
		"CONFIG_HIDDEN=y\n"
		"",
		.expect = "MODULES=y DEP=m A=m B=y HIDDEN=-",
	},
	{
		.name = "select_forces",
		.mode = "olddefconfig",
		.kconfig =
		"config MODULES\n"
		"\tdef_bool y\n"
		"\tmodules\n"
		"config S1\n"
		"\ttristate \"s1\"\n"
		"\tdefault m\n"
		"\tselect T\n"
		"config S2\n"
		"\tbool \"s2\"\n"
		"\tselect U if S1\n"
		"config T\n"
		"\ttristate \"T\"\n"
		"\tdepends on NEVER\n"
		"config U\n"
		"\tbool\n"
		"config NEVER\n"
		"\tbool\n"
		"",
		.dotconfig = 
		"CONFIG_S2=y\n"
		"",
		.expect = "MODULES=y S1=m S2=y T=m U=y NEVER=-",
	},
	{
		.name = "imply_raises",
		.mode = "olddefconfig",
		.kconfig =
		"config MODULES\n"
		"\tdef_bool y\n"
		"\tmodules\n"
		"config I\n"
		"\ttristate \"I\"\n"
		"\tdefault y\n"
		"\timply T1\n"
		"\timply T2\n"
		"\timply T3\n"
		"config T1\n"
		"\ttristate \"T1\"\n"
		"config T2\n"
		"\ttristate \"T2\"\n"
		"\tdepends on LIMIT\n"
		"config T3\n"
		"\ttristate \"T3\"\n"
		"config LIMIT\n"
		"\ttristate \"limit\"\n"
		"\tdefault m\n"
		"",
		.dotconfig = 
		"# CONFIG_T3 is not set\n"
		"",
		.expect = "MODULES=y I=y T1=y T2=m T3=n LIMIT=m",
	},
	{
		.name = "first_active_default",
		.mode = "olddefconfig",
		.kconfig =
		"config X\n"
		"\tbool \"x\"\n"
		"config Y\n"
		"\tbool \"y\"\n"
		"\tdefault y\n"
		"config N\n"
		"\tint \"n\"\n"
		"\tdefault 1 if X\n"
		"\tdefault 2 if Y\n"
		"\tdefault 3\n"
		"config H\n"
		"\thex \"h\"\n"
		"\tdefault 0x10 if !Y\n"
		"\tdefault 0x20\n"
		"config S\n"
		"\tstring \"s\"\n"
		"\tdefault \"first\" if X && Y\n"
		"\tdefault \"second\"\n"
		"config T\n"
		"\ttristate \"t\"\n"
		"\tdefault n if X\n"
		"\tdefault y\n"
		"",
		.dotconfig = NULL,
		.expect = "X=n Y=y N=2 H=0x20 S=\"second\" T=y",
	},
	{
		.name = "ranges_clamp",
		.mode = "olddefconfig",
		.kconfig =
		"config BIG\n"
		"\tbool \"big\"\n"
		"\tdefault y\n"
		"config N\n"
		"\tint \"n\"\n"
		"\trange 10 20\n"
		"\tdefault 5\n"
		"config M\n"
		"\tint \"m\"\n"
		"\trange 10 20 if BIG\n"
		"\trange 0 100\n"
		"\tdefault 50\n"
		"config H\n"
		"\thex \"h\"\n"
		"\trange 0x100 0x1000\n"
		"\tdefault 0x10\n"
		"config U\n"
		"\tint \"u\"\n"
		"\trange 1 8\n"
		"config LIM\n"
		"\tint\n"
		"\tdefault 3\n"
		"config R\n"
		"\tint \"r\"\n"
		"\trange 1 LIM\n"
		"\tdefault 7\n"
		"",
		.dotconfig = 
		"CONFIG_U=100\n"
		"",
		.expect = "BIG=y N=10 M=20 H=0x100 U=8 LIM=3 R=3",
	},
	{
		.name = "numeric_and_string_compare",
		.mode = "olddefconfig",
		.kconfig =
		"config N\n"
		"\tint \"n\"\n"
		"\tdefault 10\n"
		"config H\n"
		"\thex \"h\"\n"
		"\tdefault 0x1f\n"
		"config S\n"
		"\tstring \"s\"\n"
		"\tdefault \"abc\"\n"
		"config NUM_GT\n"
		"\tdef_bool N > 9\n"
		"config HEX_EQ\n"
		"\tdef_bool H = 31\n"
		"config HEX_GT\n"
		"\tdef_bool H > 0x20\n"
		"config STR_LT\n"
		"\tdef_bool S < \"abd\"\n"
		"config STR_EQ\n"
		"\tdef_bool S = \"abc\"\n"
		"config OCTAL\n"
		"\tdef_bool 010 = 8\n"
		"config TEXT_VS_NUM\n"
		"\tdef_bool \"10\" < \"9\"\n"
		"config UNDEF_EQ\n"
		"\tdef_bool UNDEFINED = \"UNDEFINED\"\n"
		"config UNDEF_SYM\n"
		"\tdef_bool UNDEFINED\n"
		"",
		.dotconfig = NULL,
		.expect = "N=10 H=0x1f S=\"abc\" NUM_GT=y HEX_EQ=y HEX_GT=- STR_LT=y STR_EQ=y OCTAL=y TEXT_VS_NUM=- UNDEF_EQ=y UNDEF_SYM=-",
	},
	{
		.name = "choice_default",
		.mode = "olddefconfig",
		.kconfig =
		"choice\n"
		"\tprompt \"pick\"\n"
		"\tdefault C2\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"config C2\n"
		"\tbool \"c2\"\n"
		"config C3\n"
		"\tbool \"c3\"\n"
		"endchoice\n"
		"",
		.dotconfig = NULL,
		.expect = "C1=n C2=y C3=n",
	},
	{
		.name = "choice_user_last_wins",
		.mode = "olddefconfig",
		.kconfig =
		"choice\n"
		"\tprompt \"pick\"\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"config C2\n"
		"\tbool \"c2\"\n"
		"config C3\n"
		"\tbool \"c3\"\n"
		"endchoice\n"
		"",
		.dotconfig = 
		"CONFIG_C3=y\n"
		"CONFIG_C2=y\n"
		"",
		.expect = "C1=n C2=y C3=n",
	},
	{
		.name = "choice_default_said_n",
		.mode = "olddefconfig",
		.kconfig =
		"choice\n"
		"\tprompt \"pick\"\n"
		"\tdefault C2\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"config C2\n"
		"\tbool \"c2\"\n"
		"config C3\n"
		"\tbool \"c3\"\n"
		"endchoice\n"
		"",
		.dotconfig = 
		"# CONFIG_C1 is not set\n"
		"# CONFIG_C2 is not set\n"
		"",
		.expect = "C1=n C2=n C3=y",
	},
	{
		.name = "choice_all_n",
		.mode = "olddefconfig",
		.kconfig =
		"choice\n"
		"\tprompt \"pick\"\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"config C2\n"
		"\tbool \"c2\"\n"
		"endchoice\n"
		"",
		.dotconfig = 
		"# CONFIG_C2 is not set\n"
		"# CONFIG_C1 is not set\n"
		"",
		.expect = "C1=n C2=y",
	},
	{
		.name = "choice_invisible_member",
		.mode = "olddefconfig",
		.kconfig =
		"config GATE\n"
		"\tbool \"gate\"\n"
		"choice\n"
		"\tprompt \"pick\"\n"
		"\tdefault C2 if GATE\n"
		"\tdefault C3\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"\tdepends on GATE\n"
		"config C2\n"
		"\tbool \"c2\"\n"
		"\tdepends on GATE\n"
		"config C3\n"
		"\tbool \"c3\"\n"
		"endchoice\n"
		"",
		.dotconfig = 
		"CONFIG_C1=y\n"
		"",
		.expect = "GATE=n C1=- C2=- C3=y",
	},
	{
		.name = "choice_with_deps",
		.mode = "olddefconfig",
		.kconfig =
		"config GATE\n"
		"\tbool \"gate\"\n"
		"choice\n"
		"\tprompt \"pick\"\n"
		"\tdepends on GATE\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"config C2\n"
		"\tbool \"c2\"\n"
		"endchoice\n"
		"config AFTER\n"
		"\tbool \"after\"\n"
		"\tdefault C1\n"
		"",
		.dotconfig = NULL,
		.expect = "GATE=n C1=- C2=- AFTER=n",
	},
	{
		.name = "defined_twice",
		.mode = "olddefconfig",
		.kconfig =
		"config P\n"
		"\tbool \"p\"\n"
		"config Q\n"
		"\tbool \"q\"\n"
		"\tdefault y\n"
		"config X\n"
		"\tbool \"x\"\n"
		"\tdepends on P\n"
		"\tdefault y\n"
		"config X\n"
		"\tbool\n"
		"\tdepends on Q\n"
		"",
		.dotconfig = NULL,
		.expect = "P=n Q=y X=-",
	},
	{
		.name = "visible_if",
		.mode = "olddefconfig",
		.kconfig =
		"config SHOW\n"
		"\tbool \"show\"\n"
		"menu \"hidden menu\"\n"
		"\tvisible if SHOW\n"
		"config A\n"
		"\tbool \"a\"\n"
		"\tdefault y\n"
		"config B\n"
		"\tbool \"b\"\n"
		"endmenu\n"
		"",
		.dotconfig = 
		"CONFIG_B=y\n"
		"# CONFIG_A is not set\n"
		"",
		.expect = "SHOW=n A=y B=-",
	},
	{
		.name = "allno",
		.mode = "allnoconfig",
		.kconfig =
		"config MODULES\n"
		"\tbool \"modules\"\n"
		"\tmodules\n"
		"config A\n"
		"\ttristate \"A\"\n"
		"\tdefault y\n"
		"config B\n"
		"\tbool\n"
		"\tdefault y\n"
		"config C\n"
		"\tbool \"c\"\n"
		"\tdefault y\n"
		"\tselect D\n"
		"config D\n"
		"\tbool\n"
		"choice\n"
		"\tprompt \"pick\"\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"config C2\n"
		"\tbool \"c2\"\n"
		"endchoice\n"
		"",
		.dotconfig = NULL,
		.expect = "MODULES=n A=n B=y C=n D=- C1=y C2=n",
	},
	{
		.name = "allyes",
		.mode = "allyesconfig",
		.kconfig =
		"config MODULES\n"
		"\tbool \"modules\"\n"
		"\tmodules\n"
		"config A\n"
		"\ttristate \"A\"\n"
		"config B\n"
		"\tbool \"B\"\n"
		"\tdepends on NEVER\n"
		"config NEVER\n"
		"\tbool\n"
		"config T\n"
		"\ttristate \"T\"\n"
		"\tdepends on m\n"
		"choice\n"
		"\tprompt \"pick\"\n"
		"\tdefault C2\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"config C2\n"
		"\tbool \"c2\"\n"
		"endchoice\n"
		"",
		.dotconfig = NULL,
		.expect = "MODULES=y A=y B=- NEVER=- T=m C1=n C2=y",
	},
	{
		.name = "allmod",
		.mode = "allmodconfig",
		.kconfig =
		"config MODULES\n"
		"\tbool \"modules\"\n"
		"\tmodules\n"
		"config A\n"
		"\ttristate \"A\"\n"
		"config B\n"
		"\tbool \"B\"\n"
		"config T\n"
		"\ttristate \"T\"\n"
		"\tdepends on B\n"
		"config Y\n"
		"\ttristate \"Y\"\n"
		"\tdepends on m\n"
		"",
		.dotconfig = NULL,
		.expect = "MODULES=y A=m B=y T=m Y=m",
	},
	{
		.name = "hex_user_no_prefix",
		.mode = "olddefconfig",
		.kconfig =
		"config H\n"
		"\thex \"h\"\n"
		"\tdefault 0x10\n"
		"config I\n"
		"\tint \"i\"\n"
		"\tdefault -3\n"
		"",
		.dotconfig = 
		"CONFIG_H=ff\n"
		"",
		.expect = "H=ff I=-3",
	},
};

static struct kconfig *load_ok(const char *text)
{
	struct kconfig *kc = unit_load(text);

	assert_non_null(kc);
	if (kc->diags.errors)
		diag_print_all(&kc->diags, stderr);
	assert_int_equal(kc->diags.errors, 0);
	return kc;
}

static void read_dotconfig(struct config *cfg, const char *text)
{
	struct config_io_options io = { .prefix = "CONFIG_" };

	if (text)
		config_read_text(cfg, ".config", text, strlen(text), &io, NULL);
}

static void apply_mode(struct config *cfg, const char *mode)
{
	if (strcmp(mode, "allnoconfig") == 0)
		conf_answer_all(cfg, CONF_ANSWER_NO);
	else if (strcmp(mode, "allyesconfig") == 0)
		conf_answer_all(cfg, CONF_ANSWER_YES);
	else if (strcmp(mode, "allmodconfig") == 0)
		conf_answer_all(cfg, CONF_ANSWER_MOD);
}

/* The value as .config shows it, or "-" when conf would not write it. */
static char *shown_value(struct config *cfg, const struct symbol *sym)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	if (!config_written(cfg, sym))
		return strdup("-");
	out = open_memstream(&text, &len);
	assert_non_null(out);
	if (sym->type == S_STRING)
		config_write_escaped(out, config_str(cfg, sym));
	else
		fputs(config_str(cfg, sym), out);
	fclose(out);
	return text;
}

/* "A=y B=-" for the given names, in that order. */
static char *values_of(struct config *cfg, const char *names)
{
	char *text = NULL, *copy = strdup(names), *word, *save = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	for (word = strtok_r(copy, " ", &save); word;
	     word = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(word, '=');
		const struct symbol *sym;
		char *value;

		*eq = '\0';
		sym = symbol_find(config_tree(cfg), word);
		assert_non_null(sym);
		value = shown_value(cfg, sym);
		fprintf(out, "%s%s=%s", text && len ? " " : "", word, value);
		fflush(out);
		free(value);
	}
	fclose(out);
	free(copy);
	return text;
}

static void test_eval_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(eval_cases) / sizeof(eval_cases[0]); i++) {
		const struct eval_case *c = &eval_cases[i];
		struct kconfig *kc = load_ok(c->kconfig);
		struct config *cfg = config_new(kc);
		char *got;

		read_dotconfig(cfg, c->dotconfig);
		apply_mode(cfg, c->mode);
		got = values_of(cfg, c->expect);
		if (strcmp(got, c->expect) != 0)
			fprintf(stderr, "case %s:\n  want %s\n  got  %s\n", c->name,
				c->expect, got);
		assert_string_equal(got, c->expect);
		free(got);
		config_free(cfg);
		kconfig_free(kc);
	}
}

/* --- incremental changes --------------------------------------------------- */

static unsigned long lcg(unsigned long *seed)
{
	*seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
	return *seed >> 33;
}

struct change {
	unsigned sym;
	tristate tri;
	const char *str;
	bool clear;
};

static void apply_change(struct config *cfg, const struct change *ch)
{
	const struct symbol *sym = config_tree(cfg)->symbols[ch->sym];

	if (ch->clear)
		config_clear_user(cfg, sym);
	else if (sym->type == S_INT || sym->type == S_HEX ||
		 sym->type == S_STRING)
		config_set_user_str(cfg, sym, ch->str);
	else
		config_set_user_tri(cfg, sym, ch->tri);
	if (!ch->clear && sym->choice)
		config_choice_prefer(cfg, sym);
}

static void assert_same_values(struct config *a, struct config *b)
{
	struct kconfig *kc = config_tree(a);

	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		assert_string_equal(config_str(a, sym), config_str(b, sym));
		assert_int_equal(config_written(a, sym), config_written(b, sym));
		assert_int_equal(config_visibility(a, sym),
				 config_visibility(b, sym));
	}
}

/*
 * Changes made one at a time, with queries in between (so that cached
 * values must be invalidated precisely), end with the values a fresh
 * configuration computes from the same user values.
 */
static void test_incremental_matches_fresh(void **state)
{
	static const char *const numbers[] = { "0", "5", "12", "0x30", "abc", "-7" };

	(void)state;
	for (size_t i = 0; i < sizeof(eval_cases) / sizeof(eval_cases[0]); i++) {
		struct kconfig *kc = load_ok(eval_cases[i].kconfig);
		struct config *live = config_new(kc);
		struct change log[64];
		unsigned long seed = i + 1;
		size_t n = 0;

		for (size_t step = 0; step < 64; step++) {
			struct change *ch = &log[n];
			const struct symbol *sym;

			ch->sym = (unsigned)(lcg(&seed) % kc->nsymbols);
			sym = kc->symbols[ch->sym];
			if ((sym->flags & (SYMBOL_CONST | SYMBOL_CHOICE)) ||
			    sym->type == S_UNKNOWN)
				continue;
			ch->tri = (tristate)(lcg(&seed) % 3);
			ch->str = numbers[lcg(&seed) % 6];
			ch->clear = lcg(&seed) % 5 == 0;
			apply_change(live, ch);
			n++;
			/* Query something, so that values get cached. */
			config_str(live, kc->symbols[lcg(&seed) % kc->nsymbols]);
			if (step % 8 == 7) {
				struct config *fresh = config_new_sibling(live);

				for (size_t j = 0; j < n; j++)
					apply_change(fresh, &log[j]);
				assert_same_values(live, fresh);
				config_free(fresh);
			}
		}
		config_free(live);
		kconfig_free(kc);
	}
}

/* --- what a configurator may set --------------------------------------------- */

static void test_checked_setters(void **state)
{
	struct kconfig *kc = load_ok(
		"config MODULES\n\tdef_bool y\n\tmodules\n"
		"config DEP\n\ttristate \"dep\"\n\tdefault m\n"
		"config A\n\ttristate \"a\"\n\tdepends on DEP\n"
		"config B\n\tbool \"b\"\n"
		"config S\n\tbool \"s\"\n\tselect A\n"
		"config N\n\tint \"n\"\n\trange 1 10\n"
		"config H\n\thex \"h\"\n"
		"choice\n\tprompt \"c\"\nconfig C1\n\tbool \"c1\"\n"
		"config C2\n\tbool \"c2\"\nendchoice\n");
	struct config *cfg = config_new(kc);
	const struct symbol *a = symbol_find(kc, "A"), *b = symbol_find(kc, "B");
	const struct symbol *s = symbol_find(kc, "S"), *n = symbol_find(kc, "N");
	const struct symbol *h = symbol_find(kc, "H"), *c2 = symbol_find(kc, "C2");

	(void)state;
	/* A depends on DEP=m: at most m. */
	assert_false(config_set_tri(cfg, a, TRI_YES));
	assert_true(config_set_tri(cfg, a, TRI_MOD));
	assert_string_equal(config_str(cfg, a), "m");
	/* bool: no m. */
	assert_false(config_set_tri(cfg, b, TRI_MOD));
	assert_true(config_set_tri(cfg, b, TRI_YES));
	/* Once S selects A, A cannot go below m. */
	assert_true(config_set_tri(cfg, s, TRI_YES));
	assert_false(config_set_tri(cfg, a, TRI_NO));
	/* Numbers: form and range. */
	assert_false(config_set_string(cfg, n, "11"));
	assert_false(config_set_string(cfg, n, "05"));
	assert_true(config_set_string(cfg, n, "10"));
	assert_string_equal(config_str(cfg, n), "10");
	assert_true(config_set_string(cfg, h, "ff"));
	assert_string_equal(config_str(cfg, h), "0xff");
	/* Choosing a member. */
	assert_true(config_set_tri(cfg, c2, TRI_YES));
	assert_string_equal(config_str(cfg, c2), "y");
	assert_string_equal(config_str(cfg, symbol_find(kc, "C1")), "n");
	config_free(cfg);
	kconfig_free(kc);
}

/* --- dependency loops -------------------------------------------------------- */

struct loop_case {
	const char *kconfig;
	const char *diags;	/* every diagnostic, as printed */
};

static const struct loop_case loop_cases[] = {
	{
		"config A\n\tbool \"a\"\n\tdepends on A\n",
		"Kconfig:1:1: error: recursive dependency detected for symbol A "
		"(see Documentation/kbuild/kconfig-language.rst, \"Kconfig "
		"recursive dependency limitations\")\n"
		"Kconfig:1:1: note: symbol A depends on A\n",
	},
	{
		"config B\n\tbool \"b\"\n\tselect B\n",
		"Kconfig:1:1: error: recursive dependency detected for symbol B "
		"(see Documentation/kbuild/kconfig-language.rst, \"Kconfig "
		"recursive dependency limitations\")\n"
		"Kconfig:3:2: note: symbol B is selected by B\n",
	},
	{
		"config C1\n\tbool \"c1\"\n\tdepends on C2\n"
		"config C2\n\tbool \"c2\"\n\tdefault C1\n",
		"Kconfig:1:1: error: recursive dependency detected for symbol C1 "
		"(see Documentation/kbuild/kconfig-language.rst, \"Kconfig "
		"recursive dependency limitations\")\n"
		"Kconfig:1:1: note: symbol C1 depends on C2\n"
		"Kconfig:6:2: note: symbol C2 default value contains C1\n",
	},
	{
		"config D1\n\tbool \"d1\"\n\tdepends on D2\n\tselect D2\n"
		"config D2\n\tbool \"d2\"\n",
		"Kconfig:1:1: error: recursive dependency detected for symbol D1 "
		"(see Documentation/kbuild/kconfig-language.rst, \"Kconfig "
		"recursive dependency limitations\")\n"
		"Kconfig:1:1: note: symbol D1 depends on D2\n"
		"Kconfig:4:2: note: symbol D2 is selected by D1\n",
	},
	{
		"config E1\n\tbool \"e1\"\n\tdepends on E2\n\timply E2\n"
		"config E2\n\tbool \"e2\"\n",
		"Kconfig:1:1: error: recursive dependency detected for symbol E1 "
		"(see Documentation/kbuild/kconfig-language.rst, \"Kconfig "
		"recursive dependency limitations\")\n"
		"Kconfig:1:1: note: symbol E1 depends on E2\n"
		"Kconfig:4:2: note: symbol E2 is implied by E1\n",
	},
	{
		/* A loop through a choice member goes through its choice. */
		"choice\n\tprompt \"c\"\nconfig G1\n\tbool \"g1\"\n"
		"config G2\n\tbool \"g2\"\n\tdepends on G3\nendchoice\n"
		"config G3\n\tbool \"g3\"\n\tdepends on G1\n",
		NULL,
	},
	{
		/* Ranges are not dependencies: no loop. */
		"config R\n\tint \"r\"\n\trange 0 R\n",
		"",
	},
};

static void test_dependency_loops(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(loop_cases) / sizeof(loop_cases[0]); i++) {
		const struct loop_case *c = &loop_cases[i];
		struct kconfig *kc = unit_load(c->kconfig);
		char *diags = unit_diags(kc);

		if (c->diags) {
			if (strcmp(diags, c->diags) != 0)
				fprintf(stderr, "loop case %zu:\n%s", i, diags);
			assert_string_equal(diags, c->diags);
		} else {
			assert_true(kc->diags.errors > 0);
			assert_non_null(strstr(diags, "recursive dependency"));
			assert_non_null(strstr(diags, "part of this choice"));
		}
		free(diags);
		kconfig_free(kc);
	}
}


/* --- structural checks ---------------------------------------------------------- */

/* The kernel's warnings about types, defaults, selects, ranges and choices. */
static const struct loop_case check_cases[] = {
	{
		"config NOTYPE\n"
		"\tprompt \"x\"\n"
		"",
		"Kconfig:1:1: warning: config symbol 'NOTYPE' defined without type\n"
		"",
	},
	{
		"config S\n"
		"\tstring \"s\"\n"
		"\tdefault FOO || BAR\n"
		"",
		"Kconfig:3:2: warning: default for config symbol 'S' must be a single symbol\n"
		"",
	},
	{
		"config I\n"
		"\tint \"i\"\n"
		"\tdefault 0x10\n"
		"\trange 1 abc\n"
		"",
		"Kconfig:3:2: warning: 'I': number is invalid\n"
		"Kconfig:4:2: warning: range is invalid\n"
		"",
	},
	{
		"config H\n"
		"\thex \"h\"\n"
		"\tdefault 10\n"
		"\trange 0x0 ff\n"
		"",
		"",
	},
	{
		"config B\n"
		"\tbool \"b\"\n"
		"\trange 1 2\n"
		"",
		"Kconfig:3:2: warning: range is only allowed for int or hex symbols\n"
		"Kconfig:3:2: warning: range is invalid\n"
		"",
	},
	{
		"config B\n"
		"\tbool \"b\"\n"
		"\tselect S\n"
		"\timply S\n"
		"config S\n"
		"\tstring \"s\"\n"
		"",
		"Kconfig:3:2: warning: 'S' has wrong type. 'select' only accept arguments of bool and tristate type\n"
		"Kconfig:4:2: warning: 'S' has wrong type. 'imply' only accept arguments of bool and tristate type\n"
		"",
	},
	{
		"config S\n"
		"\tint \"s\"\n"
		"\tselect B\n"
		"config B\n"
		"\tbool \"b\"\n"
		"",
		"Kconfig:3:2: warning: config symbol 'S' uses select, but is not bool or tristate\n"
		"",
	},
	{
		"choice\n"
		"\tprompt \"c\"\n"
		"\tdefault OUT\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"endchoice\n"
		"config OUT\n"
		"\tbool \"out\"\n"
		"",
		"Kconfig:3:2: warning: choice default symbol 'OUT' is not contained in the choice\n"
		"",
	},
	{
		"choice\n"
		"\tprompt \"c\"\n"
		"config C1\n"
		"\tbool\n"
		"config C2\n"
		"\ttristate \"c2\"\n"
		"\tdefault y\n"
		"endchoice\n"
		"config C1\n"
		"\tbool \"again\"\n"
		"",
		"Kconfig:3:1: error: choice member 'C1' must have a prompt\n"
		"Kconfig:10:2: error: choice value 'C1' has a prompt outside its choice group\n"
		"Kconfig:5:1: error: choice member 'C2' must be bool, not tristate\n"
		"Kconfig:7:2: error: defaults for choice values not supported ('C2' is in the choice at Kconfig:1)\n"
		"",
	},
	{
		"choice\n"
		"\tprompt \"c\"\n"
		"if X\n"
		"config C1\n"
		"\tbool \"c1\"\n"
		"endif\n"
		"config C1\n"
		"\tbool \"c1 again\"\n"
		"endchoice\n"
		"config X\n"
		"\tbool \"x\"\n"
		"",
		"",
	},
};

static void test_structural_checks(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(check_cases) / sizeof(check_cases[0]); i++) {
		struct kconfig *kc = unit_load(check_cases[i].kconfig);
		char *diags = unit_diags(kc);

		if (strcmp(diags, check_cases[i].diags) != 0)
			fprintf(stderr, "check case %zu:\n%s", i, diags);
		assert_string_equal(diags, check_cases[i].diags);
		free(diags);
		kconfig_free(kc);
	}
}

/* --- the kernel's menu shape ---------------------------------------------------- */

/*
 * The kernel's own auto_submenu self-test: entries that depend on the
 * symbol before them are nested under it, recursively; the choice too;
 * C depends on A but does not follow it, so it stays where it is.  An
 * `if` block and a promptless symbol keep no children.
 */
static void test_kernel_menu_shape(void **state)
{
	static const struct {
		const char *sym, *parent;	/* NULL parent: the root */
	} want[] = {
		{ "A", NULL }, { "A0", "A" }, { "A0_0", "A0" }, { "A1", "A" },
		{ "A1_0", "<choice>" }, { "A1_1", "<choice>" }, { "B", NULL },
		{ "C", NULL }, { "P", NULL }, { "P_CHILD", NULL },
		{ "IN_IF", NULL },
	};
	struct kconfig *kc = load_ok(
		"config A\n\tbool \"A\"\n\tdefault y\n"
		"config A0\n\tbool \"A0\"\n\tdepends on A\n\tdefault y\n"
		"config A0_0\n\tbool \"A1_0\"\n\tdepends on A0\n"
		"config A1\n\tbool \"A1\"\n\tdepends on A\n\tdefault y\n"
		"choice\n\tprompt \"choice\"\n\tdepends on A1\n"
		"config A1_0\n\tbool \"A1_0\"\nconfig A1_1\n\tbool \"A1_1\"\n"
		"endchoice\n"
		"config B\n\tbool \"B\"\n"
		"config C\n\tbool \"C\"\n\tdepends on A\n"
		"config P\n\tbool\n"
		"config P_CHILD\n\tbool \"p child\"\n\tdepends on P\n"
		"if B\nconfig IN_IF\n\tbool \"in if\"\nendif\n");

	(void)state;
	/* Built at once, and lazy (the choice finished when first asked about). */
	for (int lazy = 0; lazy < 2; lazy++) {
		struct kernel_menu *km = kernel_menu_build(kc, lazy);

		for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
			const struct symbol *sym = symbol_find(kc, want[i].sym);
			const struct menu_node *parent = kernel_menu_parent(km, sym->first_node);

			assert_non_null(parent);
			if (!want[i].parent) {
				assert_int_equal(parent->kind, MENU_ROOT);
			} else if (strcmp(want[i].parent, "<choice>") == 0) {
				assert_int_equal(parent->kind, MENU_CHOICE);
				assert_ptr_equal(kernel_menu_parent(km, parent),
						 symbol_find(kc, "A1")->first_node);
			} else {
				assert_ptr_equal(parent->sym, symbol_find(kc, want[i].parent));
			}
		}
		kernel_menu_free(km);
	}
	kconfig_free(kc);
}

/*
 * A lazy shape leaves menus pending, and their entries unlinked, until a
 * question looks inside: asked first about the deepest entries (inside
 * two pending menus, one of them a menuconfig whose followers it adopts)
 * it answers as the shape built at once does, entry by entry.
 */
static void test_kernel_menu_lazy_same(void **state)
{
	struct kconfig *kc = load_ok(
		"menu \"outer\"\n"
		"config X\n\tbool \"X\"\n"
		"menu \"inner\"\n\tdepends on X\n"
		"config A\n\tbool \"A\"\n"
		"config A0\n\tbool \"A0\"\n\tdepends on A\n"
		"if X\nconfig IN_IF\n\tbool \"in if\"\n\tdepends on A\nendif\n"
		"menuconfig M\n\tbool \"M\"\n"
		"if M\nconfig M0\n\tbool \"M0\"\nmenu \"deep\"\n"
		"config D\n\tbool \"D\"\nconfig D0\n\tbool \"D0\"\n\tdepends on D\n"
		"endmenu\nendif\n"
		"endmenu\n"
		"config Y\n\tbool \"Y\"\n\tdepends on X\n"
		"endmenu\n"
		"config TOP\n\tbool \"top\"\n");
	struct kernel_menu *eager = kernel_menu_build(kc, false);
	struct kernel_menu *lazy = kernel_menu_build(kc, true);
	const struct menu_node **nodes = calloc(kc->nnodes, sizeof(*nodes));
	size_t n = 0;

	(void)state;
	for (const struct menu_node *node = &kc->root; node;
	     node = menu_next(&kc->root, node))
		nodes[n++] = node;
	assert_int_equal(n, kc->nnodes);
	/* D0 is adopted by D, inside the pending menus: asked about first. */
	assert_ptr_equal(kernel_menu_parent(lazy, symbol_find(kc, "D0")->first_node),
			 symbol_find(kc, "D")->first_node);
	for (size_t i = n; i-- > 0;) {
		assert_int_equal(kernel_menu_position(lazy, nodes[i]), (int)i);
		assert_ptr_equal(kernel_menu_parent(lazy, nodes[i]),
				 kernel_menu_parent(eager, nodes[i]));
		assert_ptr_equal(kernel_menu_child(lazy, nodes[i]),
				 kernel_menu_child(eager, nodes[i]));
		assert_ptr_equal(kernel_menu_next(lazy, nodes[i]),
				 kernel_menu_next(eager, nodes[i]));
	}
	free(nodes);
	kernel_menu_free(lazy);
	kernel_menu_free(eager);
	kconfig_free(kc);
}

/* --- conf's unmet-dependency warning ------------------------------------------ */

/*
 * The text conf prints (taken from it for this tree and .config): the
 * dependencies simplified as the kernel simplifies them, with values.
 */
static const char unmet_tree[] =
	"config MODULES\n"
	"\tdef_bool y\n"
	"\tmodules\n"
	"config A\n"
	"\tbool \"a\"\n"
	"config B\n"
	"\ttristate \"b\"\n"
	"config C\n"
	"\tbool \"c\"\n"
	"\tdefault y\n"
	"config T\n"
	"\ttristate \"t\"\n"
	"\tdefault m\n"
	"menu \"M\"\n"
	"\tdepends on C\n"
	"if A || !C\n"
	"config TARGET\n"
	"\ttristate \"target\"\n"
	"\tdepends on B && B != n && !(A && T)\n"
	"\tdepends on C && T=m || A=n\n"
	"\tdepends on B\n"
	"endif\n"
	"endmenu\n"
	"config TARGET\n"
	"\ttristate\n"
	"\tdepends on A=y\n"
	"config SEL1\n"
	"\tbool \"sel1\"\n"
	"\tdefault y\n"
	"\tselect TARGET if !(A || B = m)\n"
	"config SEL2\n"
	"\ttristate \"sel2\"\n"
	"\tdefault m\n"
	"\tselect TARGET if T && T\n"
	"config SEL3\n"
	"\tbool \"sel3\"\n"
	"\tdefault y\n"
	"\tdepends on C = y\n"
	"\tselect TARGET if A = n || B = y || B = m\n"
	"";

static const char unmet_expected[] =
	"\n"
	"WARNING: unmet direct dependencies detected for TARGET\n"
	"  Depends on [n]: C [=y] && (A [=n] || !C [=y]) && (!A [=n] || !T [=m]) && (C [=y] && T [=m]=m [=m] || !A [=n]) && B [=n] || A [=n]\n"
	"  Selected by [y]:\n"
	"  - SEL1 [=y] && !A [=n] && B [=n]!=m [=m]\n"
	"  - SEL3 [=y] && C [=y] && (!A [=n] || B [=n]!=n [=n])\n"
	"  Selected by [m]:\n"
	"  - SEL2 [=m] && T [=m]\n"
	"";

struct unmet_capture {
	FILE *out;
	int count;
};

static void capture_unmet(void *ctx, struct config *cfg, const struct symbol *sym)
{
	struct unmet_capture *cap = ctx;

	cap->count++;
	kernel_print_unmet(cfg, sym, cap->out);
}

static void test_unmet_warning(void **state)
{
	struct kconfig *kc = load_ok(unmet_tree);
	struct config *cfg = config_new(kc);
	struct unmet_capture cap = { 0 };
	char *text = NULL;
	size_t len = 0;

	(void)state;
	cap.out = open_memstream(&text, &len);
	config_on_unmet(cfg, capture_unmet, &cap);
	read_dotconfig(cfg, "CONFIG_B=n\n");
	config_tri(cfg, symbol_find(kc, "TARGET"));
	fclose(cap.out);
	assert_int_equal(cap.count, 1);
	assert_string_equal(text, unmet_expected);
	free(text);
	config_free(cfg);
	kconfig_free(kc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eval_table),
		cmocka_unit_test(test_incremental_matches_fresh),
		cmocka_unit_test(test_checked_setters),
		cmocka_unit_test(test_dependency_loops),
		cmocka_unit_test(test_unmet_warning),
		cmocka_unit_test(test_structural_checks),
		cmocka_unit_test(test_kernel_menu_shape),
		cmocka_unit_test(test_kernel_menu_lazy_same),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
