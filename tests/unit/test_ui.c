// SPDX-License-Identifier: GPL-2.0
/*
 * The browser's pieces that do not need a terminal: the menu tree as
 * shown (the kernel's finished shape: if blocks flattened, dependent
 * entries nested, nothing under a symbol without a prompt) and what a
 * page lists, text widths and conversion for the locale, and the key
 * table the help screen is generated from.
 */
#include "buildconf.h"

#include <locale.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"
#include "keys.h"
#include "state.h"
#include "text.h"
#include "tree_model.h"

/* --- the tree as shown ------------------------------------------------------ */

struct loaded {
	struct kconfig *kc;
	struct config *cfg;
	struct tree_model *model;
};

static struct loaded load_tree(const char *kconfig)
{
	struct loaded t = { .kc = unit_load(kconfig) };

	if (t.kc->diags.errors)
		diag_print_all(&t.kc->diags, stderr);
	assert_int_equal(t.kc->diags.errors, 0);
	t.cfg = config_new(t.kc);
	t.model = tree_model_build(t.cfg);
	return t;
}

static void unload_tree(struct loaded *t)
{
	tree_model_free(t->model);
	config_free(t->cfg);
	kconfig_free(t->kc);
}

static const char *entry_name(const struct entry *e)
{
	const struct menu_node *n = e->node;

	return n->sym && n->sym->name ? n->sym->name : n->prompt ? n->prompt->text : "?";
}

/*
 * "A{B C} D": names (or prompts) with the entries under them.  An `if`
 * is an entry of the kernel's tree too, but never has any: left out.
 */
static void shape(const struct entry *first, char *buf, size_t size)
{
	for (const struct entry *e = first; e; e = e->next) {
		size_t len = strlen(buf);

		if (e->node->kind == MENU_IF) {
			assert_null(e->children);
			continue;
		}
		snprintf(buf + len, size - len, "%s%s", len && buf[len - 1] != '{' ? " " : "",
			 entry_name(e));
		if (e->children) {
			strncat(buf, "{", size - strlen(buf) - 1);
			shape(e->children, buf, size);
			strncat(buf, "}", size - strlen(buf) - 1);
		}
		/* Each entry links back to the one it is under. */
		for (const struct entry *c = e->children; c; c = c->next)
			assert_ptr_equal(c->parent, e);
	}
}

/* "A +B ++C": the lines of a page, '+' for each level of indentation. */
static void list_line(void *ctx, struct entry *entry, int depth)
{
	char *buf = ctx;
	size_t len = strlen(buf);

	assert_int_equal(depth, entry_depth(entry));
	snprintf(buf + len, 512 - len, "%s%.*s%s", len ? " " : "", depth,
		 "++++++++++++++++", entry_name(entry));
}

static void listing(struct loaded *t, const struct entry *page, bool show_hidden,
		    char buf[512])
{
	buf[0] = '\0';
	tree_model_list_page(t->cfg, page, show_hidden, list_line, buf);
}

