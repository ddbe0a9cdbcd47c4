// SPDX-License-Identifier: GPL-2.0
/*
 * Opening a session (session.h): the tree, then the .config as conf and
 * menuconfig read it, then the provenance of every user value.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "session.h"
#include "util.h"

/* Replace the provenance and the explainer after the values' source changed. */
static void rebuild_explainer(struct session *s)
{
	user_lines_free(s->user_lines);
	s->user_lines = s->config_text ?
		user_lines_scan(s->kc, s->read_from, s->config_text,
				s->config_len, s->io.prefix) : NULL;
	explainer_free(s->ex);
	s->ex = explainer_new(s->cfg, s->user_lines);
}

/* Open as conf does: as named, else under srctree when relative. */
static char *read_input(struct session *s, const char *name, size_t *len)
{
	FILE *f = config_open_input(name, s->io.srctree);
	char *text;
	int err = 0;

	if (!f)
		return NULL;
	text = file_read_stream(f, FILE_READ_MAX, len, &err);
	fclose(f);
	if (!text)
		errno = err;
	return text;
}

/* The text values now come from (read_from's name outlives the caller's). */
static void adopt_text(struct session *s, const char *name, char *text,
		       size_t len)
{
	free(s->config_text);
	s->config_text = text;
	s->config_len = len;
	s->read_from = intern(&s->kc->strings, name);
}

static bool read_config_file(struct session *s, const char *name)
{
	size_t len;
	char *text = read_input(s, name, &len);

	if (!text) {
		/* There, but unreadable: an error, never "no .config". */
		if (!config_absent(errno) && !s->read_error) {
			s->read_error = errno;
			s->read_error_name = intern(&s->kc->strings, name);
		}
		return false;
	}
	adopt_text(s, name, text, len);
	diag_release(&s->read_diags);
	diag_init(&s->read_diags);
	config_read_text(s->cfg, s->read_from, text, len, &s->io, &s->read_diags);
	return true;
}

/*
 * As menuconfig: config_name, else the first file of
 * $KCONFIG_DEFCONFIG_LIST that exists, else nothing (all defaults).
 */
static void read_first_config(struct session *s, bool defconfig_list)
{
	const char *list = getenv("KCONFIG_DEFCONFIG_LIST");
	char *copy, *word, *save = NULL;

	if (read_config_file(s, s->config_name) || !defconfig_list || !list)
		return;
	copy = xstrdup(list);
	for (word = strtok_r(copy, " \t\n", &save); word;
	     word = strtok_r(NULL, " \t\n", &save))
		if (read_config_file(s, word))
			break;
	free(copy);
}

static void print_read_warnings(const struct diag_list *diags, FILE *out)
{
	for (const struct diag *d = diags->first; d; d = d->next)
		fprintf(out, "%s:%d:warning: %s\n", location_file(d->loc),
			d->loc.line, d->message);
}

struct session *session_open(const struct session_options *opts, int *errors)
{
	struct session *s = xcalloc(1, sizeof(*s));

	s->kc = kconfig_load(&opts->tree);
	*errors = s->kc->diags.errors;
	if (*errors) {
		kconfig_free(s->kc);
		free(s);
		return NULL;
	}
	diag_init(&s->read_diags);
	config_io_from_env(&s->io, opts->tree.srctree);
	s->config_name = opts->config_name && *opts->config_name ?
		opts->config_name : ".config";
	if (opts->tree_only)
		return s;
	s->cfg = config_new(s->kc);
	read_first_config(s, opts->defconfig_list);
	if (s->read_error) {
		char why[128];

		fprintf(stderr, "kbrowse: %s: %s\n", s->read_error_name,
			file_read_error(s->read_error, FILE_READ_MAX, "a .config",
					why, sizeof(why)));
		*errors = 0;
		session_close(s);
		return NULL;
	}
	if (opts->warnings)
		print_read_warnings(&s->read_diags, opts->warnings);
	rebuild_explainer(s);
	return s;
}

void session_close(struct session *s)
{
	if (!s)
		return;
	explainer_free(s->ex);
	user_lines_free(s->user_lines);
	if (s->cfg)
		config_free(s->cfg);
	free(s->config_text);
	diag_release(&s->read_diags);
	kconfig_free(s->kc);
	free(s);
}

bool session_read_config(struct session *s, const char *name)
{
	if (!read_config_file(s, name))
		return false;
	rebuild_explainer(s);
	return true;
}

enum config_write_result session_save(struct session *s, char *msg, size_t len)
{
	const char *overwrite = getenv("KCONFIG_OVERWRITECONFIG");
	enum config_write_result result;
	char err[512] = "";
	char *text;
	size_t n;

	result = config_write_file(s->cfg, s->config_name, s->io.prefix,
				   overwrite && *overwrite, err, sizeof(err));
	switch (result) {
	case CONFIG_WRITTEN:
		snprintf(msg, len, "configuration written to %s%s%s%s",
			 s->config_name, err[0] ? " (" : "", err,
			 err[0] ? ")" : "");
		break;
	case CONFIG_UNCHANGED:
		snprintf(msg, len, "no change to %s", s->config_name);
		break;
	default:
		snprintf(msg, len, "could not write %s%s%s", s->config_name,
			 err[0] ? ": " : "", err);
		return result;
	}
	/* The saved lines are what explanations cite from now on. */
	text = read_input(s, s->config_name, &n);
	if (text) {
		adopt_text(s, s->config_name, text, n);
		rebuild_explainer(s);
	}
	return result;
}

struct config *session_fresh_config(void *session)
{
	struct session *s = session;
	struct config *cfg = config_new_sibling(s->cfg);

	if (s->config_text)
		config_read_text(cfg, s->read_from, s->config_text,
				 s->config_len, &s->io, NULL);
	return cfg;
}

const struct symbol *session_find_symbol(const struct session *s,
					 const char *name)
{
	const struct symbol *sym = symbol_find(s->kc, name);
	size_t plen = strlen(s->io.prefix);

	if (!sym && plen && strncmp(name, s->io.prefix, plen) == 0 && name[plen])
		sym = symbol_find(s->kc, name + plen);
	return sym;
}
