// SPDX-License-Identifier: GPL-2.0
/*
 * The one key table.  Order matters only for the help screen, which
 * lists requests in the order of their first binding here.
 */
#include "buildconf.h"

#include <stdio.h>
#include <curses.h>

#include "keys.h"
#include "util.h"

#define CTRL(c) ((c) & 0x1f)
#define FN(k, req) { (k), true, REQ_##req }
#define CH(k, req) { (k), false, REQ_##req }

const struct key_binding key_bindings[] = {
	FN(KEY_UP, MOVE_UP),		CH('k', MOVE_UP),
	FN(KEY_DOWN, MOVE_DOWN),	CH('j', MOVE_DOWN),
	FN(KEY_PPAGE, PAGE_UP),		CH(CTRL('B'), PAGE_UP),
	FN(KEY_NPAGE, PAGE_DOWN),	CH(CTRL('F'), PAGE_DOWN),
	FN(KEY_HOME, MOVE_FIRST),	FN(KEY_END, MOVE_LAST),
	CH('\n', ENTER),		FN(KEY_ENTER, ENTER),
	FN(KEY_RIGHT, OPEN),		CH('l', OPEN),
	FN(KEY_LEFT, BACK),		CH('h', BACK),
	FN(KEY_BACKSPACE, BACK),	CH(0x7f, BACK),
	CH('\b', BACK),			CH(0x1b, BACK),
	CH(' ', TOGGLE),
	CH('y', SET_YES),		CH('m', SET_MOD),
	CH('n', SET_NO),
	CH('/', SEARCH),		CH('g', GOTO),
	CH('r', SEARCH_RESULTS),
	CH('w', WHY_DEEPER),		CH('W', WHY_NONE),
	CH('p', PLAN),
	CH('[', HISTORY_BACK),		CH(']', HISTORY_FWD),
	CH('\t', FOCUS),
	CH('z', TOGGLE_HIDDEN),		CH('N', TOGGLE_NAMES),
	CH('s', SAVE),
	CH('?', HELP),			FN(KEY_F(1), HELP),
	CH(CTRL('L'), REDRAW),
	CH('q', QUIT),
	CH(CTRL('C'), INTERRUPT),
	CH('o', TOGGLE_OUTLINE),
	CH('+', EXPAND),
	CH('-', COLLAPSE),
	CH('*', EXPAND_ALL),
	CH('u', PARENT),
	CH('v', SOURCE),
	CH('e', EDIT_SOURCE),
	CH('R', RELOAD),
	CH('C', CHANGES),
	CH('!', WARNINGS),
	CH('L', LOAD),			FN(KEY_F(7), LOAD),
	CH('S', SAVE_AS),		FN(KEY_F(6), SAVE_AS),
	CH('I', WELCOME),
};

const unsigned key_binding_count = ARRAY_SIZE(key_bindings);

static const char *const request_names[] = {
#define REQ_NAME(id, name, help) name,
	REQUESTS(REQ_NAME)
#undef REQ_NAME
};

static const char *const request_helps[] = {
#define REQ_HELP(id, name, help) help,
	REQUESTS(REQ_HELP)
#undef REQ_HELP
};

enum request key_request(int key, bool function_key)
{
	for (unsigned i = 0; i < key_binding_count; i++)
		if (key_bindings[i].key == key &&
		    key_bindings[i].function_key == function_key)
			return key_bindings[i].request;
	return REQ_NONE;
}

const char *request_name(enum request req)
{
	return req < REQ_COUNT ? request_names[req] : "?";
}

const char *request_help(enum request req)
{
	return req < REQ_COUNT ? request_helps[req] : "?";
}

static const char *function_key_name(int key)
{
	switch (key) {
	case KEY_UP: return "Up";
	case KEY_DOWN: return "Down";
	case KEY_LEFT: return "Left";
	case KEY_RIGHT: return "Right";
	case KEY_PPAGE: return "PgUp";
	case KEY_NPAGE: return "PgDn";
	case KEY_HOME: return "Home";
	case KEY_END: return "End";
	case KEY_ENTER: return "KpEnter";
	case KEY_BACKSPACE: return "Backspace";
	case KEY_F(1): return "F1";
	case KEY_F(6): return "F6";
	case KEY_F(7): return "F7";
	}
	return NULL;
}

static const char *char_key_name(int key)
{
	switch (key) {
	case '\n': return "Enter";
	case '\t': return "Tab";
	case ' ': return "Space";
	case 0x1b: return "Esc";
	case 0x7f: return "Backspace";
	case '\b': return "Ctrl-H";
	}
	return NULL;
}

const char *key_label(const struct key_binding *binding, char *buf, unsigned size)
{
	const char *name = binding->function_key ? function_key_name(binding->key)
						 : char_key_name(binding->key);

	if (name)
		snprintf(buf, size, "%s", name);
	else if (binding->function_key)
		snprintf(buf, size, "key %d", binding->key);
	else if (binding->key < 0x20)
		snprintf(buf, size, "Ctrl-%c", binding->key + '@');
	else
		snprintf(buf, size, "%c", binding->key);
	return buf;
}
