// SPDX-License-Identifier: GPL-2.0
/*
 * A .config written for another ARCH than the one in use: Linux's
 * header names it ("# Linux/x86_64 6.12.118 Kernel Configuration", the
 * expanded `mainmenu "Linux/$(ARCH) ..."`), and a file made with
 * ARCH=x86_64 read with the default ARCH=x86 gives other values
 * (64BIT's prompt, for one).  conf says nothing; explain says it once.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* The word after "Linux/" in text, up to a blank: its length, 0 if none. */
static size_t arch_word(const char *text, size_t len, const char **word)
{
	size_t n = 0;

	if (len < 6 || strncmp(text, "Linux/", 6) != 0)
		return 0;
	*word = text + 6;
	while (6 + n < len && text[6 + n] != ' ' && text[6 + n] != '\n')
		n++;
	return n;
}

bool cli_arch_mismatch(const struct session *s, char *buf, size_t size)
{
	const char *text = s->config_text, *line, *nl, *file_arch, *run_arch;
	const char *title = s->kc->root.prompt ? s->kc->root.prompt->text : NULL;
	size_t file_len = 0, run_len, lineno = 0;

	if (!text || !title)
		return false;
	run_len = arch_word(title, strlen(title), &run_arch);
	if (!run_len)
		return false;
	/* The header: the comment lines at the top of the file. */
	for (line = text; line < text + s->config_len && *line == '#'; line = nl + 1) {
		nl = memchr(line, '\n', (size_t)(text + s->config_len - line));
		if (!nl)
			nl = text + s->config_len;
		lineno++;
		if (nl - line > 2 && line[1] == ' ') {
			file_len = arch_word(line + 2, (size_t)(nl - line - 2), &file_arch);
			if (file_len)
				break;
		}
	}
	if (!file_len || (file_len == run_len && !memcmp(file_arch, run_arch, run_len)))
		return false;
	snprintf(buf, size, "%s:%zu: the .config was written for ARCH=%.*s "
		 "(its header says Linux/%.*s), this run uses ARCH=%.*s: values "
		 "that depend on ARCH differ; run with ARCH=%.*s to read it as written",
		 s->config_name ? s->config_name : ".config", lineno,
		 (int)file_len, file_arch, (int)file_len, file_arch,
		 (int)run_len, run_arch, (int)file_len, file_arch);
	return true;
}
