// SPDX-License-Identifier: GPL-2.0
/*
 * Analysis and textDocument/publishDiagnostics.  After a Kconfig file
 * changed in the editor, the tree is read again through the open
 * documents' text (lsp_overlay()), saved or not: its errors and warnings
 * are published where they are, with the line and column the parser
 * gives them.  A tree without errors replaces the session's (the values
 * follow the edit); a tree with errors is only reported, and the session
 * keeps the last one that read cleanly.
 *
 * Each Kconfig document of the tree is also scanned for names that its
 * conditions, selects and defaults use but no `config` line anywhere
 * defines (what the kernel's scripts/checkkconfigsymbols.py reports),
 * each at its own column; and the selects that force a symbol past its
 * unmet dependencies in the current configuration (conf's "unmet direct
 * dependencies" warning), at the selected name.  For the .config the
 * session read, the
 * warnings its reader gave; for any other .config or fragment, the lines
 * that would not take effect merged over it (`kbrowse diff --apply`'s
 * fates, from the same comparison).
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "json_out.h"
#include "lsp.h"
#include "session_diff.h"
#include "strbuf.h"
#include "util.h"

/* LSP's DiagnosticSeverity. */
enum { DS_ERROR = 1, DS_WARNING = 2, DS_INFORMATION = 3 };

static json_t *diagnostic(const struct lsp_doc *doc, unsigned lineno, size_t start,
			  size_t end, int severity, const char *message)
{
	json_t *d = json_object();
	size_t len = 0;
	const char *line = lsp_doc_line(doc, lineno, &len);

	if (line && start > len)
		start = end = len;
	if (line && end > len)
		end = len;
	json_object_set_new(d, "range", lsp_range(line, len, lineno, start, end));
	json_object_set_new(d, "severity", json_integer(severity));
	json_object_set_new(d, "source", json_string("kbrowse"));
	json_object_set_new(d, "message", json_text(message));
	return d;
}

/* A diagnostic of the parser or the .config reader at its line and column. */
static json_t *from_diag(const struct lsp_doc *doc, const struct diag *d)
{
	unsigned lineno = d->loc.line > 0 ? (unsigned)d->loc.line - 1 : 0;
	size_t len = 0, start = 0, end;
	const char *line = lsp_doc_line(doc, lineno, &len);
	int severity = d->severity == DIAG_ERROR ? DS_ERROR
		     : d->severity == DIAG_WARNING ? DS_WARNING : DS_INFORMATION;

	if (d->loc.column > 0)
		start = (size_t)d->loc.column - 1;
	end = start;
	/* The word at the column, else the rest of the line. */
	while (line && end < len && (isalnum((unsigned char)line[end]) || line[end] == '_'))
		end++;
	if (line && end == start)
		end = len;
	return diagnostic(doc, lineno, start, end, severity, d->message);
}

static void add_diags_of(const struct diag_list *list, const struct lsp_doc *doc,
			 json_t *out)
{
	for (const struct diag *d = list->first; d; d = d->next)
		if (d->loc.file && strcmp(d->loc.file->name, doc->name) == 0)
			json_array_append_new(out, from_diag(doc, d));
}

