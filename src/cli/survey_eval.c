// SPDX-License-Identifier: GPL-2.0
/*
 * One architecture's configurations in a survey worker: each defconfig
 * read into a configuration of the shared tree exactly as conf's
 * --defconfig mode does (conf_defconfig_read()), then its .config
 * written, or its records sent to the parent.  The worker holds one
 * tree and one configuration, which keeps the last file's values between
 * files (config_bases_next()): the next file, the files ordered so that
 * each is like the one before (survey_order.c), computes again only what
 * its own user values change (config_bases_apply()).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "conf_modes.h"
#include "config.h"
#include "config_base.h"
#include "config_io.h"
#include "diff.h"
#include "dotconfig_plan.h"
#include "explain.h"
#include "kernel_env.h"
#include "file_read.h"
#include "file_replace.h"
#include "json_out.h"
#include "merge_text.h"
#include "merge_why.h"
#include "survey_compare.h"
#include "survey_eval.h"
#include "survey_order.h"
#include "util.h"

/* What the handlers of one configuration share. */
/* An architecture with at least this many files keeps the memo between them. */
#define SURVEY_MEMO_FILES 30

struct eval_ctx {
	const struct survey_request *rq;
	struct kconfig *kc;
	const struct survey_arch *arch;
	const char *config;		/* its name under configs/ */
	struct config_io_options io;
	FILE *out;
	int seq;			/* records sent for it */
	struct survey_compare *cmp;	/* --from-tree: the old side */
	struct config_bases *bases;	/* the values the files share */
	/* The writer's walk of the tree, the same for every file. */
	struct dotconfig_plan *plan;
	unsigned changed;		/* --from-tree: values that differ */
};

/* A record about the current configuration, to be filled and sent. */
static json_t *new_record(struct eval_ctx *ctx)
{
	json_t *item = json_new_object();

	json_put_text(item, "arch", ctx->arch->name);
	json_put_text(item, "config", ctx->config);
	json_put(item, "seq", json_integer(ctx->seq++));
	return item;
}

/* One line to the parent (json_write_line() frees item). */
static void send_record(struct eval_ctx *ctx, json_t *item)
{
	json_write_line(item, ctx->out);
}

/* mkdir -p of the directory part of path. */
static int make_parents(char *path)
{
	for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	return 0;
}

/* --write-configs: DIR/ARCH/NAME.config; NULL or what went wrong. */
static const char *write_config(struct eval_ctx *ctx, struct config *cfg,
				char *err, size_t errlen)
{
	size_t len, plen = strlen(ctx->rq->outdir) + strlen(ctx->arch->name) +
			   strlen(ctx->config) + 16;
	char *path = xmalloc(plen);
	char *text;
	const char *result = NULL;

	if (!ctx->plan)
		ctx->plan = dotconfig_plan_build(ctx->kc);
	text = config_write_text_planned(cfg, ctx->plan, &ctx->io, &len);

	snprintf(path, plen, "%s/%s/%s.config", ctx->rq->outdir, ctx->arch->name,
		 ctx->config);
	if (make_parents(path) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		result = err;
	} else if (file_replace_bytes(path, text, len, FILE_REPLACE_NEW, false,
				      err, errlen) != 0) {
		result = err;
	}
	free(text);
	free(path);
	return result;
}

/* The defconfig file's text (heap), or NULL. */
static char *defconfig_text(struct eval_ctx *ctx, const char *path, size_t *len)
{
	size_t flen = strlen(ctx->kc->opts.srctree) + strlen(path) + 2;
	char *full = xmalloc(flen), *text;
	int err = 0;

	snprintf(full, flen, "%s/%s", ctx->kc->opts.srctree, path);
	text = file_read(full, FILE_READ_MAX, len, &err);
	free(full);
	return text;
}

/*
 * Which line of the defconfig gave each user value: the file read again
 * into a scratch configuration that only records (no value is computed),
 * so that explanations cite arch/ARCH/configs/NAME:LINE.  NULL when the
 * file cannot be read again.
 */
static struct user_lines *defconfig_lines(struct eval_ctx *ctx,
					  struct config *cfg, const char *path)
{
	size_t len;
	char *text = defconfig_text(ctx, path, &len);
	struct config *scratch;
	struct user_lines *lines;
	struct diag_list diags;

	if (!text)
		return NULL;
	diag_init(&diags);
	diags.max_kept = 1;
	scratch = config_new_sibling(cfg);
	lines = config_read_text_recorded(scratch, path, text, len, &ctx->io, &diags);
	config_free(scratch);
	diag_release(&diags);
	free(text);
	return lines;
}

/*
 * SYMBOL...: per symbol its value, whether conf writes it, and what
 * decided it in one line (explain's words, diff_describe()).
 */
