// SPDX-License-Identifier: GPL-2.0
/*
 * Opening a session (session.h): the tree, then the .config as conf and
 * menuconfig read it, recording as it reads the provenance of every
 * user value.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "session.h"
#include "session_probes.h"
#include "shell_pool.h"
#include "util.h"

/* sym's user value as text (NULL: none). */
static const char *user_value(const struct session *s, const struct symbol *sym)
{
	if (!config_has_user(s->cfg, sym))
		return NULL;
	return type_is_bool_or_tristate(sym->type) ? tri_text(config_user_tri(s->cfg, sym))
						   : config_user_str(s->cfg, sym);
}

/* The user values now are the file's: remember them to see edits. */
static void remember_read_values(struct session *s)
{
	free(s->read_values);
	s->read_values = xcalloc(s->kc->nsymbols ? s->kc->nsymbols : 1,
				 sizeof(*s->read_values));
	/* Only the symbols that may have one: the others stay NULL. */
	for (size_t i = config_next_user(s->cfg, 0); i < s->kc->nsymbols;
	     i = config_next_user(s->cfg, i + 1)) {
		const char *v = user_value(s, s->kc->symbols[i]);

		s->read_values[i] = v ? intern(&s->kc->strings, v) : NULL;
	}
}

bool session_edited(const struct session *s, const struct symbol *sym,
		    const char **was)
{
	const char *before, *now;

	if (!s->read_values || !s->cfg || sym->index >= s->kc->nsymbols)
		return false;
	before = s->read_values[sym->index];
	now = user_value(s, sym);
	if (was)
		*was = before;
	if (!before || !now)
		return before != now;
	return strcmp(before, now) != 0;
}

static bool explain_edited(void *ctx, const struct symbol *sym, const char **was)
{
	return session_edited(ctx, sym, was);
}

/*
 * Apply a plan (explain_change) to the values: its steps in order, as a
 * person would make them.  false when one was refused.
 */
bool session_apply_plan(struct session *s, const struct change_plan *plan)
{
	bool all = true;

	for (unsigned i = 0; i < plan->nsteps; i++) {
		const struct change_step *step = &plan->steps[i];

		if (step->kind == STEP_SET)
			all &= config_set_string(s->cfg, step->sym, step->value);
		else if (step->kind == STEP_CHOOSE)
			all &= config_set_choice(s->cfg, step->sym);
	}
	return all;
}

/* New provenance (NULL: none); the explainer is made again over it. */
static void set_provenance(struct session *s, struct user_lines *lines)
{
	user_lines_free(s->user_lines);
	s->user_lines = lines;
	explainer_free(s->ex);
	s->ex = explainer_new(s->cfg, s->user_lines);
	remember_read_values(s);
	explainer_track_edits(s->ex, explain_edited, s);
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

/*
 * A fresh list for a .config's warnings: printed as they come where the
 * front-end asked for them, and kept up to a bound for the browser.
 */
static void read_diags_reset(struct session *s)
{
	diag_release(&s->read_diags);
	diag_init(&s->read_diags);
	s->read_diags.max_kept = DIAG_CONFIG_KEPT;
	if (s->warnings_out) {
		s->read_diags.sink = config_warning_sink;
		s->read_diags.sink_ctx = s->warnings_out;
	}
}

/* Which input set each value, when a merge left its record beside the file. */
static void attach_sources(struct session *s, struct user_lines *lines)
{
	lines->sources = config_sources_read(s->kc, s->read_from, s->config_text,
					     s->config_len, s->io.srctree,
					     s->warnings_out);
}

/* *lines gets where each value came from (the caller sets it). */
static bool read_config_file(struct session *s, const char *name,
			     struct user_lines **lines)
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
	read_diags_reset(s);
	*lines = config_read_text_recorded(s->cfg, s->read_from, text, len,
					   &s->io, &s->read_diags);
	attach_sources(s, *lines);
	return true;
}

/*
 * As menuconfig: config_name, else the first file of list
 * ($KCONFIG_DEFCONFIG_LIST) that exists, else nothing (all defaults).
 */
static struct user_lines *read_first_config(struct session *s, const char *list)
{
	struct user_lines *lines = NULL;
	char *copy, *word, *save = NULL;

	if (read_config_file(s, s->config_name, &lines) || !list)
		return lines;
	copy = xstrdup(list);
	for (word = strtok_r(copy, " \t\n", &save); word;
	     word = strtok_r(NULL, " \t\n", &save))
		if (read_config_file(s, word, &lines))
			break;
	free(copy);
	return lines;
}

struct session *session_open(const struct session_options *opts, int *errors)
{
	struct session *s = xcalloc(1, sizeof(*s));
	struct user_lines *lines;

