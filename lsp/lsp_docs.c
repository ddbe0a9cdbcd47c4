// SPDX-License-Identifier: GPL-2.0
/*
 * Open documents (lsp.h): the editor's text of each file it has open,
 * by URI, and the way from a URI to the name the tree gives the file
 * and back.  A re-read of the tree asks lsp_overlay() for every file,
 * so a Kconfig file being edited is read as the editor has it, saved
 * or not.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "lsp.h"
#include "strbuf.h"
#include "util.h"

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *lsp_uri_to_path(const char *uri)
{
	static const char scheme[] = "file://";
	char *path, *out;

	if (strncmp(uri, scheme, sizeof(scheme) - 1) != 0)
		return NULL;
	uri += sizeof(scheme) - 1;
	/* file://host/path: only the local host is ours. */
	if (*uri != '/') {
		if (strncmp(uri, "localhost/", 10) != 0)
			return NULL;
		uri += 9;
	}
	path = out = xmalloc(strlen(uri) + 1);
	for (; *uri; uri++) {
		int hi, lo;

		if (*uri == '%' && (hi = hex_digit(uri[1])) >= 0 &&
		    (lo = hex_digit(uri[2])) >= 0) {
			*out++ = (char)(hi * 16 + lo);
			uri += 2;
		} else {
			*out++ = *uri;
		}
	}
	*out = '\0';
	return path;
}

char *lsp_path_to_uri(const char *path)
{
	static const char keep[] = "/-._~";
	struct strbuf b = { 0 };

	strbuf_adds(&b, "file://");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr(keep, *p))
			strbuf_addc(&b, (char)*p);
		else
			strbuf_addf(&b, "%%%02X", *p);
	}
	return strbuf_take(&b);
}

/* root/name (name as the tree gives it), or name when absolute (heap). */
static char *absolute_name(const struct lsp_server *srv, const char *name)
{
	struct strbuf b = { 0 };

	if (name[0] == '/')
		return xstrdup(name);
	while (name[0] == '.' && name[1] == '/')
		name += 2;
	strbuf_addf(&b, "%s/%s", srv->opts.root, name);
	return strbuf_take(&b);
}

char *lsp_name_to_uri(const struct lsp_server *srv, const char *name)
{
	char *path = absolute_name(srv, name), *uri = lsp_path_to_uri(path);

	free(path);
	return uri;
}

/* path made canonical when it exists (links resolved), else as given. */
static char *canonical(const char *path)
{
	char buf[PATH_MAX];

	return xstrdup(realpath(path, buf) ? buf : path);
}

/* What a file's name says it holds. */
static enum doc_kind kind_of(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t len;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (strncmp(base, "Kconfig", 7) == 0 || strcmp(base, "Config.in") == 0)
		return DOC_KCONFIG;
	if (strcmp(base, ".config") == 0 || strstr(base, "defconfig") ||
	    (len > 7 && strcmp(base + len - 7, ".config") == 0) ||
	    (len > 5 && strcmp(base + len - 5, ".conf") == 0))
		return DOC_CONFIG;
	return DOC_SOURCE;
}

/* The name the tree uses: relative to the root when under it. */
static char *tree_name(const struct lsp_server *srv, const char *path)
{
	size_t n = strlen(srv->opts.root);

	if (strncmp(path, srv->opts.root, n) == 0 && path[n] == '/')
		return xstrdup(path + n + 1);
	return xstrdup(path);
}

struct lsp_doc *lsp_doc_find(struct lsp_server *srv, const char *uri)
{
	for (struct lsp_doc *d = srv->docs; d; d = d->next)
		if (strcmp(d->uri, uri) == 0)
			return d;
	return NULL;
}

void lsp_doc_set_text(struct lsp_doc *doc, const char *text)
{
	free(doc->text);
	doc->len = strlen(text);
	doc->text = xmemdup(text, doc->len);
}

struct lsp_doc *lsp_doc_open(struct lsp_server *srv, const char *uri, const char *text)
{
	struct lsp_doc *doc = lsp_doc_find(srv, uri);
	char *path;

