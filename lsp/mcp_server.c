// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse mcp`: the Model Context Protocol over stdio (JSON-RPC, one
 * message a line), for agents.  Its tools ask the questions the command
 * line answers, through the same writers, so a tool's text is the JSON
 * the command prints for the same question:
 *
 *   explain         kbrowse explain --json [--depth N] [--reverse] SYMBOL
 *   plan            kbrowse explain --json --to VALUE SYMBOL
 *   check_fragment  kbrowse diff --json --apply FRAGMENT [BASE]
 *   diff            kbrowse diff --json OLD NEW
 *   search          symbols whose name or prompt holds the words (the
 *                   browser's search; no command prints it)
 *
 * A question the tree cannot answer (an unknown symbol, a file that
 * cannot be read) is a tool result with isError, as MCP wants; a
 * malformed call is a JSON-RPC error.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* strcasestr() */
#endif
#include <stdlib.h>
#include <string.h>

#include "buildconf.h"
#include "diff.h"
#include "file_read.h"
#include "json_out.h"
#include "lsp.h"
#include "session_diff.h"
#include "strbuf.h"
#include "util.h"

#define SEARCH_DEFAULT_LIMIT	50
#define SEARCH_MAX_LIMIT	1000

struct mcp_call {
	struct session *s;
	json_t *args;
	FILE *out;		/* the tool's text */
	char error[512];	/* set: the answer is an error */
};

typedef void mcp_tool_fn(struct mcp_call *call);

static const char *arg_string(struct mcp_call *call, const char *key)
{
	json_t *v = json_object_get(call->args, key);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

static const struct symbol *arg_symbol(struct mcp_call *call)
{
	const char *name = arg_string(call, "symbol");
	const struct symbol *sym = name ? session_find_symbol(call->s, name) : NULL;

	if (!name)
		snprintf(call->error, sizeof(call->error), "the argument 'symbol' (a string) is missing");
	else if (!sym)
		snprintf(call->error, sizeof(call->error), "unknown symbol '%.200s'", name);
	return sym;
}

static void tool_explain(struct mcp_call *call)
{
	const struct symbol *sym = arg_symbol(call);
	json_t *depth = json_object_get(call->args, "depth");
	struct explain_print_options opts = {
		.reverse = json_is_true(json_object_get(call->args, "reverse")),
	};

	if (!sym)
		return;
	if (depth && (!json_is_integer(depth) || json_integer_value(depth) < 1 ||
		      json_integer_value(depth) > 1000)) {
		snprintf(call->error, sizeof(call->error), "'depth' is a number from 1 to 1000");
		return;
	}
	/* As --depth: it counts the symbol itself. */
	opts.depth = depth ? (int)json_integer_value(depth) - 1 : 0;
	explain_print_json_chain(call->s->ex, explain_symbol(call->s->ex, sym), NULL,
				 &opts, call->out);
}

static void tool_plan(struct mcp_call *call)
{
	const struct symbol *sym = arg_symbol(call);
	const char *to = arg_string(call, "to");
	const struct explain_print_options opts = { .depth = 0 };
	struct explainer *ex = call->s->ex;
	const struct change_plan *plan;

	if (!sym)
		return;
	if (!to) {
		snprintf(call->error, sizeof(call->error),
			 "the argument 'to' (a value, or \"visible\") is missing");
		return;
	}
	plan = explain_change(ex, sym, to, 8, session_fresh_config, call->s);
	explain_print_json_chain(ex, explain_symbol(ex, sym), plan, &opts, call->out);
}

/* A file named by the caller (from the directory kbrowse works in). */
static char *read_arg_file(struct mcp_call *call, const char *path, size_t *len)
{
	char why[128];
	int err;
	char *text = file_read(path, FILE_READ_MAX, len, &err);

	if (!text)
		snprintf(call->error, sizeof(call->error), "%.300s: %s", path,
			 file_read_error(err, FILE_READ_MAX, "a .config", why, sizeof(why)));
	return text;
}

static void tool_check_fragment(struct mcp_call *call)
{
	const char *text = arg_string(call, "fragment"), *path = arg_string(call, "path");
	const char *base = arg_string(call, "base");
	struct session *s = call->s;
	struct diff_file files[2];
	char *frag_text = NULL, *base_text = NULL;
	size_t len;

	if (!text && !path) {
		snprintf(call->error, sizeof(call->error),
			 "give the fragment's lines ('fragment') or its file ('path')");
		return;
	}
	if (path && !(frag_text = read_arg_file(call, path, &len)))
		return;
	files[1] = path ? (struct diff_file){ path, frag_text, len }
			: (struct diff_file){ "fragment", text, strlen(text) };
	if (base) {
		if (!(base_text = read_arg_file(call, base, &len))) {
			free(frag_text);
			return;
		}
		files[0] = (struct diff_file){ base, base_text, len };
	} else {
		/* The session's own .config (none: every value its default). */
		files[0] = (struct diff_file){ s->read_from ? s->read_from : s->config_name,
					       s->config_text ? s->config_text : "",
					       s->config_text ? s->config_len : 0 };
	}
	session_diff_texts(s, files, 2, true, true, call->out, NULL);
	free(frag_text);
	free(base_text);
}

static void tool_diff(struct mcp_call *call)
{
	const char *old_name = arg_string(call, "old"), *new_name = arg_string(call, "new");
	struct diff_file files[2];
	char *old_text = NULL, *new_text = NULL;
	size_t old_len, new_len;

	if (!old_name || !new_name) {
		snprintf(call->error, sizeof(call->error),
			 "the arguments 'old' and 'new' (two .config files) are needed");
		return;
	}
	if ((old_text = read_arg_file(call, old_name, &old_len)) &&
	    (new_text = read_arg_file(call, new_name, &new_len))) {
		files[0] = (struct diff_file){ old_name, old_text, old_len };
		files[1] = (struct diff_file){ new_name, new_text, new_len };
		session_diff_texts(call->s, files, 2, false, true, call->out, NULL);
	}
	free(old_text);
	free(new_text);
}

/* Does the entry's name or prompt hold every word of the query? */
static bool matches(const struct symbol *sym, const char *query)
{
	const struct menu_node *node = sym->first_node;
	const char *prompt = node && node->prompt ? node->prompt->text : NULL;
	char *copy = xstrdup(query), *save = NULL;
	bool all = true;

	for (char *w = strtok_r(copy, " \t", &save); w && all; w = strtok_r(NULL, " \t", &save))
		all = strcasestr(sym->name, w) || (prompt && strcasestr(prompt, w));
	free(copy);
	return all;
}

static void tool_search(struct mcp_call *call)
{
	const char *query = arg_string(call, "query");
	json_t *limit = json_object_get(call->args, "limit");
	json_int_t max = json_is_integer(limit) ? json_integer_value(limit) : SEARCH_DEFAULT_LIMIT;
	struct explainer *ex = call->s->ex;
	struct kconfig *kc = call->s->kc;
	json_t *found = json_new_array(), *answer = json_new_object();
	json_int_t n = 0;

	if (!query) {
		snprintf(call->error, sizeof(call->error), "the argument 'query' (words) is missing");
		json_decref(found);
		json_decref(answer);
		return;
	}
	if (max < 1 || max > SEARCH_MAX_LIMIT)
		max = SEARCH_MAX_LIMIT;
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];
		const struct menu_node *node = sym->first_node;
		json_t *o;

		if (!sym->name || !(sym->flags & SYMBOL_DEFINED) || !node || !matches(sym, query))
			continue;
		if (n++ >= max)
			continue;	/* counted, not listed */
		o = json_new_object();
		json_put_text(o, "name", sym->name);
		json_put_text(o, "type", symbol_type_name(sym->type));
		json_put_text(o, "value", config_str(call->s->cfg, sym));
		json_put(o, "prompt", json_text(node->prompt ? node->prompt->text : NULL));
		json_put_location(ex, o, "defined_at", node->loc);
		json_append(found, o);
	}
	json_put_text(answer, "query", query);
	json_put(answer, "matches", json_integer(n));
	json_put(answer, "symbols", found);
	json_write_line(answer, call->out);
}