static void send_symbols(struct eval_ctx *ctx, struct config *cfg, const char *path)
{
	struct user_lines *lines = defconfig_lines(ctx, cfg, path);
	struct explainer *ex = explainer_new(cfg, lines);

	for (unsigned i = 0; i < ctx->rq->nsymbols; i++) {
		const struct symbol *sym = symbol_find(ctx->kc, ctx->rq->symbols[i]);
		json_t *item = new_record(ctx);

		json_put_text(item, "symbol", ctx->rq->symbols[i]);
		if (!sym || !(sym->flags & SYMBOL_DEFINED)) {
			json_put(item, "defined", json_false());
		} else {
			struct explanation *x = explain_symbol(ex, sym);
			struct diff_reason r = { 0 };

			diff_describe(ex, x, &r);
			json_put(item, "defined", json_true());
			json_put_text(item, "value", x->value);
			json_put(item, "written", json_boolean(x->written));
			json_put_text(item, "kind", origin_kind_name(r.kind));
			json_put_text(item, "reason", r.text ? r.text : "");
			json_put_text(item, "location", location_text(ex, r.loc));
		}
		send_record(ctx, item);
	}
	explainer_free(ex);
	if (lines)
		user_lines_free(lines);
}

/* The lines of a that b does not have, in a's order, as a JSON array. */
static json_t *lines_missing(const char *a, const char *b)
{
	json_t *list = json_new_array();

	for (const char *p = a; *p;) {
		size_t n = strcspn(p, "\n");
		bool found = false;

		for (const char *q = b; *q && !found;) {
			size_t m = strcspn(q, "\n");

			found = m == n && strncmp(p, q, n) == 0;
			q += m + (q[m] == '\n');
		}
		if (!found && n) {
			char *line = xmalloc(n + 1);

			memcpy(line, p, n);
			line[n] = '\0';
			json_append(list, json_text(line));
			free(line);
		}
		p += n + (p[n] == '\n');
	}
	return list;
}

/* savedefconfig against the file: a record when a refresh is due. */
static void send_refresh(struct eval_ctx *ctx, struct config *cfg, const char *text)
{
	size_t len;
	char *saved = conf_savedefconfig_text(cfg, &len);
	json_t *item;

	if (strcmp(saved, text) != 0) {
		item = new_record(ctx);
		json_put_text(item, "type", "refresh");
		json_put(item, "removed", lines_missing(text, saved));
		json_put(item, "added", lines_missing(saved, text));
		send_record(ctx, item);
	}
	free(saved);
}

static void chomp(char *s)
{
	size_t n = strlen(s);

	if (n && s[n - 1] == '\n')
		s[n - 1] = '\0';
}

/* One defconfig line whose value conf does not keep, as merge --strict words it. */
static void send_lost(struct eval_ctx *ctx, struct explainer *ex,
		      const struct merge_text *t, const char *name, char *want,
		      char *got)
{
	const struct merge_line *at = merge_text_request(t, name);
	const struct symbol *sym = symbol_find(ctx->kc, name + strlen(ctx->io.prefix));
	json_t *item = new_record(ctx);
	const char *reason;
	char *why;

	if (!sym || !(sym->flags & SYMBOL_DEFINED)) {
		reason = "undefined";
		why = xstrdup("no symbol of that name in this tree");
	} else {
		why = merge_why_text(ex, explain_symbol(ex, sym), &reason);
	}
	/* grep's lines, without the last newline. */
	chomp(want);
	chomp(got);
	json_put_text(item, "type", "line");
	json_put(item, "line", json_integer(at ? at->line : 0));
	json_put_text(item, "name", name);
	json_put_text(item, "requested", want);
	json_put_text(item, "actual", got);
	json_put_text(item, "reason", reason);
	json_put_text(item, "why", why);
	send_record(ctx, item);
	free(why);
}

/*
 * --stale: whether savedefconfig gives the file back, and each line of
 * it whose value the .config does not keep (compared as merge_config.sh
 * compares a fragment with the result, merge_text.h).
 */
static void send_stale(struct eval_ctx *ctx, struct config *cfg, const char *path)
{
	struct merge_options opts = { .prefix = ctx->io.prefix };
	struct merge_text t = { 0 };
	struct user_lines *lines;
	struct explainer *ex;
	size_t len, flen, nnames;
	char *text = defconfig_text(ctx, path, &len);
	char *final, **names;

	if (!text)
		return;
	send_refresh(ctx, cfg, text);
	final = config_write_text(cfg, &ctx->io, &flen);
	opts.out = fopen("/dev/null", "w");
	if (!opts.out)
		out_of_memory();
	merge_text_start(&t, &opts, path, text, len);
	lines = defconfig_lines(ctx, cfg, path);
	ex = explainer_new(cfg, lines);
	names = merge_text_names(&t, &nnames);
	for (size_t i = 0; i < nnames; i++) {
		char *want = merge_text_requested(&t, names[i]);
		char *got = merge_text_grep(final, flen, names[i]);

		if (strcmp(want, got) != 0)
			send_lost(ctx, ex, &t, names[i], want, got);
		free(want);
		free(got);
		free(names[i]);
	}
	free(names);
	explainer_free(ex);
	if (lines)
		user_lines_free(lines);
	merge_text_free(&t);
	fclose(opts.out);
	free(final);
	free(text);
}

