// SPDX-License-Identifier: GPL-2.0
/*
 * kbrowse diff on a small tree: the changed symbols grouped by root
 * cause, checked exactly (two roots, a symbol that both change, a choice
 * that switches member, a select chain, a dependency), the lines left
 * aside, the text form, and --apply's verdict on each fragment value;
 * across two trees loaded at once (diff --from-tree): a new option and
 * what follows it, a removed one and what followed it, renames found by
 * prompt and by help, a changed default, in text too.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit.h"
#include "config.h"
#include "config_io.h"
#include "diff.h"
#include "strbuf.h"

static const char tree[] =
	"mainmenu \"diff fixture\"\n"
	"config A\n\tbool \"A\"\n\tselect S1\n"		/* 2 */
	"config B\n\tbool \"B\"\n"			/* 5 */
	"config C\n\tbool \"C\"\n"			/* 7 */
	"config S1\n\tbool\n\tselect S2\n"		/* 9 */
	"config S2\n\tbool\n\tselect S3\n"		/* 12 */
	"config S3\n\tbool\n"				/* 15 */
	"config BOTH\n\tdef_bool A || B\n"		/* 17 */
	"config NEEDS_A\n\tbool \"needs A\"\n\tdepends on A\n\tdefault y\n" /* 19 */
	"config HIDDEN\n\tbool \"hidden\"\n\tdepends on C\n"	/* 23 */
	"choice\n\tprompt \"Mode\"\n\tdefault MODE_FAST if B\n"	/* 26 */
	"config MODE_SAFE\n\tbool \"safe\"\n"		/* 29 */
	"config MODE_FAST\n\tbool \"fast\"\n"		/* 31 */
	"endchoice\n";

/* One tree, two configurations, each with its files and explainer. */
struct pair {
	struct kconfig *kc;
	struct config *cfg[2];
	struct user_lines *lines[2];
	struct explainer *ex[2];
	struct diff_file files[3];
	struct diff_input in[2];
	struct diff_result *d;
};

static void read_side(struct pair *p, int side, const struct diff_file *last,
		      const char *all, size_t len)
{
	struct config_io_options io = { .prefix = "CONFIG_" };

	struct config *scratch = config_new_sibling(p->cfg[side]);

	config_read_text(p->cfg[side], last->name, all, len, &io, NULL);
	/* The lines of the file that set each value, as kbrowse diff cites them. */
	p->lines[side] = config_read_text_recorded(scratch, last->name, last->text,
						   last->len, &io, NULL);
	config_free(scratch);
	p->ex[side] = explainer_new(p->cfg[side], p->lines[side]);
}

/* OLD and NEW; with fragment, NEW is OLD with fragment merged over it. */
static void pair_load(struct pair *p, const char *old_text, const char *new_text,
		      bool fragment)
{
	memset(p, 0, sizeof(*p));
	p->kc = unit_load(tree);
	assert_non_null(p->kc);
	assert_int_equal(p->kc->diags.errors, 0);
	p->cfg[0] = config_new(p->kc);
	p->cfg[1] = config_new_sibling(p->cfg[0]);
	p->files[0] = (struct diff_file){ "old.config", old_text, strlen(old_text) };
	p->files[1] = (struct diff_file){ fragment ? "frag.config" : "new.config",
					  new_text, strlen(new_text) };
	read_side(p, 0, &p->files[0], old_text, strlen(old_text));
	if (fragment) {
		struct strbuf all = { 0 };

		strbuf_adds(&all, old_text);
		strbuf_adds(&all, new_text);
		read_side(p, 1, &p->files[1], strbuf_str(&all), all.len);
		strbuf_release(&all);
		p->in[1] = (struct diff_input){ p->ex[1], p->files, 2 };
	} else {
		read_side(p, 1, &p->files[1], new_text, strlen(new_text));
		p->in[1] = (struct diff_input){ p->ex[1], p->files + 1, 1 };
	}
	p->in[0] = (struct diff_input){ p->ex[0], p->files, 1 };
	p->d = diff_configs(&p->in[0], &p->in[1], "CONFIG_", fragment);
}

static void pair_free(struct pair *p)
{
	diff_free(p->d);
	for (int i = 0; i < 2; i++) {
		explainer_free(p->ex[i]);
		user_lines_free(p->lines[i]);
	}
	config_free(p->cfg[1]);
	config_free(p->cfg[0]);
	kconfig_free(p->kc);
}

