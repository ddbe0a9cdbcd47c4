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

const char *survey_record_text(const json_t *item, const char *key)
{
	const char *s = json_string_value(json_object_get(item, key));

	return s ? s : "";
}

static bool is_done(const json_t *item)
{
	return json_object_get(item, "done") != NULL;
}

/* The configurations that could not be evaluated, as an array. */
json_t *survey_failures_json(const struct survey_records *rec)
{
	json_t *list = json_new_array();

	for (size_t i = 0; i < rec->n; i++) {
		const json_t *item = rec->items[i];
		json_t *f;

		if (!is_done(item) || !json_object_get(item, "error"))
			continue;
		f = json_new_object();
		json_put_text(f, "arch", survey_record_text(item, "arch"));
		json_put_text(f, "config", survey_record_text(item, "config"));
		json_put_text(f, "error", survey_record_text(item, "error"));
		json_append(list, f);
	}
	return list;
}

void survey_print_failures(const struct survey_records *rec)
{
	for (size_t i = 0; i < rec->n; i++) {
		const json_t *item = rec->items[i];

		if (is_done(item) && json_object_get(item, "error"))
			fprintf(stderr, "kbrowse: survey: arch/%s/configs/%s: %s\n",
				survey_record_text(item, "arch"), survey_record_text(item, "config"),
				survey_record_text(item, "error"));
	}
}

int survey_report_write(const struct survey_request *rq,
			const struct survey_targets *t,
			const struct survey_records *rec, bool json)
{
	unsigned written = rec->configs_done - rec->configs_failed;

	survey_print_failures(rec);
	if (json) {
		json_t *o = json_new_object();

		json_put_text(o, "directory", rq->outdir);
		json_put(o, "configurations", json_integer(t->nconfigs));
		json_put(o, "written", json_integer(written));
		json_put(o, "failed", survey_failures_json(rec));
		json_write_line(o, stdout);	/* frees o */
	} else {
		printf("%u of %u configurations of %u architectures written to %s\n",
		       written, t->nconfigs, t->narches, rq->outdir);
	}
	return written == t->nconfigs ? EXIT_OK : EXIT_INPUT;
}

/* Configurations with the same value for the same reason. */
struct cause_group {
	const char *value;		/* NULL: the symbol is not defined there */
	const char *kind, *reason, *location;
	bool written;			/* conf writes a line for it */
	json_t *configs;		/* "ARCH/NAME" strings */
};

struct symbol_groups {
	struct cause_group *groups;
	unsigned n, cap;
};

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* A user value's line is its own file's: those group by value alone. */
static const char *group_location(const json_t *item)
{
	return strcmp(survey_record_text(item, "kind"), "user") == 0 ? "" : survey_record_text(item, "location");
}

static void group_record(struct symbol_groups *g, const json_t *item)
{
	bool defined = json_is_true(json_object_get(item, "defined"));
	const char *value = defined ? survey_record_text(item, "value") : NULL;
	const char *reason = defined ? survey_record_text(item, "reason") : "";
	const char *kind = defined ? survey_record_text(item, "kind") : "";
	const char *loc = defined ? group_location(item) : "";
	bool written = json_is_true(json_object_get(item, "written"));
	char name[1024];
	unsigned i;

	for (i = 0; i < g->n; i++)
		if (same(g->groups[i].value, value) && same(g->groups[i].reason, reason) &&
		    same(g->groups[i].kind, kind) && same(g->groups[i].location, loc) &&
		    g->groups[i].written == written)
			break;
	if (i == g->n) {
		if (g->n == g->cap) {
			g->cap = g->cap ? 2 * g->cap : 16;
			g->groups = xrealloc(g->groups, g->cap * sizeof(*g->groups));
		}
		g->groups[g->n++] = (struct cause_group){
			.value = value, .kind = kind, .reason = reason,
			.location = loc, .written = written,
			.configs = json_new_array(),
		};
	}
	snprintf(name, sizeof(name), "%s/%s", survey_record_text(item, "arch"),
		 survey_record_text(item, "config"));
	json_append(g->groups[i].configs, json_text(name));
}

