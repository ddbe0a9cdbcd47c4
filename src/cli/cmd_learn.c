// SPDX-License-Identifier: GPL-2.0
/*
 * `kbrowse learn [show|check|hint|list|glossary [TERM]|goto N|reset]`:
 * lessons on the teaching tree (lessons.c), each with an exercise that is
 * checked against the values $KCONFIG_CONFIG gives.
 *
 * Where the student is, is kept in .kbrowse-learn beside .config (one
 * line: the lesson's number), so a shell or a script can go through the
 * lessons one command at a time: read (`learn`), edit .config, `learn
 * check`, which moves on when the exercise is done.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "explain.h"
#include "file_replace.h"
#include "lessons.h"
#include "util.h"

#define STATE_FILE ".kbrowse-learn"

/* The lesson the student is at (0-based); nlessons when all are done. */
static unsigned read_state(void)
{
	FILE *f = fopen(STATE_FILE, "r");
	unsigned n = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%u", &n) != 1 || n < 1)
		n = 1;
	fclose(f);
	return n - 1 > nlessons ? nlessons : n - 1;
}

/* Replaced whole, never written through a link (file_replace.h). */
static int write_state(const struct cli *cli, unsigned index)
{
	char text[32], why[512];
	int len = snprintf(text, sizeof(text), "%u\n", index + 1);

	if (file_replace_bytes(STATE_FILE, text, (size_t)len, FILE_REPLACE_NEW,
			       false, why, sizeof(why)) != 0) {
		fprintf(stderr, "%s: learn: %s\n", cli->prog, why);
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

static void learn_usage(const char *prog)
{
	printf("Usage: %s learn [OPTIONS] [COMMAND]\n"
	       "Lessons on the teaching tree, each with an exercise checked against\n"
	       "the values of $KCONFIG_CONFIG (default .config).\n"
	       "\n"
	       "Commands:\n"
	       "  show          the current lesson and its exercise (the default)\n"
	       "  check         is the exercise done?  If so, go to the next lesson\n"
	       "                (exit status 0; 1 while it is not done)\n"
	       "  hint          a hint for the current exercise\n"
	       "  list          every lesson, the current one marked\n"
	       "  goto N        go to lesson N (a number or a name) and show it\n"
	       "  reset         start again from lesson 1\n"
	       "  glossary [TERM]\n"
	       "                the terms of Kconfig, or those matching TERM\n"
	       "Where you are is kept in %s in the current directory.\n"
	       "kbrowse --write-examples DIR writes the teaching tree as files;\n"
	       "-C DIR then runs the lessons on those files.\n"
	       "\n"
	       "Options:\n"
	       "  -C, --srctree DIR   the source tree (see '%s --help')\n"
	       "      --no-cache      run every $(shell,...) again\n"
	       "  -h, --help          show this help and exit\n",
	       prog, STATE_FILE, prog);
}

/* Text with every line indented by two spaces. */
static void print_indented(const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		int len = nl ? (int)(nl - text) : (int)strlen(text);

		if (len)
			printf("  %.*s\n", len, text);
		else
			putchar('\n');
		text += len + (nl ? 1 : 0);
	}
}

/* Does one check hold?  now gets the symbol's value in words. */
static bool check_holds(struct session *s, const struct lesson_check *c,
			char *now, size_t len)
{
	const struct symbol *sym = session_find_symbol(s, c->symbol);
	const struct explanation *x;

	if (!sym) {
		snprintf(now, len, "%s is not in this tree (is it the teaching tree?)",
			 c->symbol);
		return false;
	}
	x = explain_symbol(s->ex, sym);
	if (strcmp(x->value, c->value) != 0) {
		snprintf(now, len, "%s is %s%s%s, not %s%s%s", c->symbol,
			 sym->type == S_STRING ? "\"" : "", x->value,
			 sym->type == S_STRING ? "\"" : "",
			 sym->type == S_STRING ? "\"" : "", c->value,
			 sym->type == S_STRING ? "\"" : "");
		return false;
	}
	if (c->from_default && x->origin.kind != ORIGIN_DEFAULT) {
		snprintf(now, len, "%s is %s, but from %s, not from a default line",
			 c->symbol, x->value, origin_kind_name(x->origin.kind));
		return false;
	}
	snprintf(now, len, "%s is %s", c->symbol, x->value);
	return true;
}

/* Print each check's state; true when all hold. */
static bool print_checks(struct session *s, const struct lesson *l, bool quiet)
{
	bool all = true;
	char now[256];

	for (const struct lesson_check *c = l->checks; c->symbol; c++) {
		bool ok = check_holds(s, c, now, sizeof(now));

		all = all && ok;
		if (!quiet)
			printf("  [%s] %s\n", ok ? "x" : " ", now);
	}
	return all;
}

static void show_lesson(struct session *s, unsigned index)
{
	const struct lesson *l = &lessons[index];

	printf("Lesson %u of %u: %s\n\n", index + 1, nlessons, l->title);
	print_indented(l->text);
	printf("\nExercise:\n");
	print_indented(l->exercise);
	printf("\nNow:\n");
	print_checks(s, l, false);
	printf("\nWhen it is done: kbrowse learn check.  Stuck: kbrowse learn hint.\n"
	       "Words: kbrowse learn glossary.\n");
}

static int learn_check(struct cli *cli, struct session *s, unsigned index)
{
	const struct lesson *l = &lessons[index];

	if (!print_checks(s, l, true)) {
		printf("Not yet: lesson %u, %s.\n", index + 1, l->title);
		print_checks(s, l, false);
		printf("(kbrowse learn hint gives a hint)\n");
		return 1;
	}
	printf("Done: lesson %u, %s.\n", index + 1, l->title);
	print_checks(s, l, false);
	if (write_state(cli, index + 1))
		return EXIT_INPUT;
	if (index + 1 == nlessons)
		printf("That was the last lesson: every exercise is done.\n");
	else
		printf("Next: lesson %u, %s (kbrowse learn).\n", index + 2,
		       lessons[index + 1].title);
	return EXIT_OK;
}

/* Does text contain word, ignoring case? */
static bool mentions(const char *text, const char *word)
{
	size_t len = strlen(word);

	for (; *text; text++)
		if (strncasecmp(text, word, len) == 0)
			return true;
	return !*word;
}

static int learn_glossary(const char *term)
{
	unsigned found = 0;

	for (unsigned i = 0; i < nglossary; i++) {
		const struct glossary_entry *g = &glossary[i];

		if (term && !mentions(g->term, term) && !mentions(g->meaning, term))
			continue;
		printf("%s\n", g->term);
		printf("    %s\n", g->meaning);
		found++;
	}
	if (!found) {
		printf("No term matches '%s'.\n", term);
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

/* "3" or "choices": a lesson's index, or nlessons when there is none. */
static unsigned find_lesson(const char *which)
{
	char *end;
	unsigned long n = strtoul(which, &end, 10);

	if (*which && !*end)
		return n >= 1 && n <= nlessons ? (unsigned)n - 1 : nlessons;
	for (unsigned i = 0; i < nlessons; i++)
		if (strcmp(lessons[i].name, which) == 0)
			return i;
	return nlessons;
}

int cmd_learn(struct cli *cli, int argc, char **argv)
{
	const char *words[3] = { NULL, NULL, NULL };
	unsigned nwords = 0, index;
	struct session *s;
	int status = EXIT_OK;

	for (int i = 1; i < argc; i++) {
		int used = cli_common_option(cli, argc, argv, i);

		if (used < 0)
			return EXIT_USAGE;
		if (used) {
			i += used - 1;
		} else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			learn_usage(cli->prog);
			return EXIT_OK;
		} else if (argv[i][0] == '-') {
			return usage_error(cli, "learn: unknown option '%s'", argv[i]);
		} else if (nwords < 2) {
			words[nwords++] = argv[i];
		} else {
			return usage_error(cli, "learn: too many words: '%s'", argv[i]);
		}
	}
	if (!words[0])
		words[0] = "show";
	if (strcmp(words[0], "glossary") == 0)
		return learn_glossary(words[1]);
	if (strcmp(words[0], "list") != 0 && strcmp(words[0], "show") != 0 &&
	    strcmp(words[0], "check") != 0 && strcmp(words[0], "hint") != 0 &&
	    strcmp(words[0], "goto") != 0 && strcmp(words[0], "reset") != 0)
		return usage_error(cli, "learn: unknown command '%s' (show, check, hint, "
				   "list, goto N, reset, glossary)", words[0]);
	if ((strcmp(words[0], "goto") == 0) != (words[1] != NULL))
		return usage_error(cli, "learn: %s", words[1] ?
				   "only goto takes a word after it" :
				   "goto needs a lesson: a number or a name");
	/* The session first: it may move to the tree's top, where .config is. */
	s = cli_open_session(cli, false);
	if (!s)
		return EXIT_INPUT;
	index = read_state();
	if (strcmp(words[0], "goto") == 0 || strcmp(words[0], "reset") == 0) {
		index = words[1] ? find_lesson(words[1]) : 0;
		if (index == nlessons) {
			session_close(s);
			return usage_error(cli, "learn: no lesson '%s' (kbrowse learn list)",
					   words[1]);
		}
		status = write_state(cli, index);
		if (!status)
			show_lesson(s, index);
	} else if (strcmp(words[0], "list") == 0) {
		for (unsigned i = 0; i < nlessons; i++)
			printf("%s %2u. %-14s %s\n", i == index ? ">" : i < index ? "x" : " ",
			       i + 1, lessons[i].name, lessons[i].title);
	} else if (index == nlessons) {
		printf("Every lesson is done.  kbrowse learn goto N goes back to one; "
		       "kbrowse learn reset starts again.\n");
	} else if (strcmp(words[0], "show") == 0) {
		show_lesson(s, index);
	} else if (strcmp(words[0], "hint") == 0) {
		printf("Hint for lesson %u, %s:\n", index + 1, lessons[index].title);
		print_indented(lessons[index].hint);
	} else {
		status = learn_check(cli, s, index);
	}
	session_close(s);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("kbrowse: learn");
		return EXIT_INPUT;
	}
	return status;
}
