// SPDX-License-Identifier: GPL-2.0
/*
 * Help texts read after the parse (help_text.h).  The browser loads a
 * tree without them, because its first screen shows almost none and a
 * Linux tree holds 3 MB of them, and reads them all once that screen
 * is drawn; an entry shown before then asks for its own.
 */
#include <stdlib.h>

#include "help_text.h"
#include "kconfig.h"
#include "lexer.h"
#include "util.h"

/* Read node's text out of its file's bytes. */
static void take_help(struct kconfig *kc, struct menu_node *node,
		      const char *text, size_t len)
{
	size_t help_len;
	char *help = lexer_help_at(kc, text, len, node->help_offset, &help_len);

	node->help = arena_strndup(&kc->arena, help, help_len);
	free(help);
}

const char *kconfig_node_help_read(struct kconfig *kc,
				   const struct menu_node *node)
{
	char *text;
	size_t len;

	if (!kconfig_node_help_deferred(kc, node))
		return node->help;
	text = kconfig_read_again(kc, node->help_loc.file, &len);
	if (text)
		take_help(kc, (struct menu_node *)node, text, len);
	free(text);
	return node->help;
}

/* By file, then by place in it: each file is read once, front to back. */
static int by_file_and_offset(const void *a, const void *b)
{
	const struct menu_node *x = *(struct menu_node *const *)a;
	const struct menu_node *y = *(struct menu_node *const *)b;
	uintptr_t fx = (uintptr_t)x->help_loc.file, fy = (uintptr_t)y->help_loc.file;

	if (fx != fy)
		return fx < fy ? -1 : 1;
	return (x->help_offset > y->help_offset) - (x->help_offset < y->help_offset);
}

/* The nodes whose text is still to read, in a malloc'd array. */
static struct menu_node **deferred_nodes(struct kconfig *kc, size_t *count)
{
	struct menu_node **nodes = NULL;
	size_t n = 0, cap = 0;

	for (struct menu_node *node = &kc->root; node;
	     node = menu_next(&kc->root, node)) {
		if (!kconfig_node_help_deferred(kc, node))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			nodes = xrealloc(nodes, cap * sizeof(*nodes));
		}
		nodes[n++] = node;
	}
	*count = n;
	return nodes;
}

size_t kconfig_read_helps(struct kconfig *kc)
{
	size_t count, unread = 0;
	struct menu_node **nodes = deferred_nodes(kc, &count);

	if (count)	/* nodes is NULL when there is none */
		qsort(nodes, count, sizeof(*nodes), by_file_and_offset);
	for (size_t i = 0; i < count;) {
		const struct source_file *file = nodes[i]->help_loc.file;
		size_t len, end = i;
		char *text = kconfig_read_again(kc, file, &len);

		while (end < count && nodes[end]->help_loc.file == file)
			end++;
		if (!text)
			unread++;
		for (; text && i < end; i++)
			take_help(kc, nodes[i], text, len);
		i = end;
		free(text);
	}
	free(nodes);
	return unread;
}
