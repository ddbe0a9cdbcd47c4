// SPDX-License-Identifier: GPL-2.0
/*
 * The browser's pieces that do not need a terminal: the menu tree as
 * shown (if blocks flattened, dependent entries nested as menuconfig
 * nests them), text widths and conversion for the locale, and the key
 * table the help screen is generated from.
 */
#include "buildconf.h"

#include <locale.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit.h"
#include "keys.h"
#include "text.h"
#include "tree_model.h"

/* --- the tree as shown ------------------------------------------------------ */

/* "A{B C} D": names (or prompts) with the entries shown under them. */
static void shape(const struct entry *first, char *buf, size_t size)
{
	for (const struct entry *e = first; e; e = e->next) {
		const struct menu_node *n = e->node;
		size_t len = strlen(buf);

		snprintf(buf + len, size - len, "%s%s", len && buf[len - 1] != '{' ? " " : "",
			 n->sym && n->sym->name ? n->sym->name :
			 n->prompt ? n->prompt->text : "?");
		if (e->children) {
			strncat(buf, "{", size - strlen(buf) - 1);
			shape(e->children, buf, size);
			strncat(buf, "}", size - strlen(buf) - 1);
		}
	}
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
	/* && keeps the dependency, || does not. */
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A && C\n"
	  "config C\n bool \"c\"\n", "A{B} C" },
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A || C\n"
	  "config C\n bool \"c\"\n", "A B C" },
	/* A = y and A != n are dependencies on A; A = n is not. */
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A = y\n", "A{B}" },
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A != n\n", "A{B}" },
	{ "config A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A = n\n", "A B" },
	/* Only the entries right after it. */
	{ "config A\n bool \"a\"\nconfig C\n bool \"c\"\nconfig B\n bool \"b\"\n depends on A\n",
	  "A C B" },
	/* Plain if blocks vanish into their parent. */
	{ "config X\n bool \"x\"\nif X\nconfig A\n bool \"a\"\nendif\nif !X\nconfig B\n bool \"b\"\nendif\n",
	  "X{A} B" },
	/* Menus and choices keep their children. */
	{ "menu \"m\"\nconfig A\n bool \"a\"\nendmenu\n", "m{A}" },
	{ "choice\n prompt \"c\"\nconfig A\n bool \"a\"\nconfig B\n bool \"b\"\nendchoice\n",
	  "c{A B}" },
	/* A comment or menu that depends on the symbol is nested too. */
	{ "config A\n bool \"a\"\ncomment \"note\"\n depends on A\n", "A{note}" },
};

static void test_tree_shape(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(tree_cases) / sizeof(tree_cases[0]); i++) {
		struct kconfig *kc = unit_load(tree_cases[i].kconfig);
		struct tree_model *model;
		char buf[512] = "";

		if (kc->diags.errors)
			diag_print_all(&kc->diags, stderr);
		assert_int_equal(kc->diags.errors, 0);
		model = tree_model_build(kc);
		shape(model->root->children, buf, sizeof(buf));
		if (strcmp(buf, tree_cases[i].shape) != 0)
			fail_msg("case %zu: shown as \"%s\", want \"%s\"", i, buf,
				 tree_cases[i].shape);
		tree_model_free(model);
		kconfig_free(kc);
	}
}

static void test_tree_pages(void **state)
{
	struct kconfig *kc = unit_load(
		"menu \"m\"\nconfig A\n bool \"a\"\nconfig B\n bool \"b\"\n depends on A\n"
		"choice\n prompt \"c\"\nconfig C\n bool \"c1\"\nendchoice\nendmenu\n");
	struct tree_model *model = tree_model_build(kc);
	struct symbol *b = symbol_find(kc, "B"), *c = symbol_find(kc, "C");
	struct entry *eb = tree_model_find(model, b->first_node);
	struct entry *ec = tree_model_find(model, c->first_node);

	(void)state;
	assert_non_null(eb);
	assert_non_null(ec);
	/* B is listed, indented, on the page of menu "m"; C on the choice's. */
	assert_string_equal(entry_page(eb)->node->prompt->text, "m");
	assert_int_equal(entry_depth(eb), 1);
	assert_string_equal(entry_page(ec)->node->prompt->text, "c");
	assert_true(entry_is_menu(entry_page(ec)));
	assert_null(entry_page(model->root));
	/* The depth-first order is the order shown. */
	for (size_t i = 0; i < model->count; i++)
		assert_int_equal(model->all[i]->index, i);
	tree_model_free(model);
	kconfig_free(kc);
}

/* --- text ------------------------------------------------------------------- */

static const struct {
	const char *utf8;
	int width;		/* columns in a UTF-8 locale */
} width_cases[] = {
	{ "PAGE_SHIFT", 10 },
	{ "Gr\xc3\xb6\xc3\x9f" "e", 5 },		/* two-byte characters */
	{ "\xe6\x97\xa5\xe6\x9c\xac", 4 },		/* wide characters */
	{ "a\xff" "b", 3 },				/* a bad byte shows as '?' */
	{ "tab\there", 8 },				/* control characters too */
	{ "", 0 },
};

static void test_text_width_utf8(void **state)
{
	struct text *text;

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
	text_free(text);
	setlocale(LC_ALL, "C");
}

static const struct {
	const char *utf8;
	const char *ascii;	/* as the C locale shows it */
} ascii_cases[] = {
	{ "PAGE_SHIFT", "PAGE_SHIFT" },
	{ "4\xc2\xa0KiB \xe2\x80\x93 \xe2\x80\x9cpages\xe2\x80\x9d", "4 KiB - \"pages\"" },
	{ "a\xff" "b", "a?b" },
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree_shape),
		cmocka_unit_test(test_tree_pages),
		cmocka_unit_test(test_text_width_utf8),
		cmocka_unit_test(test_text_c_locale),
		cmocka_unit_test(test_keys),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