/* The grouping as a line: "A*[S1[S2[S3]] BOTH]" (* a user root). */
static void shape_of(struct strbuf *b, const struct diff_entry *e, int depth)
{
	strbuf_adds(b, e->sym->name);
	if (e->root == DIFF_ROOT_USER)
		strbuf_addc(b, '*');
	if (e->root == DIFF_ROOT_NO_CAUSE)
		strbuf_addc(b, '?');
	if (e->root == DIFF_ROOT_NEW)
		strbuf_addc(b, '+');
	if (e->root == DIFF_ROOT_REMOVED)
		strbuf_addc(b, '-');
	if (e->renamed_to)
		strbuf_addf(b, "(%s)", e->renamed_to->name);
	if (!e->nchildren || depth > 8)
		return;
	strbuf_addc(b, '[');
	for (unsigned i = 0; i < e->nchildren; i++) {
		if (i)
			strbuf_addc(b, ' ');
		shape_of(b, e->children[i], depth + 1);
	}
	strbuf_addc(b, ']');
}

static char *shape(const struct diff_result *d)
{
	struct strbuf b = { 0 };

	for (unsigned i = 0; i < d->nroots; i++) {
		if (i)
			strbuf_addc(&b, ' ');
		shape_of(&b, d->roots[i], 0);
	}
	return strbuf_take(&b);
}

static const struct diff_entry *entry(const struct diff_result *d, const char *name)
{
	for (unsigned i = 0; i < d->nentries; i++)
		if (strcmp(d->entries[i].sym->name, name) == 0)
			return &d->entries[i];
	return NULL;
}

static void test_grouping(void **state)
{
	struct pair p;
	const struct diff_entry *e;

	(void)state;
	pair_load(&p, "CONFIG_A=y\nCONFIG_B=y\nCONFIG_GONE=y\n",
		  "CONFIG_A=n\n# CONFIG_B is not set\nCONFIG_HIDDEN=y\n", false);
	assert_int_equal(p.d->nroots, 2);
	assert_int_equal(p.d->nentries, 9);
	assert_text(shape(p.d),
		    "A*[S1[S2[S3]] BOTH NEEDS_A] B*[BOTH MODE_SAFE[MODE_FAST]]");
	/* Changed by both roots: two nearest causes. */
	e = entry(p.d, "BOTH");
	assert_int_equal(e->nparents, 2);
	assert_string_equal(e->old.value, "y");
	assert_false(e->new.written);
	assert_int_equal(e->new.why.kind, ORIGIN_DEFAULT);
	assert_int_equal(e->new.why.loc.line, 18);
	/* The select chain: each link names its selector on the old side. */
	e = entry(p.d, "S3");
	assert_int_equal(e->old.why.kind, ORIGIN_SELECT);
	assert_string_equal(e->old.why.text, "selected by S2 [=y]");
	assert_int_equal(e->old.why.loc.line, 14);
	assert_string_equal(e->new.why.text, "not selected: S2 [=n]");
	/* The dependency, with its value. */
	e = entry(p.d, "NEEDS_A");
	assert_string_equal(e->new.why.text, "depends on A [=n]");
	assert_int_equal(e->new.why.loc.line, 19);
	assert_string_equal(e->old.why.text, "default y");
	/* The choice: the member that lost follows the one that won. */
	e = entry(p.d, "MODE_FAST");
	assert_string_equal(e->old.why.text, "default MODE_FAST if B [=y]");
	assert_string_equal(e->new.why.text, "the choice picked MODE_SAFE (first-visible)");
	e = entry(p.d, "MODE_SAFE");
	assert_int_equal(e->nparents, 1);
	assert_string_equal(e->parents[0]->sym->name, "B");
	/* The roots: their own .config lines on both sides. */
	e = entry(p.d, "A");
	assert_int_equal(e->new.why.kind, ORIGIN_USER);
	assert_string_equal(location_file(e->new.why.loc), "new.config");
	assert_int_equal(e->new.why.loc.line, 1);
	assert_string_equal(location_file(e->old.why.loc), "old.config");
	/* Lines with no effect: a name not in the tree, a hidden symbol. */
	assert_int_equal(p.d->nasides, 2);
	assert_string_equal(p.d->asides[0].name, "HIDDEN");
	assert_null(p.d->asides[0].old_text);
	assert_string_equal(p.d->asides[0].new_reason, "not visible");
	assert_string_equal(p.d->asides[1].name, "GONE");
	assert_null(p.d->asides[1].sym);
	assert_string_equal(p.d->asides[1].old_reason, "not defined in this tree");
	pair_free(&p);
}