	s->kc = opts->tree.shell.provisional ?
		session_load_provisional(&opts->tree, &s->probes) :
		kconfig_load(&opts->tree);
	*errors = s->kc->diags.errors;
	if (*errors && !opts->keep_errors) {
		shell_pool_free(s->probes);
		kconfig_free(s->kc);
		free(s);
		return NULL;
	}
	diag_init(&s->read_diags);
	s->warnings_out = opts->warnings;
	s->io = opts->io;
	config_io_for_dialect(&s->io, opts->tree.srctree, s->kc->dialect);
	s->config_name = opts->config_name && *opts->config_name ?
		opts->config_name : ".config";
	if (opts->tree_only)
		return s;
	s->cfg = config_new(s->kc);
	lines = read_first_config(s, opts->defconfig_list);
	if (s->read_error) {
		char why[128];

		fprintf(stderr, "kbrowse: %s: %s\n", s->read_error_name,
			file_read_error(s->read_error, FILE_READ_MAX, "a .config",
					why, sizeof(why)));
		*errors = 0;
		user_lines_free(lines);
		session_close(s);
		return NULL;
	}
	set_provenance(s, lines);
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
	free(s->read_values);
	diag_release(&s->read_diags);
	kconfig_free(s->kc);
	shell_pool_free(s->probes);
	free(s);
}

bool session_read_config(struct session *s, const char *name)
{
	struct user_lines *lines;

	if (!read_config_file(s, name, &lines))
		return false;
	set_provenance(s, lines);
	return true;
}

enum config_write_result session_save(struct session *s, char *msg, size_t len)
{
	enum config_write_result result;
	char err[512] = "";
	char *text;
	size_t n;

	errno = 0;
	result = config_write_file(s->cfg, s->config_name, &s->io, err,
				   sizeof(err));
	/* The writer says why only for some failures: the call that failed does. */
	if (result == CONFIG_WRITE_FAILED && !err[0] && errno)
		snprintf(err, sizeof(err), "%s", strerror(errno));
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
	/*
	 * The saved lines are what explanations cite from now on.  The values
	 * stay as they are: the file is read into a scratch configuration,
	 * only for its record of lines.
	 */
	text = read_input(s, s->config_name, &n);
	if (text) {
		struct config *scratch = config_new_sibling(s->cfg);
		struct user_lines *lines;

		/* A merged .config saved over itself keeps its sources file true. */
		if (result == CONFIG_WRITTEN && s->read_from && s->config_text &&
		    !strcmp(s->read_from, s->config_name))
			config_sources_carry(s->config_name, s->config_text,
					     s->config_len, text, n, s->io.prefix,
					     err, sizeof(err));
		adopt_text(s, s->config_name, text, n);
		lines = config_read_text_recorded(scratch, s->read_from, text, n,
						  &s->io, NULL);
		attach_sources(s, lines);
		set_provenance(s, lines);
		config_free(scratch);
	}
	return result;
}

enum config_write_result session_save_as(struct session *s, const char *name,
					 char *msg, size_t len)
{
	const char *before = s->config_name;
	enum config_write_result result;

	s->config_name = intern(&s->kc->strings, name);
	result = session_save(s, msg, len);
	if (result == CONFIG_WRITE_FAILED)
		s->config_name = before;
	return result;
}

char *session_text_to_save(struct session *s, size_t *len)
{
	return config_write_text(s->cfg, &s->io, len);
}

bool session_save_would_change(struct session *s)
{
	size_t len;
	char *text;
	bool differs;

	if (!s->read_from || !s->config_text ||
	    strcmp(s->read_from, s->config_name) != 0)
		return true;
	text = session_text_to_save(s, &len);
	differs = len != s->config_len || memcmp(text, s->config_text, len) != 0;
	free(text);
	return differs;
}

struct config *session_fresh_config(void *session)
{
	struct session *s = session;
	struct config *cfg = config_new_sibling(s->cfg);

	if (s->config_text)
		config_read_text(cfg, s->read_from, s->config_text,
				 s->config_len, &s->io, NULL);
	/* Then what was changed since: a plan starts from the values shown. */
	for (size_t i = 0; s->read_values && i < s->kc->nsymbols; i++) {
		const struct symbol *sym = s->kc->symbols[i];

		if (!session_edited(s, sym, NULL))
			continue;
		if (!config_has_user(s->cfg, sym))
			config_clear_user(cfg, sym);
		else if (type_is_bool_or_tristate(sym->type))
			config_set_user_tri(cfg, sym, config_user_tri(s->cfg, sym));
		else
			config_set_user_str(cfg, sym, config_user_str(s->cfg, sym));
		if (symbol_is_choice_member(sym) && config_has_user(s->cfg, sym) &&
		    config_user_tri(s->cfg, sym) == TRI_YES)
			config_choice_prefer(cfg, sym);
	}
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

/* --- reloading -------------------------------------------------------------------- */

/* A user value set in this session, by name (to outlive the old tree). */
struct kept_edit {
	char *name;
	bool has_user;
	bool is_tri;
	tristate tri;
	char *str;
	bool picked;		/* a choice member set to y: the choice's pick */
};

static struct kept_edit *collect_edits(const struct session *s, unsigned *count)
{
	struct kept_edit *list = NULL;
	unsigned n = 0;

