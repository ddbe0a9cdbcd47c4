// SPDX-License-Identifier: GPL-2.0
/*
 * The search view: every entry whose name, prompt or help contains the
 * text typed so far (case ignored), best matches first: the exact name,
 * then names starting with it, names holding it as a word (SHIFT in
 * PAGE_SHIFT), names containing it, prompts, help, and
 * last the entries that hold every word of the query somewhere.  A name
 * may be typed with its CONFIG_ prefix.  A query with a regular
 * expression's special characters (^ $ . * [ ] \ + ? ( ) { } |) is a
 * POSIX extended regular expression, case ignored: ^page.*shift$ finds
 * PAGE_SHIFT.  The list follows each key; Enter jumps to the selected
 * entry, and the results stay for search-results to come back to.
 */
#include "buildconf.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "util.h"
#include "view_search.h"

enum rank {
	RANK_NAME_EXACT,
	RANK_NAME_PREFIX,
	RANK_NAME_WORD,		/* a whole word of the name: SHIFT in PAGE_SHIFT */
	RANK_NAME,
	RANK_PROMPT,
	RANK_HELP,
	RANK_WORDS,		/* every word of the query, here or there */
	RANK_NONE,
};

struct hit {
	struct entry *entry;
	enum rank rank;
};

struct search_state {
	char *query;
	struct hit *hits;
	size_t nhits, cap;
	size_t nhits_before;		/* the last query's, still in hits */
	const char *name_query;		/* query without its CONFIG_ prefix */
	char **words;			/* the query's words, when several */
	size_t nwords;
	bool is_regex;			/* query is a regular expression */
	char literal[64];		/* text every match of the expression holds */
	char line_start[64];		/* ... and what one of its lines starts with */
	char *regex_text;		/* the expression compiled (no CONFIG_ prefix) */
	char *prev_query, *prev_name;	/* what the hits were found for */
	char *prev_regex;		/* ... when it was an expression */
	bool bad_regex;			/* ... that did not compile: text */
	regex_t regex;
	const struct entry *remembered;	/* the cursor, when left for a jump */
};

/* Does the query look like a regular expression? */
static bool looks_like_regex(const char *query)
{
	return strpbrk(query, "^$.*[]\\+?(){}|") != NULL;
}

/*
 * strcasestr(), faster on long texts: the places where the needle's
 * first byte stands, in either case, are found by strpbrk() (which
 * scans many bytes at a time), and only there is the rest compared.
 * glibc's strcasestr() folds every byte of the text through the locale
 * and costs more than the whole rest of a search key on the kernel's
 * 3 MB of help texts.  Case folds as there, a byte at a time.
 */
static const char *find_folded(const char *text, const char *needle)
{
	char first[3] = { (char)tolower((unsigned char)needle[0]),
			  (char)toupper((unsigned char)needle[0]), '\0' };
	size_t n = strlen(needle);

	if (!n)
		return text;
	for (const char *p = text; (p = strpbrk(p, first)); p++)
		if (strncasecmp(p + 1, needle + 1, n - 1) == 0)
			return p;
	return NULL;
}

/*
 * A character that matches itself, case aside, as strcasestr() folds
 * it: ASCII only (REG_ICASE folds more, which the filters below must
 * not miss).
 */
static bool is_plain(const char *p)
{
	return *p && (unsigned char)*p < 0x80 && !strchr("^$.*[]\\+?(){}|", *p);
}

/*
 * ^ followed by plain characters (^page in ^page.*shift$): with
 * REG_NEWLINE every match starts a line with them.  Empty otherwise.
 */
static void regex_line_start(const char *re, char *out, size_t size)
{
	size_t n = 0;

	if (re[0] == '^' && !strpbrk(re, "|("))
		for (const char *p = re + 1; is_plain(p) && n + 1 < size; p++) {
			if (p[1] && strchr("*?{", p[1]))
				break;
			out[n++] = *p;
		}
	out[n] = '\0';
}

/* Does a line of text (the first, or one after a newline) start with lit? */
static bool starts_a_line(const char *text, const char *lit)
{
	size_t n = strlen(lit);

	for (const char *p = text; p; p = strchr(p, '\n')) {
		if (*p == '\n')
			p++;
		if (strncasecmp(p, lit, n) == 0)
			return true;
	}
	return false;
}

