// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: the lexer, the macro preprocessor and the parser on any
 * text as a top Kconfig file, then finishing, every value, and dump.
 * $(shell,...) runs nothing (no_shell); `source` reads nothing from disk.
 */
#include <stdlib.h>

#include "dump.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kconfig *kc = fuzz_load((const char *)data, size, NULL);
	FILE *null_out = fopen("/dev/null", "w");

	if (!kc->diags.errors) {
		struct config *cfg = config_new(kc);

		fuzz_evaluate(cfg);
		config_free(cfg);
	}
	if (null_out) {
		kconfig_dump(kc, null_out);
		fclose(null_out);
	}
	kconfig_free(kc);
	return 0;
}
