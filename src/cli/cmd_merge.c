// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse merge [-m] BASE FRAGMENT...`: what the kernel's
 * scripts/kconfig/merge_config.sh and olddefconfig make of a base
 * configuration and fragments, byte for byte, and then for every value
 * the inputs asked for that did not survive: where it was asked for and
 * why it did not take (a dependency, a select, a range, a choice, a
 * symbol this tree lacks, a later fragment).  --strict makes that an
 * error, for CI.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "conf_modes.h"
#include "config_io.h"
#include "config_sources.h"
#include "explain.h"
#include "file_read.h"
#include "file_replace.h"
#include "json_out.h"
#include "merge_sources.h"
#include "rename_guess.h"
#include "merge_text.h"
#include "merge_why.h"
#include "strbuf.h"
#include "session.h"
#include "util.h"

#define MAX_INPUTS 256

enum merge_format {
	FORMAT_TEXT,
	FORMAT_JSON,
	FORMAT_GITHUB,
	FORMAT_GITLAB,
};

struct merge_run {
	struct merge_options opts;
	bool merge_only;		/* -m: the merged text, no conf mode */
	const char *conf_mode;		/* else "--olddefconfig", ... */
	bool strict_redefine;		/* -s: merge_config.sh's strict mode */
	bool strict;			/* --strict: a lost value is an error */
	enum merge_format format;
	const char *outdir;		/* -O DIR */
	const char *from_tree;		/* --from-tree OLD, as given */
	char *from_tree_abs;		/* the same, absolute (before any chdir) */
	const char *inputs[MAX_INPUTS];	/* BASE, then the fragments */
	char *texts[MAX_INPUTS];
	char *paths[MAX_INPUTS];	/* resolved, for the sources file */
	size_t lens[MAX_INPUTS];
	int ninputs;
};

/* One requested value that did not survive. */
struct lost_value {
	const char *name;		/* with the prefix */
	char *requested, *actual;	/* as merge_config.sh greps them */
	const char *file;		/* where it was asked for */
	int line;
	const char *reason;		/* short, for JSON: "deps-unmet", ... */
	char *why;			/* in words */
	char *plan;			/* the verified user changes that would keep it */
	char *renamed_to;		/* its likely new names ("CONFIG_A, CONFIG_B") */
	const char *renamed_by;		/* why they are guessed */
};

static void merge_usage(const char *prog)
{
	printf("Usage: %1$s merge [OPTIONS] BASE FRAGMENT...\n"
	       "Merge the configuration fragments over BASE as the kernel's\n"
	       "scripts/kconfig/merge_config.sh does (a later fragment wins, and\n"
	       "each value it redefines is reported), run olddefconfig on the result\n"
	       "as `make FRAGMENT.config` does, and write $KCONFIG_CONFIG (default\n"
	       ".config).  Then report every value the inputs asked for that is not\n"
	       "in the written file, with the fragment line that asked for it and\n"
	       "the reason: a dependency not met (with the values), a select, a\n"
	       "range, a choice that picked another member, a symbol this tree does\n"
	       "not define, a value a later fragment replaced.\n"
	       "\n"
	       "Options (merge_config.sh's):\n"
	       "  -m                  only merge: write the merged text, run no conf\n"
	       "                      mode (the report says what olddefconfig would keep)\n"
	       "  -n                  allnoconfig with the merged text as\n"
	       "                      KCONFIG_ALLCONFIG instead of olddefconfig\n"
	       "      --alldefconfig  alldefconfig with it, as merge_config.sh without -m\n"
	       "  -y                  a fragment's m does not demote a y\n"
	       "  -r                  also say which values a fragment repeats\n"
	       "  -s                  fail if a fragment redefines a value\n"
	       "  -Q                  do not report redefined values\n"
	       "  -O DIR              write DIR/.config\n"
	       "Options of kbrowse:\n"
	       "      --strict        exit 1 when a requested value did not survive\n"
	       "      --json          the report as one JSON object on stdout (the\n"
	       "                      merge messages go to stderr)\n"
	       "      --format=github the report as GitHub Actions annotations\n"
	       "                      pointing at the fragment lines\n"
	       "      --format=gitlab the report as GitLab code quality JSON (the\n"
	       "                      merge messages go to stderr)\n"
	       "      --from-tree OLD a symbol this tree lacks: its new name is looked\n"
	       "                      for by its prompt or help in the older tree OLD\n"
	       "  -C, --srctree DIR, --no-cache, --no-shell, --dialect NAME\n"
	       "                      as for every subcommand (see '%1$s --help')\n"
	       "  -h, --help          show this help and exit\n"
	       "\n"
	       "Exit status: 0 when the configuration was written (and, with --strict,\n"
	       "every requested value survived), 1 errors in the input (a missing\n"
	       "file, a fragment line that is not a config line, errors in the tree) or\n"
	       "a lost value under --strict, 2 usage errors.  Nothing is written after\n"
	       "an error in the input.\n",
	       prog);
}

