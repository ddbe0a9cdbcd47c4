// SPDX-License-Identifier: GPL-2.0
/*
 * Two .config texts of the session's tree compared by root cause, or
 * fragments merged over a base (session.h: session_diff_texts()): the
 * one path `kbrowse diff` and the agent server's diff and check_fragment
 * tools take, so both print the same bytes.
 */
#include <stdlib.h>

#include "diff.h"
#include "session_diff.h"
#include "strbuf.h"
#include "util.h"

/* Read a file's text into cfg, printing conf's warnings about its lines. */
void session_diff_read(struct session *s, struct config *cfg, const struct diff_file *t,
		       FILE *warnings)
{
	struct diag_list diags;

	/* Printed as they come, none kept: a file may have millions. */
	diag_init(&diags);
	diags.sink = config_warning_sink;
	diags.sink_ctx = warnings;
	diags.max_kept = 1;
	config_read_text(cfg, t->name, t->text, t->len, &s->io, warnings ? &diags : NULL);
	diag_release(&diags);
}

/*
 * Where each user value of t came from (its lines), read into a scratch
 * configuration: with fragments the values come from the merged text, but
 * explanations cite the lines of the file that set them.
 */
struct user_lines *session_diff_lines(struct session *s, struct config *like,
				      const struct diff_file *t, FILE *warnings)
{
	struct config *scratch = config_new_sibling(like);
	struct user_lines *lines = config_read_text_recorded(scratch, t->name, t->text,
							     t->len, &s->io, NULL);

	/* A merged .config: which fragment set each value. */
	lines->sources = config_sources_read(s->kc, t->name, t->text, t->len,
					     s->io.srctree, warnings);
	config_free(scratch);
	return lines;
}

/* The fragments over the base, as one text (later lines win). */
static char *merge_texts(const struct diff_file *files, unsigned n, size_t *len)
{
	struct strbuf b = { 0 };

	for (unsigned i = 0; i < n; i++) {
		strbuf_add(&b, files[i].text, files[i].len);
		if (files[i].len && files[i].text[files[i].len - 1] != '\n')
			strbuf_addc(&b, '\n');
	}
	*len = b.len;
	return b.data ? strbuf_take(&b) : xstrdup("");
}

void session_diff_each(struct session *s, const struct diff_file *files, unsigned n,
		       bool apply, FILE *warnings, session_diff_fn *fn, void *ctx)
{
	const struct diff_file *old_t = &files[0], *new_last = &files[n - 1];
	struct config *old_cfg = config_new(s->kc), *new_cfg = config_new_sibling(old_cfg);
	struct user_lines *old_lines, *new_lines;
	struct explainer *old_ex, *new_ex;
	struct diff_input old_in, new_in;
	struct diff_result *d;

	session_diff_read(s, old_cfg, old_t, warnings);
	if (apply) {
		size_t len;
		char *merged = merge_texts(files, n, &len);

		/* Each fragment's own warnings, located in it. */
		for (unsigned i = 1; i < n; i++)
			session_diff_read(s, new_cfg, &files[i], warnings);
		config_read_text(new_cfg, new_last->name, merged, len, &s->io, NULL);
		free(merged);
	} else {
		session_diff_read(s, new_cfg, &files[1], warnings);
	}
	old_lines = session_diff_lines(s, old_cfg, old_t, NULL);
	new_lines = session_diff_lines(s, old_cfg, new_last, NULL);
	old_ex = explainer_new(old_cfg, old_lines);
	new_ex = explainer_new(new_cfg, new_lines);
	old_in = (struct diff_input){ old_ex, files, 1 };
	new_in = apply ? (struct diff_input){ new_ex, files, n }
		       : (struct diff_input){ new_ex, files + 1, 1 };
	d = diff_configs(&old_in, &new_in, s->io.prefix, apply);
	fn(ctx, new_ex, d);
	diff_free(d);
	explainer_free(old_ex);
	explainer_free(new_ex);
	user_lines_free(old_lines);
	user_lines_free(new_lines);
	config_free(new_cfg);
	config_free(old_cfg);
}

struct diff_print {
	bool json;
	FILE *out;
};

static void print_diff(void *ctx, struct explainer *ex, const struct diff_result *d)
{
	struct diff_print *p = ctx;

	if (p->json)
		diff_print_json(ex, d, p->out);
	else
		diff_print_text(ex, d, p->out);
}

void session_diff_texts(struct session *s, const struct diff_file *files, unsigned n,
			bool apply, bool json, FILE *out, FILE *warnings)
{
	struct diff_print p = { json, out };

	session_diff_each(s, files, n, apply, warnings, print_diff, &p);
}
