// SPDX-License-Identifier: GPL-2.0
/*
 * Why no user values reach a goal, in words, from the solver's core.
 *
 * When the formula with every fact assumed has no model, PicoSAT's
 * minimal set of failed assumptions names the facts (and, for conf
 * --want, the goals) that cannot all hold: each becomes a sentence with
 * the line that fixes it.  A comparison of two constants came from the
 * macro language: the line as written says which variable ("$(ARCH)"),
 * and so what the tree would need (ARCH=mips).  A symbol no entry
 * defines may be defined under another architecture's directory.  A
 * symbol fixed by a $(shell,...) answer names the command, and the
 * program it runs when that program is not installed.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_read.h"
#include "strbuf.h"
#include "plan.h"
#include "util.h"

static bool has_prompt_text(const struct symbol *sym)
{
	for (const struct property *p = sym->props; p; p = p->next)
		if ((p->type == P_PROMPT || p->type == P_MENU) && p->text)
			return true;
	return false;
}

/* The text of a line of a Kconfig file (under srctree), or NULL. */
static char *source_line(const struct kconfig *kc, const char *file, int line)
{
	char path[4096];
	size_t len;
	int err = 0, at = 1;
	char *text, *p, *end, *out = NULL;

	if (!file || line <= 0)
		return NULL;
	if (file[0] != '/' && kc->opts.srctree)
		snprintf(path, sizeof(path), "%s/%s", kc->opts.srctree, file);
	else
		snprintf(path, sizeof(path), "%s", file);
	text = file_read(path, KCONFIG_FILE_MAX, &len, &err);
	if (!text)
		return NULL;
	for (p = text; *p && at < line; p++)
		if (*p == '\n')
			at++;
	end = strchr(p, '\n');
	if (at == line)
		out = xmemdup(p, end ? (size_t)(end - p) : strlen(p));
	free(text);
	return out;
}

/* The first "$(NAME)" in text from *from on: NAME in buf, or false. */
static bool next_variable(const char *text, const char **from, char *buf, size_t size)
{
	const char *p = strstr(*from, "$(");

	(void)text;
	while (p) {
		const char *q = p + 2;
		size_t n = 0;

		while ((q[n] >= 'A' && q[n] <= 'Z') || (q[n] >= 'a' && q[n] <= 'z') ||
		       (q[n] >= '0' && q[n] <= '9') || q[n] == '_')
			n++;
		if (n && q[n] == ')' && n < size) {
			memcpy(buf, q, n);
			buf[n] = 0;
			*from = q + n + 1;
			return true;
		}
		p = strstr(p + 2, "$(");
	}
	return false;
}

/* Where NAME := ... is written, among the files read. */
static char *macro_definition(const struct kconfig *kc, const char *name,
			      const char **file, int *line)
{
	size_t nlen = strlen(name);

	for (size_t i = 0; i < kc->nfiles_read; i++) {
		char path[4096];
		size_t len;
		int err = 0, at = 1;
		const char *fname = kc->files_read[i]->name;
		char *text, *p;

		if (fname[0] != '/' && kc->opts.srctree)
			snprintf(path, sizeof(path), "%s/%s", kc->opts.srctree, fname);
		else
			snprintf(path, sizeof(path), "%s", fname);
		text = file_read(path, KCONFIG_FILE_MAX, &len, &err);
		for (p = text; p && *p; at++) {
			char *end = strchr(p, '\n');
			const char *q = p + nlen;

			if (strncmp(p, name, nlen) == 0) {
				while (*q == ' ' || *q == '\t')
					q++;
				if (strncmp(q, ":=", 2) == 0 || *q == '=') {
					char *def = xmemdup(p, end ? (size_t)(end - p) : strlen(p));

					*file = fname;
					*line = at;
					free(text);
					return def;
				}
			}
			p = end ? end + 1 : NULL;
		}
		free(text);
	}
	return NULL;
}

