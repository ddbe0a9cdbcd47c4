// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a .config into user values, line by line as the kernel's conf
 * reads it, with the same warnings:
 *
 *   CONFIG_FOO=y            bool/tristate: the first letter counts (y m n)
 *   CONFIG_FOO="text"       string, with \" and \\ escapes
 *   CONFIG_FOO=12 / 0x1f    int / hex, checked for form (not range)
 *   # CONFIG_FOO is not set the same as =n
 *
 * Other comment lines and blank lines are ignored; any other line is
 * "unexpected data".  A choice member given a value becomes its choice's
 * most preferred member (the last line wins).
 *
 * This is the only .config parser: while it reads it can record, for
 * each symbol, the line that gave its user value and a refused line
 * after it (user_lines.h), so explanations cite lines as conf read them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "config_io.h"
#include "file_read.h"
#include "finish.h"
#include "util.h"

void config_io_for_dialect(struct config_io_options *io, const char *srctree,
			   const struct kconfig_dialect *dialect)
{
	if (io->env_prefix)
		io->prefix = io->env_prefix;
	else
		io->prefix = dialect && dialect->config_prefix ?
			     dialect->config_prefix : "CONFIG_";
	if (srctree)
		io->srctree = srctree;
}

void config_warning_print(const struct diag *diag, FILE *out)
{
	fprintf(out, "%s:%d:warning: %s\n", location_file(diag->loc),
		diag->loc.line, diag->message);
}

void config_warning_sink(const struct diag *diag, void *out)
{
	config_warning_print(diag, out);
}

/*
 * Warnings printed as they come go out in blocks while a file is read:
 * stderr is unbuffered, and a write per warning made a .config of
 * millions of bad lines take minutes.  The bytes are the same, and the
 * block is out before the reader returns, so nothing is reordered with
 * what is printed after the read.
 */
struct warning_batch {
	FILE *out;
	size_t len;
	char buf[65536];
};

static void batch_flush(struct warning_batch *b)
{
	if (b->len)
		fwrite(b->buf, 1, b->len, b->out);
	b->len = 0;
}

static void batch_add(struct warning_batch *b, const char *s, size_t n)
{
	memcpy(b->buf + b->len, s, n);
	b->len += n;
}

