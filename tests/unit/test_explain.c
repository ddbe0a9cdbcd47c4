// SPDX-License-Identifier: GPL-2.0
/*
 * Explanations: for small trees and .config texts, the value, the kind
 * and line of its origin, and what became of the user value; every
 * origin kind and every reason a user value is not used.  Then plans
 * (--to), the reverse view, and the JSON form with the why-chain.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit.h"
#include "config.h"
#include "config_io.h"
#include "explain.h"

/* A loaded tree with a configuration and its explainer. */
struct fixture {
	struct kconfig *kc;
	struct config *cfg;
	struct user_lines *lines;
	struct explainer *ex;
	const char *dotconfig;
	struct config_io_options io;
};

static void fixture_load(struct fixture *f, const char *kconfig,
			 const char *dotconfig)
{
	memset(f, 0, sizeof(*f));
	f->kc = unit_load(kconfig);
	assert_non_null(f->kc);
	if (f->kc->diags.errors)
		diag_print_all(&f->kc->diags, stderr);
	assert_int_equal(f->kc->diags.errors, 0);
	f->cfg = config_new(f->kc);
	f->io.prefix = "CONFIG_";
	f->dotconfig = dotconfig;
	if (dotconfig) {
		f->lines = config_read_text_recorded(f->cfg, ".config", dotconfig,
						     strlen(dotconfig), &f->io, NULL);
	}
	f->ex = explainer_new(f->cfg, f->lines);
}

static void fixture_free(struct fixture *f)
{
	explainer_free(f->ex);
	user_lines_free(f->lines);
	config_free(f->cfg);
	kconfig_free(f->kc);
}

static struct config *fresh_copy(void *ctx)
{
	struct fixture *f = ctx;
	struct config *cfg = config_new_sibling(f->cfg);

	if (f->dotconfig)
		config_read_text(cfg, ".config", f->dotconfig,
				 strlen(f->dotconfig), &f->io, NULL);
	return cfg;
}

static const struct symbol *find(struct fixture *f, const char *name)
{
	const struct symbol *sym = symbol_find(f->kc, name);

	assert_non_null(sym);
	return sym;
}

/* --- origins and user values ------------------------------------------------- */

#define MODULES_ENTRY "config MODULES\n\tbool \"modules\"\n\tmodules\n"

struct origin_case {
	const char *name;
	const char *kconfig;
	const char *dotconfig;		/* NULL: none */
	const char *symbol;
	const char *value;
	enum origin_kind kind;
	const char *location;		/* "Kconfig:3", ".config:1", "" for none */
	enum unused_reason reason;	/* of the user value */
	bool used;			/* the user value was used */
};

