// SPDX-License-Identifier: GPL-2.0
/*
 * The source view: an entry's Kconfig text as written, from its first
 * line through its help, each line with its number, read from the tree
 * (srctree) or from the built-in teaching tree's text.
 */
#include "buildconf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "file_read.h"
#include "util.h"
#include "view_source.h"

struct source_state {
	const struct entry *entry;
	char **texts;
	size_t count;
	int first, last;	/* the lines shown */
};

enum source_kind { SOURCE_LINE, SOURCE_NOTE };

static void add(struct view *view, struct source_state *st, enum source_kind kind,
		const char *text)
{
	st->texts = xrealloc(st->texts, (st->count + 1) * sizeof(*st->texts));
	st->texts[st->count] = xstrdup(text);
	view_add(view, st->texts[st->count++], kind, 0);
}

static void free_texts(struct source_state *st)
{
	for (size_t i = 0; i < st->count; i++)
		free(st->texts[i]);
	free(st->texts);
	st->texts = NULL;
	st->count = 0;
}

/* The file's text: the built-in tree's, or read under srctree (heap). */
static char *read_source(struct browser *br, const char *name, size_t *len,
			 char *why, size_t whylen)
{
	const struct kconfig_options *o = &br->s->kc->opts;
	const char *builtin = o->builtin_file ? o->builtin_file(name, len) : NULL;
	char *path, *text;
	size_t size;
	int err = 0;

	if (builtin) {
		text = xmalloc(*len + 1);
		memcpy(text, builtin, *len);
		text[*len] = '\0';
		return text;
	}
	size = strlen(name) + (o->srctree ? strlen(o->srctree) : 0) + 2;
	path = xmalloc(size);
	if (o->srctree && name[0] != '/')
		snprintf(path, size, "%s/%s", o->srctree, name);
	else
		snprintf(path, size, "%s", name);
	text = file_read(path, FILE_READ_MAX, len, &err);
	if (!text)
		snprintf(why, whylen, "cannot read %s: %s", path, strerror(err ? err : errno));
	free(path);
	return text;
}

/* The columns of the leading blanks, tabs to the next multiple of 8. */
static int indent_of(const char *line, size_t len)
{
	int col = 0;

	for (size_t i = 0; i < len; i++) {
		if (line[i] == ' ')
			col++;
		else if (line[i] == '\t')
			col = (col / 8 + 1) * 8;
		else
			return col;
	}
	return -1;	/* blank */
}

static bool starts_entry(const char *line, size_t len)
{
	static const char *const words[] = {
		"config", "menuconfig", "choice", "endchoice", "comment", "menu",
		"endmenu", "if", "endif", "source", "rsource", "osource",
		"orsource", "mainmenu", NULL,
	};
	size_t i = 0, n;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	for (int w = 0; words[w]; w++) {
		n = strlen(words[w]);
		if (len - i >= n && strncmp(line + i, words[w], n) == 0 &&
		    (len - i == n || line[i + n] == ' ' || line[i + n] == '\t' ||
		     line[i + n] == '\r'))
			return true;
	}
	return false;
}

struct line_span { const char *start; size_t len; };

/* Split text into lines (pointers into it); *n gets the count. */
static struct line_span *split_lines(const char *text, size_t len, int *n)
{
	struct line_span *lines = NULL;
	size_t cap = 0;
	const char *p = text, *end = text + len;

	*n = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if ((size_t)*n == cap) {
			cap = cap ? cap * 2 : 256;
			lines = xrealloc(lines, cap * sizeof(*lines));
		}
		lines[(*n)++] = (struct line_span){ p, l };
		p += l + 1;
	}
	return lines;
}

/*
 * The entry's last line: through its help text (the lines indented more
 * than the help line's first text line, blank lines among them), else
 * through its attributes (indented lines that start no other entry).
 */
static int entry_end(const struct line_span *lines, int n, int first, int help)
{
	int last = first, i;

	if (help > 0 && help <= n) {
		int body = -1;

		last = help;
		for (i = help; i < n; i++) {	/* i: the 0-based index of line i+1 */
			int ind = indent_of(lines[i].start, lines[i].len);

			if (ind < 0)
				continue;
			if (body < 0)
				body = ind;
			if (ind < body || body == 0)
				break;
			last = i + 1;
		}
		return last;
	}
	for (i = first; i < n; i++) {
		int ind = indent_of(lines[i].start, lines[i].len);

		if (ind < 0)
			continue;
		if (ind == 0 || starts_entry(lines[i].start, lines[i].len))
			break;
		last = i + 1;
	}
	return last;
}

/* The columns of the number before each line ("  179  "). */
#define NUMBER_COLUMNS 7

/*
 * A numbered line wider than the view goes on in lines of its own, under
 * its text with the number column blank and a "+" where the number was:
 * nothing is cut (a `depends on` keeps its last word).  Breaks at a
 * blank where one is in the second half of the room, else anywhere but
 * inside a UTF-8 character.
 */
