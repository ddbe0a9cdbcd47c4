// SPDX-License-Identifier: GPL-2.0
/* Where an answer not in yet may stand in a provisional read (provisional.h). */
#include <string.h>

#include "provisional.h"

/* The keywords of the lines that give a property a value or a condition. */
static const char *const value_keywords[] = {
	"default", "def_bool", "def_tristate", "depends", "visible", "range",
};

static bool keyword_char(char c)
{
	return (c >= 'a' && c <= 'z') || c == '_';
}

bool provisional_value_place(const char *line_start, const char *at)
{
	const char *word = line_start, *end;

	while (word < at && (*word == ' ' || *word == '\t'))
		word++;
	for (end = word; end < at && keyword_char(*end); end++)
		;
	/* The answer is in the first word, or the line has no keyword. */
	if (end == word || end >= at || (*end != ' ' && *end != '\t'))
		return false;
	for (size_t i = 0; i < sizeof(value_keywords) / sizeof(value_keywords[0]); i++)
		if (strlen(value_keywords[i]) == (size_t)(end - word) &&
		    memcmp(value_keywords[i], word, (size_t)(end - word)) == 0)
			return true;
	return false;
}

void provisional_use(struct kconfig *kc, const char *line_start,
		     const char *at, struct location loc)
{
	if (!kc->opts.shell.provisional || kc->provisional_refused ||
	    provisional_value_place(line_start, at))
		return;
	kc->provisional_refused = true;
	kc->provisional_refused_at = loc;
}
