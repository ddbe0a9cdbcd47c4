// SPDX-License-Identifier: GPL-2.0
/*
 * Which input set each value of a merged .config, written beside it
 * (merge_sources.h) so that explain, diff and the browser can say
 * "set by kernel/configs/kvm_guest.config:7, over
 * arch/x86/configs/x86_64_defconfig:40" later.
 */
#include <stdlib.h>
#include <string.h>

#include "config_sources.h"
#include "merge_sources.h"
#include "util.h"

static unsigned input_number(const char *const *inputs, unsigned ninputs,
			     const char *file)
{
	for (unsigned i = 0; i < ninputs; i++)
		if (inputs[i] == file)
			return i + 1;
	return 0;
}

static bool is_lost(const struct merge_sources_target *target, const char *name)
{
	for (size_t i = 0; i < target->nlost; i++)
		if (!strcmp(target->lost[i], name))
			return true;
	return false;
}

/*
 * A value the base set that the base's own record traces to one of its
 * inputs: that input's line, over the lines it replaced, instead of the
 * base's line.  The base's inputs are numbered after the merge's.
 */
static void trace_through_base(const struct merge_sources_target *target,
			       unsigned ninputs, const char *bare, const char *line,
			       struct config_sources_entry *e)
{
	const struct config_sources *bs = target->base_sources;
	const struct symbol *sym = bs ? symbol_find(target->kc, bare) : NULL;
	const struct config_source *src = sym ? config_sources_find(bs, sym) : NULL;

	if (!src || !src->kept || strcmp(src->request, line))
		return;
	e->lines = xrealloc(e->lines, (src->nover + 1) * sizeof(*e->lines));
	e->nlines = src->nover + 1;
	for (unsigned i = 0; i <= src->nover; i++) {
		struct location loc = i ? src->over[i - 1] : src->set;

		e->lines[i] = (struct config_sources_line){
			ninputs + 1 + (unsigned)(loc.file - bs->inputs), loc.line };
	}
}

static void push_line(struct config_sources_entry *e, unsigned input, int line)
{
	e->lines = xrealloc(e->lines, (e->nlines + 1) * sizeof(*e->lines));
	e->lines[e->nlines++] = (struct config_sources_line){ input, line };
}

/*
 * The lines a fragment replaced for name, the latest first, after the
 * setter; a base line its own record traces, as the lines it traces to.
 */
static void add_replaced(const struct merge_text *t, const char *const *inputs,
			 unsigned ninputs, const struct merge_sources_target *target,
			 const char *name, struct config_sources_entry *e)
{
	size_t plen = strlen(t->opts->prefix);

	for (size_t i = t->nredefined; i-- > 0;) {
		const struct merge_redefined *r = &t->redefined[i];
		unsigned input = input_number(inputs, ninputs, r->file);
		struct config_sources_entry traced = { 0 };

		if (strcmp(r->name, name) || !input)
			continue;
		if (input == 1)
			trace_through_base(target, ninputs, name + plen, r->previous,
					   &traced);
		if (!traced.nlines)
			push_line(e, input, r->line);
		for (unsigned k = 0; k < traced.nlines; k++)
			push_line(e, traced.lines[k].input, traced.lines[k].line);
		free(traced.lines);
	}
}

/*
 * One entry per symbol, at the last line that sets it (conf's rule), in
 * the order of the text; returns how many.
 */
static size_t collect(const struct merge_text *t, const char *const *inputs,
		      unsigned ninputs, const struct merge_sources_target *target,
		      struct config_sources_entry *entries)
{
	size_t plen = strlen(t->opts->prefix), n = 0;

	for (size_t i = t->nlines; i-- > 0;) {
		const struct merge_line *l = &t->lines[i];
		char *name = merge_text_line_name(t, l->text);
		unsigned input = input_number(inputs, ninputs, l->file);
		bool seen = false;

		for (size_t j = 0; name && j < n; j++)
			seen |= !strcmp(entries[j].name, name + plen);
		if (!name || seen || !input) {
			free(name);
			continue;
		}
		entries[n] = (struct config_sources_entry){
			.name = xstrdup(name + plen),
			.kept = !is_lost(target, name),
			.request = l->text,
			.lines = xcalloc(1, sizeof(*entries[n].lines)),
			.nlines = 1,
		};
		entries[n].lines[0] = (struct config_sources_line){ input, l->line };
		if (input == 1)
			trace_through_base(target, ninputs, name + plen, l->text,
					   &entries[n]);
		add_replaced(t, inputs, ninputs, target, name, &entries[n]);
		n++;
		free(name);
	}
	/* In the text's order. */
	for (size_t i = 0; i < n / 2; i++) {
		struct config_sources_entry e = entries[i];

		entries[i] = entries[n - 1 - i];
		entries[n - 1 - i] = e;
	}
	return n;
}

int merge_sources_write(const struct merge_text *t, const char *const *inputs,
			unsigned ninputs, const struct merge_sources_target *target,
			char *err, size_t errlen)
{
	struct config_sources_entry *entries = xcalloc(t->nlines + 1, sizeof(*entries));
	size_t n = collect(t, inputs, ninputs, target, entries);
	const struct config_sources *bs = target->base_sources;
	unsigned nall = ninputs + (bs ? bs->ninputs : 0);
	const char **paths = xcalloc(nall + 1, sizeof(*paths));
	int status;

	/* The merge's inputs, then the base's (as its record names them). */
	for (unsigned i = 0; i < nall; i++)
		paths[i] = i < ninputs ? target->paths[i] : bs->inputs[i - ninputs].name;
	status = config_sources_write(target->config, target->text, target->len,
				      paths, nall, entries, n, target->srctree,
				      err, errlen);
	free(paths);

	for (size_t i = 0; i < n; i++) {
		free((char *)entries[i].name);
		free(entries[i].lines);
	}
	free(entries);
	return status;
}