/* --from-tree: the root changes between the old tree and this one. */
static const char *send_comparison(struct eval_ctx *ctx, struct config *cfg,
				   const char *path)
{
	json_t *roots = json_new_array(), *root;
	const char *failed = survey_compare_config(ctx->cmp, cfg, &ctx->io,
						   ctx->kc->opts.srctree, path,
						   roots, &ctx->changed);
	size_t i;

	json_array_foreach(roots, i, root) {
		json_t *item = new_record(ctx);

		json_put_text(item, "type", "root");
		json_object_update(item, root);
		send_record(ctx, item);
	}
	json_decref(roots);
	return failed;
}

/* Evaluate one configuration into cfg and do what the request asks with it. */
static void eval_one(struct eval_ctx *ctx, struct config *cfg)
{
	char path[4096], err[1024];
	struct diag_list warnings;
	const char *failed = NULL;
	json_t *done;

	snprintf(path, sizeof(path), "arch/%s/configs/%s", ctx->arch->name,
		 ctx->config);
	ctx->seq = 0;
	ctx->changed = 0;
	if (conf_defconfig_read(cfg, path, &warnings, ctx->bases) != 0) {
		failed = "cannot be read";
	} else if (config_report_too_deep(cfg, stderr)) {
		failed = "dependencies too deep to evaluate";
	} else {
		switch (ctx->rq->task) {
		case SURVEY_WRITE_CONFIGS:
			failed = write_config(ctx, cfg, err, sizeof(err));
			break;
		case SURVEY_SYMBOLS:
			send_symbols(ctx, cfg, path);
			break;
		case SURVEY_STALE:
			send_stale(ctx, cfg, path);
			break;
		case SURVEY_FROM_TREE:
			failed = send_comparison(ctx, cfg, path);
			break;
		default:
			break;
		}
	}
	diag_release(&warnings);
	done = new_record(ctx);
	json_put(done, "done", json_true());
	if (failed)
		json_put_text(done, "error", failed);
	else if (ctx->rq->task == SURVEY_FROM_TREE)
		json_put(done, "changed", json_integer(ctx->changed));
	send_record(ctx, done);
	fflush(ctx->out);
}

/* What a line of a defconfig weighs in the order: its symbol's readers. */
struct weigh_ctx {
	struct config *cfg;
	const char *prefix;
};

static unsigned line_weight(const char *line, size_t len, void *data)
{
	struct weigh_ctx *w = data;
	size_t plen = strlen(w->prefix), end;
	const struct symbol *sym;
	char name[256];

	if (len > 2 && line[0] == '#' && line[1] == ' ') {
		line += 2;
		len -= 2;
	}
	if (len <= plen || strncmp(line, w->prefix, plen) != 0)
		return 1;
	end = plen;
	while (end < len && line[end] != '=' && line[end] != ' ')
		end++;
	if (end - plen >= sizeof(name))
		return 1;
	memcpy(name, line + plen, end - plen);
	name[end - plen] = '\0';
	sym = symbol_find(config_tree(w->cfg), name);
	return sym ? config_bases_weight(w->cfg, sym) : 1;
}

/* arch's files, similar ones one after the other (heap). */
static unsigned *eval_order(const struct eval_ctx *ctx, struct config *cfg)
{
	const struct symbol *modules_sym = ctx->kc->modules_sym;
	struct weigh_ctx w = { .cfg = cfg, .prefix = ctx->io.prefix };
	char *modules = NULL;
	unsigned *order;

	if (modules_sym && modules_sym->name)
		modules = xasprintf("%s%s", ctx->io.prefix, modules_sym->name);
	order = survey_order(ctx->arch, ctx->kc->opts.srctree, modules,
			     line_weight, &w);
	free(modules);
	return order;
}

void survey_eval_arch(const struct survey_request *rq, struct kconfig *kc,
		      const struct survey_arch *arch, struct survey_compare *cmp,
		      FILE *out)
{
	struct eval_ctx ctx = { .rq = rq, .kc = kc, .arch = arch, .out = out,
				.cmp = cmp, .bases = config_bases_new() };
	/*
	 * One configuration for every file: its memory, index and values
	 * kept; each file computes only what its user values change.
	 */
	struct config *cfg = config_new(kc);
	unsigned *order;

	/*
	 * The memo kept from file to file pays for its index past about 22
	 * files (tests/bench/README.md, "survey").
	 */
	config_bases_keep_memo(ctx.bases, arch->nconfigs >= SURVEY_MEMO_FILES);
	kernel_env_config_io(&ctx.io);
	config_io_for_dialect(&ctx.io, kc->opts.srctree, kc->dialect);
	/* Similar files one after the other: each is computed from the last. */
	order = eval_order(&ctx, cfg);
	for (unsigned i = 0; i < arch->nconfigs; i++) {
		if (i)
			config_bases_next(ctx.bases, cfg);
		ctx.config = arch->configs[order[i]];
		eval_one(&ctx, cfg);
	}
	free(order);
	config_free(cfg);
	config_bases_free(ctx.bases);
	dotconfig_plan_free(ctx.plan);
}