static const struct origin_case origin_cases[] = {
	{ "default: the first active one",
	  "config A\n\tint\n\tdefault 3 if B\n\tdefault 4\nconfig B\n\tbool\n",
	  NULL, "A", "4", ORIGIN_DEFAULT, "Kconfig:4", UNUSED_NOTHING, false },
	{ "default: with a tab after the keyword",
	  "config A\n\tint\n\tdefault\t12 if B\nconfig B\n\tdef_bool y\n",
	  NULL, "A", "12", ORIGIN_DEFAULT, "Kconfig:3", UNUSED_NOTHING, false },
	{ "default: def_bool with a condition",
	  "config A\n\tdef_bool y if B\nconfig B\n\tdef_bool y\n",
	  NULL, "A", "y", ORIGIN_DEFAULT, "Kconfig:2", UNUSED_NOTHING, false },
	{ "default: n written as a default still decides",
	  "config A\n\tbool \"a\"\n\tdefault n\n",
	  NULL, "A", "n", ORIGIN_DEFAULT, "Kconfig:3", UNUSED_NOTHING, false },
	{ "default: the value of another symbol",
	  "config A\n\tint\n\tdefault B\nconfig B\n\tint\n\tdefault 7\n",
	  NULL, "A", "7", ORIGIN_DEFAULT, "Kconfig:3", UNUSED_NOTHING, false },
	{ "user: from its .config line",
	  "config A\n\tbool \"a\"\n",
	  "# a comment\nCONFIG_A=y\n", "A", "y", ORIGIN_USER, ".config:2",
	  UNUSED_NOTHING, true },
	{ "user: the last of two lines counts",
	  "config A\n\tint \"a\"\n",
	  "CONFIG_A=1\nCONFIG_A=2\n", "A", "2", ORIGIN_USER, ".config:2",
	  UNUSED_NOTHING, true },
	{ "user: is not set",
	  "config A\n\tbool \"a\"\n\tdefault y\n",
	  "# CONFIG_A is not set\n", "A", "n", ORIGIN_USER, ".config:1",
	  UNUSED_NOTHING, true },
	{ "select: by a symbol that is y",
	  "config A\n\tbool\nconfig B\n\tdef_bool y\n\tselect A\n",
	  NULL, "A", "y", ORIGIN_SELECT, "Kconfig:5", UNUSED_NOTHING, false },
	{ "select: only the active one of two",
	  "config A\n\tbool\nconfig B\n\tbool\n\tselect A\nconfig C\n\tdef_bool y\n\tselect A if C\n",
	  NULL, "A", "y", ORIGIN_SELECT, "Kconfig:8", UNUSED_NOTHING, false },
	{ "imply: raises a visible symbol without a user value",
	  "config A\n\tbool \"a\"\nconfig B\n\tdef_bool y\n\timply A\n",
	  NULL, "A", "y", ORIGIN_IMPLY, "Kconfig:5", UNUSED_NOTHING, false },
	{ "choice: its default line",
	  "choice\n\tprompt \"c\"\n\tdefault Y\nconfig X\n\tbool \"x\"\nconfig Y\n\tbool \"y\"\nendchoice\n",
	  NULL, "Y", "y", ORIGIN_DEFAULT, "Kconfig:3", UNUSED_NOTHING, false },
	{ "choice: the first visible member",
	  "choice\n\tprompt \"c\"\nconfig X\n\tbool \"x\"\nconfig Y\n\tbool \"y\"\nendchoice\n",
	  NULL, "X", "y", ORIGIN_CHOICE, "Kconfig:1", UNUSED_NOTHING, false },
	{ "choice: a member the choice did not pick",
	  "choice\n\tprompt \"c\"\nconfig X\n\tbool \"x\"\nconfig Y\n\tbool \"y\"\nendchoice\n",
	  NULL, "Y", "n", ORIGIN_CHOICE, "Kconfig:1", UNUSED_NOTHING, false },
	{ "choice: the member set to y",
	  "choice\n\tprompt \"c\"\nconfig X\n\tbool \"x\"\nconfig Y\n\tbool \"y\"\nendchoice\n",
	  "CONFIG_Y=y\n", "Y", "y", ORIGIN_USER, ".config:1", UNUSED_NOTHING, true },
	{ "none: a bool with nothing",
	  "config A\n\tbool\n",
	  NULL, "A", "n", ORIGIN_NONE, "", UNUSED_NOTHING, false },
	{ "none: a string with nothing",
	  "config A\n\tstring\n",
	  NULL, "A", "", ORIGIN_NONE, "", UNUSED_NOTHING, false },
	{ "none: every default's condition is n",
	  "config A\n\tint\n\tdefault 1 if B\nconfig B\n\tbool\n",
	  NULL, "A", "0", ORIGIN_NONE, "", UNUSED_NOTHING, false },
	{ "tristate: default m with modules on",
	  MODULES_ENTRY "\tdefault y\nconfig A\n\ttristate \"a\"\n\tdefault m\n",
	  NULL, "A", "m", ORIGIN_DEFAULT, "Kconfig:7", UNUSED_NOTHING, false },
	{ "tristate: default m reads y with modules off",
	  MODULES_ENTRY "config A\n\ttristate \"a\"\n\tdefault m\n",
	  NULL, "A", "y", ORIGIN_DEFAULT, "Kconfig:6", UNUSED_NOTHING, false },

	/* Every reason a user value is not (fully) used. */
	{ "unused: no prompt",
	  "config A\n\tbool\n\tdefault n\n",
	  "CONFIG_A=y\n", "A", "n", ORIGIN_DEFAULT, "Kconfig:3", UNUSED_NO_PROMPT, false },
	{ "unused: dependencies not met",
	  "config A\n\tbool \"a\"\n\tdepends on B\nconfig B\n\tbool \"b\"\n",
	  "CONFIG_A=y\n", "A", "n", ORIGIN_NONE, "", UNUSED_DEPS_UNMET, false },
	{ "unused: the prompt's condition is n",
	  "config A\n\tbool \"a\" if B\nconfig B\n\tbool \"b\"\n",
	  "CONFIG_A=y\n", "A", "n", ORIGIN_NONE, "", UNUSED_PROMPT_HIDDEN, false },
	{ "unused: a menu's visible if is n",
	  "menu \"m\"\n\tvisible if B\nconfig A\n\tbool \"a\"\nendmenu\nconfig B\n\tbool \"b\"\n",
	  "CONFIG_A=y\n", "A", "n", ORIGIN_NONE, "", UNUSED_PROMPT_HIDDEN, false },
	{ "unused: limited to m by a dependency",
	  MODULES_ENTRY "config A\n\ttristate \"a\"\n\tdepends on B\nconfig B\n\ttristate \"b\"\n",
	  "CONFIG_MODULES=y\nCONFIG_B=m\nCONFIG_A=y\n", "A", "m", ORIGIN_USER, ".config:3",
	  UNUSED_LIMITED, true },
	{ "unused: a select forces more",
	  "config A\n\tbool \"a\"\nconfig B\n\tbool \"b\"\n\tselect A\n",
	  "# CONFIG_A is not set\nCONFIG_B=y\n", "A", "y", ORIGIN_SELECT, "Kconfig:5",
	  UNUSED_SELECTED, true },
	{ "unused: out of range, clamped",
	  "config A\n\tint \"a\"\n\trange 1 10\n",
	  "CONFIG_A=20\n", "A", "10", ORIGIN_USER, ".config:1", UNUSED_RANGE, true },
	{ "unused: below the range, clamped",
	  "config A\n\thex \"a\"\n\trange 0x10 0x20\n",
	  "CONFIG_A=0x4\n", "A", "0x10", ORIGIN_USER, ".config:1", UNUSED_RANGE, true },
	{ "unused: m with modules off",
	  MODULES_ENTRY "config A\n\ttristate \"a\"\n",
	  "# CONFIG_MODULES is not set\nCONFIG_A=m\n", "A", "y", ORIGIN_USER, ".config:2",
	  UNUSED_MODULES, true },
	{ "unused: the choice picked another member",
	  "choice\n\tprompt \"c\"\nconfig X\n\tbool \"x\"\nconfig Y\n\tbool \"y\"\nendchoice\n",
	  "CONFIG_X=y\nCONFIG_Y=y\n", "X", "n", ORIGIN_CHOICE, ".config:2",
	  UNUSED_CHOICE_OTHER, false },
	{ "unused: every member set to n",
	  "choice\n\tprompt \"c\"\nconfig X\n\tbool \"x\"\nconfig Y\n\tbool \"y\"\nendchoice\n",
	  "# CONFIG_X is not set\n# CONFIG_Y is not set\n", "X", "y", ORIGIN_CHOICE,
	  "Kconfig:1", UNUSED_CHOICE_ALL_NO, false },
	{ "unused: an invalid value is ignored",
	  "config A\n\tint \"a\"\n\tdefault 5\n",
	  "CONFIG_A=abc\n", "A", "5", ORIGIN_DEFAULT, "Kconfig:3", UNUSED_INVALID, false },
	{ "unused: a choice member that is hidden",
	  "choice\n\tprompt \"c\"\nconfig X\n\tbool \"x\"\nconfig Y\n\tbool \"y\"\n\tdepends on Z\nendchoice\nconfig Z\n\tbool\n",
	  "CONFIG_Y=y\n", "Y", "n", ORIGIN_NONE, "", UNUSED_DEPS_UNMET, false },
};