static const struct mcp_tool {
	const char *name;
	mcp_tool_fn *run;
	const char *description;
	const char *schema;	/* the inputSchema, as JSON */
} tools[] = {
	{ "explain", tool_explain,
	  "Why a Kconfig symbol has its value in this tree and .config: the value, the line "
	  "that decided it, conditions with their values, who selects it. The JSON of "
	  "`kbrowse explain --json SYMBOL`, one object per line (more with depth).",
	  "{\"type\":\"object\",\"properties\":{"
	  "\"symbol\":{\"type\":\"string\",\"description\":\"the name, with or without CONFIG_\"},"
	  "\"depth\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":1000,"
	  "\"description\":\"follow the reasons this many levels (default 1)\"},"
	  "\"reverse\":{\"type\":\"boolean\",\"description\":\"also every place that uses it\"}},"
	  "\"required\":[\"symbol\"]}" },
	{ "plan", tool_plan,
	  "What the user must set for a symbol to get a value (or its prompt to be shown): "
	  "the fewest changes, verified on a copy, or why it is impossible. The JSON of "
	  "`kbrowse explain --json --to VALUE SYMBOL`.",
	  "{\"type\":\"object\",\"properties\":{"
	  "\"symbol\":{\"type\":\"string\"},"
	  "\"to\":{\"type\":\"string\",\"description\":\"y, m, n, a number, a string, or visible\"}},"
	  "\"required\":[\"symbol\",\"to\"]}" },
	{ "check_fragment", tool_check_fragment,
	  "What merging a config fragment over the .config would do, as merge_config.sh and "
	  "olddefconfig do: what changes, and whether each line of the fragment takes effect "
	  "(and why not). The JSON of `kbrowse diff --json --apply FRAGMENT [BASE]`.",
	  "{\"type\":\"object\",\"properties\":{"
	  "\"fragment\":{\"type\":\"string\",\"description\":\"the fragment's lines (CONFIG_FOO=y ...)\"},"
	  "\"path\":{\"type\":\"string\",\"description\":\"or the fragment's file\"},"
	  "\"base\":{\"type\":\"string\",\"description\":\"the .config to merge over (default: the one read)\"}}}" },
	{ "diff", tool_diff,
	  "Which values differ between two .config files of this tree, grouped by root cause. "
	  "The JSON of `kbrowse diff --json OLD NEW`.",
	  "{\"type\":\"object\",\"properties\":{"
	  "\"old\":{\"type\":\"string\"},\"new\":{\"type\":\"string\"}},"
	  "\"required\":[\"old\",\"new\"]}" },
	{ "search", tool_search,
	  "Symbols whose name or prompt contains every word of the query, with type, value, "
	  "prompt and definition.",
	  "{\"type\":\"object\",\"properties\":{"
	  "\"query\":{\"type\":\"string\"},"
	  "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":1000}},"
	  "\"required\":[\"query\"]}" },
};

