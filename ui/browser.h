/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interactive browser: `kbrowse [OPTIONS] [KCONFIG]`.
 */
#ifndef KBROWSE_UI_BROWSER_H
#define KBROWSE_UI_BROWSER_H

struct cli;

/*
 * argv[0] is the first argument after the global options (or the end):
 * the KCONFIG file and options.  Needs a terminal on stdin and stdout.
 * Returns the exit status (0, 1 errors in the input, 2 usage errors).
 */
int browser_main(struct cli *cli, int argc, char **argv);

#endif