static void test_origins(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(origin_cases) / sizeof(origin_cases[0]); i++) {
		const struct origin_case *c = &origin_cases[i];
		struct fixture f;
		const struct explanation *x;

		print_message("case: %s\n", c->name);
		fixture_load(&f, c->kconfig, c->dotconfig);
		x = explain_symbol(f.ex, find(&f, c->symbol));
		assert_string_equal(x->value, c->value);
		assert_string_equal(origin_kind_name(x->origin.kind),
				    origin_kind_name(c->kind));
		assert_string_equal(location_text(f.ex, x->origin.loc), c->location);
		assert_string_equal(unused_reason_name(x->user.reason),
				    unused_reason_name(c->reason));
		assert_int_equal(x->user.present && x->user.used, c->used);
		fixture_free(&f);
	}
}

/* --- the parts of a derivation --------------------------------------------------- */

static const char page_shift_tree[] =
	"choice\n"
	"\tprompt \"page size\"\n"
	"config PAGE_SIZE_4KB\n"
	"\tbool \"4K\"\n"
	"config PAGE_SIZE_64KB\n"
	"\tbool \"64K\"\n"
	"endchoice\n"
	"config PAGE_SHIFT\n"
	"\tint\n"
	"\tdefault\t12 if PAGE_SIZE_4KB\n"
	"\tdefault\t16 if PAGE_SIZE_64KB\n"
	"config FOO\n"
	"\tbool \"foo\"\n"
	"config BAR\n"
	"\tint\n"
	"\tdefault 1 if PAGE_SIZE_4KB && !FOO\n"
	"\tdefault 2\n";

static void test_defaults_and_terms(void **state)
{
	struct fixture f;
	const struct explanation *x;

	(void)state;
	fixture_load(&f, page_shift_tree, NULL);
	x = explain_symbol(f.ex, find(&f, "PAGE_SHIFT"));
	assert_int_equal(x->ndefaults, 2);
	assert_int_equal(x->defaults[0].status, DEFAULT_TAKEN);
	assert_int_equal(x->defaults[1].status, DEFAULT_INACTIVE);
	assert_string_equal(x->defaults[0].value_text, "12");
	assert_string_equal(xexpr_string(f.ex, x->defaults[0].cond), "PAGE_SIZE_4KB [=y]");
	assert_string_equal(xexpr_string(f.ex, x->defaults[1].cond), "PAGE_SIZE_64KB [=n]");
	assert_string_equal(property_text(f.ex, x->origin.prop), "default 12 if PAGE_SIZE_4KB");
	assert_int_equal(x->nbecause, 1);
	assert_string_equal(x->because[0]->name, "PAGE_SIZE_4KB");

	x = explain_symbol(f.ex, find(&f, "BAR"));
	assert_string_equal(x->value, "1");
	assert_string_equal(xexpr_string(f.ex, x->defaults[0].cond),
			    "PAGE_SIZE_4KB [=y] && !FOO [=n]");
	assert_int_equal(x->defaults[0].cond->value, TRI_YES);
	assert_int_equal(x->defaults[0].cond->right->value, TRI_YES);
	assert_int_equal(x->defaults[0].cond->right->left->value, TRI_NO);
	assert_int_equal(x->defaults[1].status, DEFAULT_SHADOWED);
	fixture_free(&f);
}

static void test_bounds(void **state)
{
	struct fixture f;
	const struct explanation *x;

	(void)state;
	fixture_load(&f, "config A\n\tint \"a\"\n\trange 1 10 if B\n\trange 1 100\n"
		     "\tdefault 50\nconfig B\n\tdef_bool y\n", NULL);
	x = explain_symbol(f.ex, find(&f, "A"));
	assert_string_equal(x->value, "10");
	assert_int_equal(x->nbounds, 1);
	assert_int_equal(x->bounds[0].kind, BOUND_RANGE);
	assert_true(x->bounds[0].applied);
	assert_string_equal(x->bounds[0].limit, "1..10");
	assert_string_equal(x->bounds[0].before, "50");
	assert_int_equal(x->bounds[0].loc.line, 3);
	fixture_free(&f);

	/* imply cannot go above the dependencies */
	fixture_load(&f, MODULES_ENTRY "\tdefault y\n"
		     "config A\n\ttristate \"a\"\n\tdepends on C\n"
		     "config B\n\tdef_bool y\n\timply A\n"
		     "config C\n\tdef_tristate m\n", NULL);
	x = explain_symbol(f.ex, find(&f, "A"));
	assert_string_equal(x->value, "m");
	assert_int_equal(x->origin.kind, ORIGIN_IMPLY);
	assert_int_equal(x->nbounds, 1);
	assert_int_equal(x->bounds[0].kind, BOUND_DEPENDS);
	assert_true(x->bounds[0].applied);
	assert_string_equal(x->bounds[0].limit, "m");
	fixture_free(&f);
}

static void test_unmet_dependencies(void **state)
{
	struct fixture f;
	const struct explanation *x;

	(void)state;
	fixture_load(&f, "config A\n\tbool\n\tdepends on B\nconfig B\n\tbool\n"
		     "config S\n\tdef_bool y\n\tselect A\n", NULL);
	x = explain_symbol(f.ex, find(&f, "A"));
	assert_string_equal(x->value, "y");
	assert_int_equal(x->origin.kind, ORIGIN_SELECT);
	assert_true(x->unmet_deps);
	fixture_free(&f);
}

/*
 * Several causes that each give the value: all are named, select first
 * (RT_MUTEXES on Linux 6.12 x86_64: selected by I2C and implied by FUTEX;
 * IRQ_WORK: default y if SMP and selected).
 */
