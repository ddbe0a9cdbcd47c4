// SPDX-License-Identifier: GPL-2.0
/*
 * The lessons of `kbrowse learn`: a walk through the teaching tree
 * (examples/), one idea of Kconfig at a time.  Each lesson points at the
 * files `kbrowse --write-examples toy` writes, and ends with an exercise
 * whose result `kbrowse learn check` reads from the values .config gives.
 *
 * The exercises follow each other: each starts from the .config the one
 * before left behind, so none of them undoes what an earlier check needs
 * at the time it is checked.
 */
#include "lessons.h"

const struct lesson lessons[] = {
	{
		"symbols", "Symbols, prompts, types and menus",
		"A Kconfig tree describes options.  Each option is a *symbol*,\n"
		"written `config NAME` and followed by its attributes, indented:\n"
		"\n"
		"    config DEFAULT_HOSTNAME\n"
		"        string \"Default hostname\"\n"
		"\n"
		"`string` is its *type* (bool, tristate, int, hex or string), and the\n"
		"quoted text after it is its *prompt*: what a person sees in the\n"
		"menu.  A symbol without a prompt is never shown and nobody sets it\n"
		"directly.  `menu \"...\"` ... `endmenu` groups entries; `source`\n"
		"reads another file.  The values live in .config, one line each:\n"
		"CONFIG_DEFAULT_HOSTNAME=\"toy-box\".\n"
		"\n"
		"Write the tree to disk so you can read it:\n"
		"    kbrowse --write-examples toy\n"
		"then read toy/Kconfig (the top file) and toy/init/Kconfig.  Every\n"
		"entry's help text says what it shows (kbrowse explain prints it).\n"
		"    kbrowse explain DEFAULT_HOSTNAME\n",
		"Give DEFAULT_HOSTNAME the value \"student\".  You set a value by\n"
		"writing its line into .config (in this directory, or the file\n"
		"$KCONFIG_CONFIG names).",
		"echo 'CONFIG_DEFAULT_HOSTNAME=\"student\"' >> .config",
		{ { "DEFAULT_HOSTNAME", "student", false } },
	},
	{
		"defaults", "Defaults, and why PAGE_SHIFT is 12",
		"A symbol nobody has set takes its *default*.  A `default` line may\n"
		"have a condition, `default 12 if PAGE_SIZE_4KB`; the first default\n"
		"whose condition holds gives the value, the others are not read.\n"
		"PAGE_SHIFT (toy/arch/Kconfig) has no prompt and six defaults, one\n"
		"per page size:\n"
		"    kbrowse explain PAGE_SHIFT\n"
		"names the line that decided (`default<TAB>12 if PAGE_SIZE_4KB`: a\n"
		"tab after the keyword, as in Linux) and the value of its condition.\n"
		"`def_bool EXPR` is a type and a default in one line (see 64BIT).\n"
		"\n"
		"You cannot set PAGE_SHIFT: a .config line for a symbol without a\n"
		"prompt is ignored.  Change what its defaults read instead;\n"
		"    kbrowse explain --to 16 PAGE_SHIFT\n"
		"plans it for you and tries the plan.\n",
		"Make PAGE_SHIFT 16.",
		"PAGE_SHIFT is 16 when the page-size choice picks 64KiB pages:\n"
		"echo CONFIG_PAGE_SIZE_64KB=y >> .config",
		{ { "PAGE_SHIFT", "16", true } },
	},
	{
		"depends", "depends on, select and imply",
		"Three ways for one symbol to bear on another:\n"
		"- `depends on EXPR`: an upper limit.  The symbol is hidden and n\n"
		"  (or at most m) unless EXPR holds.  An `if X` ... `endif` block or\n"
		"  a menu's `depends on` adds to every entry inside.\n"
		"- `select SYM`: a lower limit on another symbol.  EXT4_FS\n"
		"  (toy/fs/Kconfig) says `select CRC32`, so CRC32 is at least what\n"
		"  EXT4_FS is, and nobody can turn it off while EXT4_FS is on.\n"
		"- `imply SYM`: a weak select.  E1000 (toy/drivers/net/Kconfig)\n"
		"  says `imply PTP_CLOCK`: PTP_CLOCK defaults to E1000's value, but\n"
		"  you may still turn it off.\n"
		"    kbrowse explain CRC32 PTP_CLOCK\n"
		"    kbrowse explain --to n CRC32\n",
		"Make EXT4_FS a module (m) and see CRC32 drop to m with it; keep\n"
		"E1000 a module and turn PTP_CLOCK off.",
		"echo CONFIG_EXT4_FS=m >> .config; echo '# CONFIG_PTP_CLOCK is not set' >> .config\n"
		"(\"# CONFIG_X is not set\" is how .config says n.)",
		{ { "EXT4_FS", "m", false }, { "CRC32", "m", false },
		  { "E1000", "m", false }, { "PTP_CLOCK", "n", false } },
	},
	{
		"select-forces", "A select forces a symbol past its dependencies",
		"A select does not look at the dependencies of the symbol it\n"
		"selects.  DEBUG_PAGEALLOC sits in the \"Memory debugging\" menu,\n"
		"which `depends on DEBUG_KERNEL` (toy/lib/Kconfig.debug); PAGE_OWNER\n"
		"says `select DEBUG_PAGEALLOC`.  Turn PAGE_OWNER on with DEBUG_KERNEL\n"
		"off and DEBUG_PAGEALLOC is y all the same, although its menu says\n"
		"it should not be.  The kernel's conf warns (\"unmet direct\n"
		"dependencies\"), and so does kbrowse explain.  That is why the\n"
		"Kconfig reference advises select only for symbols without a prompt\n"
		"and without dependencies, and `depends on` elsewhere.\n"
		"    kbrowse explain DEBUG_PAGEALLOC\n",
		"Make DEBUG_PAGEALLOC y while DEBUG_KERNEL stays n.",
		"Turn on the symbol that selects it: echo CONFIG_PAGE_OWNER=y >> .config",
		{ { "DEBUG_PAGEALLOC", "y", false }, { "DEBUG_KERNEL", "n", false },
		  { "PAGE_OWNER", "y", false } },
	},
	{
		"visibility", "Visibility: a prompt's `if`, `visible if`, `depends on`",
		"Hiding a prompt is not the same as limiting the value.\n"
		"- `bool \"Enable support for printk\" if EXPERT` (PRINTK, in\n"
		"  toy/init/Kconfig): with EXPERT off the prompt is hidden and PRINTK\n"
		"  keeps its default, y, whatever .config says.\n"
		"- `menu \"Library routines\"` + `visible if EXPERT` (toy/lib/Kconfig)\n"
		"  hides every prompt in the menu; CRC16's `default y` still applies.\n"
		"- `menu \"Memory debugging\"` + `depends on DEBUG_KERNEL`: every\n"
		"  entry inherits the dependency, so PAGE_POISONING's `default y`\n"
		"  gives n while DEBUG_KERNEL is off.\n"
		"A .config line for a hidden symbol is not used: make the prompt\n"
		"visible first.  kbrowse explain --to n CRC16 shows the two steps.\n",
		"Turn CRC16 off, and get PAGE_POISONING to y by its default.",
		"CRC16 needs its menu visible: CONFIG_EXPERT=y, then\n"
		"'# CONFIG_CRC16 is not set'.  PAGE_POISONING needs\n"
		"CONFIG_DEBUG_KERNEL=y (and no line of its own).",
		{ { "CRC16", "n", false }, { "PAGE_POISONING", "y", true } },
	},
	{
		"choices", "Choices, and how a choice remembers a pick",
		"`choice` ... `endchoice` holds bool entries of which exactly one is\n"
		"y.  Nobody has picked: the choice's `default` line names the entry\n"
		"(\"Processor family\" in toy/arch/Kconfig); without one, the first\n"
		"visible entry nobody set to n is taken (\"MMU page size\": 4KiB).  Each\n"
		"page size depends on a HAVE_PAGE_SIZE_* symbol that the processors\n"
		"select, so the processor decides which sizes you are offered.\n"
		"\n"
		"A pick is a user value, and it is kept while the entry is hidden:\n"
		"pick 64KiB pages, switch to the 32-bit processor (no 64KiB there,\n"
		"so 4KiB is used), switch back, and 64KiB is chosen again.  Only when\n"
		".config is saved with the entry hidden is the pick forgotten,\n"
		"because a hidden entry is not written.\n"
		"    kbrowse explain PAGE_SIZE_4KB\n",
		"Get 256KiB pages (PAGE_SHIFT 18).",
		"Only CPU_SERVER64 offers 256KiB pages: in .config,\n"
		"CONFIG_CPU_SERVER64=y and CONFIG_PAGE_SIZE_256KB=y (the last line\n"
		"for a choice wins).  kbrowse explain --to 18 PAGE_SHIFT plans it.",
		{ { "CPU_SERVER64", "y", false }, { "PAGE_SIZE_256KB", "y", false },
		  { "PAGE_SHIFT", "18", true } },
	},
	{
		"tristate", "tristate and modules",
		"A tristate is y (built in), m (a module) or n.  m exists only while\n"
		"the symbol with the `modules` attribute, MODULES (toy/init/Kconfig),\n"
		"is y; with it off every tristate acts as a bool and a `default m`\n"
		"gives y.  Limits combine as min and max over n < m < y: NET_IPV6\n"
		"(toy/net/Kconfig) `depends on INET` and is at most what INET is;\n"
		"a bool that depends on an m symbol may still be y.\n"
		"    kbrowse explain NET_IPV6\n",
		"Make NET_IPV6 built in (y) without writing a line for NET_IPV6.",
		"Turn modules off: echo '# CONFIG_MODULES is not set' >> .config.\n"
		"(A CONFIG_NET_IPV6=m line from before would still say m: delete it.)",
		{ { "MODULES", "n", false }, { "NET_IPV6", "y", true } },
	},
	{
		"ranges", "Ranges",
		"`range MIN MAX` bounds an int or hex symbol; like defaults, ranges\n"
		"may have conditions and the first that holds applies.  NR_CPUS\n"
		"(toy/arch/Kconfig) allows 2..512 on 64-bit processors and 2..32\n"
		"otherwise.  A value outside the range is clamped to it.  The ends\n"
		"may be symbols: MMAP_RND_BITS (toy/mm/Kconfig) ranges between\n"
		"MMAP_RND_BITS_MIN and MMAP_RND_BITS_MAX.\n"
		"    kbrowse explain NR_CPUS MMAP_RND_BITS\n",
		"Make NR_CPUS the largest value its range allows on a 64-bit\n"
		"processor.  Try CONFIG_NR_CPUS=4096 first and see what happens.",
		"CONFIG_NR_CPUS=4096 is clamped to 512 (kbrowse explain NR_CPUS says\n"
		"so); CONFIG_NR_CPUS=512 says it directly.",
		{ { "NR_CPUS", "512", false } },
	},
	{
		"saving", "Saving: values become user values; lines that are ignored",
		"Saving writes every visible symbol's value to .config, defaults\n"
		"included, and the next time .config is read those lines are user\n"
		"values.  Try it:\n"
		"    kbrowse conf --olddefconfig\n"
		"    grep SMP .config          # CONFIG_SMP=y, from `default y if 64BIT`\n"
		"From now on SMP is y because .config says so, whatever 64BIT is:\n"
		"switch to the 32-bit processor and SMP stays y, where a fresh\n"
		"configuration would give n.\n"
		"\n"
		"Lines for symbols without a prompt (CONFIG_PAGE_SHIFT=18,\n"
		"CONFIG_64BIT=y) are written too, for the build, but reading\n"
		"ignores them: nobody can set such a symbol.  kbrowse explain says\n"
		"nothing about them while they agree with the value, and names the\n"
		"line when it does not.\n",
		"Save, then choose CPU_TINY32 and get SMP back to what its default\n"
		"gives on a 32-bit processor (n).",
		"kbrowse conf --olddefconfig; then in .config replace\n"
		"CONFIG_CPU_SERVER64=y by CONFIG_CPU_TINY32=y and delete the\n"
		"CONFIG_SMP=y line (or write '# CONFIG_SMP is not set').",
		{ { "CPU_TINY32", "y", false }, { "SMP", "n", false } },
	},
	{
		"macros", "The macro language",
		"Before any symbol has a value, Kconfig expands macros in the text:\n"
		"`NAME := value` (expanded once), `NAME = value` (expanded at each\n"
		"use, with $(1), $(2) as arguments: a function), `+=` (appends),\n"
		"and built-in functions such as $(shell,...).  toy/Kconfig defines\n"
		"    TOY_NAME := toy\n"
		"    toy-hostname = $(TOY_NAME)-$(1)\n"
		"and toy/init/Kconfig says default \"$(toy-hostname,box)\", which the\n"
		"parser reads as default \"toy-box\".  kbrowse dump prints the tree\n"
		"after expansion.  Macros substitute text; they configure nothing.\n"
		"\n"
		"For this exercise edit the files you wrote, and run kbrowse on\n"
		"them with -C toy (the .config stays in this directory):\n"
		"    kbrowse -C toy dump | grep -A2 DEFAULT_HOSTNAME\n",
		"Make the *default* of DEFAULT_HOSTNAME \"mini-box\" by changing one\n"
		"macro in toy/Kconfig; check with kbrowse -C toy learn check.",
		"Change 'TOY_NAME := toy' to 'TOY_NAME := mini' in toy/Kconfig, and\n"
		"delete the CONFIG_DEFAULT_HOSTNAME line lesson 1 wrote: a user\n"
		"value wins over the default.",
		{ { "DEFAULT_HOSTNAME", "mini-box", true } },
	},
	/* Linux 6.18's renames; a tree of the student's own, apart from toy/. */
	{
		"renames", "Renaming an option: transitional",
		"Kernel options get renamed.  Since Linux 6.18 the old name stays in\n"
		"the tree as a *transitional* symbol: a type, perhaps a help text,\n"
		"and the word `transitional`, nothing else.  conf reads it from an\n"
		"old .config, the new symbol takes it as its default, and it is\n"
		"never shown and never written again:\n"
		"\n"
		"    config HARDENED_ALLOC\n"
		"        bool \"Harden the allocator\"\n"
		"        default OLD_HARDENING\n"
		"\n"
		"    config OLD_HARDENING\n"
		"        bool\n"
		"        transitional\n"
		"\n"
		"A .config that says CONFIG_OLD_HARDENING=y gives HARDENED_ALLOC=y,\n"
		"and saving drops the old line.  kbrowse explain HARDENED_ALLOC\n"
		"names the old symbol and its .config line; kbrowse diff --from-tree\n"
		"reports the pair as a rename.\n"
		"\n"
		"Make a tree of your own for it, apart from toy/:\n"
		"    mkdir rename\n"
		"and write the two entries above into rename/Kconfig.\n",
		"With CONFIG_OLD_HARDENING=y in .config, make HARDENED_ALLOC y\n"
		"through its default; check with kbrowse -C rename learn check.",
		"echo CONFIG_OLD_HARDENING=y >> .config.  Without `transitional`, a\n"
		"symbol with no prompt ignores its .config line.",
		{ { "HARDENED_ALLOC", "y", true } },
	},
};