static const struct {
	const char *kconfig;
	const char *shape;
} tree_cases[] = {
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A\nconfig C\n bool \"c\"\n",
	  "A{B} C" },
	/* A chain: C depends on B, which depends on A. */
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A\n"
	  "config C\n bool \"c\"\n depends on B\n", "A{B{C}}" },
	/* menuconfig + if: the block is the menuconfig's page. */
	{ "menuconfig M\n bool \"m\"\nif M\nconfig X\n bool \"x\"\nconfig Y\n bool \"y\"\nendif\n"
	  "config Z\n bool \"z\"\n", "M{X Y} Z" },
	/* && keeps the dependency. */
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A && C\n"
	  "config C\n bool \"c\"\n", "A{B} C" },
	/* A = y and A != n are dependencies on A. */
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A = y\n", "A{B}" },
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A != n\n", "A{B}" },
	/*
	 * || and A = n are not, but a condition that names A is kept all
	 * the same when it is a superset of A's own: always, when A's prompt
	 * has no condition.
	 */
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A || C\n"
	  "config C\n bool \"c\"\n", "A{B} C" },
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A = n\n", "A{B}" },
	{ "config D\n bool \"d\"\nconfig A\n bool \"a\" if D\nconfig B\n bool \"b\"\n"
	  " depends on A || C\nconfig C\n bool \"c\"\n", "D{A} B C" },
	{ "config D\n bool \"d\"\nconfig A\n bool \"a\" if D\nconfig B\n bool \"b\"\n"
	  " depends on A = n\n", "D{A} B" },
	/* Only the entries right after it. */
	{ "config A\n bool \"a\"\nconfig C\n bool \"c\"\nconfig B\n bool \"b\"\n depends on A\n",
	  "A C B" },
	/* Plain if blocks vanish into their parent (!X: a superset, as above). */
	{ "config X\n bool \"x\"\nif X\nconfig A\n bool \"a\"\nendif\nif !X\nconfig B\n bool \"b\"\nendif\n",
	  "X{A B}" },
	{ "config D\n bool \"d\"\nconfig X\n bool \"x\"\n depends on D\nif X\nconfig A\n"
	  " bool \"a\"\nendif\nif !X\nconfig B\n bool \"b\"\nendif\n", "D{X{A}} B" },
	/* Menus and choices keep their children. */
	{ "menu \"m\"\nconfig A\n bool \"a\"\nendmenu\n", "m{A}" },
	{ "choice\n prompt \"c\"\nconfig A\n bool \"a\"\nconfig B\n bool \"b\"\nendchoice\n",
	  "c{A B}" },
	/* A comment or menu that depends on the symbol is nested too. */
	{ "config A\n bool \"a\"\ncomment \"note\"\n depends on A\n", "A{note}" },
	/* A symbol without a prompt keeps nothing under it: B moves back up. */
	{ "config A\n bool\n default y\nconfig B\n bool \"b\"\n depends on A\n", "A B" },
	/* ... nor does an if block after it, and what nests under B stays. */
	{ "config A\n bool\n default y\nif A\nconfig B\n bool \"b\"\nconfig C\n bool \"c\"\n"
	  " depends on B\nendif\nconfig D\n bool \"d\"\n", "A B{C} D" },
	/* A menuconfig without a prompt is a plain symbol without one. */
	{ "menuconfig M\n bool\n default y\nconfig X\n bool \"x\"\n depends on M\n", "M X" },
	/* An entry after a choice is not nested under one of its members. */
	{ "choice\n prompt \"c\"\nconfig A\n bool \"a\"\nconfig B\n bool \"b\"\n"
	  "endchoice\nconfig X\n bool \"x\"\n depends on A\n", "c{A B} X" },
	/* Inside a menu, the same rules. */
	{ "menu \"m\"\nconfig A\n bool\nconfig B\n bool \"b\"\n depends on A\nconfig C\n"
	  " bool \"c\"\n depends on B\nendmenu\n", "m{A B{C}}" },
};

static void test_tree_shape(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(tree_cases) / sizeof(tree_cases[0]); i++) {
		struct loaded t = load_tree(tree_cases[i].kconfig);
		char buf[512] = "";

		shape(t.model->root->children, buf, sizeof(buf));
		if (strcmp(buf, tree_cases[i].shape) != 0)
			fail_msg("case %zu: shown as \"%s\", want \"%s\"", i, buf,
				 tree_cases[i].shape);
		unload_tree(&t);
	}
}

/*
 * What the main page lists with the defaults, as menuconfig lists it;
 * and with the invisible entries shown.
 */
static const struct {
	const char *kconfig;
	const char *listed;
	const char *all;
} listing_cases[] = {
	/* B is listed although A, the symbol it follows, is not. */
	{ "config A\n bool\n default y\nconfig B\n bool \"b\"\n depends on A\n",
	  "B", "A B" },
	{ "config A\n bool\n default y\nif A\nconfig B\n bool \"b\"\nconfig C\n bool \"c\"\n"
	  " depends on B\nendif\n", "B", "A B +C" },
	/* B is n: C, under it, is not visible, and not listed. */
	{ "config B\n bool \"b\"\nconfig C\n bool \"c\"\n depends on B\n", "B", "B +C" },
	/* A hidden prompt with a visible entry under it is listed (A is y). */
	{ "config A\n bool \"a\" if N\n default y\nconfig C\n bool \"c\"\n depends on A\n"
	  "config N\n bool\n", "A +C", "A +C N" },
	/* Menus, menuconfigs and choices are pages: their entries are not here. */
	{ "menuconfig M\n bool \"m\"\n default y\nif M\nconfig X\n bool \"x\"\nendif\n"
	  "choice\n prompt \"c\"\nconfig A\n bool \"a\"\nendchoice\n"
	  "menu \"mm\"\nconfig Y\n bool \"y\"\nendmenu\n", "M c mm", "M c mm" },
	/* An invisible menu hides its page. */
	{ "config N\n bool\nmenu \"mm\"\n depends on N\nconfig Y\n bool \"y\"\nendmenu\n",
	  "", "N mm" },
};

