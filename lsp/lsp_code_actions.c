// SPDX-License-Identifier: GPL-2.0
/*
 * textDocument/codeAction: none offered yet (an empty list, so that an
 * editor asking gets an answer).
 */
#include "lsp.h"

json_t *lsp_code_actions(struct lsp_server *srv, json_t *params)
{
	(void)srv;
	(void)params;
	return json_array();
}
