/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two .config texts or fragments of a session's tree compared by root
 * cause (session_diff.c), for `kbrowse diff` and the language and agent
 * servers.
 */
#ifndef KBROWSE_SESSION_DIFF_H
#define KBROWSE_SESSION_DIFF_H

#include <stdbool.h>
#include <stdio.h>

#include "session.h"

/*
 * `kbrowse diff`: files[0] and files[1] (two .config texts) compared by
 * root cause, or with apply the fragments files[1..n) merged over
 * files[0]; as text or JSON on out, conf's warnings about the files'
 * lines on warnings (NULL: none).
 */
struct diff_file;
struct diff_result;
void session_diff_texts(struct session *s, const struct diff_file *files, unsigned n,
			bool apply, bool json, FILE *out, FILE *warnings);
/* The same comparison handed to fn (the language server's diagnostics). */
typedef void session_diff_fn(void *ctx, struct explainer *ex, const struct diff_result *d);
void session_diff_each(struct session *s, const struct diff_file *files, unsigned n,
		       bool apply, FILE *warnings, session_diff_fn *fn, void *ctx);
/* A file's text read into cfg, conf's warnings about its lines on warnings. */
void session_diff_read(struct session *s, struct config *cfg, const struct diff_file *t,
		       FILE *warnings);
/*
 * Where each user value of t came from (its lines, and the fragment lines
 * of a merged .config's sources file, whose warnings go to warnings),
 * read into a scratch sibling of like.
 */
struct user_lines *session_diff_lines(struct session *s, struct config *like,
				      const struct diff_file *t, FILE *warnings);

#endif