static void test_tree_listing(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(listing_cases) / sizeof(listing_cases[0]); i++) {
		struct loaded t = load_tree(listing_cases[i].kconfig);
		char buf[512];

		listing(&t, t.model->root, false, buf);
		if (strcmp(buf, listing_cases[i].listed) != 0)
			fail_msg("case %zu: lists \"%s\", want \"%s\"", i, buf,
				 listing_cases[i].listed);
		listing(&t, t.model->root, true, buf);
		if (strcmp(buf, listing_cases[i].all) != 0)
			fail_msg("case %zu: with invisible entries lists \"%s\", want \"%s\"",
				 i, buf, listing_cases[i].all);
		unload_tree(&t);
	}
}

/* A menuconfig whose prompt is hidden, with a visible entry: its page. */
static void test_tree_hidden_menuconfig(void **state)
{
	struct loaded t = load_tree(
		"config N\n bool\nmenuconfig M\n bool \"m\" if N\n default y\n"
		"if M\nconfig X\n bool \"x\"\nconfig Y\n bool\nendif\n");
	struct entry *m = tree_model_find(t.model, symbol_find(t.kc, "M")->first_node);
	char buf[512];

	(void)state;
	assert_non_null(m);
	listing(&t, t.model->root, false, buf);
	assert_string_equal(buf, "M");
	listing(&t, m, false, buf);
	assert_string_equal(buf, "X");
	listing(&t, m, true, buf);
	assert_string_equal(buf, "X Y");
	unload_tree(&t);
}

static void test_tree_pages(void **state)
{
	struct loaded t = load_tree(
		"menu \"m\"\nconfig A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A\n"
		"choice\n prompt \"c\"\nconfig C\n bool \"c1\"\nendchoice\nendmenu\n");
	struct symbol *b = symbol_find(t.kc, "B"), *c = symbol_find(t.kc, "C");
	struct entry *eb = tree_model_find(t.model, b->first_node);
	struct entry *ec = tree_model_find(t.model, c->first_node);

	(void)state;
	assert_non_null(eb);
	assert_non_null(ec);
	/* B is listed, indented, on the page of menu "m"; C on the choice's. */
	assert_string_equal(entry_page(eb)->node->prompt->text, "m");
	assert_int_equal(entry_depth(eb), 1);
	assert_string_equal(entry_page(ec)->node->prompt->text, "c");
	assert_true(entry_is_menu(entry_page(ec)));
	assert_null(entry_page(t.model->root));
	/* The depth-first order is the order shown. */
	for (size_t i = 0; i < t.model->count; i++)
		assert_int_equal(t.model->all[i]->index, i);
	unload_tree(&t);
}

/* --- text ------------------------------------------------------------------- */

static const struct {
	const char *utf8;
	int width;		/* columns in a UTF-8 locale */
} width_cases[] = {
	{ "PAGE_SHIFT", 10 },
	{ "Gr\xc3\xb6\xc3\x9f" "e", 5 },		/* two-byte characters */
	{ "\xe6\x97\xa5\xe6\x9c\xac", 4 },		/* wide characters */
	/* Escaped as explain escapes them (text_escape.h): \xff, \x1b, \u202e. */
	{ "a\xff" "b", 6 },				/* a byte that is not UTF-8 */
	{ "a\x1b]0;t\x07", 13 },			/* C0 controls */
	{ "\x7f", 4 },					/* DEL */
	{ "\xc2\x85", 6 },				/* a C1 control */
	{ "a\xe2\x80\xae" "b", 8 },			/* RIGHT-TO-LEFT OVERRIDE */
	{ "\xe2\x80\xaa\xe2\x81\xa6\xe2\x81\xa9", 18 },	/* embedding, isolates */
	{ "\xe2\x80", 8 },				/* cut short: two bytes that are not UTF-8 */
	{ "tab\there", 8 },				/* a tab is a blank */
	{ "", 0 },
};

static void test_text_width_utf8(void **state)
{
	struct text *text;
	char *shown;

	(void)state;
	if (!setlocale(LC_ALL, "C.UTF-8"))
		skip();
	text = text_new();
	assert_true(text_is_utf8(text));
	for (size_t i = 0; i < sizeof(width_cases) / sizeof(width_cases[0]); i++)
		assert_int_equal(text_width(text, width_cases[i].utf8,
					    strlen(width_cases[i].utf8)),
				 width_cases[i].width);
	/* A wide character that does not fit is not split. */
	assert_int_equal(text_fit(text, "\xe6\x97\xa5\xe6\x9c\xac", 6, 3), 3);
	assert_int_equal(text_fit(text, "abc", 3, 2), 2);
	/* Nor is an escape. */
	assert_int_equal(text_fit(text, "a\xe2\x80\xae" "b", 5, 6), 1);
	assert_int_equal(text_fit(text, "a\xe2\x80\xae" "b", 5, 7), 4);
	/* An input field gets the escapes too: it draws nothing raw. */
	shown = text_to_locale(text, "v\xe2\x80\xae\x1b]0;t\x07\xc3\xa9");
	assert_string_equal(shown, "v\\u202e\\x1b]0;t\\x07\xc3\xa9");
	free(shown);
	text_free(text);
	setlocale(LC_ALL, "C");
}