static void add_wrapped(struct view *view, struct source_state *st, const char *buf,
			size_t len)
{
	size_t room = view->width > NUMBER_COLUMNS + 10 ?
		      (size_t)(view->width - NUMBER_COLUMNS) : 0;
	const char *text = buf + NUMBER_COLUMNS;
	size_t left = len - NUMBER_COLUMNS;
	char part[4096 + NUMBER_COLUMNS + 1];
	bool first = true;

	if (!room || len < NUMBER_COLUMNS || left <= room) {
		add(view, st, SOURCE_LINE, buf);
		return;
	}
	while (first || left) {
		size_t take = left <= room ? left : room;

		if (take < left) {
			size_t at = take;

			while (at > room / 2 && text[at - 1] != ' ')
				at--;
			if (at > room / 2)
				take = at;
			while (take > 1 && ((unsigned char)text[take] & 0xc0) == 0x80)
				take--;
		}
		snprintf(part, sizeof(part), "%.*s%.*s", NUMBER_COLUMNS,
			 first ? buf : "    +  ", (int)take, text);
		add(view, st, SOURCE_LINE, part);
		text += take;
		left -= take;
		first = false;
	}
}

/* A line as shown: its number, then the text with tabs expanded. */
static void add_numbered(struct view *view, struct source_state *st, int number,
			 const struct line_span *line)
{
	char buf[4096];
	size_t len = (size_t)snprintf(buf, sizeof(buf), "%5d  ", number);
	int col = 0;

	for (size_t i = 0; i < line->len && len < sizeof(buf) - 9; i++) {
		char c = line->start[i];

		if (c == '\t') {
			do {
				buf[len++] = ' ';
			} while (++col % 8);
		} else if (c != '\r') {
			buf[len++] = c;
			col++;
		}
	}
	buf[len] = '\0';
	add_wrapped(view, st, buf, len);
}

static void source_open(struct view *view)
{
	struct source_state *st = view->priv;
	const struct menu_node *node;
	struct line_span *lines;
	char why[600] = "", note[600];
	size_t len;
	char *text;
	int n;

	free_texts(st);
	view_clear(view);
	st->first = st->last = 0;
	if (!st->entry)
		return;
	node = st->entry->node;
	if (!node->loc.file || node->loc.line <= 0) {
		add(view, st, SOURCE_NOTE, "This entry has no place in a Kconfig file.");
		view_select(view, 0);
		return;
	}
	text = read_source(view->br, node->loc.file->name, &len, why, sizeof(why));
	if (!text) {
		add(view, st, SOURCE_NOTE, why);
		view_select(view, 0);
		return;
	}
	lines = split_lines(text, len, &n);
	st->first = node->loc.line;
	st->last = st->first <= n ? entry_end(lines, n, st->first, node->help_loc.line) : 0;
	for (int i = st->first; i <= st->last; i++)
		add_numbered(view, st, i, &lines[i - 1]);
	if (st->first > n) {
		snprintf(note, sizeof(note), "%s has only %d lines: it changed since it was read",
			 node->loc.file->name, n);
		add(view, st, SOURCE_NOTE, note);
	}
	/* The other places that define the same symbol. */
	if (node->sym)
		for (const struct menu_node *o = node->sym->first_node; o; o = o->next_def)
			if (o != node && o->loc.file) {
				snprintf(note, sizeof(note), "%s is also defined at %s:%d",
					 node->sym->name ? node->sym->name : "it",
					 o->loc.file->name, o->loc.line);
				add(view, st, SOURCE_NOTE, "");
				add(view, st, SOURCE_NOTE, note);
			}
	free(lines);
	free(text);
	view_select(view, 0);
}

static void source_draw(struct view *view, const struct view_line *line, int row,
			bool selected)
{
	const char *text = line->data;

	(void)selected;
	/* "  179  config PAGE_SHIFT": the number dimmed. */
	if (line->kind == SOURCE_LINE && strlen(text) >= 7) {
		char number[8];

		memcpy(number, text, 5);
		number[5] = '\0';
		view_put(view, row, 0, number, STYLE_DIM);
		view_put(view, row, 7, text + 7, STYLE_NORMAL);
		return;
	}
	view_put(view, row, 0, text, line->kind == SOURCE_NOTE ? STYLE_HEADING : STYLE_NORMAL);
}

static enum request source_request(struct view *view, enum request req)
{
	struct source_state *st = view->priv;

	if (view_scroll(view, req))
		return REQ_NONE;
	switch (req) {
	case REQ_EDIT_SOURCE:
		if (st->entry)
			browser_edit_source(view->br, st->entry);
		return REQ_NONE;
	case REQ_BACK:
	case REQ_QUIT:
	case REQ_ENTER:
	case REQ_SOURCE:
		browser_show(view->br, VIEW_TREE);
		return REQ_NONE;
	default:
		return req;
	}
}

static void source_title(struct view *view, char *buf, size_t size)
{
	const struct source_state *st = view->priv;
	const struct location *loc = st->entry ? &st->entry->node->loc : NULL;

	if (!loc || !loc->file)
		snprintf(buf, size, "Source: q or Esc closes it");
	else if (st->last > st->first)
		snprintf(buf, size, "%s:%d-%d  (e: open in $EDITOR, q: back)",
			 loc->file->name, st->first, st->last);
	else
		snprintf(buf, size, "%s:%d  (e: open in $EDITOR, q: back)",
			 loc->file->name, loc->line);
}

static void source_done(struct view *view)
{
	free_texts(view->priv);
}

void source_show(struct browser *br, const struct entry *entry)
{
	struct source_state *st = br->views[VIEW_SOURCE].priv;

	st->entry = entry;
	browser_show(br, VIEW_SOURCE);
}

const struct view_ops source_view_ops = {
	.name = "source",
	.flags = VIEW_FULL_SCREEN | VIEW_WRAPS,
	.priv_size = sizeof(struct source_state),
	.open = source_open,
	.draw = source_draw,
	.request = source_request,
	.title = source_title,
	.done = source_done,
};
