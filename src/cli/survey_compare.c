// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse survey --from-tree OLD_TREE` in a worker: the old tree
 * parsed once beside this architecture's new one, and each defconfig of
 * the new tree read by `conf --defconfig` into both.  Both sides read the
 * same file, so every difference is the Kconfig files' doing; the two
 * configurations are compared by symbol name with the root-cause
 * grouping of `diff --from-tree` (src/explain/diff.h), and each root
 * change becomes one JSON object for the parent:
 *
 *   {"symbol", "symbol_type", "root": "new"|"removed"|"no-cause",
 *    "old": {"defined", "value", "written", "reason", "location"},
 *    "new": {the same}, "renamed_to", "renamed_by", "transitional",
 *    "follows": [the changed values under it, in tree order]}
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conf_modes.h"
#include "diff.h"
#include "explain.h"
#include "file_read.h"
#include "json_out.h"
#include "old_tree.h"
#include "survey_compare.h"
#include "util.h"

/* The old tree, read quietly (a worker's progress is the parent's to show). */
static struct session *open_old(const struct survey_request *rq, int *errors)
{
	struct kconfig_options opts = rq->tree;
	struct session *s;

	opts.shell.notice = NULL;
	s = old_tree_open(&opts, rq->old_srctree, errors);
	if (!s && !*errors)
		fprintf(stderr, "kbrowse: survey: --from-tree: %s: %s\n", rq->old_given,
			strerror(errno));
	return s;
}

bool survey_compare_open(struct survey_compare *c, const struct survey_request *rq,
			 const char *arch)
{
	char path[4096];
	int errors;

	memset(c, 0, sizeof(*c));
	snprintf(path, sizeof(path), "%s/arch/%s/Kconfig", rq->old_srctree, arch);
	if (access(path, R_OK) != 0) {
		fprintf(stderr, "kbrowse: survey: ARCH=%s: the old tree %s has no "
			"arch/%s/Kconfig\n", arch, rq->old_given, arch);
		return false;
	}
	c->old = open_old(rq, &errors);
	if (!c->old) {
		if (errors)
			fprintf(stderr, "kbrowse: survey: ARCH=%s: %d error%s in the old "
				"tree %s\n", arch, errors, errors == 1 ? "" : "s",
				rq->old_given);
		return false;
	}
	c->old_io = c->old->io;
	return true;
}

void survey_compare_close(struct survey_compare *c)
{
	if (c->old_cfg)
		config_free(c->old_cfg);
	session_close(c->old);
	memset(c, 0, sizeof(*c));
}

/* One side of a root change: whether defined there, the value and why. */
static json_t *side_json(struct explainer *ex, const struct symbol *sym,
			 const struct diff_value *v)
{
	json_t *o = json_new_object();

	json_put(o, "defined", json_boolean(sym != NULL));
	json_put_text(o, "value", sym ? v->value : NULL);
	json_put(o, "written", json_boolean(sym && v->written));
	json_put_text(o, "kind", sym ? origin_kind_name(v->why.kind) : NULL);
	json_put_text(o, "reason", sym ? v->why.text : NULL);
	json_put_text(o, "location", sym && v->why.loc.line > 0
		      ? location_text(ex, v->why.loc) : NULL);
	return o;
}

/* Mark e's descendants that are no root of their own (by entry number). */
static void mark_followers(const struct diff_result *d, const struct diff_entry *e,
			   bool *seen)
{
	for (unsigned i = 0; i < e->nchildren; i++) {
		const struct diff_entry *child = e->children[i];
		unsigned k = (unsigned)(child - d->entries);

		if (child->root || seen[k])
			continue;
		seen[k] = true;
		mark_followers(d, child, seen);
	}
}