	if (doc) {
		lsp_doc_set_text(doc, text);
		return doc;
	}
	path = lsp_uri_to_path(uri);
	doc = xcalloc(1, sizeof(*doc));
	doc->uri = xstrdup(uri);
	doc->path = path ? canonical(path) : xstrdup(uri);
	doc->name = tree_name(srv, doc->path);
	doc->kind = kind_of(doc->path);
	lsp_doc_set_text(doc, text);
	doc->next = srv->docs;
	srv->docs = doc;
	free(path);
	return doc;
}

static void doc_free(struct lsp_doc *doc)
{
	free(doc->uri);
	free(doc->path);
	free(doc->name);
	free(doc->text);
	free(doc);
}

void lsp_doc_close(struct lsp_server *srv, const char *uri)
{
	for (struct lsp_doc **p = &srv->docs; *p; p = &(*p)->next)
		if (strcmp((*p)->uri, uri) == 0) {
			struct lsp_doc *doc = *p;

			*p = doc->next;
			doc_free(doc);
			return;
		}
}

void lsp_docs_free(struct lsp_server *srv)
{
	while (srv->docs) {
		struct lsp_doc *doc = srv->docs;

		srv->docs = doc->next;
		doc_free(doc);
	}
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

struct lsp_doc *lsp_doc_by_name(struct lsp_server *srv, const char *name)
{
	const char *base = base_name(name);
	struct lsp_doc *found = NULL;
	char *path = NULL;

	/*
	 * A re-read asks for every file of the tree (Linux: 1,700), most of
	 * them named Kconfig like the open one: compare the joined name as
	 * it is, no realpath() (the root is canonical already).
	 */
	for (struct lsp_doc *d = srv->docs; d && !found; d = d->next) {
		if (strcmp(base_name(d->path), base) != 0)
			continue;
		if (!path)
			path = absolute_name(srv, name);
		if (strcmp(d->path, path) == 0)
			found = d;
	}
	free(path);
	return found;
}

const char *lsp_overlay(void *ctx, const char *name, size_t *len)
{
	struct lsp_doc *doc = lsp_doc_by_name(ctx, name);

	if (!doc)
		return NULL;
	*len = doc->len;
	return doc->text;
}

char *lsp_file_text(struct lsp_server *srv, const char *name, size_t *len)
{
	struct lsp_doc *doc = lsp_doc_by_name(srv, name);
	char *path, *text;
	int err;

	if (doc) {
		*len = doc->len;
		return xmemdup(doc->text, doc->len);
	}
	path = absolute_name(srv, name);
	text = file_read(path, FILE_READ_MAX, len, &err);
	free(path);
	return text;
}

const char *lsp_doc_line(const struct lsp_doc *doc, unsigned line, size_t *len)
{
	const char *p = doc->text, *end = doc->text + doc->len, *nl;

	for (unsigned i = 0; i < line; i++) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	nl = memchr(p, '\n', (size_t)(end - p));
	*len = nl ? (size_t)(nl - p) : (size_t)(end - p);
	if (*len && p[*len - 1] == '\r')
		(*len)--;
	return p;
}

/* UTF-16 units of the UTF-8 sequence starting with byte c. */
static unsigned utf16_units(unsigned char c, unsigned *bytes)
{
	if (c < 0x80 || c < 0xc0) {
		*bytes = 1;
		return 1;
	}
	if (c < 0xe0) {
		*bytes = 2;
		return 1;
	}
	if (c < 0xf0) {
		*bytes = 3;
		return 1;
	}
	*bytes = 4;
	return 2;
}

unsigned lsp_utf16_column(const char *line, size_t len, size_t byte)
{
	unsigned units = 0, step;
	size_t i = 0;

	while (i < byte && i < len) {
		units += utf16_units((unsigned char)line[i], &step);
		i += step;
	}
	return units;
}

size_t lsp_byte_column(const char *line, size_t len, unsigned utf16)
{
	unsigned units = 0, step;
	size_t i = 0;

	while (i < len && units < utf16) {
		units += utf16_units((unsigned char)line[i], &step);
		i += step;
	}
	return i < len ? i : len;
}