/* 0 to go on, EXIT_USAGE (reported), -1 after --help. */
static int parse_args(struct cli *cli, struct merge_run *run, int argc,
		      char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0)
			return EXIT_USAGE;
		if (used) {
			i += used - 1;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			merge_usage(cli->prog);
			return -1;
		} else if (!strcmp(a, "-m")) {
			run->merge_only = true;
		} else if (!strcmp(a, "-n")) {
			run->conf_mode = "--allnoconfig";
		} else if (!strcmp(a, "--alldefconfig")) {
			run->conf_mode = "--alldefconfig";
		} else if (!strcmp(a, "-y")) {
			run->opts.builtin = true;
		} else if (!strcmp(a, "-r")) {
			run->opts.warn_redundant = true;
		} else if (!strcmp(a, "-s")) {
			run->strict_redefine = true;
		} else if (!strcmp(a, "-Q")) {
			run->opts.warn_override = false;
		} else if (!strcmp(a, "-O")) {
			if (i + 1 == argc)
				return usage_error(cli, "merge: -O needs a directory");
			run->outdir = argv[++i];
		} else if (!strcmp(a, "--from-tree") || !strncmp(a, "--from-tree=", 12)) {
			if (a[11] == '=') {
				run->from_tree = a + 12;
			} else if (i + 1 == argc) {
				return usage_error(cli, "merge: --from-tree needs a directory");
			} else {
				run->from_tree = argv[++i];
			}
			if (!*run->from_tree)
				return usage_error(cli, "merge: --from-tree needs a directory");
		} else if (!strcmp(a, "--strict")) {
			run->strict = true;
		} else if (!strcmp(a, "--json")) {
			run->format = FORMAT_JSON;
		} else if (!strcmp(a, "--format=github")) {
			run->format = FORMAT_GITHUB;
		} else if (!strcmp(a, "--format=gitlab")) {
			run->format = FORMAT_GITLAB;
		} else if (!strncmp(a, "--format=", 9)) {
			return usage_error(cli, "merge: unknown format '%s' (text, json, github, gitlab)",
					   a + 9);
		} else if (a[0] == '-' && a[1]) {
			return usage_error(cli, "merge: unknown option '%s'", a);
		} else if (run->ninputs == MAX_INPUTS) {
			return usage_error(cli, "merge: at most %d files", MAX_INPUTS);
		} else {
			run->inputs[run->ninputs++] = a;
		}
	}
	if (run->ninputs < 1)
		return usage_error(cli, "merge: no BASE configuration given");
	return 0;
}

/*
 * A fragment line is a config line, a comment or blank; anything else is
 * refused before anything is written (merge_config.sh would pass it on).
 */