/*
 * The longest run of plain characters that every match of the regular
 * expression contains ("shift" in ^page.*shift$), so that texts without
 * it are not handed to regexec (which is slow on the kernel's help
 * texts).  Empty when the expression has alternatives or groups.
 */
static void regex_literal(const char *re, char *out, size_t size)
{
	char run[64];
	size_t n = 0;

	out[0] = '\0';
	if (strpbrk(re, "|("))
		return;
	for (const char *p = re;; p++) {
		bool plain = is_plain(p);
		bool optional = plain && p[1] && strchr("*?{", p[1]);

		if (plain && !optional && n + 1 < sizeof(run)) {
			run[n++] = *p;
			if (p[1] != '+')
				continue;
		}
		if (n > strlen(out) && n < size) {
			memcpy(out, run, n);
			out[n] = '\0';
		}
		n = 0;
		if (!*p)
			break;
		if (*p == '\\' && p[1])
			p++;
		else if (*p == '[')
			while (p[1] && p[1] != ']')
				p++;
	}
}

static bool regex_in(const struct search_state *st, const char *text)
{
	if (!text || (st->literal[0] && !find_folded(text, st->literal)))
		return false;
	if (st->line_start[0] && !starts_a_line(text, st->line_start))
		return false;
	return regexec(&st->regex, text, 0, NULL, 0) == 0;
}

static enum rank rank_regex(const struct search_state *st, const struct entry *entry)
{
	const struct menu_node *node = entry->node;
	const char *name = node->sym ? node->sym->name : NULL;

	if (regex_in(st, name))
		return RANK_NAME;
	if (node->prompt && regex_in(st, node->prompt->text))
		return RANK_PROMPT;
	if (regex_in(st, node->help))
		return RANK_HELP;
	return RANK_NONE;
}

static bool word_in(const struct menu_node *node, const char *word)
{
	return (node->sym && node->sym->name && find_folded(node->sym->name, word)) ||
	       (node->prompt && node->prompt->text && find_folded(node->prompt->text, word)) ||
	       (node->help && find_folded(node->help, word));
}

/* Is word (len bytes) one of name's '_'-separated words, case ignored? */
static bool name_has_word(const char *name, const char *word, size_t len)
{
	for (const char *p = name; (p = find_folded(p, word)); p++)
		if ((p == name || p[-1] == '_') && (p[len] == '\0' || p[len] == '_'))
			return true;
	return false;
}

static enum rank rank_entry(const struct search_state *st, const struct entry *entry)
{
	const struct menu_node *node = entry->node;
	const char *name = node->sym ? node->sym->name : NULL;
	const char *query = st->query, *nq = st->name_query;
	size_t qlen = strlen(nq);

	if (st->is_regex)
		return rank_regex(st, entry);
	if (name && strcasecmp(name, nq) == 0)
		return RANK_NAME_EXACT;
	if (name && strncasecmp(name, nq, qlen) == 0)
		return RANK_NAME_PREFIX;
	if (name && name_has_word(name, nq, qlen))
		return RANK_NAME_WORD;
	if (name && find_folded(name, nq))
		return RANK_NAME;
	if (node->prompt && node->prompt->text && find_folded(node->prompt->text, query))
		return RANK_PROMPT;
	if (node->help && find_folded(node->help, query))
		return RANK_HELP;
	if (st->nwords > 1) {
		for (size_t i = 0; i < st->nwords; i++)
			if (!word_in(node, st->words[i]))
				return RANK_NONE;
		return RANK_WORDS;
	}
	return RANK_NONE;
}


/* One result per symbol: its first entry (a symbol may be defined twice). */
static bool is_first_entry(const struct entry *entry)
{
	const struct symbol *sym = entry->node->sym;

	return !sym || sym->first_node == entry->node;
}

/*
 * Best rank first, tree order within a rank: the hits are found in tree
 * order, so a stable pass per rank sorts them (qsort took several
 * milliseconds on the kernel's thousands of hits).
 */
static void sort_hits(struct search_state *st)
{
	size_t count[RANK_NONE + 1] = { 0 }, at[RANK_NONE + 1];
	struct hit *sorted;

	if (st->nhits < 2)
		return;
	for (size_t i = 0; i < st->nhits; i++)
		count[st->hits[i].rank]++;
	at[0] = 0;
	for (int r = 1; r <= RANK_NONE; r++)
		at[r] = at[r - 1] + count[r - 1];
	sorted = xmalloc(st->cap * sizeof(*sorted));
	for (size_t i = 0; i < st->nhits; i++)
		sorted[at[st->hits[i].rank]++] = st->hits[i];
	free(st->hits);
	st->hits = sorted;
}