static bool on_path(const char *program)
{
	const char *path = getenv("PATH");
	char buf[4096];

	while (path && *path) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, path, program);
		if (access(buf, X_OK) == 0)
			return true;
		path = colon ? colon + 1 : NULL;
	}
	return false;
}

/*
 * For a line with $(shell,...): "`pahole` is not installed" when a
 * variable of the command names a program that is not on PATH.
 */
static const char *shell_reason(struct explainer *ex, const char *line)
{
	const char *cmd = strstr(line, "$(shell,"), *from;
	char name[128];

	if (!cmd)
		return NULL;
	from = cmd;
	while (next_variable(line, &from, name, sizeof(name))) {
		const char *value = getenv(name);

		if (strcmp(name, "srctree") == 0 || strcmp(name, "CC") == 0)
			continue;
		if (!value || !*value || strchr(value, '/') || strchr(value, ' '))
			continue;
		if (!on_path(value))
			return arena_printf(&ex->arena, "`%s` ($(%s)) is not installed",
					    value, name);
	}
	return arena_printf(&ex->arena, "of a $(shell,...) answer, fixed when the files were read");
}

/* Why a fixed symbol's default line gives what it gives. */
static const char *fixed_reason(struct plan_enc *enc, const struct symbol *sym,
				struct location *where)
{
	struct explainer *ex = enc->ex;
	const struct property *d = config_active_default(enc->cfg, sym);
	char *line, *def = NULL;
	const char *why = NULL, *from, *dfile = NULL;
	char name[128];
	int dline = 0;

	/* A plan never writes an old name back: only an old .config sets it. */
	if (sym->flags & SYMBOL_TRANSITIONAL)
		return "it is transitional, an old name that only a .config from "
		       "before the rename sets; set the option whose default reads it";
	if (!d)
		return "nothing gives it a value";
	/* The default line as written: a $(shell,...) there or in a macro it names. */
	*where = d->loc;
	line = source_line(enc->kc, location_file(d->loc), d->loc.line);
	if (!line)
		return arena_printf(&ex->arena, "of its default `%s`", property_text(ex, d));
	if (strstr(line, "$(shell,")) {
		why = shell_reason(ex, line);
	} else {
		from = line;
		while (!why && next_variable(line, &from, name, sizeof(name))) {
			def = macro_definition(enc->kc, name, &dfile, &dline);
			if (def && strstr(def, "$(shell,"))
				why = arena_printf(&ex->arena, "%s (%s:%d: %s)",
						   shell_reason(ex, def), dfile, dline, def);
			free(def);
			def = NULL;
		}
	}
	if (!why)
		why = arena_printf(&ex->arena, "of its default `%s`", property_text(ex, d));
	free(line);
	return why;
}

/* Does an architecture's directory define name?  "mips" and where. */
static const char *arch_defining(struct plan_enc *enc, const char *name,
				 const char **file, int *line);

static bool file_defines(const char *path, const char *name, int *line)
{
	size_t len, nlen = strlen(name);
	int err = 0, at = 1;
	char *text = file_read(path, KCONFIG_FILE_MAX, &len, &err);
	bool found = false;

	for (char *p = text; p && *p && !found; at++) {
		char *end = strchr(p, '\n'), *q = p;

		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, "config", 6) == 0 || strncmp(q, "menuconfig", 10) == 0) {
			q += q[0] == 'm' ? 10 : 6;
			while (*q == ' ' || *q == '\t')
				q++;
			if (strncmp(q, name, nlen) == 0 &&
			    (q[nlen] == '\n' || q[nlen] == ' ' || q[nlen] == '\t' || !q[nlen])) {
				found = true;
				*line = at;
			}
		}
		p = end ? end + 1 : NULL;
	}
	free(text);
	return found;
}

