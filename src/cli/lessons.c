// SPDX-License-Identifier: GPL-2.0
/*
 * The lessons of `kbrowse learn`: a walk through the teaching tree
 * (examples/), one idea of Kconfig at a time.  Each lesson points at the
 * files `kbrowse --write-examples toy` writes, and ends with an exercise
 * whose result `kbrowse learn check` reads from the values .config gives.
 *
 * Each exercise starts from an empty .config and needs nothing an
 * earlier lesson left behind.  Its solution is a fixture of the teaching
 * tree, examples/lessons/NN-NAME.config (NAME the lesson's name), and a
 * sentence that states a value names the fixture that shows it:
 * tests/kernel/lessons.sh runs every fixture through the kernel's own
 * conf and through kbrowse, and checks each exercise with the fixture.
 *
 * Lessons are in the order a reader needs them (symbols, .config,
 * defaults, dependencies, select, tristate, choices, ranges, macros,
 * workflows, then the rest).  Each entry of the table stands alone: one
 * is added by adding its entry (and its fixture) where it belongs.
 */
#include "lessons.h"
#include "util.h"

const struct lesson lessons[] = {
	{
		"symbols", "Symbols, prompts, types and menus",
		"A Kconfig tree describes options.  Each option is a *symbol*,\n"
		"written `config NAME` and followed by its attributes, indented:\n"
		"\n"
		"    config DEFAULT_HOSTNAME\n"
		"        string \"Default hostname\"\n"
		"\n"
		"`string` is its *type*: bool (y or n), tristate (y, n, or m for\n"
		"a module: lesson 6), int, hex or string.  The quoted text after\n"
		"it is its *prompt*: what a person sees in the\n"
		"menu.  A symbol without a prompt is never shown and nobody sets it\n"
		"directly.  `menu \"...\"` ... `endmenu` groups entries; `source`\n"
		"reads another file.  The values live in .config, one line each:\n"
		"CONFIG_DEFAULT_HOSTNAME=\"toy-box\".\n"
		"\n"
		"Write the tree to disk so you can read it:\n"
		"    kbrowse --write-examples toy\n"
		"then read toy/Kconfig (the top file) and toy/init/Kconfig.  Every\n"
		"entry's help text says what it shows (kbrowse explain prints it).\n"
		"    kbrowse explain DEFAULT_HOSTNAME\n"
		"With an empty .config every symbol takes its default:\n"
		"DEFAULT_HOSTNAME is \"toy-box\" and PAGE_SHIFT 12 (fixture\n"
		"toy/lessons/01-symbols-empty.config).  Each lesson's solution is\n"
		"such a fixture, toy/lessons/NN-NAME.config, and every exercise\n"
		"starts from an empty .config (: >.config).\n",
		"Start from an empty .config and give DEFAULT_HOSTNAME the value\n"
		"\"student\".  You set a value by writing its line into .config (in\n"
		"this directory, or the file $KCONFIG_CONFIG names).",
		"echo 'CONFIG_DEFAULT_HOSTNAME=\"student\"' >> .config\n"
		"(the solution: toy/lessons/01-symbols.config)",
		{ { "DEFAULT_HOSTNAME", "student", false } },
	},
	{
		"dotconfig", ".config and user values",
		"A line of .config is a *user value*: CONFIG_SMP=y, CONFIG_NR_CPUS=8,\n"
		"CONFIG_DEFAULT_HOSTNAME=\"box\", and `# CONFIG_SMP is not set`,\n"
		"which is how .config says n (a comment to everything but Kconfig).\n"
		"A user value counts only while the symbol's prompt is visible.\n"
		"Lines for symbols without a prompt are ignored: CONFIG_64BIT=n\n"
		"leaves 64BIT y (fixture toy/lessons/02-dotconfig.config); lines for\n"
		"symbols the tree does not define are ignored too.  When a symbol\n"
		"has two lines, the last one counts and conf warns \"override\"\n"
		"(fixture toy/lessons/02-dotconfig-last-wins.config).\n"
		"\n"
		"A symbol whose dependencies are not met is not written at all:\n"
		"NR_CPUS `depends on SMP`, so with SMP n it has no line.\n"
		"    kbrowse explain SMP 64BIT NR_CPUS\n"
		"says for each line of .config whether it was used, and why not.\n",
		"Start from an empty .config.  Turn SMP off, and write a line that\n"
		"tries to turn 64BIT off: see that it is ignored.",
		"printf '# CONFIG_SMP is not set\\n# CONFIG_64BIT is not set\\n' > .config\n"
		"(the solution: toy/lessons/02-dotconfig.config)",
		{ { "SMP", "n", false }, { "64BIT", "y", true } },
	},
	{
		"defaults", "Defaults, and why PAGE_SHIFT is 12",
		"A symbol nobody has set takes its *default*.  A `default` line may\n"
		"have a condition, `default 12 if PAGE_SIZE_4KB`; the first default\n"
		"whose condition holds gives the value, the others are not read.\n"
		"Without one that holds, a bool or tristate is n, an int or hex\n"
		"has no value (and is not written), a string is \"\".\n"
		"PAGE_SHIFT (toy/arch/Kconfig) has no prompt and six defaults, one\n"
		"per page size:\n"
		"    kbrowse explain PAGE_SHIFT\n"
		"names the line that decided (`default<TAB>12 if PAGE_SIZE_4KB`: a\n"
		"tab after the keyword, as in Linux) and the value of its condition.\n"
		"`def_bool EXPR` is a type and a default in one line (see 64BIT).\n"
		"\n"
		"You cannot set PAGE_SHIFT: CONFIG_PAGE_SHIFT=16 in .config leaves\n"
		"it 12 (fixture toy/lessons/03-defaults-no-prompt.config).  Change\n"
		"what its defaults read instead;\n"
		"    kbrowse explain --to 16 PAGE_SHIFT\n"
		"plans it for you and tries the plan.\n",
		"Start from an empty .config.  Make PAGE_SHIFT 16.",
		"PAGE_SHIFT is 16 when the page-size choice picks 64KiB pages:\n"
		"echo CONFIG_PAGE_SIZE_64KB=y >> .config\n"
		"(the solution: toy/lessons/03-defaults.config)",
		{ { "PAGE_SHIFT", "16", true } },
	},
	{
		"visibility", "depends on, and visibility",
		"`depends on EXPR` is an upper limit: the symbol is at most what EXPR\n"
		"is, over n < m < y, and hidden (and n) while EXPR is n.  A bool\n"
		"whose dependency is m may still be y: for a bool, m counts as y\n"
		"(IPV6_ROUTER_PREF=y under NET_IPV6=m in toy/net/Kconfig; fixture\n"
		"toy/lessons/04-visibility-bool-on-m.config).  An `if X` ... `endif`\n"
		"block or a menu's `depends on` adds to every entry inside.\n"
		"\n"
		"Hiding a prompt is not the same as limiting the value:\n"
		"- `bool \"Enable support for printk\" if EXPERT` (PRINTK, in\n"
		"  toy/init/Kconfig): with EXPERT off the prompt is hidden and PRINTK\n"
		"  keeps its default, y, whatever .config says.\n"
		"- `menu \"Library routines\"` + `visible if EXPERT` (toy/lib/Kconfig)\n"
		"  hides every prompt in the menu; CRC16's `default y` still applies.\n"
		"- `menu \"Memory debugging\"` + `depends on DEBUG_KERNEL`: every\n"
		"  entry inherits the dependency, so PAGE_POISONING's `default y`\n"
		"  gives n while DEBUG_KERNEL is off.\n"
		"(All three: fixture toy/lessons/04-visibility-hidden.config.)\n"
		"A .config line for a hidden symbol is not used: make the prompt\n"
		"visible first.  kbrowse explain --to n CRC16 shows the two steps.\n",
		"Start from an empty .config.  Turn CRC16 off, and get\n"
		"PAGE_POISONING to y by its default.",
		"CRC16 needs its menu visible: CONFIG_EXPERT=y, then\n"
		"'# CONFIG_CRC16 is not set'.  PAGE_POISONING needs\n"
		"CONFIG_DEBUG_KERNEL=y (and no line of its own).\n"
		"(the solution: toy/lessons/04-visibility.config)",
		{ { "CRC16", "n", false }, { "PAGE_POISONING", "y", true } },
	},
	{
		"select", "select and imply",
		"- `select SYM`: a lower limit on another symbol.  EXT4_FS\n"
		"  (toy/fs/Kconfig) says `select CRC32`, so CRC32 is at least what\n"
		"  EXT4_FS is, and nobody can turn it off while EXT4_FS is on.\n"
		"- `imply SYM`: a weak select.  E1000 (toy/drivers/net/Kconfig)\n"
		"  says `imply PTP_CLOCK`: PTP_CLOCK defaults to E1000's value, m\n"
		"  (fixture toy/lessons/05-select-defaults.config), but you may\n"
		"  still set it lower.  An imply is capped by the implied symbol's\n"
		"  own dependencies, and only a symbol whose prompt is visible can\n"
		"  be set lower: an implied symbol without a prompt cannot be\n"
		"  turned off.\n"
		"    kbrowse explain CRC32 PTP_CLOCK\n"
		"\n"
		"Pitfalls of select:\n"
		"- It does not look at the selected symbol's dependencies.\n"
		"  PAGE_OWNER (toy/lib/Kconfig.debug) selects DEBUG_PAGEALLOC,\n"
		"  whose menu `depends on DEBUG_KERNEL`: with DEBUG_KERNEL off it is\n"
		"  y all the same, and conf warns \"unmet direct dependencies\"\n"
		"  (fixture toy/lessons/05-select-forces.config).\n"
		"- An m symbol that selects a bool makes it y: CRC32=m selects\n"
		"  CRC32_TABLES=y (fixture toy/lessons/05-select-m.config).\n"
		"- A select that closes a loop of dependencies (A depends on B,\n"
		"  B selects A) is an error: conf prints \"recursive dependency\n"
		"  detected\" and the chain.\n"
		"So the Kconfig reference advises select only for symbols without\n"
		"a prompt and without dependencies, the `HAVE_*` idiom: the\n"
		"processors of toy/arch/Kconfig select HAVE_PAGE_SIZE_* symbols,\n"
		"which say what they offer, and others `depends on` them.\n",
		"Start from an empty .config.  Make EXT4_FS a module (m) and see\n"
		"CRC32 drop to m with it; keep E1000 a module and turn PTP_CLOCK off.",
		"echo CONFIG_EXT4_FS=m >> .config; echo '# CONFIG_PTP_CLOCK is not set' >> .config\n"
		"(the solution: toy/lessons/05-select.config)",
		{ { "EXT4_FS", "m", false }, { "CRC32", "m", false },
		  { "E1000", "m", false }, { "PTP_CLOCK", "n", false } },
	},
	{
		"tristate", "tristate, modules and tristate expressions",
		"A tristate is y (built in), m (a module) or n.  m exists only while\n"
		"the symbol with the `modules` attribute, MODULES (toy/init/Kconfig),\n"
		"is y; with it off every tristate acts as a bool and m means y: a\n"
		"`default m` and a CONFIG_NET_IPV6=m line both give y (fixture\n"
		"toy/lessons/06-tristate-modules-off.config).\n"
		"\n"
		"Expressions are computed over n=0 < m=1 < y=2: && is the smaller,\n"
		"|| the larger, and !X is 2-X, so !m is m.  Hence the idioms:\n"
		"- `depends on X || !X` (IPV6_TUNNEL, toy/net/Kconfig): y while X is\n"
		"  y or n, but m while X is m: built in only if X is not a module\n"
		"  (fixtures toy/lessons/06-tristate-expressions.config, ...-y.config).\n"
		"- `depends on m` (IPV6_SELFTEST): a module or nothing; with MODULES\n"
		"  off, m is n there and the entry is hidden.\n"
		"- `X = y` compares: EXT4_ROOT_FS `depends on EXT4_FS = y` is n while\n"
		"  EXT4_FS is m.\n"
		"- An int, hex or string symbol used as a condition is n, whatever\n"
		"  its value: PRINTK_TIME's `default y if LOG_BUF_SHIFT` never holds\n"
		"  (fixture toy/lessons/06-tristate-int-condition.config); compare\n"
		"  numbers with `LOG_BUF_SHIFT >= 14`.\n"
		"    kbrowse explain NET_IPV6 IPV6_TUNNEL PRINTK_TIME\n",
		"Start from an empty .config.  Make NET_IPV6 built in (y) without\n"
		"writing a line for NET_IPV6.",
		"Turn modules off: echo '# CONFIG_MODULES is not set' >> .config.\n"
		"Its `default m` then gives y (and so would a CONFIG_NET_IPV6=m line).\n"
		"(the solution: toy/lessons/06-tristate.config)",
		{ { "MODULES", "n", false }, { "NET_IPV6", "y", true } },
	},
	{
		"choices", "Choices, and how a choice remembers a pick",
		"`choice` ... `endchoice` holds entries of which one is y while the\n"
		"choice is visible; a hidden choice has every member n (fixture\n"
		"toy/lessons/07-choices-hidden-choice.config).  Since Linux 6.11 the\n"
		"members are bools; before, a tristate choice could be m, with each\n"
		"member m or n.  Nobody has picked: the choice's `default` line\n"
		"names the entry (\"Processor family\" in toy/arch/Kconfig); without\n"
		"one, the first visible entry nobody set to n is taken (\"MMU page\n"
		"size\": 4KiB).  Each page size depends on a HAVE_PAGE_SIZE_* symbol\n"
		"that the processors select, so the processor decides which sizes\n"
		"you are offered.\n"
		"\n"
		"A pick is a user value and counts only while its entry is visible:\n"
		"64KiB pages picked on CPU_TINY32, which has none, gives 4KiB\n"
		"(fixture toy/lessons/07-choices-hidden-pick.config).  The n lines\n"
		"count too: with 4KiB set to n, CPU_TINY32 gets 8KiB pages and\n"
		"PAGE_SHIFT 13 (fixture toy/lessons/07-choices-first-unset.config),\n"
		"which is what a .config saved with 64KiB pages, then switched to\n"
		"CPU_TINY32, gives.\n"
		"    kbrowse explain PAGE_SIZE_4KB\n",
		"Start from an empty .config.  Get 256KiB pages (PAGE_SHIFT 18).",
		"Only CPU_SERVER64 offers 256KiB pages: in .config,\n"
		"CONFIG_CPU_SERVER64=y and CONFIG_PAGE_SIZE_256KB=y.\n"
		"kbrowse explain --to 18 PAGE_SHIFT plans it.\n"
		"(the solution: toy/lessons/07-choices.config)",
		{ { "CPU_SERVER64", "y", false }, { "PAGE_SIZE_256KB", "y", false },
		  { "PAGE_SHIFT", "18", true } },
	},
	{
		"ranges", "Ranges",
		"`range MIN MAX` bounds an int or hex symbol; like defaults, ranges\n"
		"may have conditions and the first that holds applies.  NR_CPUS\n"
		"(toy/arch/Kconfig) allows 2..512 on 64-bit processors and 2..32\n"
		"otherwise (fixture toy/lessons/08-ranges-tiny.config).  A value\n"
		"outside the range is not refused: it is clamped to the nearer end,\n"
		"CONFIG_NR_CPUS=4096 gives 512 (fixture\n"
		"toy/lessons/08-ranges-clamp.config).  The ends may be symbols:\n"
		"MMAP_RND_BITS (toy/mm/Kconfig) ranges between MMAP_RND_BITS_MIN\n"
		"and MMAP_RND_BITS_MAX, and explain shows their values.\n"
		"    kbrowse explain NR_CPUS MMAP_RND_BITS\n",
		"Start from an empty .config.  Make NR_CPUS the largest value its\n"
		"range allows on a 64-bit processor.  Try CONFIG_NR_CPUS=4096 first\n"
		"and see what happens.",
		"CONFIG_NR_CPUS=4096 is clamped to 512 (kbrowse explain NR_CPUS says\n"
		"so); CONFIG_NR_CPUS=512 says it directly.\n"
		"(the solution: toy/lessons/08-ranges.config)",
		{ { "NR_CPUS", "512", false } },
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
		"after expansion; kbrowse explain shows a line as written, what it\n"
		"became, and the $(shell,...) commands that ran for it with their\n"
		"answers (kbrowse explain HOST_SHELL_WORKS).  Macros substitute\n"
		"text; they never see symbol values.\n"
		"\n"
		"In Linux, a name not defined as a macro is read from the\n"
		"environment: $(CC), $(ARCH), $(srctree) come from make.\n"
		"scripts/Kconfig.include defines helpers on $(shell,...):\n"
		"$(success,CMD) is y when CMD exits with status 0, else n;\n"
		"$(cc-option,FLAG) is y when $(CC) accepts FLAG.  So\n"
		"    config CC_IS_GCC\n"
		"        def_bool $(success,test \"$(cc-name)\" = GCC)\n"
		"is y or n by the compiler found, and a line such as\n"
		"`bool \"64-bit kernel\" if \"$(ARCH)\" = \"x86\"` reads the\n"
		"ARCH given to make.  kbrowse explain CC_IS_GCC, in a Linux tree,\n"
		"shows both lines and the command's answer.\n"
		"\n"
		"For this exercise edit the files you wrote, and run kbrowse on\n"
		"them with -C toy (the .config stays in this directory):\n"
		"    kbrowse -C toy dump | grep -A2 DEFAULT_HOSTNAME\n",
		"Start from an empty .config.  Make the *default* of\n"
		"DEFAULT_HOSTNAME \"mini-box\" by changing one macro in toy/Kconfig;\n"
		"check with kbrowse -C toy learn check.",
		"Change 'TOY_NAME := toy' to 'TOY_NAME := mini' in toy/Kconfig, and\n"
		"keep .config without a DEFAULT_HOSTNAME line: a user value would\n"
		"win over the default.  (the solution: toy/lessons/09-macros.config)",
		{ { "DEFAULT_HOSTNAME", "mini-box", true } },
	},
	{
		"workflows", "Workflows: the modes of conf",
		"The kernel's conf (make oldconfig, make olddefconfig, ...) and\n"
		"kbrowse conf MODE read .config and write it back whole.\n"
		"- --oldconfig asks a question for each symbol .config has no line\n"
		"  for; --olddefconfig gives them their defaults without asking.\n"
		"  --listnewconfig only lists them (fixture\n"
		"  toy/lessons/10-workflows-listnewconfig.config).\n"
		"- Saving writes every visible symbol, defaults included, and the\n"
		"  next run reads those lines as user values: a .config saved on a\n"
		"  64-bit processor keeps CONFIG_SMP=y after a switch to CPU_TINY32,\n"
		"  where a fresh one gives n (fixtures toy/lessons/10-workflows.config\n"
		"  and 10-workflows-saved.config).\n"
		"- --savedefconfig=FILE writes only the lines that differ from the\n"
		"  defaults (fixture toy/lessons/10-workflows-savedefconfig.config);\n"
		"  --defconfig=FILE reads such a file back and fills in the rest.\n"
		"- KCONFIG_ALLCONFIG=FILE: a fragment of .config lines that\n"
		"  --alldefconfig, --allnoconfig, --allyesconfig, --allmodconfig\n"
		"  and --randconfig keep while they set everything else to the\n"
		"  defaults, n, y, m or random answers (KCONFIG_SEED repeats one).\n",
		"Start from an empty .config.  Make a configuration for CPU_TINY32\n"
		"from a one-line fragment:\n"
		"    echo CONFIG_CPU_TINY32=y > mini.config\n"
		"    KCONFIG_ALLCONFIG=mini.config kbrowse conf --alldefconfig",
		"The two commands of the exercise write .config; SMP is then n and\n"
		"PAGE_SHIFT 12.  (the solution: toy/lessons/10-workflows.config,\n"
		"which --olddefconfig turns into the same .config)",
		{ { "CPU_TINY32", "y", false }, { "SMP", "n", false },
		  { "PAGE_SHIFT", "12", true } },
	},
	{
		"build", "ARCH and the build",
		"In Linux, make passes ARCH (what you build for: x86_64, i386, um)\n"
		"and SRCARCH (the directory under arch/ that holds it: x86 for both\n"
		"x86_64 and i386) to conf; the top Kconfig sources\n"
		"arch/$(SRCARCH)/Kconfig, and lines may test \"$(ARCH)\".  A .config\n"
		"made for one ARCH read with another gives other values.\n"
		"\n"
		"After configuration, make runs conf --syncconfig, which writes\n"
		"include/generated/autoconf.h for C code: `#define CONFIG_X 1` for\n"
		"X=y, `#define CONFIG_X_MODULE 1` for X=m, and nothing for n\n"
		"(fixture toy/lessons/11-build.config; kbrowse conf does not write\n"
		"build files).  C code tests them with IS_ENABLED(CONFIG_X), true\n"
		"for y or m, IS_BUILTIN (y only), IS_MODULE (m only), and\n"
		"IS_REACHABLE(CONFIG_X), true when X is y, or m and the code asking\n"
		"is a module too: built-in code cannot call into a module.\n",
		"Start from an empty .config.  Make NET_IPV6 built in and EXT4_FS a\n"
		"module, so that autoconf.h would say CONFIG_NET_IPV6 and\n"
		"CONFIG_EXT4_FS_MODULE.",
		"printf 'CONFIG_NET_IPV6=y\\nCONFIG_EXT4_FS=m\\n' > .config\n"
		"(the solution: toy/lessons/11-build.config)",
		{ { "NET_IPV6", "y", false }, { "EXT4_FS", "m", false } },
	},
	{
		"structure", "How a tree is put together",
		"- `source \"path\"` reads another file; in Linux the path is\n"
		"  relative to the top of the tree.\n"
		"- `menu` ... `endmenu` nest; a `menuconfig` symbol is also a menu:\n"
		"  the entries right after it that depend on it are shown inside it\n"
		"  (NET and its `if NET` block, toy/net/Kconfig).\n"
		"- `comment \"text\"` is a line of the menu, with `depends on` like\n"
		"  an entry: \"IPv6 needs TCP/IP networking (INET)\" shows while INET\n"
		"  is n.\n"
		"- `def_tristate EXPR` is a tristate and its default in one line:\n"
		"  FS_MBCACHE follows EXT4_FS (fixture toy/lessons/12-structure.config).\n"
		"- A symbol may be defined twice, in two places: each definition\n"
		"  adds its prompt, defaults and dependencies, and each is shown\n"
		"  where it stands; kbrowse explain lists every \"defined at\".\n"
		"    kbrowse explain NET_IPV6 FS_MBCACHE\n",
		"Start from an empty .config.  Turn INET off, so NET_IPV6 is hidden\n"
		"and its comment shows, and make EXT4_FS a module: see FS_MBCACHE\n"
		"follow it.",
		"printf '# CONFIG_INET is not set\\nCONFIG_EXT4_FS=m\\n' > .config\n"
		"(the solution: toy/lessons/12-structure.config)",
		{ { "INET", "n", false }, { "NET_IPV6", "n", false },
		  { "FS_MBCACHE", "m", true } },
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
	/* Further lessons: one entry each, with a fixture of their own. */
};

const unsigned nlessons = ARRAY_SIZE(lessons);

const struct glossary_entry glossary[] = {
	{ "symbol", "A configuration option: `config NAME` and its attributes.  Its value goes to .config as CONFIG_NAME." },
	{ "prompt", "The text a person sees for a symbol (`bool \"text\"` or `prompt \"text\"`).  Without one, a symbol is never shown and cannot be set." },
	{ "type", "bool (y/n), tristate (y/m/n), int, hex or string.  `def_bool` and its kin give a type and a default in one line." },
	{ "menu", "`menu \"title\"` ... `endmenu`: a group of entries.  A menu's `depends on` applies to every entry in it; `visible if` only hides their prompts." },
	{ "menuconfig", "A symbol that is also a menu: the entries after it that depend on it are shown inside it." },
	{ "default", "The value a symbol takes when nobody set it (or its prompt is hidden).  The first `default` whose `if` holds is taken." },
	{ "depends on", "An upper limit: the symbol is at most the dependency's value (n, m or y; for a bool, m counts as y), and hidden while the dependency is n." },
	{ "select", "`select OTHER`: OTHER is at least this symbol's value, whatever OTHER's own dependencies say." },
	{ "imply", "`imply OTHER`: a weak select.  OTHER defaults to at least this symbol's value, within OTHER's own dependencies, and may still be set lower while its prompt is visible." },
	{ "visible if", "On a menu: hides the prompts inside while false.  Values still come from defaults and selects." },
	{ "if", "On a line (`default y if X`, `bool \"p\" if X`): the line counts only while X holds.  As a block (`if X` ... `endif`): every entry inside depends on X." },
	{ "choice", "`choice` ... `endchoice`: entries of which one is y while the choice is visible (all n while it is hidden); bools only since Linux 6.11.  The pick is a user value; without one the choice's default, else the first visible entry not set to n." },
	{ "tristate", "A type with three values: y (built in), m (module), n.  m exists only while the `modules` symbol is y." },
	{ "modules", "The attribute that makes a symbol (MODULES) the switch for m.  With it n, every tristate acts as a bool." },
	{ "range", "`range MIN MAX [if X]`: bounds of an int or hex symbol.  Values outside are clamped." },
	{ "user value", "A value read from .config (or set in the browser).  It counts only while the symbol's prompt is visible." },
	{ ".config", "The file of values: CONFIG_NAME=value, and '# CONFIG_NAME is not set' for n.  $KCONFIG_CONFIG names another file." },
	{ "conf", "The kernel's own configurator (scripts/kconfig/conf); kbrowse conf MODE does the same.  --olddefconfig saves with defaults for what is unset." },
	{ "macro", "Text substitution before parsing: `:=`, `=`, `+=`, $(NAME), $(1), $(shell,...), $(info,...).  It never sees symbol values." },
	{ "help", "Free text after `help`: its first line sets the indentation, and it ends at the first line indented less (it may sit at the indentation of `help` itself).  kbrowse explain prints it (--no-help leaves it out)." },
	{ "KCONFIG_ALLCONFIG", "A file of .config lines that the all*config and randconfig modes keep while they set the rest." },
	{ "savedefconfig", "conf's mode that writes a minimal config: only the lines that differ from the defaults.  --defconfig=FILE reads one back." },
	{ "transitional", "Linux 6.18: an old name kept after a rename.  Its .config line is read and feeds the defaults that name it; it is never shown and never written.  Only a type and help may go with it." },
	{ "depends on X if Y", "Linux 7.0: the dependency on X holds only while Y is not n (X || Y = n).  `depends on BAR if BAR` is the optional dependency once written `depends on BAR || !BAR`." },
};

const unsigned nglossary = ARRAY_SIZE(glossary);