static json_t *tools_list(void)
{
	json_t *list = json_new_array(), *result = json_new_object();

	for (size_t i = 0; i < ARRAY_SIZE(tools); i++) {
		json_t *t = json_new_object();

		json_put_text(t, "name", tools[i].name);
		json_put_text(t, "description", tools[i].description);
		json_put(t, "inputSchema", json_loads(tools[i].schema, 0, NULL));
		json_append(list, t);
	}
	json_put(result, "tools", list);
	return result;
}

/* A tool's answer: its text, and the object itself when it is one line. */
static json_t *tool_result(const char *text, bool error)
{
	json_t *result = json_new_object(), *content = json_new_array(), *item = json_new_object();
	const char *nl = strchr(text, '\n');

	json_put_text(item, "type", "text");
	json_put_text(item, "text", text);
	json_append(content, item);
	json_put(result, "content", content);
	if (!error && nl && !nl[1]) {
		json_t *parsed = json_loads(text, JSON_DECODE_ANY, NULL);

		if (json_is_object(parsed))
			json_put(result, "structuredContent", parsed);
		else
			json_decref(parsed);
	}
	json_put(result, "isError", json_boolean(error));
	return result;
}

static void tools_call(struct jsonrpc *rpc, struct session *s, json_t *id, json_t *params)
{
	json_t *name = json_object_get(params, "name"), *args = json_object_get(params, "arguments");
	struct mcp_call call = { .s = s, .args = args ? args : json_object() };
	char *text = NULL;
	size_t len = 0;

	for (size_t i = 0; json_is_string(name) && i < ARRAY_SIZE(tools); i++) {
		if (strcmp(json_string_value(name), tools[i].name) != 0)
			continue;
		if (!json_is_object(call.args))
			break;
		call.out = open_memstream(&text, &len);
		if (!call.out)
			out_of_memory();
		tools[i].run(&call);
		fclose(call.out);
		jsonrpc_result(rpc, id, tool_result(call.error[0] ? call.error : text,
						    call.error[0] != 0));
		free(text);
		if (!args)
			json_decref(call.args);
		if (s->ex->arena.total > (16u << 20))
			explainer_reset(s->ex);
		return;
	}
	if (!args)
		json_decref(call.args);
	jsonrpc_error(rpc, id, JSONRPC_INVALID_PARAMS,
		      json_is_string(name) && json_is_object(call.args) ? "unknown tool"
		      : "tools/call needs a tool 'name' and an object of 'arguments'");
}

