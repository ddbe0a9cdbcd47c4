// SPDX-License-Identifier: GPL-2.0
/*
 * What the browser works on: the tree, the configuration read from
 * $KCONFIG_CONFIG as menuconfig reads it, and saving it back as conf
 * writes it.  Nothing here draws.
 */
#include "buildconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "session.h"
#include "ui.h"
#include "user_lines.h"

static char *slurp(FILE *f, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);

	if (!buf)
		abort();
	for (;;) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		cap *= 2;
		buf = realloc(buf, cap);
		if (!buf)
			abort();
	}
	*len = n;
	return buf;
}

/* Read one file into user values; false when it cannot be opened. */
static bool read_config_file(struct browser *br, const char *name)
{
	FILE *f = config_open_input(name, br->io.srctree);
	struct diag_list diags;

	if (!f)
		return false;
	free(br->config_text);
	br->config_text = slurp(f, &br->config_len);
	fclose(f);
	diag_init(&diags);
	config_read_text(br->cfg, name, br->config_text, br->config_len,
			 &br->io, &diags);
	br->read_warnings = diags.warnings + diags.errors;
	diag_release(&diags);
	user_lines_free(br->user_lines);
	br->user_lines = user_lines_scan(br->kc, name, br->config_text,
					 br->config_len, br->io.prefix);
	br->read_from = name;
	return true;
}

/*
 * As menuconfig: $KCONFIG_CONFIG (default .config), else the first file
 * of $KCONFIG_DEFCONFIG_LIST that exists, else nothing (all defaults).
 */
static void read_config(struct browser *br)
{
	const char *list = getenv("KCONFIG_DEFCONFIG_LIST");
	char *copy, *word, *save = NULL;

	if (read_config_file(br, br->config_name) || !list)
		return;
	copy = strdup(list);
	if (!copy)
		abort();
	for (word = strtok_r(copy, " \t\n", &save); word;
	     word = strtok_r(NULL, " \t\n", &save)) {
		if (read_config_file(br, word)) {
			/* The name must outlive copy. */
			br->read_from = intern(&br->kc->strings, word);
			break;
		}
	}
	free(copy);
}

int session_load(struct browser *br, struct cli *cli)
{
	const char *name = getenv("KCONFIG_CONFIG");

	cli_resolve_tree(cli);
	/* $(info,...) would print over the screen: keep it as notes. */
	cli->opts.info_out = NULL;
	br->cli = cli;
	br->kc = cli_load(cli);
	if (!br->kc)
		return EXIT_INPUT;
	br->config_name = name && *name ? name : ".config";
	config_io_from_env(&br->io, cli->srctree);
	br->cfg = config_new(br->kc);
	read_config(br);
	br->ex = explainer_new(br->cfg, br->user_lines);
	br->model = tree_model_build(br->kc);
	return EXIT_OK;
}

/* After a save the .config lines are new: explanations cite them. */
static void rescan_saved(struct browser *br)
{
	FILE *f = fopen(br->config_name, "r");

	if (!f)
		return;
	free(br->config_text);
	br->config_text = slurp(f, &br->config_len);
	fclose(f);
	user_lines_free(br->user_lines);
	br->user_lines = user_lines_scan(br->kc, br->config_name, br->config_text,
					 br->config_len, br->io.prefix);
	explainer_free(br->ex);
	br->ex = explainer_new(br->cfg, br->user_lines);
}

bool session_save(struct browser *br)
{
	const char *overwrite = getenv("KCONFIG_OVERWRITECONFIG");
	char err[512] = "";

	switch (config_write_file(br->cfg, br->config_name, br->io.prefix,
				  overwrite && *overwrite, err, sizeof(err))) {
	case CONFIG_WRITTEN:
		browser_message(br, "configuration written to %s", br->config_name);
		break;
	case CONFIG_UNCHANGED:
		browser_message(br, "no change to %s", br->config_name);
		break;
	default:
		browser_message(br, "could not write %s%s%s", br->config_name,
				err[0] ? ": " : "", err);
		return false;
	}
	br->modified = false;
	br->read_from = br->config_name;
	rescan_saved(br);
	return true;
}

void session_free(struct browser *br)
{
	explainer_free(br->ex);
	user_lines_free(br->user_lines);
	tree_model_free(br->model);
	if (br->cfg)
		config_free(br->cfg);
	free(br->config_text);
	if (br->kc)
		kconfig_free(br->kc);
}