static bool check_fragment(const char *prog, const char *name, const char *text,
			   size_t len, const char *prefix)
{
	size_t at = 0, plen = strlen(prefix);
	int lineno = 0;
	bool ok = true;

	while (at < len) {
		const char *line = text + at, *nl = memchr(line, '\n', len - at);
		size_t n = nl ? (size_t)(nl - line) : len - at, name_len = 0;
		size_t blank = strspn(line, " \t\r");

		at += n + 1;
		lineno++;
		if (blank >= n || line[blank] == '#')
			continue;
		if (n > plen && !strncmp(line, prefix, plen))
			name_len = strspn(line + plen, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
					  "abcdefghijklmnopqrstuvwxyz0123456789_");
		if (name_len && plen + name_len < n && line[plen + name_len] == '=')
			continue;
		fprintf(stderr, "%s:%d:%zu: error: not a config line (%sNAME=VALUE, "
			"# %sNAME is not set, or a comment): %.*s\n", name, lineno,
			blank + 1, prefix, prefix, (int)(n > 60 ? 60 : n), line);
		ok = false;
	}
	(void)prog;
	return ok;
}

/* Every input read (and fragments checked) before anything is written. */
static bool read_inputs(const struct cli *cli, struct merge_run *run)
{
	bool ok = true;

	for (int i = 0; i < run->ninputs; i++) {
		char why[128];
		int err = 0;

		run->texts[i] = file_read(run->inputs[i], FILE_READ_MAX,
					  &run->lens[i], &err);
		/* Before finding the tree, which may change directory. */
		run->paths[i] = realpath(run->inputs[i], NULL);
		if (!run->paths[i])
			run->paths[i] = xstrdup(run->inputs[i]);
		if (!run->texts[i]) {
			fprintf(stderr, "%s: merge: %s: %s\n", cli->prog, run->inputs[i],
				file_read_error(err, FILE_READ_MAX, "a .config",
						why, sizeof(why)));
			ok = false;
		} else if (i > 0 && !check_fragment(cli->prog, run->inputs[i],
						    run->texts[i], run->lens[i],
						    run->opts.prefix)) {
			ok = false;
		}
	}
	return ok;
}

/* A temporary file in the current directory, as merge_config.sh's ./.tmp.config.*. */
static char *write_temp(const char *text, size_t len)
{
	char *name = xstrdup("./.tmp.config.XXXXXXXXXX");
	int fd = mkstemp(name);
	size_t done = 0;

	if (fd < 0) {
		free(name);
		return NULL;
	}
	while (done < len) {
		ssize_t n = write(fd, text + done, len - done);

		if (n <= 0 && errno != EINTR)
			break;
		if (n > 0)
			done += (size_t)n;
	}
	if (close(fd) != 0 || done < len) {
		unlink(name);
		free(name);
		return NULL;
	}
	return name;
}

/* The value a requested line asks for ("n" for "is not set"), or NULL. */
static char *requested_value(const char *line, const char *prefix)
{
	const char *eq;

	if (!strncmp(line, "# ", 2))
		return strstr(line, " is not set") ? xstrdup("n") : NULL;
	if (strncmp(line, prefix, strlen(prefix)) || !(eq = strchr(line, '=')) ||
	    strchr(eq, '\n'))
		return NULL;
	if (eq[1] == '"' && eq[strlen(eq) - 1] == '"' && strlen(eq) >= 3)
		return xmemdup(eq + 2, strlen(eq) - 3);
	return xstrdup(eq + 1);
}

/*
 * The other user values that would let the requested one take, tried on a
 * copy of the configuration ("set BAR=y, set BAZ=m"), or NULL.
 */
static char *plan_text(struct session *s, const struct symbol *sym,
		       const char *requested, const char *prefix)
{
	char *want = requested_value(requested, prefix);
	struct change_plan *plan;
	struct strbuf b = { 0 };

	if (!want)
		return NULL;
	plan = explain_change(s->ex, sym, want, 8, session_fresh_config, s);
	free(want);
	if (!plan || plan->already || !plan->feasible || !plan->verified)
		return NULL;
	for (unsigned i = 0; i < plan->nsteps; i++) {
		const struct change_step *st = &plan->steps[i];

		if (st->sym == sym || (st->kind != STEP_SET && st->kind != STEP_CHOOSE))
			continue;
		strbuf_addf(&b, "%s%s%s=%s", b.len ? ", " : "", prefix,
			    st->sym->name, st->value);
	}
	return b.len ? strbuf_take(&b) : NULL;
}

/*
 * A name this tree has not (or keeps only as a transitional one): its
 * likely new name, and the words for it.  false when there is no guess.
 */
