// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: the macro language.  The input is a top Kconfig file, read
 * with no command run (no_shell): its `=`, `:=` and `+=` lines, its
 * references in words and strings, and the built-in functions ($(if,...),
 * $(warning-if,...), $(info,...), $(filename) ...).  Then the whole input
 * is expanded once more as one text in the variables the tree left,
 * which the lexer never does (a reference across lines, one left open at
 * the end).  run.sh runs it under a low memory limit with a dictionary
 * of the language's words: the engine's limits on depth, size and count
 * must keep memory and time bounded whatever the text.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "macro.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kconfig *kc = fuzz_load((const char *)data, size, NULL);
	struct location loc = { .line = 1, .column = 1 };

	free(macro_expand(kc->macros, (const char *)data, size, loc));
	kconfig_free(kc);
	return 0;
}