static void add_hit(struct search_state *st, struct entry *entry, enum rank rank)
{
	if (st->nhits == st->cap) {
		st->cap = st->cap ? st->cap * 2 : 256;
		st->hits = xrealloc(st->hits, st->cap * sizeof(*st->hits));
	}
	st->hits[st->nhits++] = (struct hit){ .entry = entry, .rank = rank };
}

/* Prepare the query: its name part, its words, its regular expression. */
static void parse_query(struct view *view)
{
	struct search_state *st = view->priv;
	const char *prefix = view->br->s->io.prefix;
	size_t plen = strlen(prefix);
	char *copy, *word, *save = NULL;

	st->name_query = st->query;
	if (plen && strncasecmp(st->query, prefix, plen) == 0 && st->query[plen])
		st->name_query = st->query + plen;
	st->is_regex = looks_like_regex(st->query);
	st->bad_regex = false;
	if (st->is_regex) {
		const char *re = st->query;
		char *stripped = NULL;

		/* ^CONFIG_FOO: the names have no prefix. */
		if (re[0] == '^' && plen && strncasecmp(re + 1, prefix, plen) == 0 &&
		    re[plen + 1]) {
			stripped = xstrdup(re + plen);
			stripped[0] = '^';
			re = stripped;
		}
		regex_literal(re, st->literal, sizeof(st->literal));
		regex_line_start(re, st->line_start, sizeof(st->line_start));
		st->regex_text = xstrdup(re);
		if (regcomp(&st->regex, re, REG_EXTENDED | REG_ICASE | REG_NOSUB |
			    REG_NEWLINE) != 0) {
			st->is_regex = false;
			st->bad_regex = true;
		}
		free(stripped);
	}
	copy = xstrdup(st->query);
	for (word = strtok_r(copy, " \t", &save); word; word = strtok_r(NULL, " \t", &save)) {
		st->words = xrealloc(st->words, (st->nwords + 1) * sizeof(*st->words));
		st->words[st->nwords++] = xstrdup(word);
	}
	free(copy);
}

static void forget_query(struct search_state *st)
{
	for (size_t i = 0; i < st->nwords; i++)
		free(st->words[i]);
	free(st->words);
	st->words = NULL;
	st->nwords = 0;
	if (st->is_regex)
		regfree(&st->regex);
	st->is_regex = false;
	free(st->regex_text);
	st->regex_text = NULL;
}

/*
 * Is the expression the last one with plain characters (or . ^ $)
 * typed on?  Then whatever matches it also matched the last one, which
 * a quantifier (a* after a) or an alternative (a| after a) would undo.
 */
static bool regex_extends(const char *re, const char *prev)
{
	size_t n = strlen(prev);

	if (strncmp(re, prev, n) != 0)
		return false;
	for (const char *p = re + n; *p; p++)
		if (!is_plain(p) && !strchr(".^$", *p))
			return false;
	return true;
}

/*
 * Does the query only add to the last one (plain text both)?  Then its
 * matches are among the last matches: each word of it contains a word
 * of the last one.
 */
static bool narrows(const struct search_state *st)
{
	if (st->is_regex)
		return st->prev_regex && regex_extends(st->regex_text, st->prev_regex);
	return st->prev_query && !st->is_regex && !st->bad_regex &&
	       strncmp(st->query, st->prev_query, strlen(st->prev_query)) == 0 &&
	       strncmp(st->name_query, st->prev_name, strlen(st->prev_name)) == 0 &&
	       !strchr(st->prev_query, ' ') == !strchr(st->query, ' ');
}

static int by_tree_order(const void *a, const void *b)
{
	unsigned x = ((const struct hit *)a)->entry->index;
	unsigned y = ((const struct hit *)b)->entry->index;

	return x < y ? -1 : x > y;
}