const unsigned nlessons = sizeof(lessons) / sizeof(lessons[0]);

const struct glossary_entry glossary[] = {
	{ "symbol", "A configuration option: `config NAME` and its attributes.  Its value goes to .config as CONFIG_NAME." },
	{ "prompt", "The text a person sees for a symbol (`bool \"text\"` or `prompt \"text\"`).  Without one, a symbol is never shown and cannot be set." },
	{ "type", "bool (y/n), tristate (y/m/n), int, hex or string.  `def_bool` and its kin give a type and a default in one line." },
	{ "menu", "`menu \"title\"` ... `endmenu`: a group of entries.  A menu's `depends on` applies to every entry in it; `visible if` only hides their prompts." },
	{ "menuconfig", "A symbol that is also a menu: the entries after it that depend on it are shown inside it." },
	{ "default", "The value a symbol takes when nobody set it (or its prompt is hidden).  The first `default` whose `if` holds is taken." },
	{ "depends on", "An upper limit: the symbol is hidden and at most the dependency's value (n, m or y)." },
	{ "select", "`select OTHER`: OTHER is at least this symbol's value, whatever OTHER's own dependencies say." },
	{ "imply", "`imply OTHER`: a weak select.  OTHER defaults to at least this symbol's value, but may still be set lower." },
	{ "visible if", "On a menu: hides the prompts inside while false.  Values still come from defaults and selects." },
	{ "if", "On a line (`default y if X`, `bool \"p\" if X`): the line counts only while X holds.  As a block (`if X` ... `endif`): every entry inside depends on X." },
	{ "choice", "`choice` ... `endchoice`: bool entries of which exactly one is y.  The pick is a user value; without one the choice's default, else the first visible entry not set to n." },
	{ "tristate", "A type with three values: y (built in), m (module), n.  m exists only while the `modules` symbol is y." },
	{ "modules", "The attribute that makes a symbol (MODULES) the switch for m.  With it n, every tristate acts as a bool." },
	{ "range", "`range MIN MAX [if X]`: bounds of an int or hex symbol.  Values outside are clamped." },
	{ "user value", "A value read from .config (or set in the browser).  It counts only while the symbol's prompt is visible." },
	{ ".config", "The file of values: CONFIG_NAME=value, and '# CONFIG_NAME is not set' for n.  $KCONFIG_CONFIG names another file." },
	{ "conf", "The kernel's own configurator (scripts/kconfig/conf); kbrowse conf MODE does the same.  --olddefconfig saves with defaults for what is unset." },
	{ "macro", "Text substitution before parsing: `:=`, `=`, `+=`, $(NAME), $(1), $(shell,...), $(info,...).  It never sees symbol values." },
	{ "help", "Free text after `help`, indented more than the line before.  kbrowse explain prints it (--no-help leaves it out)." },
	{ "transitional", "Linux 6.18: an old name kept after a rename.  Its .config line is read and feeds the defaults that name it; it is never shown and never written.  Only a type and help may go with it." },
	{ "depends on X if Y", "Linux 7.0: the dependency on X holds only while Y is not n (X || Y = n).  `depends on BAR if BAR` is the optional dependency once written `depends on BAR || !BAR`." },
};

const unsigned nglossary = sizeof(glossary) / sizeof(glossary[0]);
