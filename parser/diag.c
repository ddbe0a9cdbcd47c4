// SPDX-License-Identifier: GPL-2.0
/*
 * Diagnostics as data: each error, warning or note is kept on the tree's
 * list with its file, line and column, and printed (escaped) only by the
 * front-end that reports it.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "text_escape.h"
#include "util.h"

static const char *const severity_names[] = {
	[DIAG_NOTE] = "note",
	[DIAG_WARNING] = "warning",
	[DIAG_ERROR] = "error",
};

void diag_init(struct diag_list *list)
{
	list->first = NULL;
	list->tail = &list->first;
	list->errors = 0;
	list->warnings = 0;
	list->echo = NULL;
	list->sink = NULL;
	list->sink_ctx = NULL;
	list->max_kept = 0;
	list->kept = list->dropped = 0;
}

void diag_release(struct diag_list *list)
{
	struct diag *diag = list->first;

	while (diag) {
		struct diag *next = diag->next;

		free(diag->message);
		free(diag);
		diag = next;
	}
	list->first = NULL;
	list->tail = &list->first;
	list->errors = list->warnings = 0;
	list->kept = list->dropped = 0;
}

void diag_add_text(struct diag_list *list, enum diag_severity severity,
		   struct location loc, const char *message)
{
	/*
	 * Past max_kept a diagnostic is only echoed, sunk and counted, with
	 * no allocation: a .config of millions of bad lines must not cost
	 * one each.
	 */
	struct diag tmp = { .severity = severity, .loc = loc, .message = (char *)message };
	struct diag *diag;

	if (severity == DIAG_ERROR)
		list->errors++;
	else if (severity == DIAG_WARNING)
		list->warnings++;
	if (list->echo)
		diag_print(&tmp, list->echo);
	if (list->sink)
		list->sink(&tmp, list->sink_ctx);
	if (list->max_kept && list->kept >= list->max_kept) {
		list->dropped++;
		return;
	}
	diag = xmalloc(sizeof(*diag));
	*diag = tmp;
	diag->message = xstrdup(message);
	*list->tail = diag;
	list->tail = &diag->next;
	list->kept++;
}

void diag_addv(struct diag_list *list, enum diag_severity severity,
	       struct location loc, const char *fmt, va_list ap)
{
	char local[256], *message = local;
	va_list copy;
	int len;

	va_copy(copy, ap);
	len = vsnprintf(local, sizeof(local), fmt, copy);
	va_end(copy);
	if (len < 0)
		len = 0;
	if ((size_t)len >= sizeof(local)) {
		message = xmalloc((size_t)len + 1);
		vsnprintf(message, (size_t)len + 1, fmt, ap);
	}
	diag_add_text(list, severity, loc, message);
	if (message != local)
		free(message);
}

void diag_add(struct diag_list *list, enum diag_severity severity,
	      struct location loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_addv(list, severity, loc, fmt, ap);
	va_end(ap);
}

void diag_print(const struct diag *diag, FILE *out)
{
	const struct location *loc = &diag->loc;

	/* File names and messages quote the input: no raw control character. */
	if (loc->file) {
		text_escape_fputs(loc->file->name, out);
		if (loc->line > 0) {
			fprintf(out, ":%d", loc->line);
			if (loc->column > 0)
				fprintf(out, ":%d", loc->column);
		}
		fputs(": ", out);
	}
	fprintf(out, "%s: ", severity_names[diag->severity]);
	text_escape_fputs(diag->message, out);
	fputc('\n', out);
}

void diag_print_all(const struct diag_list *list, FILE *out)
{
	for (const struct diag *diag = list->first; diag; diag = diag->next)
		diag_print(diag, out);
}
