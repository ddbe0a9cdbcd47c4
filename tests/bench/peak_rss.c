// SPDX-License-Identifier: GPL-2.0
/*
 * For bench.sh: the peak RSS of one process itself, without the programs
 * it runs.  /usr/bin/time reports the largest of a process and all its
 * children, and conf runs a hundred compiler probes whose cc1 or rustc
 * outgrow it, so the figure would say nothing about conf or kbrowse.
 *
 * Built as a shared object and preloaded (LD_PRELOAD) with
 * KBROWSE_BENCH_RSS_FILE naming the output file.  At start it takes both
 * variables out of the environment, so the programs the process runs are
 * not measured and a cache keyed by the environment sees the usual one;
 * at exit it writes the process's VmHWM (in KiB) to that file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char out_path[4096];

static void __attribute__((constructor)) bench_rss_start(void)
{
	const char *path = getenv("KBROWSE_BENCH_RSS_FILE");

	if (path && strlen(path) < sizeof(out_path))
		strcpy(out_path, path);
	unsetenv("KBROWSE_BENCH_RSS_FILE");
	unsetenv("LD_PRELOAD");
}

static void __attribute__((destructor)) bench_rss_finish(void)
{
	char line[256];
	long kib = -1;
	FILE *status, *out;

	if (!out_path[0])
		return;
	status = fopen("/proc/self/status", "r");
	if (!status)
		return;
	while (fgets(line, sizeof(line), status))
		if (sscanf(line, "VmHWM: %ld kB", &kib) == 1)
			break;
	fclose(status);
	out = fopen(out_path, "w");
	if (!out)
		return;
	fprintf(out, "%ld\n", kib);
	fclose(out);
}