static void test_several_causes(void **state)
{
	static const struct {
		const char *kconfig, *symbol;
		enum origin_kind first;
		enum origin_kind also[3];
		unsigned nalso;
		const char *bound_text;	/* the select bound line */
	} cases[] = {
		{ "config RT\n\tbool\nconfig I2C\n\tdef_bool y\n\tselect RT\n"
		  "config FUTEX\n\tdef_bool y\n\timply RT\n",
		  "RT", ORIGIN_SELECT, { ORIGIN_IMPLY }, 1, NULL },
		{ "config SMP\n\tdef_bool y\nconfig IRQ_WORK\n\tbool\n\tdefault y if SMP\n"
		  "config TASKS_RCU\n\tdef_bool y\n\tselect IRQ_WORK\n",
		  "IRQ_WORK", ORIGIN_SELECT, { ORIGIN_DEFAULT }, 1, NULL },
		{ "config A\n\tbool \"a\"\nconfig S\n\tdef_bool y\n\tselect A\n",
		  "A", ORIGIN_SELECT, { 0 }, 0, NULL },
		/* Selected to m, the default gives y: only the default counts. */
		{ "config MODULES\n\tdef_bool y\n\toption modules\n"
		  "config T\n\ttristate\n\tdefault y\nconfig S\n\tdef_tristate m\n\tselect T\n",
		  "T", ORIGIN_DEFAULT, { 0 }, 0, NULL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fixture f;
		const struct explanation *x;

		print_message("case: %s\n", cases[i].symbol);
		fixture_load(&f, cases[i].kconfig, NULL);
		x = explain_symbol(f.ex, find(&f, cases[i].symbol));
		assert_int_equal(x->origin.kind, cases[i].first);
		assert_int_equal(x->nalso, cases[i].nalso);
		for (unsigned k = 0; k < x->nalso; k++)
			assert_int_equal(x->also[k].kind, cases[i].also[k]);
		for (unsigned k = 0; k < x->nbounds; k++)
			if (x->bounds[k].kind == BOUND_SELECT)
				assert_int_equal(x->bounds[k].also_enough,
						 cases[i].first == ORIGIN_SELECT && !x->bounds[k].applied);
		fixture_free(&f);
	}
}

static void test_choice_rules(void **state)
{
	static const struct {
		const char *dotconfig;
		const char *selection;
		enum choice_rule rule;
	} cases[] = {
		{ NULL, "Y", CHOICE_RULE_DEFAULT },
		{ "CONFIG_X=y\n", "X", CHOICE_RULE_USER },
		{ "# CONFIG_Y is not set\n", "X", CHOICE_RULE_FIRST_UNSET },
		{ "# CONFIG_X is not set\n# CONFIG_Y is not set\n", "X", CHOICE_RULE_LAST_RESORT },
	};
	const char *tree = "choice\n\tprompt \"c\"\n\tdefault Y\nconfig X\n\tbool \"x\"\n"
			   "config Y\n\tbool \"y\"\nendchoice\n";

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fixture f;
		const struct xchoice *c;

		fixture_load(&f, tree, cases[i].dotconfig);
		c = explain_choice(f.ex, find(&f, "X")->choice);
		assert_non_null(c->selection);
		assert_string_equal(c->selection->name, cases[i].selection);
		assert_string_equal(choice_rule_name(c->rule), choice_rule_name(cases[i].rule));
		fixture_free(&f);
	}
}

static void test_undefined_and_selectors(void **state)
{
	struct fixture f;
	const struct explanation *x;

	(void)state;
	fixture_load(&f, "config A\n\tbool\n\tdepends on NOWHERE\n"
		     "config B\n\tdef_bool y\n\tselect C\n"
		     "config D\n\tbool\n\tselect C\n"
		     "config C\n\tbool\n", NULL);
	x = explain_symbol(f.ex, find(&f, "NOWHERE"));
	assert_false(x->defined);
	assert_string_equal(x->value, "n");
	x = explain_symbol(f.ex, find(&f, "C"));
	assert_false(x->unmet_deps);
	assert_int_equal(x->nselects, 2);
	assert_int_equal(x->origin.nby, 1);
	assert_string_equal(x->origin.by[0]->from->name, "B");
	assert_int_equal(x->selects[1].value, TRI_NO);
	fixture_free(&f);
}

/* --- plans ------------------------------------------------------------------------ */

struct plan_case {
	const char *name;
	const char *kconfig;
	const char *dotconfig;
	const char *symbol;
	const char *want;
	const char *steps;	/* "set A=y, choose X, blocked B" */
	bool feasible;
	bool verified;
	bool impossible;	/* proved from the solver's core */
	const char *proof;	/* in the first line of the proof, or NULL */
};

static const struct plan_case plan_cases[] = {
	{ "enable through a dependency",
	  "config A\n\tbool \"a\"\nconfig X\n\tbool \"x\"\n\tdepends on A\n",
	  NULL, "X", "y", "set A=y, set X=y", true, true, false, NULL },
	{ "two levels of dependencies",
	  "config A\n\tbool \"a\"\nconfig B\n\tbool \"b\"\n\tdepends on A\n"
	  "config X\n\tbool \"x\"\n\tdepends on B\n",
	  NULL, "X", "y", "set A=y, set B=y, set X=y", true, true, false, NULL },
	{ "no prompt: through a select",
	  "config X\n\tbool\nconfig S\n\tbool \"s\"\n\tselect X\n",
	  NULL, "X", "y", "set S=y", true, true, false, NULL },
	{ "no prompt: through a default's condition",
	  "config X\n\tbool\n\tdefault y if A\nconfig A\n\tbool \"a\"\n",
	  NULL, "X", "y", "set A=y", true, true, false, NULL },
	{ "down: the selector first",
	  "config X\n\tbool \"x\"\nconfig S\n\tbool \"s\"\n\tselect X\n",
	  "CONFIG_S=y\nCONFIG_X=y\n", "X", "n", "set S=n, set X=n", true, true, false, NULL },
	{ "an int through a choice",
	  page_shift_tree, NULL, "PAGE_SHIFT", "16", "choose PAGE_SIZE_64KB", true, true, false, NULL },
	{ "an int with a prompt, in range",
	  "config N\n\tint \"n\"\n\trange 1 8\n\tdefault 2\n",
	  NULL, "N", "4", "set N=4", true, true, false, NULL },
	{ "an int out of range",
	  "config N\n\tint \"n\"\n\trange 1 8\n\tdefault 2\n",
	  NULL, "N", "9", "", false, false, true, "N cannot be 9" },
	{ "a dependency that is never defined",
	  "config X\n\tbool \"x\"\n\tdepends on BROKEN\n",
	  NULL, "X", "y", "", false, false, true, "BROKEN is not defined in this tree" },
	{ "a bool cannot be m",
	  "config X\n\tbool \"x\"\n", NULL, "X", "m", "blocked X", false, false, true, NULL },
	{ "already there",
	  "config X\n\tbool \"x\"\n\tdefault y\n", NULL, "X", "y", "", true, false, false, NULL },
	{ "a comparison with a number",
	  "config N\n\tint \"n\"\n\tdefault 20\nconfig X\n\tbool \"x\"\n\tdepends on N <= 16\n",
	  NULL, "X", "y", "set N=16, set X=y", true, true, false, NULL },
	{ "a default's value, not only its condition",
	  "config A\n\tbool \"a\"\nconfig B\n\tbool \"b\"\nconfig X\n\tbool\n"
	  "\tdefault (A && B) || C\nconfig C\n\tbool \"c\"\n",
	  NULL, "X", "y", "set C=y", true, true, false, NULL },
	{ "a range widened by its bound's default",
	  "config WIDE\n\tbool \"wide\"\nconfig END\n\tint\n\tdefault 64 if !WIDE\n"
	  "\tdefault 4096\nconfig N\n\tint \"n\"\n\trange 2 END\n\tdefault 8\n",
	  "CONFIG_N=8\n", "N", "4096", "set WIDE=y, set N=4096", true, true, false, NULL },
	{ "m where m is enough",
	  "config MODULES\n\tbool \"modules\"\n\tmodules\n\tdefault y\n"
	  "config CAN\n\ttristate \"can\"\nconfig UCAN\n\ttristate \"ucan\"\n\tdepends on CAN\n",
	  NULL, "UCAN", "m", "set CAN=m, set UCAN=m", true, true, false, NULL },
	{ "a value fixed for the tree",
	  "config VERSION\n\tint\n\tdefault 0\nconfig X\n\tbool \"x\"\n"
	  "\tdepends on VERSION >= 116\n",
	  NULL, "X", "y", "", false, false, true, "VERSION is 0, fixed for this tree" },
	{ "down: only what selects it, not the rest",
	  "config S\n\tbool \"s\"\n\tselect X\nconfig T\n\tbool \"t\"\nconfig X\n\tbool\n",
	  "CONFIG_S=y\nCONFIG_T=y\n", "X", "n", "set S=n", true, true, false, NULL },
};

