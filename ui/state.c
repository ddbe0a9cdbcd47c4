// SPDX-License-Identifier: GPL-2.0
/*
 * What the browser remembers across runs: $XDG_CONFIG_HOME/kbrowse/state
 * (else ~/.config/kbrowse/state), lines "name=value" (outline=yes|no,
 * welcome=seen).
 *
 * The file may be edited by hand, be written by a later version, or be
 * damaged: a line that is not name=value (no '=', an empty name, a
 * control character) is ignored when reading and kept as it is when
 * writing, and so is every name this version does not know; the last
 * line for a name counts.  A file that cannot be read (too large, not a
 * regular file) reads as empty.  The file is replaced whole, never
 * written through a link (file_replace.h): a failed write leaves the old
 * state.
 */
#include "buildconf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "file_read.h"
#include "file_replace.h"
#include "state.h"
#include "util.h"

/* Far above what the browser writes (a few short lines). */
#define STATE_MAX (64u << 10)

static char *state_path(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	char *path;
	size_t len;

	/* The XDG spec: a relative path is invalid and is ignored. */
	if (xdg && *xdg == '/') {
		len = strlen(xdg) + 32;
		path = xmalloc(len);
		snprintf(path, len, "%s/kbrowse/state", xdg);
	} else if (home && *home) {
		len = strlen(home) + 40;
		path = xmalloc(len);
		snprintf(path, len, "%s/.config/kbrowse/state", home);
	} else {
		return NULL;
	}
	return path;
}

/* The file's text, "" when it cannot be read. */
static char *read_state(const char *path, size_t *len)
{
	int err;
	char *text = path ? file_read(path, STATE_MAX, len, &err) : NULL;

	if (!text) {
		*len = 0;
		text = xstrdup("");
	}
	return text;
}

/*
 * In the line [p, p + n): the value of name when the line is
 * "name=value" (a CR before the end is not part of the value); else NULL.
 */
static const char *line_value(const char *p, size_t n, const char *name,
			      size_t *value_len)
{
	size_t name_len = strlen(name);

	if (n && p[n - 1] == '\r')
		n--;
	if (n <= name_len || memcmp(p, name, name_len) != 0 || p[name_len] != '=')
		return NULL;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)p[i] < 0x20 && p[i] != '\t')
			return NULL;
	*value_len = n - name_len - 1;
	return p + name_len + 1;
}

char *state_get(const char *name)
{
	char *path = state_path(), *text, *value = NULL;
	size_t len;

	text = read_state(path, &len);
	for (const char *p = text; p < text + len;) {
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);
		size_t value_len;
		const char *v = line_value(p, n, name, &value_len);

		if (v) {
			free(value);
			value = xmalloc(value_len + 1);
			memcpy(value, v, value_len);
			value[value_len] = '\0';
		}
		p += n + 1;
	}
	free(text);
	free(path);
	return value;
}

bool state_is(const char *name, const char *value)
{
	char *now = state_get(name);
	bool same = now && strcmp(now, value) == 0;

	free(now);
	return same;
}

/* Make the directories above path; false with errno set. */
static bool make_dirs_above(char *path)
{
	for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			*p = '/';
			return false;
		}
		*p = '/';
	}
	return true;
}

/* Every line of text but name's, as it was; then name=value. */
static bool write_state(FILE *f, const char *text, size_t len, const char *name,
			const char *value)
{
	for (const char *p = text; p < text + len;) {
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);
		size_t value_len;

		if (!line_value(p, n, name, &value_len)) {
			fwrite(p, 1, n, f);
			putc('\n', f);
		}
		p += n + 1;
	}
	fprintf(f, "%s=%s\n", name, value);
	return !ferror(f);
}

bool state_set(const char *name, const char *value, char *why, size_t size)
{
	char *path = state_path(), *text = NULL;
	struct file_replace r;
	size_t len;
	FILE *f;
	bool ok = false;

	if (!path) {
		snprintf(why, size, "neither $XDG_CONFIG_HOME nor $HOME is set");
		return false;
	}
	text = read_state(path, &len);
	if (!make_dirs_above(path)) {
		snprintf(why, size, "%s: %s", path, strerror(errno));
		goto out;
	}
	/* A state file that is a link to a private file stays private. */
	f = file_replace_open(&r, path, FILE_REPLACE_KEEP, false);
	if (f && !write_state(f, text, len, name, value))
		file_replace_abort(&r);
	else if (f)
		ok = file_replace_commit(&r) == 0;
	if (!ok)
		file_replace_error(&r, why, size);
out:
	free(text);
	free(path);
	return ok;
}
