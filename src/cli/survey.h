/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `kbrowse survey`: every defconfig of every architecture of a kernel
 * tree, each architecture's Kconfig parsed once and every configuration
 * of it evaluated against that one tree.  What the pieces share:
 *
 *   survey_targets.c  which architectures and defconfig files
 *   survey_run.c      the worker processes (one per architecture, at
 *                     most -j at once) and the records they send back
 *   survey_report.c   the records grouped and printed (text, JSON)
 *   survey_compare.c  --from-tree in a worker: each configuration
 *                     evaluated in an old tree too, compared by name
 *   survey_report_tree.c  --from-tree's root changes grouped across
 *                     configurations
 *   cmd_survey.c      the command line
 */
#ifndef KBROWSE_SURVEY_H
#define KBROWSE_SURVEY_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "kconfig.h"

/* One architecture: arch/NAME/ and its defconfig files. */
struct survey_arch {
	char *name;		/* the directory name: ARCH for make */
	char **configs;		/* relative to arch/NAME/configs/, sorted */
	unsigned nconfigs;
};

struct survey_targets {
	struct survey_arch *arches;
	unsigned narches;
	unsigned nconfigs;	/* over all arches */
};

/*
 * The architectures of srctree (arch/X/ with a Kconfig and configs/),
 * only those named in arches (comma-separated, NULL: all), and their
 * files named *defconfig under configs/ (subdirectories too), only those
 * whose name there matches glob (fnmatch, NULL: all).  False, with a
 * message on stderr, when arches names one that is not there.
 */
bool survey_targets_find(struct survey_targets *t, const char *srctree,
			 const char *arches, const char *glob);
void survey_targets_free(struct survey_targets *t);

enum survey_task {
	SURVEY_WRITE_CONFIGS,	/* DIR/ARCH/NAME.config */
	SURVEY_SYMBOLS,		/* value and deciding line of each symbol */
	SURVEY_STALE,		/* savedefconfig differs, lines not taking effect */
	SURVEY_FROM_TREE,	/* each configuration in an old tree and this one */
};

struct survey_request {
	enum survey_task task;
	const char *outdir;		/* SURVEY_WRITE_CONFIGS */
	char **symbols;			/* SURVEY_SYMBOLS, without CONFIG_ */
	unsigned nsymbols;
	/* SURVEY_FROM_TREE: the old tree, absolute, and as given. */
	const char *old_srctree, *old_given;
	const char *new_given;		/* this tree as the command line named it */
	unsigned jobs;			/* worker processes at once */
	bool progress;			/* a progress line on stderr */
	/* The tree, as the command line resolved it; srctree absolute. */
	struct kconfig_options tree;
	/* Arch-derived variables the user set (kept in each worker). */
	bool user_nm, user_clang_flags;
};

/*
 * One record a worker sends back per configuration (and per symbol):
 * a JSON object with at least "arch" and "config", and "error" when the
 * configuration could not be evaluated.  The parent keeps them all.
 */
struct survey_records {
	json_t **items;
	size_t n, cap;
	unsigned configs_done, configs_failed;
	unsigned arches_failed;
};

/*
 * Run the request over every target: fork the workers, collect their
 * records in rec (sorted by arch then config).  0, or EXIT_INPUT when a
 * worker failed as a whole (its architecture's tree has errors, it
 * crashed); every failure is said on stderr.
 */
int survey_run(const struct survey_request *rq, const struct survey_targets *t,
	       struct survey_records *rec);
void survey_records_free(struct survey_records *rec);

/* A record's text field ("" when it has none). */
const char *survey_record_text(const json_t *item, const char *key);
/* The configurations that could not be evaluated: a JSON array, or on stderr. */
json_t *survey_failures_json(const struct survey_records *rec);
void survey_print_failures(const struct survey_records *rec);
/* Configuration names ("ARCH/NAME" strings), indented, wrapped at 80 columns. */
void survey_print_names(const json_t *configs);

/* The printed forms (survey_report.c): the exit status. */
int survey_report_write(const struct survey_request *rq,
			const struct survey_targets *t,
			const struct survey_records *rec, bool json);
int survey_report_symbols(const struct survey_request *rq,
			  const struct survey_records *rec, bool json);
int survey_report_stale(const struct survey_request *rq,
			const struct survey_records *rec, bool json);
/*
 * --from-tree: 0 when no configuration changes, 1 when one does, 2 when
 * one could not be compared (diff(1)'s statuses).
 */
int survey_report_from_tree(const struct survey_request *rq,
			    const struct survey_targets *t,
			    const struct survey_records *rec, bool json);

#endif