static char *steps_text(const struct change_plan *plan)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	for (unsigned i = 0; i < plan->nsteps; i++) {
		const struct change_step *s = &plan->steps[i];

		if (i)
			fputs(", ", out);
		switch (s->kind) {
		case STEP_SET:
			fprintf(out, "set %s=%s", s->sym->name, s->value);
			break;
		case STEP_CHOOSE:
			fprintf(out, "choose %s", s->sym->name);
			break;
		case STEP_BLOCKED:
			fprintf(out, "blocked %s", s->sym ? s->sym->name : "");
			break;
		}
	}
	fclose(out);
	return text;
}

static void test_plans(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(plan_cases) / sizeof(plan_cases[0]); i++) {
		const struct plan_case *c = &plan_cases[i];
		const struct change_plan *plan;
		struct fixture f;

		print_message("case: %s\n", c->name);
		fixture_load(&f, c->kconfig, c->dotconfig);
		plan = explain_change(f.ex, find(&f, c->symbol), c->want, 8,
				      fresh_copy, &f);
		assert_text(steps_text(plan), c->steps);
		assert_int_equal(plan->feasible, c->feasible);
		assert_int_equal(plan->verified, c->verified);
		assert_int_equal(plan->impossible, c->impossible);
		if (c->proof) {
			assert_true(plan->nproof > 0);
			if (!strstr(plan->proof[0], c->proof))
				fail_msg("proof \"%s\" does not say \"%s\"", plan->proof[0], c->proof);
		}
		fixture_free(&f);
	}
}

static void test_plan_effects(void **state)
{
	struct fixture f;
	const struct change_plan *plan;

	(void)state;
	/* Turning S off: X stops being selected, Y's prompt disappears. */
	fixture_load(&f, "config S\n\tbool \"s\"\n\tselect X\nconfig X\n\tbool\n"
		     "config Y\n\tbool \"y\"\n\tdepends on S\n",
		     "CONFIG_S=y\nCONFIG_Y=y\n");
	plan = explain_change(f.ex, find(&f, "S"), "n", 8, fresh_copy, &f);
	assert_true(plan->verified);
	assert_int_equal(plan->neffects, 2);
	assert_string_equal(plan->effects[0].sym->name, "X");
	assert_string_equal(plan->effects[0].before, "y");
	assert_string_equal(plan->effects[0].after, "n");
	assert_string_equal(plan->effects[1].sym->name, "Y");
	assert_int_equal(plan->effects[1].vis_after, TRI_NO);
	fixture_free(&f);
}

/* --- reverse view ----------------------------------------------------------------- */

static void test_reverse(void **state)
{
	static const char tree[] =
		"config A\n\tbool \"a\"\n"				/* 1 */
		"config B\n\tbool\n\tdepends on A\n"			/* 3 */
		"config C\n\tbool\n\tselect D if A\n"			/* 6 */
		"config D\n\tbool\n"					/* 9 */
		"config E\n\tint\n\tdefault 3 if A\n\trange 1 5 if !A\n" /* 11 */
		"if A\nconfig F\n\tbool \"f\"\nendif\n"			/* 15 */
		"menu \"m\"\n\tvisible if A\nendmenu\n";		/* 19 */
	static const struct {
		enum reverse_kind kind;
		const char *user;
		int line;
	} want[] = {
		{ REV_DEPENDS, "B", 3 },
		{ REV_SELECT_COND, "C", 8 },
		{ REV_DEFAULT, "E", 13 },
		{ REV_RANGE, "E", 14 },
		{ REV_MENU_DEPENDS, NULL, 15 },
		{ REV_DEPENDS_INHERITED, "F", 16 },
		{ REV_VISIBLE_IF, NULL, 19 },
	};
	struct fixture f;
	const struct reverse_use *uses;
	unsigned n;

	(void)state;
	fixture_load(&f, tree, NULL);
	uses = explain_reverse(f.ex, find(&f, "A"), &n);
	assert_int_equal(n, sizeof(want) / sizeof(want[0]));
	for (unsigned i = 0; i < n; i++) {
		assert_string_equal(reverse_kind_name(uses[i].kind),
				    reverse_kind_name(want[i].kind));
		if (want[i].user)
			assert_string_equal(uses[i].user->name, want[i].user);
		else
			assert_null(uses[i].user);
		assert_int_equal(uses[i].loc.line, want[i].line);
	}
	uses = explain_reverse(f.ex, find(&f, "D"), &n);
	assert_int_equal(n, 1);
	assert_int_equal(uses[0].kind, REV_SELECTS);
	assert_string_equal(uses[0].user->name, "C");
	fixture_free(&f);
}