static const struct {
	const char *utf8;
	const char *ascii;	/* as the C locale shows it */
} ascii_cases[] = {
	{ "PAGE_SHIFT", "PAGE_SHIFT" },
	{ "4\xc2\xa0KiB \xe2\x80\x93 \xe2\x80\x9cpages\xe2\x80\x9d", "4 KiB - \"pages\"" },
	{ "a\xff" "b", "a\\xffb" },
	{ "\xe2\x80\xae\x1b", "\\u202e\\x1b" },
};

static void test_text_c_locale(void **state)
{
	struct text *text;

	(void)state;
	setlocale(LC_ALL, "C");
	text = text_new();
	assert_false(text_is_utf8(text));
	for (size_t i = 0; i < sizeof(ascii_cases) / sizeof(ascii_cases[0]); i++) {
		char *shown = text_to_locale(text, ascii_cases[i].utf8);

		assert_string_equal(shown, ascii_cases[i].ascii);
		assert_int_equal(text_width(text, ascii_cases[i].utf8,
					    strlen(ascii_cases[i].utf8)),
				 (int)strlen(ascii_cases[i].ascii));
		free(shown);
	}
	text_free(text);
}

/* --- keys ------------------------------------------------------------------- */

static void test_keys(void **state)
{
	(void)state;
	/* Every request can be reached, so the help screen lists them all. */
	for (int req = REQ_NONE + 1; req < REQ_COUNT; req++) {
		bool bound = false;

		for (unsigned i = 0; i < key_binding_count; i++)
			bound |= key_bindings[i].request == (enum request)req;
		if (!bound)
			fail_msg("request %s has no key", request_name(req));
	}
	/* No key means two things. */
	for (unsigned i = 0; i < key_binding_count; i++)
		for (unsigned k = i + 1; k < key_binding_count; k++)
			if (key_bindings[i].key == key_bindings[k].key &&
			    key_bindings[i].function_key == key_bindings[k].function_key)
				fail_msg("key %d bound twice", key_bindings[i].key);
	assert_int_equal(key_request('/', false), REQ_SEARCH);
	assert_int_equal(key_request('\n', false), REQ_ENTER);
	assert_int_equal(key_request(0x01, false), REQ_NONE);
	assert_string_equal(request_name(REQ_HISTORY_BACK), "history-back");
}

/* --- what is remembered across runs --------------------------------------- */

/*
 * The state file: a relative $XDG_CONFIG_HOME is ignored (the XDG spec),
 * and a state file that links to a private file stays private.
 */
static void test_state_file(void **state)
{
	char home[] = "/tmp/kbrowse-state-test-XXXXXX", path[200], why[256];
	char cmd[300], *value;
	struct stat st;

	(void)state;
	assert_non_null(mkdtemp(home));
	setenv("HOME", home, 1);
	setenv("XDG_CONFIG_HOME", "relative/config", 1);
	assert_true(state_set("welcome", "seen", why, sizeof(why)));
	snprintf(path, sizeof(path), "%s/.config/kbrowse/state", home);
	assert_int_equal(stat(path, &st), 0);
	assert_int_not_equal(access("relative/config", F_OK), 0);
	value = state_get("welcome");
	assert_string_equal(value, "seen");
	free(value);

	/* Linked to a 0600 file elsewhere: the new file is 0600 too. */
	snprintf(cmd, sizeof(cmd), "cd '%s/.config/kbrowse' && mv state private && "
		 "chmod 600 private && ln -s private state", home);
	assert_int_equal(system(cmd), 0);
	assert_true(state_set("outline", "on", why, sizeof(why)));
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", home);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree_shape),
		cmocka_unit_test(test_tree_listing),
		cmocka_unit_test(test_tree_hidden_menuconfig),
		cmocka_unit_test(test_tree_pages),
		cmocka_unit_test(test_text_width_utf8),
		cmocka_unit_test(test_text_c_locale),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_state_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
