/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `kbrowse conf MODE [KCONFIG]`: the batch modes of the kernel's
 * scripts/kconfig/conf, with the same arguments, environment
 * (srctree, KCONFIG_CONFIG, KCONFIG_ALLCONFIG, CONFIG_, ...), files
 * written and exit statuses.
 */
#ifndef KBROWSE_CONF_MODES_H
#define KBROWSE_CONF_MODES_H

#include "kconfig.h"

struct config;

/*
 * argv[0] is the subcommand's name ("conf"); the rest are conf's own
 * arguments: options (-s, --olddefconfig, --defconfig=FILE or
 * --defconfig FILE, ...) and at most one KCONFIG file.  opts gives the
 * source tree and how to load; its `kconfig` is used when argv names no
 * file.  The tree is loaded here.  Returns the exit status: 0 success,
 * 1 errors in the input (as conf), 2 usage errors.
 */
int conf_main(int argc, char **argv, const struct kconfig_options *opts);

/*
 * What `conf --defconfig=FILE` leaves in cfg, a configuration of its tree
 * that is new or config_reset(): FILE read as conf reads it, every prompt
 * answered as conf answers it, so that config_write_text() gives the
 * .config conf writes.  Nothing is printed but errors reading FILE; the
 * .config warnings go to *warnings (may be NULL; diag_release() it, also
 * after a failure).  -1 when FILE cannot be read (cfg is then to be
 * reset or freed, not used).  bases (may be NULL): the values FILE's
 * user values cannot change are taken from them (config_bases_apply()),
 * the same values computed once for many files.
 */
struct diag_list;
struct config_bases;
int conf_defconfig_read(struct config *cfg, const char *file,
			struct diag_list *warnings, struct config_bases *bases);

/*
 * What `conf --savedefconfig` writes for cfg's configuration, as conf
 * reading the .config cfg gives (heap, NUL-terminated; *len its length).
 */
char *conf_savedefconfig_text(struct config *cfg, size_t *len);

/*
 * What all*config does to a configuration after reading
 * KCONFIG_ALLCONFIG: every bool and tristate prompt without a user value
 * gets the answer (alldefconfig: none; choices keep their default).
 */
enum conf_answer {
	CONF_ANSWER_DEFAULT,
	CONF_ANSWER_NO,
	CONF_ANSWER_YES,
	CONF_ANSWER_MOD,
};
void conf_answer_all(struct config *cfg, enum conf_answer answer);

#endif