static bool explain_renamed(struct session *s, const struct kconfig *old_kc,
			    struct lost_value *lost, const char *prefix, bool defined)
{
	const char *bare = lost->name + strlen(prefix);
	struct rename_guess g;
	struct strbuf names = { 0 };
	char buf[1024];

	if (!rename_guess(s->kc, old_kc, bare, &g))
		return false;
	for (unsigned i = 0; i < g.n; i++)
		strbuf_addf(&names, "%s%s%s", i ? ", " : "", prefix, g.to[i]->name);
	lost->renamed_to = strbuf_take(&names);
	lost->renamed_by = g.by;
	if (g.reads) {
		lost->reason = "renamed";
		snprintf(buf, sizeof(buf), "%s is transitional: the old name of %s, "
			 "whose default reads it (%s); ask for %s%s instead", bare,
			 g.to[0]->name, location_text(s->ex, g.reads->loc), prefix,
			 g.to[0]->name);
	} else {
		lost->reason = defined ? lost->reason : "undefined";
		/* A close name is a guess: it is offered as one. */
		bool close = !strcmp(g.by, "a close name");

		snprintf(buf, sizeof(buf), "no symbol of that name in this tree; "
			 "%s %s%s%s%s", close ? (g.n > 1 ? "close names:" : "a close name:")
			 : "likely renamed to", lost->renamed_to, close ? "" : " (",
			 close ? "" : g.by, close ? "" : ")");
	}
	free(lost->why);
	lost->why = xstrdup(buf);
	return true;
}

static void explain_lost(struct session *s, const struct kconfig *old_kc,
			 struct lost_value *lost, const char *prefix)
{
	const char *bare = lost->name + strlen(prefix);
	const struct symbol *sym = symbol_find(s->kc, bare);

	if (sym && (sym->flags & SYMBOL_TRANSITIONAL) &&
	    explain_renamed(s, old_kc, lost, prefix, true))
		return;
	if (!sym || !(sym->flags & SYMBOL_DEFINED)) {
		if (explain_renamed(s, old_kc, lost, prefix, false))
			return;
		lost->reason = "undefined";
		lost->why = xstrdup("no symbol of that name in this tree");
		return;
	}
	lost->why = merge_why_text(s->ex, explain_symbol(s->ex, sym), &lost->reason);
	lost->plan = plan_text(s, sym, lost->requested, prefix);
}

/* --- the report ---------------------------------------------------------------- */

static void report_text(const struct merge_run *run, const struct lost_value *lost,
			size_t nlost)
{
	for (size_t i = 0; i < nlost; i++) {
		const struct lost_value *l = &lost[i];

		if (run->format == FORMAT_GITHUB) {
			printf("::%s file=%s,line=%d::%s not applied: %s%s%s\n",
			       run->strict ? "error" : "warning", l->file ? l->file : "",
			       l->line, l->requested, l->why,
			       l->plan ? "; would take with " : "",
			       l->plan ? l->plan : "");
			continue;
		}
		printf("Value requested for %s not in final .config\n", l->name);
		printf("Requested value:  %s\n", l->requested);
		printf("Actual value:     %s\n", l->actual);
		if (l->file)
			printf("Requested at:     %s:%d\n", l->file, l->line);
		printf("Why:              %s\n", l->why);
		if (l->plan)
			printf("Would take with:  %s\n", l->plan);
		putchar('\n');
	}
}

static void fill_lost(void *ctx, const void *item, json_t *o)
{
	const struct lost_value *l = item;
	char where[4096];

	(void)ctx;
	snprintf(where, sizeof(where), "%s:%d", l->file ? l->file : "", l->line);
	json_put_text(o, "symbol", l->name);
	json_put_text(o, "requested", l->requested);
	json_put_text(o, "actual", l->actual);
	json_put_text(o, "location", l->file ? where : NULL);
	json_put_text(o, "reason", l->reason);
	json_put_text(o, "why", l->why);
	json_put_text(o, "plan", l->plan);
	json_put_text(o, "renamed_to", l->renamed_to);
	json_put_text(o, "renamed_by", l->renamed_by);
}

