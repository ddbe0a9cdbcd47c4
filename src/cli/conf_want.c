// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse conf --want FRAGMENT [--want FRAGMENT...] [--dry-run] [KCONFIG]`:
 * a .config that meets every goal line of the fragments with the fewest
 * changes from the one there is ($KCONFIG_CONFIG), or the goals that
 * conflict and why.
 *
 * Goal lines are .config lines: CONFIG_X=y, CONFIG_Z=4096,
 * CONFIG_S="text", `# CONFIG_Y is not set`; other comments and blank
 * lines are skipped.  The solver (src/explain/, explain_want) finds the
 * changes and the model verifies them; the file is written by the
 * .config writer (through file_replace), only when every goal holds.
 * Exit status 0 only then; 1 for a malformed fragment (nothing written)
 * or goals that cannot be met.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "config_io.h"
#include "explain.h"
#include "file_read.h"
#include "finish.h"
#include "text_escape.h"
#include "util.h"

struct want_run {
	const char **files;
	unsigned nfiles;
	bool dry_run;
	struct want_goal *goals;
	unsigned ngoals, cap;
};

static int goal_error(const char *file, int line, int column, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int goal_error(const char *file, int line, int column, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d:%d: error: ", file, line, column);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_INPUT;
}

/* The value of a goal line after '=': a word, or a quoted string. */
static char *goal_value(const char *text, const char **bad)
{
	size_t n = strlen(text);
	char *out;

	*bad = NULL;
	if (text[0] != '"') {
		for (size_t i = 0; i < n; i++)
			if (isspace((unsigned char)text[i]) || text[i] == '"') {
				*bad = text + i;
				return NULL;
			}
		return xstrdup(text);
	}
	out = xmalloc(n + 1);
	n = 0;
	for (const char *p = text + 1; *p; p++) {
		if (*p == '\\' && p[1]) {
			out[n++] = *++p;
			continue;
		}
		if (*p == '"') {
			if (p[1]) {
				*bad = p + 1;
				free(out);
				return NULL;
			}
			out[n] = 0;
			return out;
		}
		out[n++] = *p;
	}
	*bad = text + strlen(text);
	free(out);
	return NULL;
}

static int add_goal(struct want_run *run, struct session *s, const char *file,
		    int line, int column, const char *name, const char *value)
{
	const struct symbol *sym = session_find_symbol(s, name);
	struct want_goal *g;

	if (!sym || !(sym->flags & SYMBOL_DEFINED))
		return goal_error(file, line, column, "%s is not a symbol of this tree", name);
	if (type_is_bool_or_tristate(sym->type) ?
	    !(strlen(value) == 1 && strchr(sym->type == S_BOOLEAN ? "yn" : "ymn", value[0])) :
	    (sym->type != S_STRING && !symbol_text_valid(sym->type, value)))
		return goal_error(file, line, column, "not a value %s can have",
				  sym->name);
	if (run->ngoals == run->cap) {
		run->cap = run->cap ? run->cap * 2 : 16;
		run->goals = xrealloc(run->goals, run->cap * sizeof(*run->goals));
	}
	g = &run->goals[run->ngoals++];
	g->sym = sym;
	g->want = intern(&s->kc->strings, value);
	g->loc = (struct location){
		.file = arena_new(&s->kc->arena, struct source_file),
		.line = line, .column = column,
	};
	((struct source_file *)g->loc.file)->name = intern(&s->kc->strings, file);
	return EXIT_OK;
}

/* One line: a goal, a comment, or an error (file:line:column). */
static int read_goal_line(struct want_run *run, struct session *s, const char *file,
			  int line, char *text)
{
	const char *prefix = s->io.prefix ? s->io.prefix : "CONFIG_";
	size_t plen = strlen(prefix), len = strlen(text);
	char *p = text, *eq, *value;
	const char *bad;
	int status;

	while (len && (text[len - 1] == '\r' || isspace((unsigned char)text[len - 1])))
		text[--len] = 0;
	while (isspace((unsigned char)*p))
		p++;
	if (!*p)
		return EXIT_OK;
	if (*p == '#') {
		char name[256];
		int used = 0;

		if (strncmp(p, "# ", 2) == 0 && strncmp(p + 2, prefix, plen) == 0 &&
		    sscanf(p + 2 + plen, "%255[A-Za-z0-9_] is not set%n", name, &used) == 1 &&
		    p[2 + plen + used] == 0)
			return add_goal(run, s, file, line, (int)(p - text) + 3 + (int)plen,
					name, "n");
		return EXIT_OK;		/* a comment */
	}
	if (strncmp(p, prefix, plen) != 0)
		return goal_error(file, line, (int)(p - text) + 1,
				  "expected %sNAME=VALUE or a comment", prefix);
	eq = strchr(p, '=');
	if (!eq || eq == p + plen)
		return goal_error(file, line, (int)(p - text) + 1,
				  "expected %sNAME=VALUE", prefix);
	for (char *q = p + plen; q < eq; q++)
		if (!isalnum((unsigned char)*q) && *q != '_')
			return goal_error(file, line, (int)(q - text) + 1,
					  "%s", "not a character of a symbol name");
	*eq = 0;
	value = goal_value(eq + 1, &bad);
	if (!value)
		return goal_error(file, line, (int)(bad - text) + 1, "%s",
				  "a value is one word or a quoted string");
	if (!*value) {
		free(value);
		return goal_error(file, line, (int)(eq - text) + 2, "%s", "no value");
	}
	status = add_goal(run, s, file, line, (int)(p - text) + 1 + (int)plen,
			  p + plen, value);
	free(value);
	return status;
}

static int read_goals(struct want_run *run, struct session *s, const char *file)
{
	size_t len;
	int err = 0, line = 1, status = EXIT_OK;
	char *text = file_read(file, FILE_READ_MAX, &len, &err), *p;

	if (!text) {
		fprintf(stderr, "%s: error: %s\n", file, strerror(err));
		return EXIT_INPUT;
	}
	if (memchr(text, 0, len)) {
		free(text);
		return goal_error(file, 1, 1, "%s", "not a text file");
	}
	for (p = text; *p && status == EXIT_OK; line++) {
		char *end = strchr(p, '\n');

		if (end)
			*end = 0;
		status = read_goal_line(run, s, file, line, p);
		p = end ? end + 1 : p + strlen(p);
	}
	free(text);
	return status;
}

static void print_changes(const struct want_result *res, const char *prefix)
{
	for (unsigned i = 0; i < res->n; i++) {
		if (res->choose[i])
			printf("  choose %s%s\n", prefix, res->syms[i]->name);
		else
			printf("  set %s%s=%s\n", prefix, res->syms[i]->name, res->values[i]);
	}
}

static int meet_goals(struct want_run *run, struct session *s)
{
	const char *prefix = s->io.prefix ? s->io.prefix : "CONFIG_";
	struct want_result res;
	char msg[512];

	explain_want(s->ex, run->goals, run->ngoals, session_fresh_config, s, &res);
	if (!res.met) {
		fprintf(stderr, "kbrowse: these goals conflict, or cannot be met%s\n",
			res.impossible ? ", whatever values are set:" : " (no plan found):");
		for (unsigned i = 0; i < res.nproof; i++)
			fprintf(stderr, "  %s\n", res.proof[i]);
		return EXIT_INPUT;
	}
	printf("%u goal%s met with %u change%s from %s:\n", run->ngoals,
	       run->ngoals == 1 ? "" : "s", res.n, res.n == 1 ? "" : "s",
	       s->read_from ? s->read_from : "the defaults");
	print_changes(&res, prefix);
	if (run->dry_run)
		return EXIT_OK;
	explain_want_apply(s->cfg, &res);
	if (session_save(s, msg, sizeof(msg)) == CONFIG_WRITE_FAILED) {
		fprintf(stderr, "kbrowse: %s\n", msg);
		return EXIT_INPUT;
	}
	printf("%s\n", msg);
	return EXIT_OK;
}

static void want_usage(const char *prog)
{
	printf("Usage: %s conf --want FRAGMENT [--want FRAGMENT...] [--dry-run] [KCONFIG]\n"
	       "Write $KCONFIG_CONFIG (default .config) so that every goal line of the\n"
	       "fragments holds (CONFIG_X=y, CONFIG_Z=4096, # CONFIG_Y is not set),\n"
	       "with the fewest changes from the values there are; or say which\n"
	       "goals conflict and why.  --dry-run prints the changes only.\n", prog);
}

int cmd_conf_want(struct cli *cli, int argc, char **argv)
{
	struct want_run run = { 0 };
	struct session *s;
	int status = EXIT_OK;

	run.files = xcalloc((size_t)argc + 1, sizeof(*run.files));
	for (int i = 1; i < argc; i++) {
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0) {
			free(run.files);
			return EXIT_USAGE;
		}
		if (used) {
			i += used - 1;
		} else if (strcmp(argv[i], "--want") == 0 && i + 1 < argc) {
			run.files[run.nfiles++] = argv[++i];
		} else if (strncmp(argv[i], "--want=", 7) == 0 && argv[i][7]) {
			run.files[run.nfiles++] = argv[i] + 7;
		} else if (strcmp(argv[i], "--dry-run") == 0) {
			run.dry_run = true;
		} else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			want_usage(cli->prog);
			free(run.files);
			return EXIT_OK;
		} else if (argv[i][0] != '-' && !cli->kconfig) {
			cli->kconfig = argv[i];
		} else {
			free(run.files);
			return usage_error(cli, "conf --want: unknown argument '%s'", argv[i]);
		}
	}
	if (!run.nfiles) {
		free(run.files);
		return usage_error(cli, "conf --want needs a fragment file");
	}
	s = cli_open_session(cli, false);
	if (!s) {
		free(run.files);
		return EXIT_INPUT;
	}
	for (unsigned i = 0; i < run.nfiles && status == EXIT_OK; i++)
		status = read_goals(&run, s, run.files[i]);
	if (status == EXIT_OK && !run.ngoals)
		status = goal_error(run.files[0], 1, 1, "%s", "no goal line");
	if (status == EXIT_OK)
		status = meet_goals(&run, s);
	session_close(s);
	free(run.goals);
	free(run.files);
	return status;
}