/* Lines whose words after the keyword are expressions or symbol names. */
static bool names_symbols(const char *keyword, size_t len)
{
	static const char *const words[] = {
		"depends", "select", "imply", "default", "def_bool", "def_tristate",
		"range", "visible", "if", "bool", "tristate", "int", "hex", "string",
		"prompt",
	};

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (strlen(words[i]) == len && memcmp(words[i], keyword, len) == 0)
			return true;
	return false;
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static bool is_language_word(const char *w, size_t n)
{
	return (n == 2 && (memcmp(w, "on", 2) == 0 || memcmp(w, "if", 2) == 0)) ||
	       (n == 1 && (*w == 'y' || *w == 'm' || *w == 'n'));
}

/* The names a line uses that are defined nowhere, each as a warning. */
static void scan_line(struct lsp_server *srv, const struct lsp_doc *doc, unsigned lineno,
		      const char *line, size_t len, json_t *out)
{
	size_t i = 0, kw;
	int paren = 0;

	while (i < len && isspace((unsigned char)line[i]))
		i++;
	kw = i;
	while (i < len && ident_char(line[i]))
		i++;
	if (!names_symbols(line + kw, i - kw))
		return;
	while (i < len && line[i] != '#') {
		char c = line[i];

		if (c == '"' || c == '\'') {	/* a prompt or a string value */
			for (i++; i < len && line[i] != c; i++)
				if (line[i] == '\\')
					i++;
			i++;
			continue;
		}
		if (c == '$' && i + 1 < len && line[i + 1] == '(') {	/* a macro */
			paren++;
			i += 2;
			continue;
		}
		if (paren && (c == '(' || c == ')')) {
			paren += c == '(' ? 1 : -1;
			i++;
			continue;
		}
		if (paren || !ident_char(c)) {
			i++;
			continue;
		}
		size_t b = i;

		while (i < len && ident_char(line[i]))
			i++;
		if (isdigit((unsigned char)line[b]) || is_language_word(line + b, i - b) ||
		    (line[b] == '-' && b + 1 < i))
			continue;
		char name[256];
		const struct symbol *sym;

		if (i - b >= sizeof(name))
			continue;
		memcpy(name, line + b, i - b);
		name[i - b] = '\0';
		sym = symbol_find(srv->s->kc, name);
		if (sym && !(sym->flags & (SYMBOL_DEFINED | SYMBOL_CONST))) {
			struct strbuf msg = { 0 };

			strbuf_addf(&msg, "%s is not defined by any config entry of the tree "
				    "(its value is always n or empty)", name);
			json_array_append_new(out, diagnostic(doc, lineno, b, i, DS_WARNING,
							      strbuf_str(&msg)));
			strbuf_release(&msg);
		}
	}
}

/* Help texts say what they like: their lines are skipped. */
static bool help_line(const char *line, size_t len, bool *in_help, size_t *help_indent)
{
	size_t indent = 0, i;

	for (i = 0; i < len && (line[i] == ' ' || line[i] == '\t'); i++)
		indent += line[i] == '\t' ? 8 - indent % 8 : 1;
	if (*in_help) {
		if (i == len)
			return true;
		if (*help_indent == 0)
			*help_indent = indent;
		if (indent >= *help_indent && indent > 0)
			return true;
		*in_help = false;
	}
	if ((len - i >= 4 && memcmp(line + i, "help", 4) == 0 &&
	     (len - i == 4 || isspace((unsigned char)line[i + 4]))) ||
	    (len - i >= 8 && memcmp(line + i, "---help---", 10 <= len - i ? 10 : len - i) == 0)) {
		*in_help = true;
		*help_indent = 0;
		return true;
	}
	return false;
}

static bool in_tree(struct lsp_server *srv, const struct lsp_doc *doc)
{
	const struct kconfig *kc = srv->s->kc;

	for (size_t i = 0; i < kc->nfiles_read; i++)
		if (strcmp(kc->files_read[i]->name, doc->name) == 0)
			return true;
	return false;
}

static void add_undefined(struct lsp_server *srv, const struct lsp_doc *doc, json_t *out)
{
	bool in_help = false;
	size_t help_indent = 0, len;
	const char *line;

	if (srv->tree_stale || !in_tree(srv, doc))
		return;
	for (unsigned n = 0; (line = lsp_doc_line(doc, n, &len)); n++)
		if (!help_line(line, len, &in_help, &help_indent))
			scan_line(srv, doc, n, line, len, out);
}

struct fates {
	const struct lsp_doc *doc;
	json_t *out;
};

static void add_fates(void *ctx, struct explainer *ex, const struct diff_result *d)
{
	struct fates *f = ctx;

	(void)ex;
	for (unsigned i = 0; i < d->nfragment; i++) {
		const struct diff_fragment_value *v = &d->fragment[i];
		struct strbuf msg = { 0 };
		unsigned lineno = v->loc.line > 0 ? (unsigned)v->loc.line - 1 : 0;

		if (v->fate == FATE_IGNORED)
			strbuf_addf(&msg, "%s=%s does not take effect (%s): the value is %s",
				    v->name, v->text, unused_reason_name(v->reason),
				    v->written ? v->result : "not written");
		else if (v->fate == FATE_UNDEFINED)
			strbuf_addf(&msg, "%s is not defined in this tree: the line does nothing",
				    v->name);
		else
			continue;
		json_array_append_new(f->out, diagnostic(f->doc, lineno, 0, (size_t)-1, DS_WARNING,
							 strbuf_str(&msg)));
		strbuf_release(&msg);
	}
}

/* A fragment (any .config but the one read): its lines merged over the session's. */
static void add_fragment_fates(struct lsp_server *srv, const struct lsp_doc *doc, json_t *out)
{
	struct session *s = srv->s;
	const char *read = s->read_from;
	struct fates f = { doc, out };
	struct diff_file files[2];
	char here[PATH_MAX];

	if (read && realpath(read, here) && strcmp(here, doc->path) == 0)
		return;
	files[0] = (struct diff_file){ read ? read : s->config_name,
				       s->config_text ? s->config_text : "",
				       s->config_text ? s->config_len : 0 };
	files[1] = (struct diff_file){ doc->name, doc->text, doc->len };
	session_diff_each(s, files, 2, true, NULL, add_fates, &f);
}

/* Where name stands on line lineno of doc: [*start, *end), or the whole line. */
static void name_columns(const struct lsp_doc *doc, unsigned lineno, const char *name,
			 size_t *start, size_t *end)
{
	size_t len, n = strlen(name);
	const char *line = lsp_doc_line(doc, lineno, &len);

	*start = 0;
	*end = (size_t)-1;
	for (size_t i = 0; line && i + n <= len; i++)
		if (memcmp(line + i, name, n) == 0 && (i == 0 || !ident_char(line[i - 1])) &&
		    (i + n == len || !ident_char(line[i + n]))) {
			*start = i;
			*end = i + n;
			return;
		}
}

/*
 * Active selects in doc of a symbol whose own dependencies are lower
 * than what the select gives it: the value goes past them.
 */
static void add_unmet_selects(struct lsp_server *srv, const struct lsp_doc *doc, json_t *out)
{
	struct kconfig *kc = srv->s->kc;
	struct config *cfg = srv->s->cfg;

	if (srv->tree_stale)
		return;
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *owner = kc->symbols[i];
		const struct property *p;

		for (p = owner->props; p; p = p->next) {
			const struct symbol *target = p->target;
			tristate given, deps;

			if (p->type != P_SELECT || !target || !p->loc.file ||
			    !type_is_bool_or_tristate(target->type) ||
			    strcmp(p->loc.file->name, doc->name) != 0)
				continue;
			given = tri_and(config_tri(cfg, owner),
					p->visible ? config_expr(cfg, p->visible) : TRI_YES);
			deps = config_dir_dep(cfg, target);
			if (given <= deps)
				continue;

			struct strbuf msg = { 0 };
			size_t start, end;
			unsigned lineno = (unsigned)p->loc.line - 1;

			strbuf_addf(&msg, "%s = %s selects %s past its unmet dependencies "
				    "(they give %s): conf warns \"unmet direct dependencies detected "
				    "for %s\"", owner->name, tri_text(config_tri(cfg, owner)),
				    target->name, tri_text(deps), target->name);
			name_columns(doc, lineno, target->name, &start, &end);
			json_array_append_new(out, diagnostic(doc, lineno, start, end, DS_WARNING,
							      strbuf_str(&msg)));
			strbuf_release(&msg);
		}
	}
}

