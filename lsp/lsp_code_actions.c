// SPDX-License-Identifier: GPL-2.0
/*
 * textDocument/codeAction, asked by the user (not on every cursor move:
 * a plan runs the solver and the model):
 *   - on a bool or tristate symbol anywhere: for each other value, the
 *     plan `explain --to` finds, verified on a copy of the configuration,
 *     as an edit of the .config the session read (its whole text made
 *     again with the plan's user values, as a save would write it);
 *   - on a line of a fragment that does not take effect: the lines the
 *     plan for it needs, added above it; or, when no user value can give
 *     it (no prompt, a select, an undefined symbol), the line removed.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json_out.h"
#include "lsp.h"
#include "strbuf.h"
#include "util.h"

/* LSP's CodeActionTriggerKind: the editor asks by itself. */
#define TRIGGER_AUTOMATIC 2

/* The URI of the .config the session reads and saves. */
static char *config_uri(struct lsp_server *srv)
{
	char cwd[PATH_MAX], *uri;
	const char *name = srv->s->read_from ? srv->s->read_from : srv->s->config_name;
	struct strbuf path = { 0 };

	if (name[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		strbuf_adds(&path, name);
	else
		strbuf_addf(&path, "%s/%s", cwd, name);
	uri = lsp_path_to_uri(strbuf_str(&path));
	strbuf_release(&path);
	return uri;
}

static json_t *text_edit(unsigned l1, unsigned c1, unsigned l2, unsigned c2, const char *text)
{
	return json_pack("{s:{s:{s:i,s:i},s:{s:i,s:i}},s:o}", "range",
			 "start", "line", l1, "character", c1, "end", "line", l2, "character", c2,
			 "newText", json_text(text));
}

static json_t *action(const char *title, const char *uri, json_t *edits)
{
	json_t *changes = json_object(), *edit = json_object(), *a = json_object();

	json_object_set_new(changes, uri, edits);
	json_object_set_new(edit, "changes", changes);
	json_object_set_new(a, "title", json_text(title));
	json_object_set_new(a, "kind", json_string("quickfix"));
	json_object_set_new(a, "edit", edit);
	return a;
}

/* A step as a .config line. */
static void append_step_line(struct lsp_server *srv, struct strbuf *b,
			     const struct change_step *step)
{
	const char *value = step->kind == STEP_CHOOSE ? "y" : step->value;

	if (step->sym->type == S_STRING) {
		strbuf_addf(b, "%s%s=\"", srv->s->io.prefix, step->sym->name);
		for (const char *p = value; *p; p++) {
			if (*p == '"' || *p == '\\')
				strbuf_addc(b, '\\');
			strbuf_addc(b, *p);
		}
		strbuf_adds(b, "\"\n");
	} else if (!strcmp(value, "n") && type_is_bool_or_tristate(step->sym->type)) {
		strbuf_addf(b, "# %s%s is not set\n", srv->s->io.prefix, step->sym->name);
	} else {
		strbuf_addf(b, "%s%s=%s\n", srv->s->io.prefix, step->sym->name, value);
	}
}

/* The plan's steps on a copy; its .config text if the goal gets its value. */
static char *planned_text(struct lsp_server *srv, const struct change_plan *plan, size_t *len)
{
	struct config *copy = session_fresh_config(srv->s);
	char *text = NULL;
	bool all = true;

	for (unsigned i = 0; i < plan->nsteps; i++) {
		const struct change_step *step = &plan->steps[i];

		if (step->kind == STEP_SET)
			all &= config_set_string(copy, step->sym, step->value);
		else if (step->kind == STEP_CHOOSE)
			all &= config_set_choice(copy, step->sym);
		else
			all = false;
	}
	if (all && strcmp(config_str(copy, plan->goal), plan->want) == 0)
		text = config_write_text(copy, &srv->s->io, len);
	config_free(copy);
	return text;
}

/* The last line and column of text (for an edit that replaces all of it). */
static void text_end(const char *text, size_t len, unsigned *line, unsigned *col)
{
	const char *last = text;

	*line = 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n') {
			(*line)++;
			last = text + i + 1;
		}
	*col = lsp_utf16_column(last, (size_t)(text + len - last), (size_t)(text + len - last));
}

static void add_plan_actions(struct lsp_server *srv, const struct symbol *sym, json_t *list)
{
	static const char *const values[] = { "y", "m", "n" };
	const char *now = config_str(srv->s->cfg, sym);
	const char *old = srv->s->config_text ? srv->s->config_text : "";
	size_t old_len = srv->s->config_text ? srv->s->config_len : 0;
	char *uri = config_uri(srv);

	for (size_t i = 0; i < ARRAY_SIZE(values); i++) {
		const struct change_plan *plan;
		struct strbuf title = { 0 };
		unsigned l2, c2;
		size_t len;
		char *text;

		if (!strcmp(values[i], now) || (values[i][0] == 'm' && sym->type != S_TRISTATE))
			continue;
		plan = explain_change(srv->s->ex, sym, values[i], 8, session_fresh_config, srv->s);
		if (!plan || !plan->feasible || !plan->verified || plan->already ||
		    !(text = planned_text(srv, plan, &len)))
			continue;
		strbuf_addf(&title, "kbrowse: %s=%s in %s (", sym->name, values[i],
			    srv->s->config_name);
		for (unsigned k = 0; k < plan->nsteps; k++)
			strbuf_addf(&title, "%s%s=%s", k ? ", " : "", plan->steps[k].sym->name,
				    plan->steps[k].kind == STEP_CHOOSE ? "y" : plan->steps[k].value);
		strbuf_adds(&title, plan->nvalues > 1 ? "; other values follow)" : ")");
		text_end(old, old_len, &l2, &c2);
		json_array_append_new(list, action(strbuf_str(&title), uri,
						   json_pack("[o]", text_edit(0, 0, l2, c2, text))));
		strbuf_release(&title);
		free(text);
	}
	free(uri);
}

/* A fragment line that does not take effect: what it needs, or its removal. */
static void add_fragment_fix(struct lsp_server *srv, struct lsp_doc *doc, unsigned lineno,
			     const char *word, const struct symbol *sym, json_t *list)
{
	size_t len;
	const char *line = lsp_doc_line(doc, lineno, &len);
	char value[1024], *got = NULL;
	struct strbuf title = { 0 }, lines = { 0 };
	const struct change_plan *plan = NULL;

	if (!line || !lsp_config_line_value(line, len, word, value, sizeof(value)))
		return;
	if (lsp_line_takes_effect(srv, sym, value, &got)) {
		free(got);
		return;
	}
	if (sym->flags & SYMBOL_DEFINED)
		plan = explain_change(srv->s->ex, sym, value, 8, session_fresh_config, srv->s);
	if (plan && plan->feasible && plan->verified) {
		for (unsigned k = 0; k < plan->nsteps; k++)
			if (plan->steps[k].sym != sym)
				append_step_line(srv, &lines, &plan->steps[k]);
	}
	if (lines.len) {
		strbuf_addf(&title, "kbrowse: add what %s=%s needs", sym->name, value);
		json_array_append_new(list, action(strbuf_str(&title), doc->uri,
			json_pack("[o]", text_edit(lineno, 0, lineno, 0, strbuf_str(&lines)))));
	} else {
		strbuf_addf(&title, "kbrowse: remove the line (%s cannot be %s here: it gets %s)",
			    sym->name, value, got);
		json_array_append_new(list, action(strbuf_str(&title), doc->uri,
			json_pack("[o]", text_edit(lineno, 0, lineno + 1, 0, ""))));
	}
	strbuf_release(&title);
	strbuf_release(&lines);
	free(got);
}

json_t *lsp_code_actions(struct lsp_server *srv, json_t *params)
{
	json_t *td = json_object_get(params, "textDocument"), *range = json_object_get(params, "range");
	json_t *start = json_object_get(range, "start");
	json_t *trigger = json_object_get(json_object_get(params, "context"), "triggerKind");
	json_t *uri = json_object_get(td, "uri"), *list = json_array();
	json_t *l = json_object_get(start, "line"), *c = json_object_get(start, "character");
	struct lsp_doc *doc;
	char word[256];
	size_t ws, we;
	const struct symbol *sym;

	if (json_is_integer(trigger) && json_integer_value(trigger) == TRIGGER_AUTOMATIC)
		return list;
	if (!json_is_string(uri) || !json_is_integer(l) || !json_is_integer(c) ||
	    json_integer_value(l) < 0 || json_integer_value(c) < 0 ||
	    !(doc = lsp_doc_find(srv, json_string_value(uri))) ||
	    !lsp_word_at(doc, (unsigned)json_integer_value(l), (unsigned)json_integer_value(c),
			 word, sizeof(word), &ws, &we) ||
	    !(sym = lsp_symbol_of_word(srv, doc, word)))
		return list;
	if (doc->kind == DOC_CONFIG)
		add_fragment_fix(srv, doc, (unsigned)json_integer_value(l), word, sym, list);
	if (type_is_bool_or_tristate(sym->type) && (sym->flags & SYMBOL_DEFINED))
		add_plan_actions(srv, sym, list);
	return list;
}