/*
 * GitLab's code quality report: one issue per lost value, at its fragment
 * line, with a fingerprint that stays the same from run to run.
 */
static void report_gitlab(const struct merge_run *run, const struct lost_value *lost,
			  size_t nlost)
{
	json_t *issues = json_new_array();

	for (size_t i = 0; i < nlost; i++) {
		const struct lost_value *l = &lost[i];
		json_t *o = json_new_object(), *where = json_new_object();
		json_t *lines = json_new_object();
		char text[2048], print[17];
		struct strbuf key = { 0 };

		snprintf(text, sizeof(text), "%s not applied: %s%s%s", l->requested,
			 l->why, l->plan ? "; would take with " : "",
			 l->plan ? l->plan : "");
		strbuf_addf(&key, "%s|%s|%s", l->name, l->file ? l->file : "", l->reason);
		snprintf(print, sizeof(print), "%016" PRIx64,
			 config_sources_hash(key.data, key.len));
		strbuf_release(&key);
		json_put_text(o, "description", text);
		json_put_text(o, "check_name", l->reason);
		json_put_text(o, "fingerprint", print);
		json_put_text(o, "severity", run->strict ? "major" : "minor");
		json_put_text(where, "path", l->file ? l->file : "");
		json_put(lines, "begin", json_integer(l->line > 0 ? l->line : 1));
		json_put(where, "lines", lines);
		json_put(o, "location", where);
		json_append(issues, o);
	}
	json_write_line(issues, stdout);
}

static void report_json(const char *config, const struct lost_value *lost,
			size_t nlost)
{
	json_t *root = json_new_object();

	json_put_text(root, "config", config);
	json_put(root, "not_applied", JSON_ARRAY_OF(lost, nlost, fill_lost, NULL));
	json_write_line(root, stdout);
}

/*
 * A value a fragment asked for that a later fragment replaced: lost, with
 * the line that replaced it.  (Overriding the base is what fragments are
 * for: that is no loss.)
 */
static void add_redefined(struct merge_text *t, struct lost_value *lost,
			  size_t *nlost)
{
	for (size_t i = 0; i < t->nredefined; i++) {
		struct lost_value *l;
		const struct merge_line *now = merge_text_request(t, t->redefined[i].name);

		if (!t->redefined[i].file || t->redefined[i].file == t->base)
			continue;
		l = &lost[(*nlost)++];

		memset(l, 0, sizeof(*l));
		l->name = xstrdup(t->redefined[i].name);
		l->requested = xstrdup(t->redefined[i].previous);
		l->actual = merge_text_requested(t, l->name);
		l->file = t->redefined[i].file;
		l->line = t->redefined[i].line;
		l->reason = "overridden";
		l->why = xstrdup("a later fragment sets it again");
		if (now && now->file) {
			char buf[512];

			snprintf(buf, sizeof(buf), "%s:%d sets it again", now->file,
				 now->line);
			free(l->why);
			l->why = xstrdup(buf);
		}
	}
}

/*
 * Every name the merged text assigns, compared with the written file as
 * merge_config.sh compares them; those that differ, explained.
 */