static json_t *initialize_result(json_t *params)
{
	json_t *result = json_new_object(), *caps = json_new_object(), *info = json_new_object();
	json_t *version = json_object_get(params, "protocolVersion");

	json_put_text(result, "protocolVersion",
		      json_is_string(version) ? json_string_value(version) : "2024-11-05");
	json_put(caps, "tools", json_pack("{s:b}", "listChanged", 0));
	json_put(result, "capabilities", caps);
	json_put_text(info, "name", "kbrowse");
	json_put_text(info, "version", PACKAGE_VERSION);
	json_put(result, "serverInfo", info);
	return result;
}

static void handle(struct jsonrpc *rpc, struct session *s, json_t *msg)
{
	json_t *method = json_object_get(msg, "method"), *id = json_object_get(msg, "id");
	json_t *params = json_object_get(msg, "params");
	const char *m;

	if (!json_is_object(msg) || !json_is_string(method)) {
		if (!json_is_object(msg) || !json_object_get(msg, "result"))
			jsonrpc_error(rpc, NULL, JSONRPC_INVALID_REQUEST,
				      "not a JSON-RPC request: an object with a method is expected");
		return;
	}
	if (!id)	/* notifications/initialized, cancelled ...: nothing to answer */
		return;
	m = json_string_value(method);
	if (strcmp(m, "initialize") == 0)
		jsonrpc_result(rpc, id, initialize_result(params));
	else if (strcmp(m, "ping") == 0)
		jsonrpc_result(rpc, id, json_new_object());
	else if (strcmp(m, "tools/list") == 0)
		jsonrpc_result(rpc, id, tools_list());
	else if (strcmp(m, "tools/call") == 0)
		tools_call(rpc, s, id, params);
	else {
		char text[300];

		snprintf(text, sizeof(text), "unknown method '%.200s'", m);
		jsonrpc_error(rpc, id, JSONRPC_METHOD_NOT_FOUND, text);
	}
}

int mcp_serve(struct session *s, const struct lsp_options *opts, FILE *in, FILE *out)
{
	struct jsonrpc rpc = { .in = in, .out = out, .framing = JSONRPC_LINES,
			       .log = stderr, .prog = opts->prog };
	char error[512];

	for (;;) {
		json_t *msg;
		bool fatal;
		enum jsonrpc_read got = jsonrpc_read(&rpc, &msg, error, sizeof(error), &fatal);

		if (got == JSONRPC_EOF)
			return EXIT_OK;
		if (got == JSONRPC_BAD) {
			jsonrpc_error(&rpc, NULL, JSONRPC_PARSE_ERROR, error);
			continue;
		}
		handle(&rpc, s, msg);
		json_decref(msg);
	}
}
