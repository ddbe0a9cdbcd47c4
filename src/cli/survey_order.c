// SPDX-License-Identifier: GPL-2.0
/*
 * A worker computes each defconfig from the one it computed just before
 * (config_base.c): a symbol whose user value differs is computed again,
 * then whatever reads a value that came out different.  So the order
 * matters: the files' lines as sets, a difference weighted by what reads
 * the line's symbol (the caller knows), a greedy nearest-neighbour chain
 * over them, then shortened by 2-opt.  Reading the files again for it
 * costs far less than one configuration's values.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "file_read.h"
#include "survey_order.h"
#include "util.h"

/*
 * Files whose modules lines differ share nothing (every tristate reads
 * it): their distance is at least this.
 */
#define MODULES_APART 100000

/* A line: its hash, what a difference in it costs. */
struct line {
	uint64_t hash;
	unsigned weight;
};

/* One file's lines, sorted by hash. */
struct line_set {
	struct line *line;
	size_t count;
	uint64_t modules;		/* the hash of its modules line, or 0 */
};

static uint64_t line_hash(const char *p, size_t n)
{
	return (uint64_t)hash_bytes(p, n) | 1;	/* never 0: "no modules line" */
}

static int cmp_hash(const void *a, const void *b)
{
	uint64_t x = ((const struct line *)a)->hash, y = ((const struct line *)b)->hash;

	return (x > y) - (x < y);
}

/* Whether the line sets the modules symbol: "M=..." or "# M is not set". */
static bool names_modules(const char *line, size_t n, const char *modules)
{
	size_t m = modules ? strlen(modules) : 0;

	if (!m)
		return false;
	if (n > 2 && line[0] == '#' && line[1] == ' ') {
		line += 2;
		n -= 2;
	}
	return n > m && strncmp(line, modules, m) == 0 &&
	       (line[m] == '=' || line[m] == ' ');
}

static void read_lines(struct line_set *set, const char *path, const char *modules,
		       survey_line_weight_fn *weight, void *ctx)
{
	size_t len = 0, cap = 0;
	int err = 0;
	char *text = file_read(path, FILE_READ_MAX, &len, &err);

	if (!text)
		return;
	for (size_t at = 0; at < len;) {
		const char *line = text + at;
		size_t n = strcspn(line, "\n");

		at += n + 1;
		if (!n)
			continue;
		if (names_modules(line, n, modules)) {
			set->modules = line_hash(line, n);
			continue;
		}
		if (set->count == cap) {
			cap = cap ? 2 * cap : 256;
			set->line = xrealloc(set->line, cap * sizeof(*set->line));
		}
		set->line[set->count++] = (struct line){
			.hash = line_hash(line, n),
			.weight = weight ? weight(line, n, ctx) : 1 };
	}
	free(text);
	if (set->count)
		qsort(set->line, set->count, sizeof(*set->line), cmp_hash);
}

/* The weight of the lines in one set and not the other. */
static size_t distance(const struct line_set *a, const struct line_set *b)
{
	size_t i = 0, j = 0, d = a->modules == b->modules ? 0 : MODULES_APART;

	while (i < a->count && j < b->count) {
		if (a->line[i].hash == b->line[j].hash) {
			i++;
			j++;
		} else if (a->line[i].hash < b->line[j].hash) {
			d += a->line[i++].weight;
		} else {
			d += b->line[j++].weight;
		}
	}
	while (i < a->count)
		d += a->line[i++].weight;
	while (j < b->count)
		d += b->line[j++].weight;
	return d;
}

/* order[]: from the first file, each next the nearest not taken yet. */
static void nearest_chain(unsigned *order, bool *done, const size_t *dist,
			  unsigned n)
{
	for (unsigned k = 0; k < n; k++) {
		unsigned best = n;
		size_t best_d = SIZE_MAX;

		for (unsigned i = 0; i < n; i++) {
			size_t d;

			if (done[i])
				continue;
			d = k ? dist[(size_t)order[k - 1] * n + i] : 0;
			if (d < best_d) {
				best = i;
				best_d = d;
			}
		}
		order[k] = best;
		done[best] = true;
	}
}

/*
 * 2-opt on the open chain: a stretch of it reversed wherever that
 * shortens the chain, until no reversal does (a few passes).
 */
static void untangle(unsigned *order, const size_t *dist, unsigned n)
{
#define D(a, b) dist[(size_t)(a) * n + (b)]
	bool better = true;

	for (int pass = 0; better && pass < 16; pass++) {
		better = false;
		for (unsigned i = 0; i + 1 < n; i++)
			for (unsigned j = i + 1; j < n; j++) {
				/* Reverse order[i..j]: edges (i-1,i) and (j,j+1) change. */
				size_t before = 0, after = 0;

				if (i) {
					before += D(order[i - 1], order[i]);
					after += D(order[i - 1], order[j]);
				}
				if (j + 1 < n) {
					before += D(order[j], order[j + 1]);
					after += D(order[i], order[j + 1]);
				}
				if (after < before) {
					for (unsigned a = i, b = j; a < b; a++, b--) {
						unsigned t = order[a];

						order[a] = order[b];
						order[b] = t;
					}
					better = true;
				}
			}
	}
#undef D
}

unsigned *survey_order(const struct survey_arch *arch, const char *srctree,
		       const char *modules, survey_line_weight_fn *weight,
		       void *ctx)
{
	unsigned n = arch->nconfigs;
	unsigned *order = xcalloc(n ? n : 1, sizeof(unsigned));
	struct line_set *sets = xcalloc(n ? n : 1, sizeof(*sets));
	bool *done = xcalloc(n ? n : 1, sizeof(bool));
	size_t *dist;

	for (unsigned i = 0; i < n; i++) {
		size_t plen = strlen(srctree) + strlen(arch->name) +
			      strlen(arch->configs[i]) + 32;
		char *path = xmalloc(plen);

		snprintf(path, plen, "%s/arch/%s/configs/%s", srctree, arch->name,
			 arch->configs[i]);
		read_lines(&sets[i], path, modules, weight, ctx);
		free(path);
	}
	dist = xcalloc(n ? (size_t)n * n : 1, sizeof(size_t));
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i + 1; j < n; j++)
			dist[(size_t)i * n + j] = dist[(size_t)j * n + i] =
				distance(&sets[i], &sets[j]);
	nearest_chain(order, done, dist, n);
	untangle(order, dist, n);
	free(dist);
	for (unsigned i = 0; i < n; i++)
		free(sets[i].line);
	free(sets);
	free(done);
	return order;
}
