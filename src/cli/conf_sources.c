// SPDX-License-Identifier: GPL-2.0
/*
 * The sources file kept true across conf's modes (conf_sources.h): conf
 * rewrites .config, and a record of the old bytes would be ignored from
 * then on; carried over, explain still names the fragment lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "conf_sources.h"
#include "config_sources.h"
#include "file_read.h"
#include "util.h"

char *conf_sources_before(const char *config_name, size_t *len)
{
	char *sources = config_sources_name(config_name);
	char *text = NULL;
	int err;

	if (access(sources, F_OK) == 0)
		text = file_read(config_name, FILE_READ_MAX, len, &err);
	free(sources);
	return text;
}

void conf_sources_after(const struct conf_sources_run *run, char *before,
			size_t before_len)
{
	size_t len = 0, input_len = 0;
	int err, status = 0;
	char *now = NULL, *input = NULL, why[512];

	if (!before && !run->allconfig)
		return;
	now = file_read(run->config, FILE_READ_MAX, &len, &err);
	if (run->allconfig)
		input = file_read(run->allconfig, FILE_READ_MAX, &input_len, &err);
	if (now && input)
		status = config_sources_write_input(run->config, now, len,
						    run->allconfig, input, input_len,
						    run->prefix, run->srctree,
						    why, sizeof(why));
	else if (now && before)
		status = config_sources_carry(run->config, before, before_len, now,
					      len, run->prefix, why, sizeof(why));
	if (status)
		fprintf(stderr, "%s conf: warning: %s\n", run->prog, why);
	free(input);
	free(now);
	free(before);
}