/* y, m, n first, then other values, then "not defined"; larger groups first. */
static int value_rank(const char *v)
{
	if (!v)
		return 4;
	return !strcmp(v, "y") ? 0 : !strcmp(v, "m") ? 1 : !strcmp(v, "n") ? 2 : 3;
}

static int by_value_then_size(const void *a, const void *b)
{
	const struct cause_group *x = a, *y = b;
	int c = value_rank(x->value) - value_rank(y->value);

	if (!c && x->value && y->value)
		c = strcmp(x->value, y->value);
	if (!c)
		c = (int)json_array_size(y->configs) - (int)json_array_size(x->configs);
	return c;
}

static void collect_groups(struct symbol_groups *g, const struct survey_records *rec,
			   const char *symbol)
{
	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < rec->n; i++)
		if (!is_done(rec->items[i]) && same(survey_record_text(rec->items[i], "symbol"), symbol))
			group_record(g, rec->items[i]);
	qsort(g->groups, g->n, sizeof(*g->groups), by_value_then_size);
}

static void free_groups(struct symbol_groups *g)
{
	for (unsigned i = 0; i < g->n; i++)
		json_decref(g->groups[i].configs);
	free(g->groups);
}

/* How many configurations have the value of group i (and the groups after it). */
static size_t value_total(const struct symbol_groups *g, unsigned i)
{
	size_t n = 0;

	for (unsigned j = i; j < g->n && same(g->groups[j].value, g->groups[i].value); j++)
		n += json_array_size(g->groups[j].configs);
	return n;
}

/* The configurations' names, wrapped at 80 columns. */
void survey_print_names(const json_t *configs)
{
	size_t col = 0, i;
	json_t *name;

	json_array_foreach(configs, i, name) {
		const char *s = json_string_value(name);
		size_t len = strlen(s);

		if (col && col + len + 2 > 80) {
			putchar('\n');
			col = 0;
		}
		col += (size_t)printf("%s%s", col ? " " : "      ", s);
	}
	if (col)
		putchar('\n');
}

static void print_symbol_text(const char *symbol, const struct symbol_groups *g)
{
	printf("%s\n", symbol);
	if (!g->n)
		printf("  in no configuration\n");
	for (unsigned i = 0; i < g->n; i++) {
		const struct cause_group *c = &g->groups[i];
		size_t n = json_array_size(c->configs);

		if (i == 0 || !same(g->groups[i - 1].value, c->value)) {
			size_t total = value_total(g, i);

			if (c->value)
				printf("  %s%s%s in %zu configuration%s\n",
				       *c->value ? "" : "\"", c->value, *c->value ? "" : "\"",
				       total, total == 1 ? "" : "s");
			else
				printf("  not defined in %zu configuration%s\n", total,
				       total == 1 ? "" : "s");
		}
		if (c->value)
			printf("    %zu%s: %s%s%s%s\n", n, c->written ? "" : " (not written)",
			       c->reason,
			       !strcmp(c->kind, "user") ? " (a line of the defconfig)" : "",
			       *c->location ? " at " : "", c->location);
		survey_print_names(c->configs);
	}
}

static json_t *symbol_json(const char *symbol, const struct symbol_groups *g)
{
	json_t *o = json_new_object(), *causes = json_new_array();

	json_put_text(o, "symbol", symbol);
	for (unsigned i = 0; i < g->n; i++) {
		const struct cause_group *c = &g->groups[i];
		json_t *cause = json_new_object();

		json_put(cause, "value", c->value ? json_text(c->value) : json_null());
		json_put(cause, "count", json_integer((json_int_t)json_array_size(c->configs)));
		if (c->value) {
			json_put(cause, "written", json_boolean(c->written));
			json_put_text(cause, "kind", c->kind);
			json_put_text(cause, "reason", c->reason);
			json_put(cause, "location", *c->location ? json_text(c->location)
								 : json_null());
		}
		json_put(cause, "configs", json_incref(c->configs));
		json_append(causes, cause);
	}
	json_put(o, "groups", causes);
	return o;
}