static json_t *root_json(struct explainer *old_ex, struct explainer *new_ex,
			 const struct diff_result *d, const struct diff_entry *e)
{
	json_t *o = json_new_object(), *follows = json_new_array();
	bool *seen = xcalloc(d->nentries + 1, sizeof(*seen));

	json_put_text(o, "symbol", e->sym->name);
	json_put_text(o, "symbol_type", symbol_type_name(e->sym->type));
	json_put_text(o, "root", e->root == DIFF_ROOT_NEW ? "new"
		      : e->root == DIFF_ROOT_REMOVED ? "removed" : "no-cause");
	json_put(o, "old", side_json(old_ex, e->old_sym, &e->old));
	json_put(o, "new", side_json(new_ex, e->new_sym, &e->new));
	json_put_text(o, "renamed_to", e->renamed_to ? e->renamed_to->name : NULL);
	json_put_text(o, "renamed_by", e->renamed_to ? e->renamed_by : NULL);
	json_put(o, "transitional", json_boolean(e->renamed_transitional));
	mark_followers(d, e, seen);
	for (unsigned i = 0; i < d->nentries; i++)
		if (seen[i])
			json_append(follows, json_text(d->entries[i].sym->name));
	json_put(o, "follows", follows);
	free(seen);
	return o;
}

/* Which line of the file gave each user value, for the explanations. */
static struct user_lines *file_lines(struct config *cfg, const struct diff_file *f,
				     const struct config_io_options *io)
{
	struct config *scratch = config_new_sibling(cfg);
	struct diag_list diags;
	struct user_lines *lines;

	diag_init(&diags);
	diags.max_kept = 1;
	lines = config_read_text_recorded(scratch, f->name, f->text, f->len, io, &diags);
	diag_release(&diags);
	config_free(scratch);
	return lines;
}

/* Compare the two evaluations of one file and append the root changes. */
static void compare(struct config *old_cfg, const struct config_io_options *old_io,
		    struct config *new_cfg, const struct config_io_options *new_io,
		    const struct diff_file *f, json_t *roots, unsigned *nchanged)
{
	struct user_lines *old_lines = file_lines(old_cfg, f, old_io);
	struct user_lines *new_lines = file_lines(new_cfg, f, new_io);
	struct explainer *old_ex = explainer_new(old_cfg, old_lines);
	struct explainer *new_ex = explainer_new(new_cfg, new_lines);
	struct diff_input old_in = { old_ex, f, 1 }, new_in = { new_ex, f, 1 };
	struct diff_result *d = diff_configs(&old_in, &new_in, new_io->prefix, false);

	*nchanged = d->nentries;
	for (unsigned i = 0; i < d->nroots; i++)
		json_append(roots, root_json(old_ex, new_ex, d, d->roots[i]));
	diff_free(d);
	explainer_free(old_ex);
	explainer_free(new_ex);
	user_lines_free(old_lines);
	user_lines_free(new_lines);
}

const char *survey_compare_config(struct survey_compare *c, struct config *new_cfg,
				  const struct config_io_options *new_io,
				  const char *srctree, const char *path,
				  json_t *roots, unsigned *nchanged)
{
	char *full = xasprintf("%s/%s", srctree, path);
	struct diff_file f = { path, NULL, 0 };
	char *text;
	int err = 0, status = -1;

	*nchanged = 0;
	/* One configuration of the old tree, reset between files. */
	if (!c->old_cfg)
		c->old_cfg = config_new(c->old->kc);
	else
		config_reset(c->old_cfg);
	text = file_read(full, FILE_READ_MAX, &f.len, &err);
	/* The new tree's file, by its full name: the old tree's may differ. */
	if (text)
		status = conf_defconfig_read(c->old_cfg, full, NULL, NULL);
	free(full);
	if (status != 0) {
		free(text);
		return "cannot be evaluated in the old tree";
	}
	if (config_report_too_deep(c->old_cfg, stderr)) {
		free(text);
		return "dependencies too deep to evaluate in the old tree";
	}
	f.text = text;
	compare(c->old_cfg, &c->old_io, new_cfg, new_io, &f, roots, nchanged);
	free(text);
	return NULL;
}