static void test_text(void **state)
{
	struct pair p;
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	(void)state;
	pair_load(&p, "CONFIG_A=y\nCONFIG_B=y\n", "CONFIG_A=n\n# CONFIG_B is not set\n",
		  false);
	out = open_memstream(&text, &len);
	assert_non_null(out);
	diff_print_text(p.ex[1], p.d, out);
	fclose(out);
	assert_text(text,
		"2 root changes, 7 values followed\n"
		"A  y -> n   (new.config:1 user value n; was user value y at old.config:1)\n"
		"  S1  y -> -   (Kconfig:4 not selected: A [=n]; was selected by A [=y] at Kconfig:4)\n"
		"    S2  y -> -   (Kconfig:11 not selected: S1 [=n]; was selected by S1 [=y] at Kconfig:11)\n"
		"      S3  y -> -   (Kconfig:14 not selected: S2 [=n]; was selected by S2 [=y] at Kconfig:14)\n"
		"  BOTH  y -> -   (Kconfig:18 default A [=n] || B [=n]; was default A [=y] || B [=y] at Kconfig:18)\n"
		"  NEEDS_A  y -> -   (Kconfig:19 depends on A [=n]; was default y at Kconfig:22)\n"
		"B  y -> n   (new.config:2 user value n; was user value y at old.config:2)\n"
		"  BOTH  (also follows from this; shown above under A)\n"
		"  MODE_SAFE  n -> y   (Kconfig:26 the choice picked it (first-visible); "
		"was the choice picked MODE_FAST (default) at Kconfig:28)\n"
		"    MODE_FAST  y -> n   (Kconfig:26 the choice picked MODE_SAFE (first-visible); "
		"was default MODE_FAST if B [=y] at Kconfig:28)\n");
	pair_free(&p);
}

/* A user switch of the choice: the member set to y is the root. */
static void test_choice_switch(void **state)
{
	struct pair p;

	(void)state;
	pair_load(&p, "CONFIG_MODE_SAFE=y\n# CONFIG_MODE_FAST is not set\n",
		  "# CONFIG_MODE_SAFE is not set\nCONFIG_MODE_FAST=y\n", false);
	assert_text(shape(p.d), "MODE_FAST*[MODE_SAFE]");
	pair_free(&p);
	/* A line removed: the choice's default takes over, and the old pick leads. */
	pair_load(&p, "CONFIG_B=y\nCONFIG_MODE_SAFE=y\n", "CONFIG_B=y\n", false);
	assert_text(shape(p.d), "MODE_SAFE*[MODE_FAST]");
	pair_free(&p);
}

static void test_apply(void **state)
{
	struct pair p;
	const struct diff_fragment_value *f;

	(void)state;
	pair_load(&p, "CONFIG_A=y\n",
		  "CONFIG_C=y\nCONFIG_HIDDEN=y\nCONFIG_S3=y\nCONFIG_NOPE=y\n"
		  "CONFIG_A=y\nCONFIG_B=x\nCONFIG_MODE_FAST=y\n", true);
	assert_text(shape(p.d), "C*[HIDDEN*] HIDDEN* MODE_FAST*[MODE_SAFE]");
	assert_int_equal(p.d->nfragment, 7);
	f = p.d->fragment;
	assert_int_equal(f[0].fate, FATE_CHANGES);
	assert_int_equal(f[1].fate, FATE_CHANGES);
	assert_int_equal(f[2].fate, FATE_IGNORED);
	assert_int_equal(f[2].reason, UNUSED_NO_PROMPT);
	assert_int_equal(f[3].fate, FATE_UNDEFINED);
	assert_int_equal(f[4].fate, FATE_ALREADY);
	assert_int_equal(f[5].fate, FATE_IGNORED);
	assert_int_equal(f[5].reason, UNUSED_INVALID);
	assert_int_equal(f[5].loc.line, 6);
	assert_int_equal(f[6].fate, FATE_CHANGES);
	pair_free(&p);
	/* A value its dependencies do not allow. */
	pair_load(&p, "", "CONFIG_HIDDEN=y\n", true);
	assert_int_equal(p.d->nentries, 0);
	assert_int_equal(p.d->fragment[0].fate, FATE_IGNORED);
	assert_int_equal(p.d->fragment[0].reason, UNUSED_DEPS_UNMET);
	pair_free(&p);
}