int survey_report_symbols(const struct survey_request *rq,
			  const struct survey_records *rec, bool json)
{
	json_t *all = json ? json_new_array() : NULL;

	survey_print_failures(rec);
	for (unsigned i = 0; i < rq->nsymbols; i++) {
		struct symbol_groups g;

		collect_groups(&g, rec, rq->symbols[i]);
		if (json)
			json_append(all, symbol_json(rq->symbols[i], &g));
		else
			print_symbol_text(rq->symbols[i], &g);
		free_groups(&g);
	}
	if (json) {
		json_t *o = json_new_object();

		json_put(o, "configurations", json_integer(rec->configs_done));
		json_put(o, "symbols", all);
		json_put(o, "failed", survey_failures_json(rec));
		json_write_line(o, stdout);
	}
	return rec->configs_failed ? EXIT_INPUT : EXIT_OK;
}

/* The records of one configuration: items[first .. end). */
static size_t config_end(const struct survey_records *rec, size_t first)
{
	size_t end = first;

	while (end < rec->n &&
	       same(survey_record_text(rec->items[end], "arch"), survey_record_text(rec->items[first], "arch")) &&
	       same(survey_record_text(rec->items[end], "config"), survey_record_text(rec->items[first], "config")))
		end++;
	return end;
}

static bool has_type(const json_t *item, const char *type)
{
	return same(survey_record_text(item, "type"), type);
}

static void print_stale_text(const struct survey_records *rec, size_t first,
			     size_t end)
{
	printf("arch/%s/configs/%s\n", survey_record_text(rec->items[first], "arch"),
	       survey_record_text(rec->items[first], "config"));
	for (size_t i = first; i < end; i++) {
		const json_t *item = rec->items[i];
		size_t k;
		json_t *line;

		if (has_type(item, "refresh")) {
			printf("  savedefconfig differs: a refresh is due\n");
			json_array_foreach(json_object_get(item, "removed"), k, line)
				printf("    -%s\n", json_string_value(line));
			json_array_foreach(json_object_get(item, "added"), k, line)
				printf("    +%s\n", json_string_value(line));
		} else if (has_type(item, "line")) {
			printf("  line %lld: %s: %s\n",
			       (long long)json_integer_value(json_object_get(item, "line")),
			       survey_record_text(item, "requested"), survey_record_text(item, "why"));
		}
	}
}

static json_t *stale_json(const struct survey_records *rec, size_t first, size_t end)
{
	json_t *o = json_new_object(), *lines = json_new_array();

	json_put_text(o, "arch", survey_record_text(rec->items[first], "arch"));
	json_put_text(o, "config", survey_record_text(rec->items[first], "config"));
	json_put(o, "refresh", json_false());
	for (size_t i = first; i < end; i++) {
		json_t *item = rec->items[i];

		if (has_type(item, "refresh")) {
			json_put(o, "refresh", json_true());
			json_put(o, "removed", json_incref(json_object_get(item, "removed")));
			json_put(o, "added", json_incref(json_object_get(item, "added")));
		} else if (has_type(item, "line")) {
			json_t *l = json_deep_copy(item);

			json_object_del(l, "arch");
			json_object_del(l, "config");
			json_object_del(l, "seq");
			json_object_del(l, "type");
			json_append(lines, l);
		}
	}
	json_put(o, "lines", lines);
	return o;
}

int survey_report_stale(const struct survey_request *rq,
			const struct survey_records *rec, bool json)
{
	json_t *list = json_new_array();
	unsigned stale = 0, refresh = 0;

	(void)rq;
	survey_print_failures(rec);
	for (size_t first = 0, end; first < rec->n; first = end) {
		bool any = false;

		end = config_end(rec, first);
		for (size_t i = first; i < end; i++) {
			any |= !is_done(rec->items[i]);
			refresh += has_type(rec->items[i], "refresh");
		}
		if (!any)
			continue;
		stale++;
		if (json)
			json_append(list, stale_json(rec, first, end));
		else
			print_stale_text(rec, first, end);
	}
	if (json) {
		json_t *o = json_new_object();

		json_put(o, "configurations", json_integer(rec->configs_done));
		json_put(o, "stale", list);
		json_put(o, "failed", survey_failures_json(rec));
		json_write_line(o, stdout);
	} else {
		json_decref(list);
		printf("%u of %u configurations stale (%u with a savedefconfig that "
		       "differs)\n", stale, rec->configs_done, refresh);
	}
	return rec->configs_failed ? EXIT_INPUT : EXIT_OK;
}
