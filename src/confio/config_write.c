// SPDX-License-Identifier: GPL-2.0
/*
 * Writing .config and defconfig files, byte for byte as the kernel's
 * conf writes them.
 *
 * .config: a header naming the tree (its `mainmenu`), then the menu tree
 * in order: each visible menu and comment as a "# title" block, each
 * symbol conf would write once (at its first entry), "# end of title"
 * after each visible menu.  n is written "# CONFIG_FOO is not set".
 *
 * defconfig: only what differs from what the tree would choose by
 * itself, so that reading it back gives the same configuration.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config_internal.h"
#include "config_io.h"
#include "util.h"

void config_write_escaped(FILE *out, const char *value)
{
	putc('"', out);
	for (; *value; value++) {
		if (*value == '"' || *value == '\\')
			putc('\\', out);
		putc(*value, out);
	}
	putc('"', out);
}

static void write_symbol(struct config *cfg, FILE *out, const char *prefix,
			 const struct symbol *sym)
{
	const char *value;

	if (sym->type == S_UNKNOWN)
		return;
	value = config_str(cfg, sym);
	if (type_is_bool_or_tristate(sym->type) && value[0] == 'n') {
		fputs("# ", out);
		fputs(prefix, out);
		fputs(sym->name, out);
		fputs(" is not set\n", out);
		return;
	}
	fputs(prefix, out);
	fputs(sym->name, out);
	putc('=', out);
	if (sym->type == S_STRING)
		config_write_escaped(out, value);
	else
		fputs(value, out);
	putc('\n', out);
}

static const char *tree_title(const struct kconfig *kc)
{
	if (kc->root.prompt && kc->root.prompt->text)
		return kc->root.prompt->text;
	return "Main menu";
}

struct dotconfig_writer {
	struct config *cfg;
	FILE *out;
	const char *prefix;
	unsigned char *written;		/* by symbol index */
	bool need_newline;		/* a blank line before the next value */
};

static bool is_symbol_entry(const struct menu_node *node)
{
	return node->sym && node->kind != MENU_ROOT && node->kind != MENU_IF;
}

static void write_entry(struct dotconfig_writer *w, const struct menu_node *node)
{
	const struct menu_node *child;
	const struct symbol *sym = node->sym;

	if (!is_symbol_entry(node)) {
		if (config_node_visible(w->cfg, node)) {
			fprintf(w->out, "\n#\n# %s\n#\n", node->prompt->text);
			w->need_newline = false;
		}
	} else if (!(sym->flags & SYMBOL_CHOICE) && !w->written[sym->index] &&
		   config_written(w->cfg, sym)) {
		if (w->need_newline) {
			putc('\n', w->out);
			w->need_newline = false;
		}
		w->written[sym->index] = 1;
		write_symbol(w->cfg, w->out, w->prefix, sym);
	}

	for (child = node->children; child; child = child->next)
		write_entry(w, child);

	if (!is_symbol_entry(node) && node->prompt &&
	    node->prompt->type == P_MENU &&
	    w->cfg->kc->dialect->end_of_menu_lines &&
	    config_node_visible(w->cfg, node)) {
		fprintf(w->out, "# end of %s\n", node->prompt->text);
		w->need_newline = true;
	}
}

int config_write_stream(struct config *cfg, FILE *out, const char *prefix)
{
	struct dotconfig_writer w = { .cfg = cfg, .out = out, .prefix = prefix };
	const struct menu_node *node;

	w.written = xcalloc(cfg->kc->nsymbols + 1, 1);
	fprintf(out, "#\n# Automatically generated file; DO NOT EDIT.\n# %s\n#\n",
		tree_title(cfg->kc));
	for (node = cfg->kc->root.children; node; node = node->next)
		write_entry(&w, node);
	free(w.written);
	return ferror(out) ? -1 : 0;
}

/* Is this choice member the one its choice would pick by itself? */
static bool is_choice_default(struct config *cfg, const struct symbol *sym)
{
	return symbol_is_choice_member(sym) &&
	       config_choice_default(cfg, sym->choice) == sym &&
	       config_tri(cfg, sym) == TRI_YES;
}

