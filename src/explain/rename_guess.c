// SPDX-License-Identifier: GPL-2.0
/*
 * Guessing the new name of a symbol a fragment asks for (rename_guess.h).
 * The transitional rule is the kernel's own record of a rename; the old
 * tree's prompt or help is the rule `diff --from-tree` uses; the close
 * names are a heuristic, offered as one and never acted on.
 */
#include <stdlib.h>
#include <string.h>

#include "rename_guess.h"
#include "util.h"

/* A symbol a .config can set: defined, named, not a choice's own. */
static bool settable(const struct symbol *sym)
{
	return sym && sym->name && (sym->flags & SYMBOL_DEFINED) &&
	       !(sym->flags & (SYMBOL_CONST | SYMBOL_CHOICE));
}

const struct symbol *transitional_reader(const struct kconfig *kc,
					 const struct symbol *old,
					 const struct property **prop)
{
	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];

		if (!settable(sym) || (sym->flags & SYMBOL_TRANSITIONAL))
			continue;
		for (const struct property *p = sym->props; p; p = p->next)
			if (p->type == P_DEFAULT && p->expr &&
			    p->expr->op == E_SYMBOL && p->expr->sym == old) {
				if (prop)
					*prop = p;
				return sym;
			}
	}
	return NULL;
}

static void add(struct rename_guess *g, const struct symbol *sym)
{
	if (g->n < RENAME_GUESS_MAX)
		g->to[g->n++] = sym;
}

/* A symbol only kc defines with the old symbol's prompt, else its help. */
static bool by_old_tree(const struct kconfig *kc, const struct kconfig *old_kc,
			const struct symbol *old, struct rename_guess *g)
{
	const char *prompt = symbol_prompt_text(old), *help = symbol_help_text(old);
	const struct symbol *by_help = NULL;

	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];
		const char *p, *h;

		/* Only a name the old tree lacks can be the new one. */
		if (!settable(sym) || settable(symbol_find(old_kc, sym->name)))
			continue;
		p = symbol_prompt_text(sym);
		h = symbol_help_text(sym);
		if (prompt && p && !strcmp(prompt, p)) {
			g->by = "the same prompt in the old tree";
			add(g, sym);
			return true;
		}
		if (!by_help && help && h && !strcmp(help, h))
			by_help = sym;
	}
	if (!by_help)
		return false;
	g->by = "the same help in the old tree";
	add(g, by_help);
	return true;
}

/* --- close names ----------------------------------------------------------------- */

/* The '_'-separated words of a name, sorted, joined by '_' (heap). */
static char *sorted_words(const char *name, unsigned *nwords)
{
	char *copy = xstrdup(name), *save = NULL, *w;
	char **words = xcalloc(strlen(name) + 1, sizeof(*words));
	size_t len = strlen(name) + 1;
	char *out = xcalloc(len + 1, 1);
	unsigned n = 0;

	for (w = strtok_r(copy, "_", &save); w; w = strtok_r(NULL, "_", &save))
		words[n++] = w;
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && strcmp(words[j - 1], words[j]) > 0; j--) {
			char *t = words[j];

			words[j] = words[j - 1];
			words[j - 1] = t;
		}
	for (unsigned i = 0; i < n; i++) {
		if (i)
			strcat(out, "_");
		strcat(out, words[i]);
	}
	*nwords = n;
	free(words);
	free(copy);
	return out;
}

