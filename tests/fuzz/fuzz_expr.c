// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: the expression parser and evaluator.  The input (its first
 * line) is the condition of a default and a `depends on` in a small
 * fixed tree of every type; every value is then computed.
 */
#include <stdlib.h>

#include "config_io.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char tree_head[] =
	"mainmenu \"expressions\"\n"
	"config MODULES\n\tbool \"modules\"\n\tdefault y\n\tmodules\n"
	"config A\n\tbool \"a\"\n\tdefault y\n"
	"config B\n\ttristate \"b\"\n\tdefault m\n"
	"config C\n\ttristate \"c\"\n\tselect A\n"
	"config N\n\tint \"n\"\n\trange 0 100\n\tdefault 12\n"
	"config H\n\thex \"h\"\n\tdefault 0x1f\n"
	"config S\n\tstring \"s\"\n\tdefault \"str\"\n"
	"choice\n\tprompt \"pick\"\nconfig P1\n\tbool \"p1\"\nconfig P2\n\tbool \"p2\"\nendchoice\n"
	"config X\n\ttristate \"x\"\n\tdefault y if ";
static const char tree_middle[] = "\n\tdepends on ";
static const char tree_tail[] = "\n\timply B\n";

/* A .config that sets some of them, so user values are compared too. */
static const char user_config[] =
	"CONFIG_A=y\nCONFIG_B=m\n# CONFIG_C is not set\nCONFIG_N=7\n"
	"CONFIG_H=0x10\nCONFIG_S=\"user\"\nCONFIG_P2=y\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len = 0, total;
	struct kconfig *kc;
	char *text;

	while (len < size && data[len] != '\n' && data[len] != '\0')
		len++;
	total = sizeof(tree_head) + sizeof(tree_middle) + sizeof(tree_tail) +
		2 * len;
	text = malloc(total);
	if (!text)
		return 0;
	snprintf(text, total, "%s%.*s%s%.*s%s", tree_head, (int)len,
		 (const char *)data, tree_middle, (int)len, (const char *)data,
		 tree_tail);
	kc = fuzz_load(text, strlen(text), NULL);
	if (!kc->diags.errors) {
		struct config *cfg = config_new(kc);
		struct config_io_options io = {
			.prefix = "CONFIG_", .warn_unknown = true
		};
		struct diag_list diags;

		fuzz_evaluate(cfg);
		diag_init(&diags);
		config_read_text(cfg, ".config", user_config,
				 sizeof(user_config) - 1, &io, &diags);
		fuzz_evaluate(cfg);
		diag_release(&diags);
		config_free(cfg);
	}
	kconfig_free(kc);
	free(text);
	return 0;
}