/* --- JSON -------------------------------------------------------------------------- */

static void test_json(void **state)
{
	struct fixture f;
	char *text = NULL;
	size_t len = 0;
	FILE *out;
	const struct explanation *x;

	(void)state;
	fixture_load(&f, page_shift_tree, NULL);
	x = explain_symbol(f.ex, find(&f, "PAGE_SHIFT"));
	out = open_memstream(&text, &len);
	assert_non_null(out);
	explain_print_json(f.ex, x, NULL, false, out);
	fclose(out);
	assert_non_null(strstr(text, "{\"symbol\":\"PAGE_SHIFT\",\"type\":\"int\""));
	assert_non_null(strstr(text, ",\"value\":\"12\","));
	assert_non_null(strstr(text, "\"origin\":{\"kind\":\"default\",\"location\":\"Kconfig:10\","
				     "\"text\":\"default 12 if PAGE_SIZE_4KB\""));
	assert_non_null(strstr(text, "\"symbols\":[{\"symbol\":\"PAGE_SIZE_4KB\",\"value\":\"y\"}]"));
	/* One object, one line. */
	assert_ptr_equal(strchr(text, '\n'), text + len - 1);
	free(text);
	fixture_free(&f);

	/* Strings are escaped. */
	fixture_load(&f, "config S\n\tstring \"s\"\n", "CONFIG_S=\"a\\\"b\\\\c\"\n");
	x = explain_symbol(f.ex, find(&f, "S"));
	text = NULL;
	out = open_memstream(&text, &len);
	assert_non_null(out);
	explain_print_json(f.ex, x, NULL, false, out);
	fclose(out);
	assert_non_null(strstr(text, ",\"value\":\"a\\\"b\\\\c\","));
	free(text);
	fixture_free(&f);

	/*
	 * Bytes that are not UTF-8 (a surrogate too) do not break the JSON;
	 * UTF-8 passes as \u escapes, DEL too: the line is printable ASCII.
	 */
	fixture_load(&f, "config S\n\tstring \"s\"\n",
		     "CONFIG_S=\"a\xff\xc3\xa9\tb\xed\xa0\x80\x7f\"\n");
	x = explain_symbol(f.ex, find(&f, "S"));
	text = NULL;
	out = open_memstream(&text, &len);
	assert_non_null(out);
	explain_print_json(f.ex, x, NULL, false, out);
	fclose(out);
	assert_non_null(strstr(text, ",\"value\":\"a\\uFFFD\\u00E9\\tb"
				     "\\uFFFD\\uFFFD\\uFFFD\\u007f\","));
	for (const char *p = text; *p; p++)
		assert_true((*p >= 0x20 && *p < 0x7f) || *p == '\n');
	free(text);
	fixture_free(&f);
}

/* --- the why-chain ----------------------------------------------------------------- */

enum { CHAIN_LENGTH = 300 };

/* S0 = S1 = ... = S299 = y: each value is decided by the next symbol. */
static char *long_chain_tree(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	for (int i = 0; i < CHAIN_LENGTH - 1; i++)
		fprintf(out, "config S%d\n\tdef_bool S%d\n", i, i + 1);
	fprintf(out, "config S%d\n\tdef_bool y\n", CHAIN_LENGTH - 1);
	fclose(out);
	return text;
}

static char *render_chain(struct fixture *f, bool json, int depth)
{
	const struct explain_print_options opts = { .depth = depth };
	const struct explanation *x = explain_symbol(f->ex, find(f, "S0"));
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	if (json)
		explain_print_json_chain(f->ex, x, NULL, &opts, out);
	else
		explain_print_text(f->ex, x, &opts, out);
	fclose(out);
	return text;
}

/* Does the text hold the line (a whole line)? */
static bool has_line(const char *text, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = text; (p = strstr(p, line)); p++)
		if ((p == text || p[-1] == '\n') && (p[n] == '\n' || !p[n]))
			return true;
	return false;
}

/* explain_vformat() against snprintf(): the same text for the same arguments. */
static void check_format(const char *fmt, ...)
{
	char want[256];
	struct strbuf got = { 0 };
	va_list ap;

	strbuf_adds(&got, "<");
	va_start(ap, fmt);
	vsnprintf(want + 1, sizeof(want) - 1, fmt, ap);
	va_end(ap);
	want[0] = '<';
	va_start(ap, fmt);
	explain_vformat(&got, fmt, ap);
	va_end(ap);
	assert_string_equal(strbuf_str(&got), want);
	strbuf_release(&got);
}

static void test_format(void **state)
{
	(void)state;
	check_format("plain text, no conversion");
	check_format("%s and %s", "one", "");
	check_format("[%-18s] [%8s] [%2s]", "select", "if", "longer than two");
	check_format("[%*s] [%-*s] [%*s]", 6, "ab", 6, "ab", -6, "ab");
	check_format("    %.*s|%.3s|%.9s", 4, "help text", "abcdef", "abc");
	check_format("%d %d %d %d %d", 0, 7, -42, 2147483647, -2147483647 - 1);
	check_format("%u %u %5u|%-5u|%5d|%-5d|", 0u, 4294967295u, 12u, 12u, -3, -3);
	check_format("%c%c 100%% %s", 'y', '=', "done");
	/* Not done by hand: vsnprintf() makes them. */
	check_format("%x %05d %.3d %ld %p|", 255u, 42, 7, 123456789012L, (void *)0);
	check_format("%s then %08.3f", "mixed", 3.14159);
}

/* Every symbol's text, or JSON, one after another, as `explain --all` prints them. */
static char *render_all(struct fixture *f, bool json)
{
	const struct explain_print_options opts = { .depth = 2 };
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	for (size_t i = 0; i < f->kc->nsymbols; i++) {
		const struct symbol *sym = f->kc->symbols[i];
		const struct explanation *x;

		if (!sym->name || (sym->flags & SYMBOL_CONST) || !(sym->flags & SYMBOL_DEFINED))
			continue;
		x = explain_symbol(f->ex, sym);
		if (json)
			explain_print_json_chain(f->ex, x, NULL, &opts, out);
		else
			explain_print_text(f->ex, x, &opts, out);
	}
	fclose(out);
	return text;
}

