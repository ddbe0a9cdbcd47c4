// SPDX-License-Identifier: GPL-2.0
/*
 * Which configurations `kbrowse survey` evaluates: every file named
 * *defconfig under arch/ARCH/configs/ (and its subdirectories, as
 * powerpc's 85xx/), for every arch/ARCH/ that has a Kconfig, the way
 * `make ARCH=ARCH NAME` finds them.
 */
#include <dirent.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "survey.h"
#include "util.h"

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n >= m && strcmp(s + n - m, tail) == 0;
}

static void add_name(struct survey_arch *arch, const char *name, unsigned *cap)
{
	if (arch->nconfigs == *cap) {
		*cap = *cap ? 2 * *cap : 32;
		arch->configs = xrealloc(arch->configs, *cap * sizeof(*arch->configs));
	}
	arch->configs[arch->nconfigs++] = xstrdup(name);
}

/* The defconfig files under dir (rel: its name under configs/, "" at the top). */
static void scan_configs(struct survey_arch *arch, const char *dir, const char *rel,
			 const char *glob, unsigned *cap, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char path[4096], name[1024];
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		snprintf(name, sizeof(name), "%s%s%s", rel, *rel ? "/" : "", e->d_name);
		if (stat(path, &st) != 0)
			continue;
		/* One level of subdirectories is all any tree has; a loop of links is not followed. */
		if (S_ISDIR(st.st_mode) && depth < 4)
			scan_configs(arch, path, name, glob, cap, depth + 1);
		else if (S_ISREG(st.st_mode) && ends_with(e->d_name, "defconfig") &&
			 (!glob || fnmatch(glob, name, 0) == 0))
			add_name(arch, name, cap);
	}
	closedir(d);
	if (arch->nconfigs)	/* qsort() takes no NULL, even for nothing */
		qsort(arch->configs, arch->nconfigs, sizeof(*arch->configs), compare_names);
}

/* Is name in the comma-separated list (NULL: every name is)? */
static bool listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	if (!list)
		return true;
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");

		if (len == n && strncmp(p, name, n) == 0)
			return true;
		p += len;
		if (*p)
			p++;
	}
	return false;
}

static bool arch_known(const struct survey_targets *t, const char *name, size_t len)
{
	for (unsigned i = 0; i < t->narches; i++)
		if (strlen(t->arches[i].name) == len &&
		    strncmp(t->arches[i].name, name, len) == 0)
			return true;
	return false;
}

/* Every name of list is an architecture found (else said on stderr). */
static bool check_listed(const struct survey_targets *t, const char *list,
			 const char *srctree)
{
	bool ok = true;

	for (const char *p = list; p && *p;) {
		size_t len = strcspn(p, ",");

		if (len && !arch_known(t, p, len)) {
			fprintf(stderr, "kbrowse: survey: --arches: no arch/%.*s/Kconfig "
				"with a configs/ directory in %s\n", (int)len, p, srctree);
			ok = false;
		}
		p += len;
		if (*p)
			p++;
	}
	return ok;
}

bool survey_targets_find(struct survey_targets *t, const char *srctree,
			 const char *arches, const char *glob)
{
	char path[4096];
	struct dirent **names;
	int n;

	memset(t, 0, sizeof(*t));
	snprintf(path, sizeof(path), "%s/arch", srctree);
	n = scandir(path, &names, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "kbrowse: survey: %s has no arch/ directory: "
			"survey needs a kernel tree\n", srctree);
		return false;
	}
	t->arches = xcalloc((size_t)n + 1, sizeof(*t->arches));
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		struct survey_arch *arch = &t->arches[t->narches];
		struct stat st;
		unsigned cap = 0;

		snprintf(path, sizeof(path), "%s/arch/%s/Kconfig", srctree, name);
		if (name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    listed(arches, name)) {
			snprintf(path, sizeof(path), "%s/arch/%s/configs", srctree, name);
			arch->name = xstrdup(name);
			scan_configs(arch, path, "", glob, &cap, 0);
			/* Listed by name but without a configuration: still known. */
			t->nconfigs += arch->nconfigs;
			t->narches++;
		}
		free(names[i]);
	}
	free(names);
	return check_listed(t, arches, srctree);
}

void survey_targets_free(struct survey_targets *t)
{
	for (unsigned i = 0; i < t->narches; i++) {
		for (unsigned j = 0; j < t->arches[i].nconfigs; j++)
			free(t->arches[i].configs[j]);
		free(t->arches[i].configs);
		free(t->arches[i].name);
	}
	free(t->arches);
	memset(t, 0, sizeof(*t));
}