static void search_open(struct view *view)
{
	struct search_state *st = view->priv;
	const struct tree_model *model = view->br->model;

	st->nhits_before = st->nhits;
	st->nhits = 0;
	view_clear(view);
	forget_query(st);
	if (!st->query || !st->query[0]) {
		free(st->prev_query);
		free(st->prev_name);
		free(st->prev_regex);
		st->prev_query = st->prev_name = st->prev_regex = NULL;
		view_select(view, 0);
		/* Nothing found: the pane explains nothing, not an earlier hit. */
		browser_explain(view->br, NULL);
		return;
	}
	parse_query(view);
	if (narrows(st)) {
		/* Typed on: every match is among the last ones. */
		size_t kept = st->nhits_before;

		st->nhits = 0;
		for (size_t i = 0; i < kept; i++) {
			enum rank rank = rank_entry(st, st->hits[i].entry);

			if (rank != RANK_NONE)
				st->hits[st->nhits++] = (struct hit){ st->hits[i].entry, rank };
		}
		/* Back in tree order: the ranks are sorted again below. */
		qsort(st->hits, st->nhits, sizeof(*st->hits), by_tree_order);
	} else {
		for (size_t i = 0; i < model->count; i++) {
			struct entry *entry = model->all[i];
			enum rank rank;

			if (entry->node->kind == MENU_ROOT || !is_first_entry(entry))
				continue;
			rank = rank_entry(st, entry);
			if (rank != RANK_NONE)
				add_hit(st, entry, rank);
		}
	}
	free(st->prev_query);
	free(st->prev_name);
	free(st->prev_regex);
	st->prev_query = st->is_regex || st->bad_regex ? NULL : xstrdup(st->query);
	st->prev_name = st->prev_query ? xstrdup(st->name_query) : NULL;
	st->prev_regex = st->is_regex ? xstrdup(st->regex_text) : NULL;
	sort_hits(st);
	for (size_t i = 0; i < st->nhits; i++)
		view_add(view, st->hits[i].entry, (int)st->hits[i].rank, 0);
	view_select(view, 0);
	if (!st->nhits)
		browser_explain(view->br, NULL);
}

static void search_draw(struct view *view, const struct view_line *line, int row,
			bool selected)
{
	struct browser *br = view->br;
	const struct entry *entry = line->data;
	const struct menu_node *node = entry->node;
	enum ui_style style = entry_visible(br, entry) ? STYLE_NORMAL : STYLE_HIDDEN;
	char where[256];
	int col;

	if (selected) {
		style = br->focus == view ? STYLE_CURSOR : STYLE_CURSOR_IDLE;
		view_fill(view, row, 0, style);
	}
	col = view_put(view, row, 0, node->sym && node->sym->name ? node->sym->name :
		       node->kind == MENU_MENU ? "menu" : node->kind == MENU_CHOICE ?
		       "choice" : "comment", selected ? style : STYLE_VALUE);
	if (node->sym && node->sym->name && node->kind != MENU_CHOICE) {
		const struct symbol *sym = node->sym;
		const char *q = sym->type == S_STRING ? "\"" : "";
		char value[160];

		snprintf(value, sizeof(value), " [=%s%.100s%s]", q,
			 config_str(br->s->cfg, sym), q);
		col = view_put(view, row, col, value, style);
	}
	col = col + 2 < 24 ? 24 : col + 2;
	snprintf(where, sizeof(where), "%s:%d", location_file(node->loc), node->loc.line);
	if (node->prompt && node->prompt->text) {
		struct text *text = br->text;
		const char *prompt = node->prompt->text;
		int room = view->width - col;
		int need = text_width(text, prompt, strlen(prompt));
		int where_w = text_width(text, where, strlen(where));

		/* Cut with a "…": the place goes first when there is no room for both. */
		if (need + 2 + where_w > room && room - where_w - 2 >= 12) {
			view_put_cut(view, row, col, prompt, room - where_w - 2, style);
			view_put(view, row, view->width - where_w, where,
				 selected ? style : STYLE_DIM);
			return;
		}
		col = view_put_cut(view, row, col, prompt, room, style) + 2;
	}
	view_put_cut(view, row, col, where, view->width - col, selected ? style : STYLE_DIM);
}

static void jump_to_selected(struct view *view)
{
	struct search_state *st = view->priv;
	const struct view_line *line = view_current(view);

	if (!line)
		return;
	st->remembered = line->data;
	browser_jump(view->br, (struct entry *)line->data);
}

static enum request search_request(struct view *view, enum request req)
{
	switch (req) {
	case REQ_ENTER:
	case REQ_OPEN:
		jump_to_selected(view);
		return REQ_NONE;
	case REQ_BACK:
		browser_show(view->br, VIEW_TREE);
		return REQ_NONE;
	default:
		return req;
	}
}

