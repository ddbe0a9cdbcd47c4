// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: the .config reader on the built-in teaching tree, loaded
 * once, as a session reads a file (config_read_text_recorded(), the
 * warnings kept up to DIAG_CONFIG_KEPT); then every value, and the
 * .config written back (to /dev/null).  run.sh runs it twice: on small
 * inputs (fuzz_config), and as fuzz_config_full on inputs up to the
 * largest file the reader takes (FILE_READ_MAX).
 */
#include <stdlib.h>

#include "config_io.h"
#include "examples.h"
#include "fuzz.h"
#include "user_lines.h"

/* How the kernel's conf writes, whatever the environment holds. */
static const struct config_io_options kernel_io = { .prefix = "CONFIG_" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct kconfig *tree;
static FILE *null_out;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config_io_options io = { .prefix = "CONFIG_", .warn_unknown = true };
	struct diag_list diags;
	struct user_lines *lines;
	struct config *cfg;

	if (!tree) {
		size_t len;
		const char *top = example_file_text("Kconfig", &len);

		tree = fuzz_load(top, len, example_file_text);
		null_out = fopen("/dev/null", "w");
		if (tree->diags.errors || !null_out)
			abort();
	}
	cfg = config_new(tree);
	diag_init(&diags);
	diags.max_kept = DIAG_CONFIG_KEPT;
	lines = config_read_text_recorded(cfg, ".config", (const char *)data, size,
					  &io, &diags);
	fuzz_evaluate(cfg);
	config_write_stream(cfg, null_out, &kernel_io);
	user_lines_free(lines);
	diag_release(&diags);
	config_free(cfg);
	return 0;
}
