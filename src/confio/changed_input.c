// SPDX-License-Identifier: GPL-2.0
/*
 * The warning conf gives since Linux 7.0 when $KCONFIG_WARN_CHANGED_INPUT
 * is set: the .config values it did not keep (a dependency not met, a
 * number outside its range), each symbol once, in menu order, with the
 * value asked for and the value written.
 */
#include <stdlib.h>
#include <string.h>

#include "config_io.h"
#include "kconfig.h"
#include "strbuf.h"
#include "util.h"

static const char *tri_word(tristate t)
{
	return t == TRI_YES ? "y" : t == TRI_MOD ? "m" : "n";
}

/* The value the .config asked for and the one computed, when they differ. */
static bool changed(struct config *cfg, const struct symbol *sym,
		    const char **asked, const char **got)
{
	if (!config_has_user(cfg, sym) || sym->type == S_UNKNOWN)
		return false;
	if (type_is_bool_or_tristate(sym->type)) {
		*asked = tri_word(config_user_tri(cfg, sym));
		*got = tri_word(config_tri(cfg, sym));
	} else {
		*asked = config_user_str(cfg, sym);
		*got = config_str(cfg, sym);
		if (!*asked)
			*asked = "";
	}
	return strcmp(*asked, *got) != 0;
}

void config_warn_changed_input(struct config *cfg, FILE *err,
			       const char *prefix)
{
	struct kconfig *kc = config_tree(cfg);
	unsigned char *seen = xcalloc(kc->nsymbols + 1, 1);
	struct strbuf out = { 0 };
	struct menu_node *node;

	for (node = menu_next(&kc->root, &kc->root); node;
	     node = menu_next(&kc->root, node)) {
		const struct symbol *sym = node->sym;
		const char *asked, *got;

		if (!sym || node->kind == MENU_ROOT || (sym->flags & SYMBOL_CHOICE) ||
		    seen[sym->index])
			continue;
		seen[sym->index] = 1;
		if (!changed(cfg, sym, &asked, &got))
			continue;
		if (!out.len)
			strbuf_adds(&out, "warning: user-provided values changed by Kconfig:\n");
		strbuf_addf(&out, "  %s%s: %s -> %s\n", prefix, sym->name, asked, got);
	}
	if (out.len)
		fputs(strbuf_str(&out), err);
	strbuf_release(&out);
	free(seen);
}
