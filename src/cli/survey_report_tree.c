// SPDX-License-Identifier: GPL-2.0
/*
 * What `kbrowse survey --from-tree OLD_TREE` prints: the root changes
 * the workers found in each configuration (survey_compare.c), grouped
 * across configurations by what changed (the symbol, its value in each
 * tree, the kind of root, the likely new name), each group with the
 * configurations it happens in, the reasons on both sides, and the
 * values that follow from it.  When nothing changes anywhere, it says
 * so in one line: the proof that a change of the Kconfig files is
 * neutral.  Text for people, --json for scripts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_out.h"
#include "survey.h"
#include "util.h"

/* The configurations where a root change had the same reasons. */
struct reason_group {
	const char *old_reason, *old_location, *new_reason, *new_location;
	json_t *configs;
};

/* One root change, the same in every configuration listed. */
struct root_group {
	const json_t *first;		/* its first record */
	const char *symbol, *root, *renamed_to;
	char *old_shown, *new_shown;	/* "y", "-" (not written), "(gone)" */
	json_t *configs;		/* "ARCH/NAME" */
	json_t *follows;		/* the union of what follows, first seen first */
	json_t *follows_seen;		/* the same, as an object's keys */
	struct reason_group *reasons;
	unsigned nreasons, reasons_cap;
};

struct root_groups {
	struct root_group *g;
	unsigned n, cap;
};

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static const char *side_text(const json_t *side, const char *key)
{
	return json_string_value(json_object_get(side, key));
}

/* A side's value as the text shows it. */
static char *shown(const json_t *item, const char *which)
{
	const json_t *side = json_object_get(item, which);
	const char *value = side_text(side, "value");

	if (!json_is_true(json_object_get(side, "defined")))
		return xstrdup("(gone)");
	if (!json_is_true(json_object_get(side, "written")))
		return xstrdup("-");
	if (!strcmp(survey_record_text(item, "symbol_type"), "string"))
		return xasprintf("\"%s\"", value ? value : "");
	return xstrdup(value ? value : "");
}

static char *config_name(const json_t *item)
{
	return xasprintf("%s/%s", survey_record_text(item, "arch"),
			 survey_record_text(item, "config"));
}

static void add_name(json_t *list, const json_t *item)
{
	char *name = config_name(item);

	json_append(list, json_text(name));
	free(name);
}

/*
 * Where a side's value came from, for grouping: a user value's line is
 * the configuration's own file, so those group by the words alone.
 */
static const char *reason_location(const json_t *side)
{
	const char *kind = side_text(side, "kind");

	return kind && !strcmp(kind, "user") ? NULL : side_text(side, "location");
}

static void add_reason(struct root_group *g, const json_t *item)
{
	const json_t *o = json_object_get(item, "old"), *n = json_object_get(item, "new");
	struct reason_group key = {
		side_text(o, "reason"), reason_location(o),
		side_text(n, "reason"), reason_location(n), NULL,
	};
	unsigned i;

	for (i = 0; i < g->nreasons; i++) {
		const struct reason_group *r = &g->reasons[i];

		if (same(r->old_reason, key.old_reason) &&
		    same(r->old_location, key.old_location) &&
		    same(r->new_reason, key.new_reason) &&
		    same(r->new_location, key.new_location))
			break;
	}
	if (i == g->nreasons) {
		if (g->nreasons == g->reasons_cap) {
			g->reasons_cap = g->reasons_cap ? 2 * g->reasons_cap : 4;
			g->reasons = xrealloc(g->reasons, g->reasons_cap * sizeof(*g->reasons));
		}
		key.configs = json_new_array();
		g->reasons[g->nreasons++] = key;
	}
	add_name(g->reasons[i].configs, item);
}

static void add_follows(struct root_group *g, const json_t *item)
{
	size_t i;
	json_t *name;

	json_array_foreach(json_object_get(item, "follows"), i, name) {
		const char *s = json_string_value(name);

		if (!s || json_object_get(g->follows_seen, s))
			continue;
		json_object_set_new(g->follows_seen, s, json_true());
		json_append(g->follows, json_text(s));
	}
}

static void group_root(struct root_groups *gs, const json_t *item)
{
	const char *symbol = survey_record_text(item, "symbol");
	const char *root = survey_record_text(item, "root");
	const char *renamed = json_string_value(json_object_get(item, "renamed_to"));
	char *old_shown = shown(item, "old"), *new_shown = shown(item, "new");
	struct root_group *g = NULL;

	for (unsigned i = 0; i < gs->n && !g; i++)
		if (same(gs->g[i].symbol, symbol) && same(gs->g[i].root, root) &&
		    same(gs->g[i].renamed_to, renamed) &&
		    same(gs->g[i].old_shown, old_shown) &&
		    same(gs->g[i].new_shown, new_shown))
			g = &gs->g[i];
	if (g) {
		free(old_shown);
		free(new_shown);
	} else {
		if (gs->n == gs->cap) {
			gs->cap = gs->cap ? 2 * gs->cap : 32;
			gs->g = xrealloc(gs->g, gs->cap * sizeof(*gs->g));
		}
		g = &gs->g[gs->n++];
		*g = (struct root_group){
			.first = item, .symbol = symbol, .root = root,
			.renamed_to = renamed, .old_shown = old_shown,
			.new_shown = new_shown, .configs = json_new_array(),
			.follows = json_new_array(), .follows_seen = json_new_object(),
		};
	}
	add_name(g->configs, item);
	add_reason(g, item);
	add_follows(g, item);
}

