// SPDX-License-Identifier: GPL-2.0
/*
 * One architecture's configurations in a survey worker: each defconfig
 * read into a configuration of the shared tree exactly as conf's
 * --defconfig mode does (conf_defconfig_config()), then its .config
 * written, or its records sent to the parent.  Each configuration is
 * freed before the next: the worker holds one tree and two
 * configurations (the first stays, its index shared by the others).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "conf_modes.h"
#include "config.h"
#include "config_io.h"
#include "file_replace.h"
#include "json_out.h"
#include "survey_eval.h"
#include "util.h"

/* What the handlers of one configuration share. */
struct eval_ctx {
	const struct survey_request *rq;
	struct kconfig *kc;
	const struct survey_arch *arch;
	const char *config;		/* its name under configs/ */
	struct config_io_options io;
	FILE *out;
	int seq;			/* records sent for it */
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
	char *text = config_write_text(cfg, ctx->io.prefix, &len);
	const char *result = NULL;

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

/* Evaluate one configuration and do what the request asks with it. */
static struct config *eval_one(struct eval_ctx *ctx, struct config *base)
{
	char path[4096], err[1024];
	struct diag_list warnings;
	struct config *cfg;
	const char *failed = NULL;
	json_t *done;

	snprintf(path, sizeof(path), "arch/%s/configs/%s", ctx->arch->name,
		 ctx->config);
	ctx->seq = 0;
	cfg = conf_defconfig_config(ctx->kc, base, path, &warnings);
	if (!cfg) {
		failed = "cannot be read";
	} else if (config_report_too_deep(cfg, stderr)) {
		failed = "dependencies too deep to evaluate";
	} else {
		switch (ctx->rq->task) {
		case SURVEY_WRITE_CONFIGS:
			failed = write_config(ctx, cfg, err, sizeof(err));
			break;
		default:
			break;
		}
	}
	if (cfg)
		diag_release(&warnings);
	done = new_record(ctx);
	json_put(done, "done", json_true());
	if (failed)
		json_put_text(done, "error", failed);
	send_record(ctx, done);
	fflush(ctx->out);
	return cfg;
}

void survey_eval_arch(const struct survey_request *rq, struct kconfig *kc,
		      const struct survey_arch *arch, FILE *out)
{
	struct eval_ctx ctx = { .rq = rq, .kc = kc, .arch = arch, .out = out };
	struct config *base = NULL;

	config_io_for_dialect(&ctx.io, kc->opts.srctree, kc->dialect);
	for (unsigned i = 0; i < arch->nconfigs; i++) {
		struct config *cfg;

		ctx.config = arch->configs[i];
		cfg = eval_one(&ctx, base);
		if (!base)
			base = cfg;
		else if (cfg)
			config_free(cfg);
	}
	if (base)
		config_free(base);
}
