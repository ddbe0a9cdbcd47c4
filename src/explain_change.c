// SPDX-License-Identifier: GPL-2.0
/* stub, replaced below */
#include "explain.h"

struct change_plan *explain_change(struct explainer *ex, const struct symbol *sym,
				   const char *want, int max_depth,
				   explain_fresh_fn *fresh, void *fresh_ctx)
{
	struct change_plan *plan = arena_new(&ex->arena, struct change_plan);
	(void)max_depth; (void)fresh; (void)fresh_ctx;
	plan->goal = sym;
	plan->want = want;
	plan->now = config_str(ex->cfg, sym);
	return plan;
}

void explain_print_plan_text(struct explainer *ex, const struct change_plan *plan,
			     FILE *out)
{
	(void)ex; (void)plan; (void)out;
}