/* The groups in most configurations first, then by name. */
static int by_count(const void *a, const void *b)
{
	const struct root_group *x = a, *y = b;
	size_t nx = json_array_size(x->configs), ny = json_array_size(y->configs);

	if (nx != ny)
		return nx > ny ? -1 : 1;
	return strcmp(x->symbol, y->symbol);
}

static void free_groups(struct root_groups *gs)
{
	for (unsigned i = 0; i < gs->n; i++) {
		struct root_group *g = &gs->g[i];

		for (unsigned j = 0; j < g->nreasons; j++)
			json_decref(g->reasons[j].configs);
		free(g->reasons);
		free(g->old_shown);
		free(g->new_shown);
		json_decref(g->configs);
		json_decref(g->follows);
		json_decref(g->follows_seen);
	}
	free(gs->g);
}

/* What the records say: the groups, and the configurations without a change. */
struct tree_summary {
	struct root_groups groups;
	json_t *unchanged;
	unsigned compared, changed, roots;
	unsigned narches;		/* with a configuration */
};

static bool is_done(const json_t *item)
{
	return json_object_get(item, "done") != NULL;
}

static void summarize(struct tree_summary *sum, const struct survey_targets *t,
		      const struct survey_records *rec)
{
	memset(sum, 0, sizeof(*sum));
	sum->unchanged = json_new_array();
	for (unsigned i = 0; i < t->narches; i++)
		sum->narches += t->arches[i].nconfigs > 0;
	for (size_t i = 0; i < rec->n; i++) {
		const json_t *item = rec->items[i];

		if (!is_done(item)) {
			if (!strcmp(survey_record_text(item, "type"), "root")) {
				group_root(&sum->groups, item);
				sum->roots++;
			}
			continue;
		}
		if (json_object_get(item, "error"))
			continue;
		sum->compared++;
		if (json_integer_value(json_object_get(item, "changed")) > 0)
			sum->changed++;
		else
			add_name(sum->unchanged, item);
	}
	if (sum->groups.n)
		qsort(sum->groups.g, sum->groups.n, sizeof(*sum->groups.g), by_count);
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

/* "[removed; likely renamed to X: the same prompt]", "[new option]"... */
static void print_root_note(const struct root_group *g)
{
	const char *by = json_string_value(json_object_get(g->first, "renamed_by"));

	if (json_is_true(json_object_get(g->first, "transitional")))
		printf("  [renamed to %s: the old name is transitional]", g->renamed_to);
	else if (!strcmp(g->root, "removed") && g->renamed_to)
		printf("  [removed; likely renamed to %s: %s]", g->renamed_to,
		       by ? by : "");
	else if (!strcmp(g->root, "removed"))
		printf("  [removed]");
	else if (!strcmp(g->root, "new"))
		printf("  [new option]");
	else
		printf("  [its definition changed]");
}

static void print_side(const char *reason, const char *location, bool now)
{
	if (!reason)
		printf(now ? "not defined now" : "was not defined");
	else if (now && !location)
		printf("%s (a line of the defconfig)", reason);
	else if (now)
		printf("%s %s", location, reason);
	else if (!location)
		printf("was %s (a line of the defconfig)", reason);
	else
		printf("was %s at %s", reason, location);
}

static void print_group(const struct root_group *g)
{
	size_t n = json_array_size(g->configs), nf = json_array_size(g->follows);

	printf("%s  %s -> %s", g->symbol, g->old_shown, g->new_shown);
	print_root_note(g);
	printf("  in %zu configuration%s\n", n, plural(n));
	for (unsigned i = 0; i < g->nreasons; i++) {
		const struct reason_group *r = &g->reasons[i];
		size_t k = json_array_size(r->configs);

		printf("    %zu: ", k);
		print_side(r->new_reason, r->new_location, true);
		printf("; ");
		print_side(r->old_reason, r->old_location, false);
		putchar('\n');
		survey_print_names(r->configs);
	}
	if (nf) {
		size_t i;
		json_t *name;

		printf("    %zu value%s follow%s from it:", nf, plural(nf),
		       nf == 1 ? "s" : "");
		json_array_foreach(g->follows, i, name) {
			if (i == 12) {
				printf(" ... (%zu more)", nf - i);
				break;
			}
			printf(" %s", json_string_value(name));
		}
		putchar('\n');
	}
}

static void print_text(const struct survey_request *rq, const struct survey_targets *t,
		       const struct tree_summary *sum)
{
	if (!sum->changed) {
		if (sum->compared == t->nconfigs)
			printf("no configuration changes: %u configuration%s of %u "
			       "architecture%s compared\n", sum->compared,
			       plural(sum->compared), sum->narches, plural(sum->narches));
		else if (!sum->compared)
			printf("no configuration compared: none of %u could be\n",
			       t->nconfigs);
		else
			printf("no change in the %u configuration%s compared, but %u of "
			       "%u could not be compared\n", sum->compared,
			       plural(sum->compared), t->nconfigs - sum->compared,
			       t->nconfigs);
		return;
	}
	printf("From %s to %s: each defconfig read by conf --defconfig in both trees\n",
	       rq->old_given, rq->new_given);
	printf("%u of %u configuration%s of %u architecture%s change (%u root "
	       "change%s, %u distinct)", sum->changed, t->nconfigs, plural(t->nconfigs),
	       sum->narches, plural(sum->narches), sum->roots, plural(sum->roots),
	       sum->groups.n);
	if (sum->compared != t->nconfigs)
		printf("; %u could not be compared", t->nconfigs - sum->compared);
	printf("\n");
	for (unsigned i = 0; i < sum->groups.n; i++) {
		putchar('\n');
		print_group(&sum->groups.g[i]);
	}
	if (json_array_size(sum->unchanged)) {
		printf("\nunchanged: %zu configuration%s\n", json_array_size(sum->unchanged),
		       plural(json_array_size(sum->unchanged)));
		survey_print_names(sum->unchanged);
	}
}

static json_t *side_json(const json_t *item, const char *which)
{
	const json_t *side = json_object_get(item, which);
	json_t *o = json_new_object();
	bool defined = json_is_true(json_object_get(side, "defined"));

	json_put(o, "defined", json_boolean(defined));
	json_put_text(o, "value", side_text(side, "value"));
	json_put(o, "written", json_boolean(json_is_true(json_object_get(side, "written"))));
	return o;
}

static json_t *reason_json(const struct reason_group *r)
{
	json_t *o = json_new_object(), *old = json_new_object(), *now = json_new_object();

	json_put_text(old, "reason", r->old_reason);
	json_put_text(old, "location", r->old_location);
	json_put_text(now, "reason", r->new_reason);
	json_put_text(now, "location", r->new_location);
	json_put(o, "old", old);
	json_put(o, "new", now);
	json_put(o, "count", json_integer((json_int_t)json_array_size(r->configs)));
	json_put(o, "configs", json_incref(r->configs));
	return o;
}

static json_t *group_json(const struct root_group *g)
{
	json_t *o = json_new_object(), *reasons = json_new_array();

	json_put_text(o, "symbol", g->symbol);
	json_put_text(o, "type", survey_record_text(g->first, "symbol_type"));
	json_put_text(o, "root", g->root);
	json_put(o, "old", side_json(g->first, "old"));
	json_put(o, "new", side_json(g->first, "new"));
	json_put_text(o, "renamed_to", g->renamed_to);
	json_put(o, "renamed_by", json_incref(json_object_get(g->first, "renamed_by")));
	json_put(o, "transitional",
		 json_boolean(json_is_true(json_object_get(g->first, "transitional"))));
	json_put(o, "count", json_integer((json_int_t)json_array_size(g->configs)));
	json_put(o, "configs", json_incref(g->configs));
	for (unsigned i = 0; i < g->nreasons; i++)
		json_append(reasons, reason_json(&g->reasons[i]));
	json_put(o, "reasons", reasons);
	json_put(o, "follows", json_incref(g->follows));
	return o;
}

static void print_json(const struct survey_request *rq, const struct survey_targets *t,
		       const struct survey_records *rec, const struct tree_summary *sum)
{
	json_t *o = json_new_object(), *groups = json_new_array();

	json_put_text(o, "old_tree", rq->old_given);
	json_put_text(o, "new_tree", rq->new_given);
	json_put(o, "configurations", json_integer(t->nconfigs));
	json_put(o, "architectures", json_integer(sum->narches));
	json_put(o, "compared", json_integer(sum->compared));
	json_put(o, "changed", json_integer(sum->changed));
	json_put(o, "root_changes", json_integer(sum->roots));
	for (unsigned i = 0; i < sum->groups.n; i++)
		json_append(groups, group_json(&sum->groups.g[i]));
	json_put(o, "groups", groups);
	json_put(o, "unchanged", json_incref(sum->unchanged));
	json_put(o, "failed", survey_failures_json(rec));
	json_write_line(o, stdout);
}

int survey_report_from_tree(const struct survey_request *rq,
			    const struct survey_targets *t,
			    const struct survey_records *rec, bool json)
{
	struct tree_summary sum;
	int status;

	survey_print_failures(rec);
	summarize(&sum, t, rec);
	if (json)
		print_json(rq, t, rec, &sum);
	else
		print_text(rq, t, &sum);
	status = sum.compared != t->nconfigs ? EXIT_USAGE : sum.changed ? EXIT_INPUT
									 : EXIT_OK;
	free_groups(&sum.groups);
	json_decref(sum.unchanged);
	return status;
}