	for (size_t i = 0; i < s->kc->nsymbols; i++) {
		const struct symbol *sym = s->kc->symbols[i];
		struct kept_edit *k;

		if (!sym->name || !session_edited(s, sym, NULL))
			continue;
		list = xrealloc(list, (n + 1) * sizeof(*list));
		k = &list[n++];
		*k = (struct kept_edit){ .name = xstrdup(sym->name) };
		k->has_user = config_has_user(s->cfg, sym);
		k->is_tri = type_is_bool_or_tristate(sym->type);
		if (k->has_user && k->is_tri)
			k->tri = config_user_tri(s->cfg, sym);
		else if (k->has_user)
			k->str = xstrdup(config_user_str(s->cfg, sym));
		k->picked = k->has_user && k->is_tri && k->tri == TRI_YES &&
			    symbol_is_choice_member(sym);
	}
	*count = n;
	return list;
}

/* Set the edits again in the new tree; those without a symbol go to r->gone. */
static void apply_edits(struct session *s, struct kept_edit *list, unsigned n,
			struct session_reload *r)
{
	for (unsigned i = 0; i < n; i++) {
		struct kept_edit *k = &list[i];
		const struct symbol *sym = symbol_find(s->kc, k->name);

		if (!sym || !(sym->flags & SYMBOL_DEFINED) || (sym->flags & SYMBOL_CONST) ||
		    type_is_bool_or_tristate(sym->type) != k->is_tri) {
			r->gone = xrealloc(r->gone, (r->ngone + 1) * sizeof(*r->gone));
			r->gone[r->ngone++] = k->name;
			k->name = NULL;
			continue;
		}
		if (!k->has_user)
			config_clear_user(s->cfg, sym);
		else if (k->is_tri)
			config_set_user_tri(s->cfg, sym, k->tri);
		else
			config_set_user_str(s->cfg, sym, k->str);
		if (k->picked && symbol_is_choice_member(sym))
			config_choice_prefer(s->cfg, sym);
		r->kept++;
	}
	for (unsigned i = 0; i < n; i++) {
		free(list[i].name);
		free(list[i].str);
	}
	free(list);
}

void session_tree_error(const struct kconfig *kc, char *buf, size_t size)
{
	for (const struct diag *d = kc->diags.first; d; d = d->next)
		if (d->severity == DIAG_ERROR) {
			snprintf(buf, size, "%s:%d:%d: error: %s", location_file(d->loc),
				 d->loc.line, d->loc.column, d->message);
			return;
		}
	snprintf(buf, size, "the Kconfig files have errors");
}

struct kconfig *session_load_again(const struct session *s)
{
	struct kconfig_options opts = s->kc->opts;

	/* The screen is the front-end's: nothing printed, nothing asked. */
	opts.diag_echo = NULL;
	opts.info_out = NULL;
	opts.shell.interactive = false;
	/*
	 * Probes still running: another provisional read over their jobs,
	 * with what they wrote since the loop last looked taken first.
	 */
	if (s->probes) {
		shell_pool_pump(s->probes, 0, -1);
		shell_pool_next_read(s->probes);
	}
	return kconfig_load(&opts);
}

bool session_reload(struct session *s, struct session_reload *r)
{
	struct kconfig *kc = session_load_again(s);

	memset(r, 0, sizeof(*r));
	if (kc->diags.errors) {
		session_tree_error(kc, r->error, sizeof(r->error));
		kconfig_free(kc);
		return false;
	}
	session_probes_settle(s, kc);
	session_adopt_tree(s, kc, r);
	return true;
}

void session_adopt_tree(struct session *s, struct kconfig *kc, struct session_reload *r)
{
	struct kconfig *old = s->kc;
	struct kept_edit *edits;
	struct user_lines *lines = NULL;
	unsigned nedits;
	const char *name;

	memset(r, 0, sizeof(*r));
	edits = collect_edits(s, &nedits);
	explainer_free(s->ex);
	s->ex = NULL;
	user_lines_free(s->user_lines);
	s->user_lines = NULL;
	config_free(s->cfg);
	free(s->read_values);
	s->read_values = NULL;
	/* The names were interned in the old tree: into the new one. */
	s->config_name = intern(&kc->strings, s->config_name);
	name = s->read_from ? intern(&kc->strings, s->read_from) : NULL;
	s->read_from = name;
	s->kc = kc;
	config_io_for_dialect(&s->io, kc->opts.srctree, kc->dialect);
	s->cfg = config_new(kc);
	diag_release(&s->read_diags);
	diag_init(&s->read_diags);
	if (name && s->config_text) {
		lines = config_read_text_recorded(s->cfg, name, s->config_text,
						  s->config_len, &s->io, &s->read_diags);
		attach_sources(s, lines);
	}
	set_provenance(s, lines);
	apply_edits(s, edits, nedits, r);
	kconfig_free(old);
}

void session_reload_free(struct session_reload *r)
{
	for (unsigned i = 0; i < r->ngone; i++)
		free(r->gone[i]);
	free(r->gone);
	r->gone = NULL;
	r->ngone = 0;
}