/* n in decimal, as %d writes it, into buf (16 bytes); its length. */
static int format_line(char *buf, int n)
{
	char rev[16];
	unsigned u = n < 0 ? 0U - (unsigned)n : (unsigned)n;
	int len = 0, k = 0;

	do {
		rev[k++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (n < 0)
		buf[len++] = '-';
	while (k)
		buf[len++] = rev[--k];
	return len;
}

/* "file:line:warning: message\n", as config_warning_print() writes it. */
static void batch_sink(const struct diag *diag, void *ctx)
{
	struct warning_batch *b = ctx;
	const char *file = location_file(diag->loc);
	size_t flen = strlen(file), mlen = strlen(diag->message);
	char digits[16];
	int ndigits = format_line(digits, diag->loc.line);
	static const char tag[] = ":warning: ";

	if (flen + mlen + (size_t)ndigits + sizeof(tag) + 2 > sizeof(b->buf) - b->len)
		batch_flush(b);
	if (flen + mlen + (size_t)ndigits + sizeof(tag) + 2 > sizeof(b->buf)) {
		config_warning_print(diag, b->out);
		return;
	}
	batch_add(b, file, flen);
	batch_add(b, ":", 1);
	batch_add(b, digits, (size_t)ndigits);
	batch_add(b, tag, sizeof(tag) - 1);
	batch_add(b, diag->message, mlen);
	batch_add(b, "\n", 1);
}

struct reader {
	struct config *cfg;
	const struct config_io_options *io;
	struct diag_list *diags;
	struct source_file *file;
	int line;
	struct user_lines *lines;	/* where values came from; NULL: not kept */
};

static void warn(struct reader *rd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(struct reader *rd, const char *fmt, ...)
{
	struct location loc = { .file = rd->file, .line = rd->line };
	va_list ap;

	if (!rd->diags)
		return;
	va_start(ap, fmt);
	diag_addv(rd->diags, DIAG_WARNING, loc, fmt, ap);
	va_end(ap);
}

/* The message what followed by the line's text, without a format. */
static void warn_text(struct reader *rd, const char *what, const char *text)
{
	struct location loc = { .file = rd->file, .line = rd->line };
	size_t wlen = strlen(what), tlen = strlen(text);
	char local[256], *message = local;

	if (!rd->diags)
		return;
	if (wlen + tlen >= sizeof(local))
		message = xmalloc(wlen + tlen + 1);
	memcpy(message, what, wlen);
	memcpy(message + wlen, text, tlen + 1);
	diag_add_text(rd->diags, DIAG_WARNING, loc, message);
	if (message != local)
		free(message);
}

/*
 * U-Boot's conf (raw_strings): the value is everything up to a last
 * '"' that ends the line, backslashes and all.
 */
static bool unquote_raw(char *s)
{
	size_t len = strlen(s);

	if (!len || s[len - 1] != '"')
		return false;
	s[len - 1] = '\0';
	return true;
}

/*
 * Turn "text\"more" (after the opening quote) into its value in place;
 * false, with the text untouched, when the closing quote is missing.
 * Whatever follows the closing quote is ignored, as in the kernel.
 */
static bool unquote(char *s)
{
	char *end, *out = s;

	for (end = s; *end != '"'; end++)
		if (!*end || (*end == '\\' && !*++end))
			return false;
	for (; s < end; s++) {
		if (*s == '\\')
			s++;
		*out++ = *s;
	}
	*out = '\0';
	return true;
}

enum verdict {
	VALUE_SET,
	VALUE_REFUSED,		/* with a warning; nothing was set */
	VALUE_IGNORED,		/* silently: a string without quotes, an untyped symbol */
};

static enum verdict set_value(struct reader *rd, const struct symbol *sym,
			      char *value)
{
	struct config *cfg = rd->cfg;

	switch (sym->type) {
	case S_TRISTATE:
		if (value[0] == 'm') {
			config_set_user_tri(cfg, sym, TRI_MOD);
			return VALUE_SET;
		}
		/* fall through */
	case S_BOOLEAN:
		if (value[0] == 'y' || value[0] == 'n') {
			config_set_user_tri(cfg, sym,
					    value[0] == 'y' ? TRI_YES : TRI_NO);
			return VALUE_SET;
		}
		warn(rd, "symbol value '%s' invalid for %s", value, sym->name);
		return VALUE_REFUSED;
	case S_STRING:
		if (value[0] != '"')
			return VALUE_IGNORED;
		if (!(config_tree(cfg)->dialect->raw_strings ? unquote_raw(value + 1)
						    : unquote(value + 1))) {
			warn(rd, "invalid string found");
			return VALUE_REFUSED;
		}
		config_set_user_str(cfg, sym, value + 1);
		return VALUE_SET;
	case S_INT:
	case S_HEX:
		if (!symbol_text_valid(sym->type, value)) {
			warn(rd, "symbol value '%s' invalid for %s", value,
			     sym->name);
			return VALUE_REFUSED;
		}
		config_set_user_str(cfg, sym, value);
		return VALUE_SET;
	default:
		return VALUE_IGNORED;
	}
}

static void read_line(struct reader *rd, char *line)
{
	const char *prefix = rd->io->prefix;
	size_t plen = strlen(prefix);
	const struct symbol *sym;
	char *name, *value, *p;
	char not_set[] = "n";	/* set_value() may unquote in place */

	if (!line[0])
		return;
	if (line[0] == '#') {
		if (line[1] != ' ' || strncmp(line + 2, prefix, plen) != 0)
			return;
		name = line + 2 + plen;
		p = strchr(name, ' ');
		if (!p || strcmp(p + 1, "is not set") != 0)
			return;
		*p = '\0';
		value = not_set;
	} else {
		if (strncmp(line, prefix, plen) != 0) {
			warn_text(rd, "unexpected data: ", line);
			return;
		}
		name = line + plen;
		p = strchr(name, '=');
		if (!p) {
			warn_text(rd, "unexpected data: ", line);
			return;
		}
		*p = '\0';
		value = p + 1;
	}

	sym = symbol_find(config_tree(rd->cfg), name);
	if (!sym) {
		config_count_unknown(rd->cfg);
		if (rd->io->warn_unknown)
			warn_text(rd, "unknown symbol: ", name);
		return;
	}
	if (config_has_user(rd->cfg, sym))
		warn_text(rd, "override: reassigning to symbol ", sym->name);
	switch (set_value(rd, sym, value)) {
	case VALUE_SET:
		user_lines_set(rd->lines, sym, rd->line);
		break;
	case VALUE_REFUSED:
		/* Refused values are left as written (unquote keeps them). */
		user_lines_refuse(rd->lines, sym, rd->line, value);
		return;
	case VALUE_IGNORED:
		break;
	}
	if (symbol_is_choice_member(sym)) {
		const char *warning = config_choice_member_read(rd->cfg, sym);

		if (warning)
			warn(rd, "%s%s %s", strncmp(warning, "changes", 7) ?
			     "" : "override: ", sym->name, warning);
	}
}

static void read_lines(struct reader *rd, const char *text, size_t len)
{
	size_t start = 0;
	char *line = NULL;
	size_t cap = 0;

	while (start < len) {
		const char *nl = memchr(text + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - text) : len;
		size_t n = end - start;

		if (n + 1 > cap) {
			cap = n + 64;
			line = xrealloc(line, cap);
		}
		memcpy(line, text + start, n);
		line[n] = '\0';
		if (nl && n && line[n - 1] == '\r')
			line[n - 1] = '\0';
		rd->line++;
		read_line(rd, line);
		start = end + 1;
	}
	free(line);
}

static void read_text(struct config *cfg, const char *name, const char *text,
		      size_t len, const struct config_io_options *io,
		      struct diag_list *diags, struct user_lines *lines)
{
	struct reader rd = { .cfg = cfg, .io = io, .diags = diags, .lines = lines };
	struct warning_batch *batch = NULL;

	rd.file = arena_new(config_arena(cfg), struct source_file);
	rd.file->name = arena_strdup(config_arena(cfg), name);
	config_read_begin(cfg);
	if (diags && diags->sink == config_warning_sink) {
		batch = xmalloc(sizeof(*batch));
		batch->out = diags->sink_ctx;
		batch->len = 0;
		diags->sink = batch_sink;
		diags->sink_ctx = batch;
	}
	read_lines(&rd, text, len);
	if (batch) {
		batch_flush(batch);
		diags->sink = config_warning_sink;
		diags->sink_ctx = batch->out;
		free(batch);
	}
}

void config_read_text(struct config *cfg, const char *name, const char *text,
		      size_t len, const struct config_io_options *io,
		      struct diag_list *diags)
{
	read_text(cfg, name, text, len, io, diags, NULL);
}

struct user_lines *config_read_text_recorded(struct config *cfg, const char *name,
					     const char *text, size_t len,
					     const struct config_io_options *io,
					     struct diag_list *diags)
{
	struct user_lines *lines = user_lines_new(config_tree(cfg), name);

	read_text(cfg, name, text, len, io, diags, lines);
	return lines;
}


/*
 * Open as conf does: as named, else under srctree when relative.  Only a
 * regular file is opened (a FIFO must not block, /dev/zero must not be
 * read): NULL with errno set otherwise, ENOENT when there is no file.
 */
FILE *config_open_input(const char *name, const char *srctree)
{
	FILE *f = file_open_regular(name);
	int err = errno;

	if (!f && name[0] != '/' && srctree && config_absent(err)) {
		size_t len = strlen(srctree) + strlen(name) + 2;
		char *full = xmalloc(len);

		snprintf(full, len, "%s/%s", srctree, name);
		f = file_open_regular(full);
		err = errno;
		free(full);
	}
	if (!f)
		errno = err;
	return f;
}

bool config_absent(int err)
{
	return err == ENOENT || err == ENOTDIR;
}

int config_read(struct config *cfg, const char *name,
		const struct config_io_options *io, struct diag_list *diags)
{
	FILE *f = config_open_input(name, io->srctree);
	size_t len;
	char *text;
	int err;

	if (!f)
		return config_absent(errno) ? -1 : -2;
	text = file_read_stream(f, FILE_READ_MAX, &len, &err);
	fclose(f);
	if (!text) {
		errno = err;
		return -2;
	}
	config_read_text(cfg, name, text, len, io, diags);
	free(text);
	return 0;
}
