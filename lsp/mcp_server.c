// SPDX-License-Identifier: GPL-2.0
#include "lsp.h"
int mcp_serve(struct session *s, const struct lsp_options *opts, FILE *in, FILE *out)
{
	(void)s; (void)opts; (void)in; (void)out;
	return 1;
}