static bool dir_defines(const char *dir, const char *name, char *found, size_t size,
			int *line, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	bool hit = false;

	if (!d)
		return false;
	while (!hit && (e = readdir(d))) {
		char path[4096];
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode) && depth < 4)
			hit = dir_defines(path, name, found, size, line, depth + 1);
		else if (S_ISREG(st.st_mode) && strncmp(e->d_name, "Kconfig", 7) == 0 &&
			 file_defines(path, name, line)) {
			snprintf(found, size, "%s", path);
			hit = true;
		}
	}
	closedir(d);
	return hit;
}

static const char *arch_defining(struct plan_enc *enc, const char *name,
				 const char **file, int *line)
{
	const char *root = enc->kc->opts.srctree ? enc->kc->opts.srctree : ".";
	char archdir[4096], found[4096];
	DIR *d;
	struct dirent *e;
	const char *arch = NULL;

	snprintf(archdir, sizeof(archdir), "%s/arch", root);
	d = opendir(archdir);
	while (d && !arch && (e = readdir(d))) {
		char dir[4096 + 256];

		if (e->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", archdir, e->d_name);
		if (dir_defines(dir, name, found, sizeof(found), line, 0)) {
			arch = arena_strdup(&enc->ex->arena, e->d_name);
			*file = arena_strdup(&enc->ex->arena,
					     found + strlen(root) + (root[strlen(root) - 1] != '/'));
		}
	}
	if (d)
		closedir(d);
	return arch;
}

static const char *reader_text(struct plan_enc *enc, const struct plan_fact *f)
{
	struct explainer *ex = enc->ex;
	const char *name = f->reader && f->reader->name ? f->reader->name : "the choice";

	if (!f->where)
		return arena_printf(&ex->arena, "%s depends on it", name);
	switch (f->where->type) {
	case P_PROMPT:
	case P_MENU:
		return arena_printf(&ex->arena, "%s's prompt exists only if it holds (%s)",
				    name, location_text(ex, f->where->loc));
	case P_DEFAULT:
		return arena_printf(&ex->arena, "%s's default reads it (%s)", name,
				    location_text(ex, f->where->loc));
	case P_RANGE:
		return arena_printf(&ex->arena, "%s's range reads it (%s)", name,
				    location_text(ex, f->where->loc));
	default:
		return arena_printf(&ex->arena, "%s reads it (%s)", name,
				    location_text(ex, f->where->loc));
	}
}

/* `"x86_64" = "x86"` from `"$(ARCH)" = "x86"`: the variable and what it needs. */
static const char *compare_text(struct plan_enc *enc, const struct plan_fact *f)
{
	struct explainer *ex = enc->ex;
	char *expr = expr_to_string(f->cmp), *line = NULL, name[128];
	const char *from, *need = NULL, *out;

	if (f->where)
		line = source_line(enc->kc, location_file(f->where->loc), f->where->loc.line);
	from = line;
	while (line && !need && next_variable(line, &from, name, sizeof(name))) {
		const char *value = getenv(name);
		const struct symbol *other;

		if (!value)
			continue;
		if (strcmp(f->cmp->lsym->name, value) == 0)
			other = f->cmp->rsym;
		else if (strcmp(f->cmp->rsym->name, value) == 0)
			other = f->cmp->lsym;
		else
			continue;
		if ((f->cmp->op == E_EQUAL) != f->holds)
			need = arena_printf(&ex->arena, "needs %s=%s (it is %s)", name,
					    other->name, value);
		else
			need = arena_printf(&ex->arena, "needs %s other than %s", name, value);
	}
	out = arena_printf(&ex->arena, "%s is %s for this tree%s%s; %s", expr,
			   f->holds ? "true" : "false", need ? ": " : "",
			   need ? need : "", reader_text(enc, f));
	free(expr);
	free(line);
	return out;
}

static const char *fact_text(struct plan_enc *enc, const struct plan_fact *f)
{
	struct explainer *ex = enc->ex;
	struct location where = { 0 };
	const char *arch, *file = NULL, *why;
	int line = 0;

	switch (f->kind) {
	case FACT_COMPARE:
		return compare_text(enc, f);
	case FACT_UNDEFINED:
		arch = arch_defining(enc, f->sym->name, &file, &line);
		if (arch)
			return arena_printf(&ex->arena,
				"%s is not defined in this tree: it is defined in %s:%d, "
				"needs ARCH=%s; %s", f->sym->name, file, line, arch,
				reader_text(enc, f));
		return arena_printf(&ex->arena, "%s is not defined in this tree; %s",
				    f->sym->name, reader_text(enc, f));
	default:
		why = fixed_reason(enc, f->sym, &where);
		return arena_printf(&ex->arena, "%s is %s, fixed for this tree, because %s%s%s; %s",
				    f->sym->name, config_str(enc->cfg, f->sym), why,
				    where.line ? ": " : "",
				    where.line ? location_text(ex, where) : "",
				    reader_text(enc, f));
	}
}

/* A goal that no user value reaches by itself: what bounds it. */
static const char *goal_reason(struct plan_enc *enc, const struct plan_goal *g)
{
	struct explainer *ex = enc->ex;
	struct strbuf ranges = { 0 };
	const char *name = g->sym->name, *out = NULL;

	if (strcmp(g->want, EXPLAIN_VISIBLE) == 0)
		return arena_printf(&ex->arena, "no prompt of %s can be shown", name);
	if (g->sym->type == S_INT || g->sym->type == S_HEX) {
		for (const struct property *p = g->sym->props; p; p = p->next)
			if (p->type == P_RANGE)
				strbuf_addf(&ranges, "%s`%s` (%s)", ranges.len ? ", " : "",
					    property_text(ex, p), location_text(ex, p->loc));
		if (ranges.len)
			out = arena_printf(&ex->arena, "%s cannot be %s: whatever is set, "
					   "the range that applies excludes it: %s",
					   name, g->want, strbuf_str(&ranges));
		strbuf_release(&ranges);
		if (out)
			return out;
	}
	if (!has_prompt_text(g->sym))
		return arena_printf(&ex->arena, "%s cannot be %s: it has no prompt, and no "
				    "default, select or imply can give it %s",
				    name, g->want, g->want);
	return arena_printf(&ex->arena, "%s cannot be %s whatever is set", name, g->want);
}

const char **plan_proof_lines(struct plan_enc *enc, const struct plan_goal *goals,
			      unsigned ngoals, const struct plan_result *res,
			      unsigned *count)
{
	const char **lines = arena_alloc(&enc->ex->arena,
					 (res->nfailed + 1) * sizeof(*lines));
	const char *goal_line = NULL;
	unsigned n = 0;

	for (unsigned i = 0; i < res->nfailed; i++) {
		int lit = res->failed[i];
		const char *text = NULL;

		for (unsigned g = 0; g < ngoals && !text; g++)
			if (goals[g].lit == lit && ngoals == 1)
				text = goal_line = goal_reason(enc, &goals[g]);
			else if (goals[g].lit == lit)
				text = arena_printf(&enc->ex->arena, "the goal %s=%s%s%s",
						    goals[g].sym->name, goals[g].want,
						    goals[g].loc.line ? " at " : "",
						    goals[g].loc.line ?
						    location_text(enc->ex, goals[g].loc) : "");
		for (unsigned k = 0; k < enc->nfacts && !text; k++)
			if (enc->facts[k].lit == lit)
				text = fact_text(enc, &enc->facts[k]);
		if (!text)
			continue;
		for (unsigned k = 0; k < n && text; k++)
			if (strcmp(lines[k], text) == 0)
				text = NULL;
		if (text)
			lines[n++] = text;
	}
	/* A single goal's own line says less than the facts beside it. */
	if (ngoals == 1 && n > 1)
		for (unsigned k = 0; k < n; k++)
			if (lines[k] == goal_line) {
				memmove(&lines[k], &lines[k + 1], (n - k - 1) * sizeof(*lines));
				n--;
				break;
			}
	*count = n;
	return lines;
}
