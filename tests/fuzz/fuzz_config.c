// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: the .config reader (config_read_text) on the built-in
 * teaching tree, loaded once; then every value, and the .config written
 * back (to /dev/null).
 */
#include <stdlib.h>

#include "config_io.h"
#include "examples.h"
#include "fuzz.h"

/* How the kernel's conf writes, whatever the environment holds. */
static const struct config_io_options kernel_io = { .prefix = "CONFIG_" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct kconfig *tree;
static FILE *null_out;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config_io_options io = { .prefix = "CONFIG_", .warn_unknown = true };
	struct diag_list diags;
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
	config_read_text(cfg, ".config", (const char *)data, size, &io, &diags);
	fuzz_evaluate(cfg);
	config_write_stream(cfg, null_out, &kernel_io);
	diag_release(&diags);
	config_free(cfg);
	return 0;
}