/* --- across two trees ------------------------------------------------------------- */

static const char old_tree[] =
	"mainmenu \"old\"\n"
	"config NET\n\tbool \"Networking\"\n\tdefault y\n"		/* 2 */
	"config OLD_NAME\n\tbool \"Fast path\"\n\tdefault y\n"		/* 5 */
	"config OLD_HELP\n\tbool \"Tracing\"\n\tdefault y\n"		/* 8 */
	"\thelp\n\t  Trace every call.\n"
	"config LEGACY\n\tbool \"Legacy support\"\n\tdefault y\n"	/* 13 */
	"config USES_LEGACY\n\tbool \"Uses legacy\"\n\tdepends on LEGACY\n"
	"\tdefault y\n"							/* 16 */
	"config SIZE\n\tint\n\tdefault 16\n"				/* 20 */
	"config BIG\n\tbool \"Big\"\n\tdepends on SIZE > 20\n\tdefault y\n" /* 23 */
	"config SAME\n\tbool \"Same\"\n\tdefault y\n";			/* 27 */

static const char new_tree[] =
	"mainmenu \"new\"\n"
	"config NET\n\tbool \"Networking\"\n\tdefault y\n"		/* 2 */
	"config NEW_NAME\n\tbool \"Fast path\"\n\tdefault y\n"		/* 5 */
	"config NEW_HELP\n\tbool \"Call tracing\"\n\tdefault y\n"	/* 8 */
	"\thelp\n\t  Trace every call.\n"
	"config USES_LEGACY\n\tbool \"Uses legacy\"\n\tdepends on LEGACY\n"
	"\tdefault y\n"							/* 13 */
	"config SIZE\n\tint\n\tdefault 32\n"				/* 17 */
	"config BIG\n\tbool \"Big\"\n\tdepends on SIZE > 20\n\tdefault y\n" /* 20 */
	"config NEW_OPT\n\tbool \"New option\"\n\tdepends on NET\n"
	"\tdefault y\n"							/* 24 */
	"config NEW_CHILD\n\tbool \"Child\"\n\tdepends on NEW_OPT\n"
	"\tdefault y\n"							/* 28 */
	"config SAME\n\tbool \"Same\"\n\tdefault y\n";			/* 32 */

/* The old tree's olddefconfig output, as its conf writes it. */
static const char old_config[] =
	"CONFIG_NET=y\nCONFIG_OLD_NAME=y\nCONFIG_OLD_HELP=y\nCONFIG_LEGACY=y\n"
	"CONFIG_USES_LEGACY=y\nCONFIG_SIZE=16\nCONFIG_SAME=y\n";

/* Two trees held at once, each with OLD.config read into it. */
struct trees {
	struct kconfig *kc[2];
	struct config *cfg[2];
	struct user_lines *lines[2];
	struct explainer *ex[2];
	struct diff_file file;
	struct diff_input in[2];
	struct diff_result *d;
};

static void trees_load(struct trees *t)
{
	struct config_io_options io = { .prefix = "CONFIG_" };
	struct kconfig_options opts = unit_options();
	const struct unit_file old_files[] = { { "Kconfig", old_tree }, { NULL, NULL } };
	const struct unit_file new_files[] = { { "Kconfig", new_tree }, { NULL, NULL } };

	memset(t, 0, sizeof(*t));
	/* Each tree its own rules: the old one Linux 4.18 to 6.10's. */
	unit_files = old_files;
	opts.kconfig = "Kconfig";
	opts.dialect = dialect_find("linux-4.18");
	t->kc[0] = kconfig_load(&opts);
	t->kc[1] = unit_load_files(new_files);
	unit_files = NULL;
	for (int i = 0; i < 2; i++) {
		struct config *scratch;

		assert_int_equal(t->kc[i]->diags.errors, 0);
		t->cfg[i] = config_new(t->kc[i]);
		config_read_text(t->cfg[i], "old.config", old_config, strlen(old_config),
				 &io, NULL);
		scratch = config_new_sibling(t->cfg[i]);
		t->lines[i] = config_read_text_recorded(scratch, "old.config", old_config,
							strlen(old_config), &io, NULL);
		config_free(scratch);
		t->ex[i] = explainer_new(t->cfg[i], t->lines[i]);
	}
	assert_string_equal(t->kc[0]->dialect->name, "linux-4.18");
	assert_string_equal(t->kc[1]->dialect->name, "linux-7.0");
	t->file = (struct diff_file){ "old.config", old_config, strlen(old_config) };
	t->in[0] = (struct diff_input){ t->ex[0], &t->file, 1 };
	t->in[1] = (struct diff_input){ t->ex[1], &t->file, 1 };
	t->d = diff_configs(&t->in[0], &t->in[1], "CONFIG_", false);
}

