/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The build files conf writes beside .config: include/config/auto.conf
 * (and its .cmd), include/config/FOO markers, include/generated/autoconf.h
 * and rustc_cfg.  Names from KCONFIG_AUTOCONFIG, KCONFIG_AUTOHEADER and
 * KCONFIG_RUSTCCFG as in the kernel (in io, config_io.h).
 */
#ifndef KBROWSE_AUTOCONF_H
#define KBROWSE_AUTOCONF_H

#include <stdbool.h>
#include "config.h"
#include "config_io.h"

/*
 * Write them all, unless auto.conf exists and !overwrite (conf creates
 * them once after writing .config, so that make finds them).  Returns 0,
 * or -1 on a write error (said on stderr, as conf does).
 */
int autoconf_write(struct config *cfg, const struct config_io_options *io,
		   bool overwrite);

#endif