static size_t find_lost(struct merge_text *t, struct session *s,
			const struct kconfig *old_kc, const char *final,
			size_t final_len, struct lost_value **out)
{
	size_t nnames, nlost = 0;
	char **names = merge_text_names(t, &nnames);
	struct lost_value *lost = xcalloc(nnames + t->nredefined + 1, sizeof(*lost));

	for (size_t i = 0; i < nnames; i++) {
		char *want = merge_text_requested(t, names[i]);
		char *got = merge_text_grep(final, final_len, names[i]);
		const struct merge_line *at = merge_text_request(t, names[i]);
		struct lost_value *l;

		if (!strcmp(want, got)) {
			free(want);
			free(got);
			continue;
		}
		l = &lost[nlost++];
		l->name = names[i];
		names[i] = NULL;
		l->requested = want;
		l->actual = got;
		l->file = at ? at->file : NULL;
		l->line = at ? at->line : 0;
		explain_lost(s, old_kc, l, t->opts->prefix);
	}
	for (size_t i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	add_redefined(t, lost, &nlost);
	*out = lost;
	return nlost;
}

/* --- running it --------------------------------------------------------------- */

static char *output_name(const struct merge_run *run)
{
	const char *config = getenv("KCONFIG_CONFIG");
	char *name;
	size_t len;

	if (config && *config)
		return xstrdup(config);
	if (!run->outdir)
		return xstrdup(".config");
	len = strlen(run->outdir) + sizeof("/.config");
	name = xmalloc(len);
	snprintf(name, len, "%s/.config", run->outdir);
	return name;
}

/* conf MODE on the merged text (in temp), as make would run it. */
static int run_conf_mode(struct cli *cli, const struct merge_run *run,
			 const char *config, const char *temp, const char *text,
			 size_t len)
{
	char conf[] = "conf", mode[32];
	char *argv[] = { conf, mode, (char *)cli->kconfig, NULL };
	char err[512];
	FILE *saved_stdout;
	int status;

	snprintf(mode, sizeof(mode), "%s", run->conf_mode ? run->conf_mode
						      : "--olddefconfig");
	if (run->conf_mode) {
		setenv("KCONFIG_ALLCONFIG", temp, 1);
	} else if (file_replace_bytes(config, text, len, FILE_REPLACE_KEEP, true,
				      err, sizeof(err)) != 0) {
		fprintf(stderr, "%s: merge: %s\n", cli->prog, err);
		return EXIT_INPUT;
	}
	cli->opts.info_out = stdout;
	/* conf's messages go where the merge messages go (stderr for --json). */
	saved_stdout = stdout;
	stdout = run->opts.out;
	status = conf_main(3, argv, &cli->opts);
	fflush(stdout);
	stdout = saved_stdout;
	unsetenv("KCONFIG_ALLCONFIG");
	return status;
}

static void free_lost(struct lost_value *lost, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free((char *)lost[i].name);
		free(lost[i].requested);
		free(lost[i].actual);
		free(lost[i].why);
		free(lost[i].plan);
		free(lost[i].renamed_to);
	}
	free(lost);
}

/* The tree loaded with the merged text as its .config: the values conf keeps. */
static struct session *open_on(struct cli *cli, const char *temp)
{
	char *saved = getenv("KCONFIG_CONFIG") ? xstrdup(getenv("KCONFIG_CONFIG")) : NULL;
	struct session *s;

	setenv("KCONFIG_CONFIG", temp, 1);
	s = cli_open_session(cli, false);
	if (saved)
		setenv("KCONFIG_CONFIG", saved, 1);
	else
		unsetenv("KCONFIG_CONFIG");
	free(saved);
	return s;
}

/*
 * The sources file beside config: which input set each value (lost: the
 * requested values written lacks).  A failure is a warning: the merge
 * itself is done.
 */
static void record_sources(const struct cli *cli, const struct merge_run *run,
			   const struct session *s, const struct merge_text *t,
			   const char *config,
			   const char *written, size_t len,
			   const struct lost_value *lost, size_t nlost)
{
	const char **names = xcalloc(nlost + 1, sizeof(*names));
	struct merge_sources_target target = {
		.config = config, .text = written, .len = len,
		.srctree = cli->opts.srctree,
		.paths = (const char *const *)run->paths, .lost = names,
	};
	char err[512];

	/* The base was a merged .config (make FRAGMENT.config): its record. */
	target.base_sources = config_sources_read(s->kc, run->paths[0], run->texts[0],
						  run->lens[0], NULL, NULL);
	target.kc = s->kc;
	/* A value a later fragment replaced is not lost for the symbol. */
	for (size_t i = 0; i < nlost; i++)
		if (strcmp(lost[i].reason, "overridden"))
			names[target.nlost++] = lost[i].name;
	if (merge_sources_write(t, run->inputs, (unsigned)run->ninputs, &target,
				err, sizeof(err)) != 0)
		fprintf(stderr, "%s: merge: warning: %s\n", cli->prog, err);
	config_sources_free((struct config_sources *)target.base_sources);
	free(names);
}

