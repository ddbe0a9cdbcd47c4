// SPDX-License-Identifier: GPL-2.0
/*
 * A worker computes each defconfig from the most similar one it has
 * computed (config_base.c), so the order matters: a greedy chain over
 * the files' line sets, each next file the one whose lines differ
 * least from the last.  Reading the files again for it costs far less
 * than one configuration's values.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "survey_order.h"
#include "util.h"

/*
 * Files whose modules lines differ share nothing (every tristate reads
 * it): their distance is at least this.
 */
#define MODULES_APART 100000

/* One file's lines, as sorted hashes. */
struct line_set {
	uint64_t *hash;
	size_t count;
	uint64_t modules;		/* the hash of its modules line, or 0 */
};

static uint64_t line_hash(const char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 0x100000001b3ULL;
	return h | 1;	/* never 0: 0 is "no modules line" */
}

static int cmp_hash(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

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

static void read_lines(struct line_set *set, const char *path, const char *modules)
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
			set->hash = xrealloc(set->hash, cap * sizeof(uint64_t));
		}
		set->hash[set->count++] = line_hash(line, n);
	}
	free(text);
	if (set->count)
		qsort(set->hash, set->count, sizeof(uint64_t), cmp_hash);
}

/* Lines in one set and not the other. */
static size_t distance(const struct line_set *a, const struct line_set *b)
{
	size_t i = 0, j = 0, d = a->modules == b->modules ? 0 : MODULES_APART;

	while (i < a->count && j < b->count) {
		if (a->hash[i] == b->hash[j]) {
			i++;
			j++;
		} else if (a->hash[i] < b->hash[j]) {
			d++;
			i++;
		} else {
			d++;
			j++;
		}
	}
	return d + (a->count - i) + (b->count - j);
}

unsigned *survey_order(const struct survey_arch *arch, const char *srctree,
		       const char *modules)
{
	unsigned n = arch->nconfigs;
	unsigned *order = xcalloc(n ? n : 1, sizeof(unsigned));
	struct line_set *sets = xcalloc(n ? n : 1, sizeof(*sets));
	bool *done = xcalloc(n ? n : 1, sizeof(bool));

	for (unsigned i = 0; i < n; i++) {
		size_t plen = strlen(srctree) + strlen(arch->name) +
			      strlen(arch->configs[i]) + 32;
		char *path = xmalloc(plen);

		snprintf(path, plen, "%s/arch/%s/configs/%s", srctree, arch->name,
			 arch->configs[i]);
		read_lines(&sets[i], path, modules);
		free(path);
	}
	for (unsigned k = 0; k < n; k++) {
		unsigned best = n;
		size_t best_d = SIZE_MAX;

		for (unsigned i = 0; i < n; i++) {
			size_t d;

			if (done[i])
				continue;
			d = k ? distance(&sets[order[k - 1]], &sets[i]) : 0;
			if (d < best_d) {
				best = i;
				best_d = d;
			}
		}
		order[k] = best;
		done[best] = true;
	}
	for (unsigned i = 0; i < n; i++)
		free(sets[i].hash);
	free(sets);
	free(done);
	return order;
}
