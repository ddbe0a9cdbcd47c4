/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Diagnostics are data: the parser, the preprocessor and the .config
 * reader append them to a list that the CLI prints and the browser shows.
 */
#ifndef KBROWSE_DIAG_H
#define KBROWSE_DIAG_H

#include <stdarg.h>
#include <stdio.h>
#include "location.h"

enum diag_severity {
	DIAG_NOTE,
	DIAG_WARNING,
	DIAG_ERROR,
};

struct diag {
	struct diag *next;
	enum diag_severity severity;
	struct location loc;
	char *message;		/* heap-owned */
};

struct diag_list {
	struct diag *first;
	struct diag **tail;
	int errors;
	int warnings;
	/* When set, each diagnostic is also printed here as it is added. */
	FILE *echo;
	/* When set, each diagnostic is also handed here as it is added. */
	void (*sink)(const struct diag *diag, void *ctx);
	void *sink_ctx;
	/*
	 * At most this many are kept (0: all); the rest are only counted,
	 * after being echoed and sunk, so a huge input cannot fill memory.
	 */
	size_t max_kept;
	size_t kept;
	size_t dropped;
};

/* Parsing goes on after an error, but not forever. */
#define DIAG_MAX_ERRORS 50

void diag_init(struct diag_list *list);
void diag_release(struct diag_list *list);
void diag_add(struct diag_list *list, enum diag_severity severity,
	      struct location loc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void diag_addv(struct diag_list *list, enum diag_severity severity,
	       struct location loc, const char *fmt, va_list ap);
/* The same with the message as it is (no format). */
void diag_add_text(struct diag_list *list, enum diag_severity severity,
		   struct location loc, const char *message);
/* How many a list keeps of a .config's warnings: the browser lists them. */
#define DIAG_CONFIG_KEPT 10000

/* "file:line:column: error: message" (column and line left out when 0). */
void diag_print(const struct diag *diag, FILE *out);
void diag_print_all(const struct diag_list *list, FILE *out);

#endif
