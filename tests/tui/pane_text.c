// SPDX-License-Identifier: GPL-2.0
/*
 * The explain pane's text for some symbols, as the browser builds it
 * (ui/view_explain.c, every folded group opened), without a terminal:
 * tests/tui/pane_agrees.sh compares it with `kbrowse explain --reverse`.
 *
 * usage: pane_text [-C DIR] [KCONFIG] < NAMES   (the tree found and
 *        loaded as the browser finds and loads it, environment and
 *        .config included)
 *
 * For each name read (one a line), the pane's lines go to OUTDIR/NAME,
 * OUTDIR being $PANE_TEXT_DIR; a name without an entry gets no file.
 * With PANE_LINKS set: every row as the pane shows it, each link's text
 * in braces ({NAME}), for tests/tui/links.sh.
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "browser.h"
#include "view_explain.h"

int main(int argc, char **argv)
{
	struct cli cli = { .prog = "pane_text" };
	struct browser br = { 0 };
	struct view *pane = &br.views[VIEW_EXPLAIN];
	const char *dir = getenv("PANE_TEXT_DIR");
	char name[256];
	int status = cli_tree_args(&cli, "", argc, argv, 1, NULL, NULL);

	if (status)
		return status;
	if (!dir)
		return EXIT_USAGE;
	br.s = cli_open_session(&cli, false);
	if (!br.s)
		return EXIT_INPUT;
	br.text = text_new();
	br.model = tree_model_build(br.s->cfg);
	pane->ops = &explain_view_ops;
	pane->br = &br;
	pane->priv = xcalloc(1, explain_view_ops.priv_size);
	while (fgets(name, sizeof(name), stdin)) {
		const struct symbol *sym;
		char path[600];
		FILE *out;

		name[strcspn(name, "\n")] = '\0';
		sym = session_find_symbol(br.s, name);
		br.current = sym ? browser_symbol_entry(&br, sym) : NULL;
		if (!br.current)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		out = fopen(path, "w");
		if (!out)
			return EXIT_INPUT;
		if (getenv("PANE_LINKS"))
			explain_pane_print_links(pane, out);
		else
			explain_pane_print(pane, out);
		fclose(out);
	}
	explain_view_ops.done(pane);
	free(pane->priv);
	free(pane->lines);
	tree_model_free(br.model);
	text_free(br.text);
	session_close(br.s);
	return EXIT_OK;
}