void lsp_publish_diagnostics(struct lsp_server *srv, struct lsp_doc *doc)
{
	json_t *params = json_object(), *list = json_array();
	struct session *s = srv->s;

	if (doc->kind == DOC_KCONFIG) {
		add_diags_of(srv->have_tree_diags ? &srv->tree_diags : &s->kc->diags, doc, list);
		add_undefined(srv, doc, list);
		if (in_tree(srv, doc))
			add_unmet_selects(srv, doc, list);
	} else if (doc->kind == DOC_CONFIG) {
		add_diags_of(&s->read_diags, doc, list);
		add_fragment_fates(srv, doc, list);
	}
	json_object_set_new(params, "uri", json_text(doc->uri));
	json_object_set_new(params, "diagnostics", list);
	jsonrpc_notify(&srv->rpc, "textDocument/publishDiagnostics", params);
}

/* Keep kc's diagnostics for publishing (kc may be freed after). */
static void keep_diags(struct lsp_server *srv, const struct kconfig *kc)
{
	for (const struct diag *d = kc->diags.first; d; d = d->next) {
		struct location loc = d->loc;
		struct lsp_doc *doc = loc.file ? lsp_doc_by_name(srv, loc.file->name) : NULL;
		struct source_file *f;

		/* Only open files get diagnostics; names outlive the tree. */
		if (!doc)
			continue;
		f = xcalloc(1, sizeof(*f));
		f->name = xstrdup(doc->name);
		loc.file = f;
		diag_add(&srv->tree_diags, d->severity, loc, "%s", d->message);
	}
	srv->have_tree_diags = true;
}

void lsp_diags_release(struct lsp_server *srv)
{
	for (struct diag *d = srv->tree_diags.first; d; d = d->next) {
		free((void *)d->loc.file->name);
		free((void *)d->loc.file);
	}
	diag_release(&srv->tree_diags);
	diag_init(&srv->tree_diags);
	srv->have_tree_diags = false;
}

void lsp_reanalyse(struct lsp_server *srv)
{
	if (srv->kconfig_dirty) {
		struct kconfig *kc = session_load_again(srv->s);
		struct session_reload r;

		srv->kconfig_dirty = false;
		lsp_diags_release(srv);
		keep_diags(srv, kc);
		srv->tree_stale = kc->diags.errors > 0;
		if (srv->tree_stale) {
			kconfig_free(kc);
		} else {
			session_adopt_tree(srv->s, kc, &r);
			session_reload_free(&r);
		}
	}
	for (struct lsp_doc *d = srv->docs; d; d = d->next)
		lsp_publish_diagnostics(srv, d);
}