/*
 * With the values fixed, expressions, their texts, Kconfig lines and
 * menu paths are made once and shared: the output is the same as made
 * afresh, the first time and again from what was kept.
 */
static void test_fixed_values(void **state)
{
	static const char tree[] =
		"config MODULES\n\tbool \"modules\"\n\tdefault y\n\tmodules\n"
		"menu \"Drivers\"\n"
		"config A\n\ttristate \"a\"\n\tdefault m if MODULES && !(B || C = \"x\\\"y\")\n"
		"\tselect D if B || N >= 3\n"
		"config E\n\tbool\n\tdefault y\n"
		"config B\n\tbool \"b\"\n\tdepends on !C || (E && N != 4)\n\timply D\n"
		"config C\n\tstring \"c\"\n\tdefault \"x\\\"y\"\n"
		"menuconfig N\n\tint \"n\"\n\trange 1 9 if E\n\tdefault 4\n"
		"if N\nconfig D\n\tbool\n\tdefault A && B || m\nendif\n"
		"choice\n\tprompt \"pick\"\nconfig P1\n\tbool \"p1\"\n\tdepends on B\n"
		"config P2\n\tbool \"p2\"\nendchoice\n"
		"endmenu\n";
	static const char dotconfig[] = "CONFIG_B=y\nCONFIG_N=5\nCONFIG_P2=y\n";
	struct fixture f;

	(void)state;
	for (int json = 0; json < 2; json++) {
		char *fresh, *first, *again;
		size_t used;

		fixture_load(&f, tree, dotconfig);
		fresh = render_all(&f, json);
		explainer_free(f.ex);
		f.ex = explainer_new(f.cfg, f.lines);
		explainer_fix_values(f.ex);
		first = render_all(&f, json);
		/*
		 * The memo moved to a larger table with its entries (as for
		 * `explain --all`): the second pass finds every one of them,
		 * so it keeps nothing more.
		 */
		used = f.ex->memo_used;
		explainer_expect_symbols(f.ex, 10000);
		assert_int_equal(f.ex->memo_cap, 65536);
		assert_int_equal(f.ex->memo_used, used);
		again = render_all(&f, json);
		assert_int_equal(f.ex->memo_used, used);
		assert_true(strlen(fresh) > 1000);
		assert_true(f.ex->memo_used > 0);
		assert_string_equal(first, fresh);
		assert_string_equal(again, fresh);
		free(fresh);
		free(first);
		free(again);
		fixture_free(&f);
	}
}

/*
 * With the values fixed, a symbol alone is one xexpr wherever it stands
 * (as a condition, and not: two), with its own value: `m` is n as a
 * condition while modules are off, m otherwise.  Without fixed values
 * each place has its own.
 */
static void test_shared_leaves(void **state)
{
	static const char tree[] =
		"config MODULES\n\tbool \"modules\"\n\tmodules\n"
		"config B\n\tbool \"b\"\n\tdefault y\n"
		"config A\n\ttristate \"a\"\n\tdepends on B\n\tdefault B\n"
		"config C\n\tbool \"c\"\n\tdefault y if B || A\n";
	struct fixture f;

	(void)state;
	for (int fixed = 0; fixed < 2; fixed++) {
		struct expr *b1, *b2, *m1, *m2;
		const struct xexpr *x, *y;

		fixture_load(&f, tree, NULL);
		if (fixed)
			explainer_fix_values(f.ex);
		b1 = expr_symbol(&f.kc->arena, (struct symbol *)find(&f, "B"));
		b2 = expr_symbol(&f.kc->arena, (struct symbol *)find(&f, "B"));
		m1 = expr_symbol(&f.kc->arena, f.kc->sym_mod);
		m2 = expr_symbol(&f.kc->arena, f.kc->sym_mod);
		x = explain_expr(f.ex, b1, true);
		y = explain_expr(f.ex, b2, true);
		assert_int_equal(x->value, TRI_YES);
		assert_string_equal(x->lval, "y");
		assert_true((x == y) == fixed);
		assert_ptr_not_equal(explain_expr(f.ex, b1, false), x);
		assert_int_equal(explain_expr(f.ex, b1, false)->value, TRI_YES);
		x = explain_expr(f.ex, m1, true);
		y = explain_expr(f.ex, m2, false);
		assert_int_equal(x->value, TRI_NO);
		assert_int_equal(y->value, TRI_MOD);
		assert_ptr_not_equal(x, y);
		assert_true((explain_expr(f.ex, m2, true) == x) == fixed);
		assert_true((explain_expr(f.ex, m1, false) == y) == fixed);
		/* The same leaf inside an expression, printed with its value. */
		x = explain_expr(f.ex, find(&f, "C")->props->next->cond, true);
		assert_int_equal(x->expr->op, E_OR);
		if (fixed)
			assert_ptr_equal(x->left, explain_expr(f.ex, b2, true));
		assert_string_equal(explain_scratch_expr(f.ex, x->expr, x),
				    "B [=y] || A [=y]");
		fixture_free(&f);
	}
}

/* One symbol's text as `explain` prints it (depth 1). */
static char *render_one(struct fixture *f, const char *name)
{
	const struct explain_print_options opts = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	explain_print_text(f->ex, explain_symbol(f->ex, find(f, name)), &opts, out);
	fclose(out);
	return text;
}

/*
 * The lines the renderer writes piece by piece without a format: the
 * count of selects that give n, the "used by" count, the int or string
 * read as a condition (found while evaluating, the first one from the
 * left, under ! and inside || too), with the values fixed or not.
 */