static void search_title(struct view *view, char *buf, size_t size)
{
	struct search_state *st = view->priv;

	snprintf(buf, size, "Search \"%s\": %zu match%s (%s)",
		 st->query ? st->query : "", st->nhits, st->nhits == 1 ? "" : "es",
		 st->is_regex ? "regular expression: names, prompts, help" :
		 st->bad_regex ? "not a valid regular expression: searched as text" :
		 "names, prompts, help");
}

static void search_select(struct view *view)
{
	const struct view_line *line = view_current(view);

	if (line)
		browser_explain(view->br, (struct entry *)line->data);
}

static void search_done(struct view *view)
{
	struct search_state *st = view->priv;

	free(st->query);
	free(st->hits);
	free(st->prev_query);
	free(st->prev_name);
	free(st->prev_regex);
	forget_query(st);
}

void search_set_query(struct view *view, const char *query)
{
	struct search_state *st = view->priv;

	free(st->query);
	st->query = xstrdup(query);
	search_open(view);
}

struct entry *search_selected(struct view *view)
{
	const struct view_line *line = view_current(view);

	return line ? (struct entry *)line->data : NULL;
}

const struct view_ops search_view_ops = {
	.name = "search",
	.flags = VIEW_CURSOR,
	.priv_size = sizeof(struct search_state),
	.open = search_open,
	.draw = search_draw,
	.request = search_request,
	.title = search_title,
	.select = search_select,
	.done = search_done,
};

const char *search_query(struct view *view)
{
	struct search_state *st = view->priv;

	return st->query ? st->query : "";
}

void search_remember(struct view *view)
{
	struct search_state *st = view->priv;

	st->remembered = search_selected(view);
}

void search_resume(struct browser *br)
{
	struct view *view = &br->views[VIEW_SEARCH];
	struct search_state *st = view->priv;

	if (!st->query || !st->query[0]) {
		browser_message(br, "no search yet (/ searches)");
		return;
	}
	browser_show(br, VIEW_SEARCH);
	for (size_t i = 0; i < view->nlines; i++)
		if (view->lines[i].data == st->remembered) {
			view_select(view, i);
			break;
		}
	if (view->ops->select)
		view->ops->select(view);
}

/*
 * The search view takes the main view's window, without a new layout: a
 * prompt's field lives in the status window, which a layout would free.
 */
static void show_in_main(struct browser *br)
{
	struct view *search = &br->views[VIEW_SEARCH], *main = br->main;

	if (main == search || main != &br->views[VIEW_TREE] || !main->win)
		return;
	search->win = main->win;
	search->height = main->height;
	search->width = main->width;
	main->win = NULL;
	main->height = main->width = 0;
	br->main = br->focus = search;
}

char *search_complete_name(void *browser, const char *text)
{
	struct browser *br = browser;
	const struct kconfig *kc = br->s->kc;
	const char *prefix = br->s->io.prefix, *start = text;
	size_t plen = strlen(prefix), len, common = 0, count = 0;
	const char *first = NULL;
	char *query, *done;

	if (plen && strncasecmp(text, prefix, plen) == 0)
		start = text + plen;
	len = strlen(start);
	if (!len)
		return NULL;
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];
		size_t k;

		if (!sym->name || !(sym->flags & SYMBOL_DEFINED) || (sym->flags & SYMBOL_CONST) ||
		    strncasecmp(sym->name, start, len) != 0)
			continue;
		if (!count++) {
			first = sym->name;
			common = strlen(first);
			continue;
		}
		for (k = 0; k < common && toupper((unsigned char)first[k]) ==
					  toupper((unsigned char)sym->name[k]); k++)
			;
		common = k;
	}
	if (!count) {
		browser_message(br, "no symbol starts with %s", start);
		return NULL;
	}
	if (count > 1) {
		/* The candidates, in the search view, names first. */
		query = xmalloc(len + 2);
		query[0] = '^';
		memcpy(query + 1, first, len);
		query[len + 1] = '\0';
		show_in_main(br);
		search_set_query(&br->views[VIEW_SEARCH], query);
		free(query);
		browser_message(br, "%zu symbols start with %.*s", count, (int)common, first);
		browser_redraw(br);
	}
	done = xmalloc(common + 1);
	memcpy(done, first, common);
	done[common] = '\0';
	return done;
}