static void trees_free(struct trees *t)
{
	diff_free(t->d);
	for (int i = 0; i < 2; i++) {
		explainer_free(t->ex[i]);
		user_lines_free(t->lines[i]);
		config_free(t->cfg[i]);
		kconfig_free(t->kc[i]);
	}
}

/*
 * The new option leads what depends on it; the removed LEGACY leads what
 * depended on it; SIZE's new default leads BIG; the renames are found by
 * the same prompt and by the same help.
 */
static void test_across_grouping(void **state)
{
	struct trees t;

	(void)state;
	trees_load(&t);
	assert_true(t.d->across_trees);
	assert_text(shape(t.d), "NEW_NAME+ NEW_HELP+ SIZE?[BIG] NEW_OPT+[NEW_CHILD] "
		    "OLD_NAME-(NEW_NAME) OLD_HELP-(NEW_HELP) LEGACY-[USES_LEGACY]");
	assert_int_equal(t.d->nnew, 4);
	assert_int_equal(t.d->nremoved, 3);
	assert_int_equal(t.d->nrenamed, 2);
	assert_string_equal(entry(t.d, "OLD_NAME")->renamed_by, "the same prompt");
	assert_string_equal(entry(t.d, "OLD_HELP")->renamed_by, "the same help");
	/* Unchanged across the trees: not listed. */
	assert_null(entry(t.d, "SAME"));
	assert_null(entry(t.d, "NET"));
	trees_free(&t);
}

static void test_across_text(void **state)
{
	struct trees t;
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	(void)state;
	trees_load(&t);
	t.d->old_tree = "old";
	t.d->new_tree = "new";
	out = open_memstream(&text, &len);
	assert_non_null(out);
	diff_print_text(t.ex[1], t.d, out);
	fclose(out);
	assert_text(text,
		"From old to new: what olddefconfig in the new tree does to old.config\n"
		"7 root changes, 3 values followed (4 new options, 3 removed, 2 likely renamed)\n"
		"NEW_NAME  - -> y   (Kconfig:7 default y; was not in the old tree)  [new option]\n"
		"NEW_HELP  - -> y   (Kconfig:10 default y; was not in the old tree)  [new option]\n"
		"SIZE  16 -> 32   (Kconfig:19 default 32; was default 16 at Kconfig:22)  "
		"[its definition changed]\n"
		"  BIG  - -> y   (Kconfig:23 default y; was depends on SIZE [=16] > 20 at Kconfig:23)\n"
		"NEW_OPT  - -> y   (Kconfig:27 default y; was not in the old tree)  [new option]\n"
		"  NEW_CHILD  - -> y   (Kconfig:31 default y; was not in the old tree)\n"
		"OLD_NAME  y -> -   (not in the new tree; was user value y at old.config:2)  "
		"[removed; likely renamed to NEW_NAME: the same prompt]\n"
		"OLD_HELP  y -> -   (not in the new tree; was user value y at old.config:3)  "
		"[removed; likely renamed to NEW_HELP: the same help]\n"
		"LEGACY  y -> -   (not in the new tree; was user value y at old.config:4)  [removed]\n"
		"  USES_LEGACY  y -> -   (Kconfig:13 depends on LEGACY [=n]; "
		"was user value y at old.config:5)\n");
	trees_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grouping),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_choice_switch),
		cmocka_unit_test(test_apply),
		cmocka_unit_test(test_across_grouping),
		cmocka_unit_test(test_across_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