int config_write_defconfig_stream(struct config *cfg, FILE *out,
				  const char *prefix)
{
	const struct menu_node *root = &cfg->kc->root, *node;
	unsigned char *done = xcalloc(cfg->kc->nsymbols + 1, 1);

	for (node = root->children; node; node = menu_next(root, node)) {
		const struct symbol *sym = node->sym;

		if (!is_symbol_entry(node) || (sym->flags & SYMBOL_CHOICE))
			continue;
		/* A symbol counts once, at its first entry conf writes. */
		if (done[sym->index] || !config_written(cfg, sym))
			continue;
		done[sym->index] = 1;
		if (!config_changeable(cfg, sym))
			continue;
		if (strcmp(config_str(cfg, sym), config_default_str(cfg, sym)) == 0)
			continue;
		if (is_choice_default(cfg, sym))
			continue;
		write_symbol(cfg, out, prefix, sym);
	}
	free(done);
	return ferror(out) ? -1 : 0;
}

/* --- files ------------------------------------------------------------------ */

static bool same_contents(const char *a, const char *b)
{
	FILE *fa = fopen(a, "rb"), *fb;
	bool same = false;

	if (!fa)
		return false;
	fb = fopen(b, "rb");
	if (fb) {
		char ba[65536], bb[65536];
		size_t na, nb;

		do {
			na = fread(ba, 1, sizeof(ba), fa);
			nb = fread(bb, 1, sizeof(bb), fb);
			same = na == nb && memcmp(ba, bb, na) == 0;
		} while (same && na == sizeof(ba));
		fclose(fb);
	}
	fclose(fa);
	return same;
}

/* Create the directories leading to path, as conf does. */
static int make_parent_dirs(const char *path)
{
	char *copy = xstrdup(path), *slash, *p;
	int ret = 0;

	slash = strrchr(copy, '/');
	if (!slash) {
		free(copy);
		return 0;
	}
	slash[1] = '\0';
	for (p = copy; *p == '/'; p++)
		;
	while ((p = strchr(p, '/'))) {
		struct stat st;

		*p = '\0';
		if ((stat(copy, &st) != 0 || !S_ISDIR(st.st_mode)) &&
		    mkdir(copy, 0755) != 0) {
			ret = -1;
			break;
		}
		*p = '/';
		while (*p == '/')
			p++;
	}
	free(copy);
	return ret;
}

enum config_write_result config_write_file(struct config *cfg, const char *name,
					   const char *prefix, bool in_place,
					   char *err, size_t errlen)
{
	struct stat st;
	char *tmpname = NULL, *oldname;
	FILE *out;
	int failed;

	if (err && errlen)
		err[0] = '\0';
	if (!*name) {
		if (err)
			snprintf(err, errlen, "config name is empty");
		return CONFIG_WRITE_FAILED;
	}
	if (stat(name, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (err)
			snprintf(err, errlen, "%s: Is a directory", name);
		return CONFIG_WRITE_FAILED;
	}
	if (make_parent_dirs(name))
		return CONFIG_WRITE_FAILED;

	if (in_place) {
		out = fopen(name, "w");
	} else {
		size_t len = strlen(name) + 32;

		tmpname = xmalloc(len);
		snprintf(tmpname, len, "%s.%d.tmp", name, (int)getpid());
		out = fopen(tmpname, "w");
	}
	if (!out) {
		free(tmpname);
		return CONFIG_WRITE_FAILED;
	}
	failed = config_write_stream(cfg, out, prefix);
	if (fclose(out) != 0)
		failed = -1;
	if (!tmpname)
		return failed ? CONFIG_WRITE_FAILED : CONFIG_WRITTEN;
	if (failed) {
		unlink(tmpname);
		free(tmpname);
		return CONFIG_WRITE_FAILED;
	}
	if (same_contents(name, tmpname)) {
		unlink(tmpname);
		free(tmpname);
		return CONFIG_UNCHANGED;
	}
	oldname = xmalloc(strlen(name) + 5);
	sprintf(oldname, "%s.old", name);
	rename(name, oldname);
	free(oldname);
	if (rename(tmpname, name) != 0) {
		if (err)
			snprintf(err, errlen, "%s: %s", name, strerror(errno));
		unlink(tmpname);
		free(tmpname);
		return CONFIG_WRITE_FAILED;
	}
	free(tmpname);
	return CONFIG_WRITTEN;
}