static int merge_and_report(struct cli *cli, struct merge_run *run,
			    struct merge_text *t)
{
	size_t len, final_len = 0, nlost;
	char *text = merge_text_string(t, &len), *config = output_name(run);
	char *temp = NULL, *final = NULL, err[512];
	struct lost_value *lost = NULL;
	struct session *s = NULL, *old = NULL;
	int status = EXIT_INPUT, read_err;

	cli_resolve_tree(cli);
	temp = write_temp(text, len);
	if (!temp) {
		fprintf(stderr, "%s: merge: cannot write a temporary file here: %s\n",
			cli->prog, strerror(errno));
		goto out;
	}
	/* The tree first: an error in it leaves every file as it was. */
	s = open_on(cli, temp);
	if (!s)
		goto out;
	if (run->merge_only) {
		if (file_replace_bytes(config, text, len, FILE_REPLACE_KEEP, true,
				       err, sizeof(err)) != 0) {
			fprintf(stderr, "%s: merge: %s\n", cli->prog, err);
			goto out;
		}
		fprintf(run->opts.out, "#\n# merged configuration written to %s "
			"(needs make)\n#\n", config);
		/* What olddefconfig will keep: the model's values, as conf writes them. */
		final = config_write_text(s->cfg, &s->io, &final_len);
	} else {
		status = run_conf_mode(cli, run, config, temp, text, len);
		if (status)
			goto out;
		final = file_read(config, FILE_READ_MAX, &final_len, &read_err);
		if (!final)
			final = xstrdup("");
	}
	if (run->from_tree_abs) {
		old = cli_open_old_tree(cli, "merge", run->from_tree_abs, run->from_tree);
		if (!old) {
			status = EXIT_INPUT;
			goto out;
		}
	}
	nlost = find_lost(t, s, old ? old->kc : NULL, final, final_len, &lost);
	if (run->merge_only)
		record_sources(cli, run, s, t, config, text, len, NULL, 0);
	else
		record_sources(cli, run, s, t, config, final, final_len, lost, nlost);
	if (run->format == FORMAT_JSON)
		report_json(config, lost, nlost);
	else if (run->format == FORMAT_GITLAB)
		report_gitlab(run, lost, nlost);
	else
		report_text(run, lost, nlost);
	status = run->strict && nlost ? EXIT_INPUT : EXIT_OK;
	free_lost(lost, nlost);
out:
	if (temp)
		unlink(temp);
	session_close(old);
	session_close(s);
	free(temp);
	free(final);
	free(text);
	free(config);
	return status;
}

int cmd_merge(struct cli *cli, int argc, char **argv)
{
	struct merge_run run = {
		.opts = { .out = stdout, .warn_override = true },
	};
	struct merge_text t;
	int status;

	run.opts.prefix = getenv("CONFIG_") ? getenv("CONFIG_") : "CONFIG_";
	status = parse_args(cli, &run, argc, argv);
	if (status)
		return status < 0 ? EXIT_OK : status;
	if (run.format == FORMAT_JSON || run.format == FORMAT_GITLAB)
		run.opts.out = stderr;
	status = EXIT_INPUT;
	if (run.from_tree && !(run.from_tree_abs = realpath(run.from_tree, NULL))) {
		fprintf(stderr, "%s: merge: %s: %s\n", cli->prog, run.from_tree,
			strerror(errno));
		goto out;
	}
	if (!read_inputs(cli, &run))
		goto out;
	merge_text_start(&t, &run.opts, run.inputs[0], run.texts[0], run.lens[0]);
	for (int i = 1; i < run.ninputs; i++)
		merge_text_add(&t, run.inputs[i], run.texts[i], run.lens[i]);
	if (run.strict_redefine && t.nredefined) {
		fprintf(run.opts.out, "The fragment redefined a value and strict mode "
			"had been passed.\n");
	} else {
		status = merge_and_report(cli, &run, &t);
	}
	merge_text_free(&t);
out:
	for (int i = 0; i < run.ninputs; i++) {
		free(run.texts[i]);
		free(run.paths[i]);
	}
	free(run.from_tree_abs);
	return status;
}