static void test_text_lines(void **state)
{
	static const char tree[] =
		"config N\n\tint \"n\"\n\tdefault 3\n"
		"config S\n\tstring \"s\"\n"
		"config B\n\tbool \"b\"\n\tdefault y\n"
		"config A\n\tbool \"a\"\n\tdefault y if B && !(S || N)\n\tselect T\n"
		"config C\n\tbool \"c\"\n\tselect T if N\n"
		"config D\n\tbool \"d\"\n\tdefault y\n\tselect T if B\n\tselect T if C\n\timply T\n"
		"config T\n\tbool\n"
		"config E\n\tbool \"e\"\n\tdefault y\n\tselect T if N\n";
	struct fixture f;

	(void)state;
	for (int fixed = 0; fixed < 2; fixed++) {
		char *a, *t;

		fixture_load(&f, tree, NULL);
		if (fixed)
			explainer_fix_values(f.ex);
		a = render_one(&f, "A");
		t = render_one(&f, "T");
		assert_true(has_line(a, "    if: B [=y] && !(S [=\"\"] || N [=3])  => y (S is a "
				     "string: as a condition it is n, whatever its value)"));
		assert_true(has_line(a, "  -> Kconfig:11  default y if B && !(S || N)  (taken)"));
		assert_true(has_line(a, "  defaults (the first whose condition holds is taken):"));
		assert_true(has_line(a, "  selects:"));
		assert_true(has_line(t, "  value from: selected by A [=y] (Kconfig:12), "
				     "D [=y] (Kconfig:19)"));
		assert_true(has_line(t, "  also enough: implied by D [=y] (Kconfig:21)"));
		assert_true(has_line(t, "  selected by:"));
		assert_true(has_line(t, "    and 3 more that give n:"));
		assert_true(has_line(t, "      if: N [=3]  => n (N is an int: as a condition "
				     "it is n, whatever its value)"));
		assert_true(has_line(t, "      if: C [=n]"));
		assert_true(has_line(t, "  implied by:"));
		assert_true(has_line(t, "  used by (6):"));
		free(a);
		free(t);
		fixture_free(&f);
	}
}

static void test_why_chain(void **state)
{
	char *tree = long_chain_tree();
	struct fixture f;
	struct why_chain chain;
	char *text, *json, want[128];
	unsigned headers = 0, objects = 0;

	(void)state;
	fixture_load(&f, tree, NULL);

	/* The walk: every symbol once, level i for S<i>, named by S<i-1>. */
	why_chain_walk(f.ex, explain_symbol(f.ex, find(&f, "S0")), 1000, &chain);
	assert_int_equal(chain.nlinks, CHAIN_LENGTH);
	assert_int_equal(chain.levels, CHAIN_LENGTH - 1);
	assert_int_equal(chain.not_followed, 0);
	for (int i = 1; i < CHAIN_LENGTH; i++) {
		snprintf(want, sizeof(want), "S%d", i);
		assert_string_equal(chain.links[i].x->sym->name, want);
		assert_int_equal(chain.links[i].level, i);
		assert_ptr_equal(chain.links[i].via, chain.links[i - 1].x->sym);
	}
	why_chain_release(&chain);

	/* Both renderers name every symbol of it, and nothing says it was cut. */
	text = render_chain(&f, false, 1000);
	json = render_chain(&f, true, 1000);
	for (int i = 0; i < CHAIN_LENGTH; i++) {
		snprintf(want, sizeof(want), "S%d = y", i);
		assert_true(has_line(text, want));
		snprintf(want, sizeof(want), "{\"symbol\":\"S%d\",", i);
		assert_non_null(strstr(json, want));
		if (i) {
			snprintf(want, sizeof(want), "\"why_chain\":{\"of\":\"S0\",\"level\":%d,"
				 "\"via\":\"S%d\"}", i, i - 1);
			assert_non_null(strstr(json, want));
		}
	}
	for (const char *p = text; (p = strstr(p, "[why-chain, level ")); p++)
		headers++;
	for (const char *p = json; (p = strchr(p, '\n')); p++)
		objects++;
	assert_int_equal(headers, CHAIN_LENGTH - 1);
	assert_int_equal(objects, CHAIN_LENGTH);
	assert_null(strstr(text, "stopped"));
	assert_non_null(strstr(json, "\"why_chain\":{\"depth\":1000,\"symbols\":299,"
				     "\"levels\":299,\"complete\":true,\"not_followed\":0}"));
	free(text);
	free(json);

	/* Cut by the depth: both say where and how much is left out. */
	text = render_chain(&f, false, 100);
	json = render_chain(&f, true, 100);
	assert_true(has_line(text, "S100 = y"));
	assert_false(has_line(text, "S101 = y"));
	assert_non_null(strstr(text, "\n[why-chain stopped at level 100, the depth limit: "
				     "1 more symbol named at that level is not followed]\n"));
	assert_non_null(strstr(json, "{\"symbol\":\"S100\","));
	assert_null(strstr(json, "{\"symbol\":\"S101\","));
	assert_non_null(strstr(json, "\"why_chain\":{\"depth\":100,\"symbols\":100,"
				     "\"levels\":100,\"complete\":false,\"not_followed\":1}"));
	free(text);
	free(json);

	/* Two paths to one symbol: it is explained once, at the nearer level. */
	fixture_free(&f);
	fixture_load(&f, "config S0\n\tdef_bool S1 && S2\nconfig S1\n\tdef_bool S3\n"
		     "config S2\n\tdef_bool S3\nconfig S3\n\tdef_bool y\n", NULL);
	why_chain_walk(f.ex, explain_symbol(f.ex, find(&f, "S0")), 1000, &chain);
	assert_int_equal(chain.nlinks, 4);
	assert_string_equal(chain.links[3].x->sym->name, "S3");
	assert_int_equal(chain.links[3].level, 2);
	assert_ptr_equal(chain.links[3].via, find(&f, "S1"));
	why_chain_release(&chain);
	fixture_free(&f);
	free(tree);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_origins),
		cmocka_unit_test(test_defaults_and_terms),
		cmocka_unit_test(test_bounds),
		cmocka_unit_test(test_unmet_dependencies),
		cmocka_unit_test(test_several_causes),
		cmocka_unit_test(test_choice_rules),
		cmocka_unit_test(test_undefined_and_selectors),
		cmocka_unit_test(test_plans),
		cmocka_unit_test(test_plan_effects),
		cmocka_unit_test(test_reverse),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_why_chain),
		cmocka_unit_test(test_fixed_values),
		cmocka_unit_test(test_shared_leaves),
		cmocka_unit_test(test_text_lines),
		cmocka_unit_test(test_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
