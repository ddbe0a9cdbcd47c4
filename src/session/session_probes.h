/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KBROWSE_SESSION_PROBES_H
#define KBROWSE_SESSION_PROBES_H

#include <stdbool.h>
#include <stddef.h>

#include "session.h"
#include "shell_pool.h"

/*
 * The browser's first screen before the $(shell,...) probes finish.
 * With tree.shell.provisional set (and jobs > 1), session_open() reads
 * the tree with every probe not answered yet as "" (listed as skipped,
 * SHELL_SKIP_PENDING) while the probes run on in s->probes; a tree where such an answer is more than a value
 * (parser/provisional.h) is read again once the answers it met are in
 * (a few times, each wait short), else as without the option.
 */
struct kconfig *session_load_provisional(const struct kconfig_options *opts,
					 struct shell_pool **probes);
/* Probes still running for s (0: its values are final). */
size_t session_probes_running(const struct session *s);
/*
 * Take what the probes wrote (waiting at most wait_ms); once every one
 * has answered, read the tree again with the answers and adopt it as
 * session_reload() does (the user's edits kept, r filled): true then.
 * The values are final when s->probes is NULL afterwards, unless
 * r->error says why that read was not taken (the tree with every
 * answer has errors): the provisional tree stays, marked.
 */
bool session_probes_poll(struct session *s, int wait_ms, struct session_reload *r);
/*
 * kc, read again for s while probes ran (R, a file changed under e), has
 * every answer: the values it gives are final, the probes' pool done.
 */
void session_probes_settle(struct session *s, struct kconfig *kc);

#endif