/* Edit distance with transpositions, bounded: more than max is max + 1. */
static unsigned distance(const char *a, const char *b, unsigned max)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned *prev2, *prev, *cur, result;

	if ((la > lb ? la - lb : lb - la) > max)
		return max + 1;
	prev2 = xcalloc(lb + 1, sizeof(*prev2));
	prev = xcalloc(lb + 1, sizeof(*prev));
	cur = xcalloc(lb + 1, sizeof(*cur));
	for (size_t j = 0; j <= lb; j++)
		prev[j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++) {
		unsigned row_min;

		cur[0] = row_min = (unsigned)i;
		for (size_t j = 1; j <= lb; j++) {
			unsigned cost = a[i - 1] != b[j - 1];
			unsigned best = prev[j - 1] + cost;

			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    prev2[j - 2] + 1 < best)
				best = prev2[j - 2] + 1;
			cur[j] = best;
			if (best < row_min)
				row_min = best;
		}
		if (row_min > max) {
			free(prev2);
			free(prev);
			free(cur);
			return max + 1;
		}
		{
			unsigned *t = prev2;

			prev2 = prev;
			prev = cur;
			cur = t;
		}
	}
	result = prev[lb] > max ? max + 1 : prev[lb];
	free(prev2);
	free(prev);
	free(cur);
	return result;
}

/* Is the shorter word list the longer one with one word fewer? */
static bool one_word_apart(const char *a, const char *b)
{
	const char *shorter = strlen(a) < strlen(b) ? a : b;
	const char *longer = shorter == a ? b : a;
	size_t ls = strlen(shorter), ll = strlen(longer);

	/* A word added at the front or the back (FOO_BAR -> FOO_BAR_SUPPORT). */
	if (ll <= ls + 1 || !strchr(shorter, '_'))
		return false;
	if (!strncmp(longer, shorter, ls) && longer[ls] == '_' && !strchr(longer + ls + 1, '_'))
		return true;
	return !strcmp(longer + ll - ls, shorter) && longer[ll - ls - 1] == '_' &&
	       memchr(longer, '_', ll - ls - 1) == NULL;
}

/*
 * Ranks: 1 the same words in another order, 2 one letter apart, 3 one
 * word more or fewer (of names of two words or more), 4 two letters apart
 * (names of 8 letters or more).
 */
static unsigned closeness(const char *name, const char *words, const char *other)
{
	unsigned nwords, d, rank = 0, max = strlen(name) >= 8 ? 2 : 1;
	char *other_words;

	d = distance(name, other, max);
	if (d == 1)
		rank = 2;
	else if (one_word_apart(name, other))
		rank = 3;
	else if (d <= max)
		rank = 4;
	/* Reordered words keep the length: only then are they compared. */
	if (strlen(other) != strlen(name))
		return rank;
	other_words = sorted_words(other, &nwords);
	if (nwords > 1 && !strcmp(words, other_words))
		rank = 1;
	free(other_words);
	return rank;
}

static bool by_close_name(const struct kconfig *kc, const char *name,
			  struct rename_guess *g)
{
	unsigned nwords, best = 0;
	char *words = sorted_words(name, &nwords);

	for (size_t i = 0; i < kc->nsymbols; i++) {
		const struct symbol *sym = kc->symbols[i];
		unsigned rank;

		if (!settable(sym) || (sym->flags & SYMBOL_TRANSITIONAL) ||
		    !strcmp(sym->name, name))
			continue;
		rank = closeness(name, words, sym->name);
		if (!rank || (best && rank > best))
			continue;
		if (rank < best || !best)
			g->n = 0;
		best = rank;
		add(g, sym);
	}
	free(words);
	if (!g->n)
		return false;
	g->by = "a close name";
	return true;
}

bool rename_guess(const struct kconfig *kc, const struct kconfig *old_kc,
		  const char *name, struct rename_guess *out)
{
	const struct symbol *sym = symbol_find(kc, name);

	memset(out, 0, sizeof(*out));
	if (sym && (sym->flags & SYMBOL_TRANSITIONAL)) {
		const struct symbol *to = transitional_reader(kc, sym, &out->reads);

		if (to) {
			add(out, to);
			out->by = "the old name is transitional";
			return true;
		}
	}
	if (settable(sym))
		return false;
	if (old_kc) {
		const struct symbol *old = symbol_find(old_kc, name);

		if (settable(old) && by_old_tree(kc, old_kc, old, out))
			return true;
	}
	return by_close_name(kc, name, out);
}
