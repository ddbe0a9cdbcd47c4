// SPDX-License-Identifier: GPL-2.0
/*
 * Why a value a .config or a fragment asked for did not take, in words:
 * merge's report of every requested value that did not survive, and
 * survey --stale's lines that do not take effect, say the same.
 */
#include <stdio.h>

#include "explain.h"
#include "merge_why.h"
#include "util.h"

char *merge_why_text(struct explainer *ex, const struct explanation *x,
		     const char **reason)
{
	const struct xuser *u = &x->user;
	char buf[1024];

	*reason = unused_reason_name(u->reason);
	if (u->ignored_text) {
		*reason = unused_reason_name(UNUSED_INVALID);
		snprintf(buf, sizeof(buf), "the value %s is not valid for a %s",
			 u->ignored_text, symbol_type_name(x->sym->type));
		return xstrdup(buf);
	}
	switch (u->reason) {
	case UNUSED_DEPS_UNMET:
		snprintf(buf, sizeof(buf), "its dependencies are not met: %s",
			 x->depends ? xexpr_string(ex, x->depends) : "n");
		break;
	case UNUSED_LIMITED:
		snprintf(buf, sizeof(buf), "its dependencies allow at most m: %s",
			 x->depends ? xexpr_string(ex, x->depends) : "m");
		break;
	case UNUSED_NO_PROMPT:
		snprintf(buf, sizeof(buf), "it has no prompt: only its defaults "
			 "and selects give it a value");
		break;
	case UNUSED_PROMPT_HIDDEN:
		snprintf(buf, sizeof(buf), "its prompt is hidden%s%s",
			 x->nprompts ? " at " : "",
			 x->nprompts ? location_text(ex, x->prompts[0].prop->loc) : "");
		break;
	case UNUSED_SELECTED:
		snprintf(buf, sizeof(buf), "selected to %s by %s (%s)", x->value,
			 x->origin.nby ? x->origin.by[0]->from->name : "a select",
			 x->origin.nby ? location_text(ex, x->origin.by[0]->prop->loc) : "");
		break;
	case UNUSED_RANGE:
		snprintf(buf, sizeof(buf), "outside its range %s: clamped to %s",
			 x->nbounds ? x->bounds[0].limit : "", x->value);
		for (unsigned i = 0; i < x->nbounds; i++)
			if (x->bounds[i].applied)
				snprintf(buf, sizeof(buf), "outside its range %s (%s): "
					 "clamped to %s", x->bounds[i].limit,
					 location_text(ex, x->bounds[i].loc), x->value);
		break;
	case UNUSED_MODULES:
		snprintf(buf, sizeof(buf), "m means y here: modules are off, or "
			 "the symbol is a bool");
		break;
	case UNUSED_CHOICE_OTHER:
		snprintf(buf, sizeof(buf), "the choice picked %s",
			 x->choice && x->choice->selection ?
			 x->choice->selection->name : "another member");
		break;
	case UNUSED_CHOICE_ALL_NO:
		snprintf(buf, sizeof(buf), "every visible member of the choice was "
			 "set to n; the choice picked %s",
			 x->choice && x->choice->selection ?
			 x->choice->selection->name : "one");
		break;
	case UNUSED_INVALID:
	case UNUSED_NOTHING:
		*reason = "not-written";
		snprintf(buf, sizeof(buf), "its value is %s, and conf %s", x->value,
			 x->written ? "writes it so" :
			 "does not write it (its dependencies are not met)");
		break;
	}
	return xstrdup(buf);
}
