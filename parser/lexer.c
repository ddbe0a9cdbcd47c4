// SPDX-License-Identifier: GPL-2.0
/*
 * The Kconfig tokenizer: see lexer.h.
 *
 * The text is in memory and ends with a NUL byte, so every scanning loop
 * stops at that sentinel without comparing against the end; a NUL byte
 * before the end is reported and skipped.  The current position is a
 * plain pointer and reading a byte is a dereference (CUR/PEEK below).
 *
 * Behaviour follows the kernel's scripts/kconfig/lexer.l, and accepts
 * more: tabs and spaces are interchangeable between tokens, "\r\n"
 * counts as a line end and a UTF-8 byte-order mark, form feeds and
 * vertical tabs as blanks (each with one warning per file).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig.h"
#include "lexer.h"
#include "macro.h"
#include "provisional.h"
#include "util.h"

#define CUR(lx)		(*(lx)->p)
#define PEEK(lx, n)	((lx)->p[n])

/* Bytes that make up a word: the kernel's [A-Za-z0-9_-]. */
static const unsigned char word_byte[256] = {
	['A' ... 'Z'] = 1, ['a' ... 'z'] = 1, ['0' ... '9'] = 1,
	['_'] = 1, ['-'] = 1,
};

/*
 * Dialects whose bare words hold more bytes (U-Boot's and Buildroot's
 * `source board/x/Kconfig`, `default kernel.itb`): the bytes of
 * bare_word_extra that the kernel's set lacks, marked in lx->word_extra.
 */
static void dialect_word_bytes(struct lexer *lx)
{
	const char *extra = lx->kc->dialect ? lx->kc->dialect->bare_word_extra : NULL;

	for (; extra && *extra; extra++)
		if (!word_byte[(unsigned char)*extra])
			lx->word_extra[(unsigned char)*extra] =
				lx->word_stop[(unsigned char)*extra] = 1;
}

/* The end of a bare word that reaches a byte only the dialect allows. */
static const char *dialect_word_end(const struct lexer *lx, const char *p)
{
	while (word_byte[(unsigned char)*p] || lx->word_extra[(unsigned char)*p])
		p++;
	return p;
}

/*
 * Before the macro language (Linux 4.17, Buildroot) '$' is an ordinary
 * byte of a string: "$(TOPDIR)/dl" stays as written, and $VAR in a
 * `source` or the main menu's prompt names a symbol, which the parser
 * and the writer resolve.  Outside strings it is no word byte there.
 */
static inline bool dialect_has_macros(const struct lexer *lx)
{
	return !lx->kc->dialect || lx->kc->dialect->macro_language;
}

/*
 * The end of the run of word bytes at p (p itself when none): four bytes
 * a turn, a load and a test each, since the run of a symbol name is the
 * lexer's longest loop.  Stops at the NUL sentinel, which is no word byte.
 */
static inline const char *word_bytes_end(const char *p)
{
	for (;; p += 4) {
		if (!word_byte[(unsigned char)p[0]])
			return p;
		if (!word_byte[(unsigned char)p[1]])
			return p + 1;
		if (!word_byte[(unsigned char)p[2]])
			return p + 2;
		if (!word_byte[(unsigned char)p[3]])
			return p + 3;
	}
}

static inline bool is_blank(int c)
{
	return c == ' ' || c == '\t';
}

/* is_blank() as a table: one load and test a byte on the hottest loop. */
static const unsigned char blank_byte[256] = { [' '] = 1, ['\t'] = 1 };

/* --- the text buffer --------------------------------------------------- */

static void __attribute__((noinline)) buf_grow(struct lexbuf *b, size_t need)
{
	if (b->cap < 4096)
		b->cap = 4096;	/* most help texts fit: one allocation per file */
	while (b->cap < need)
		b->cap *= 2;
	b->data = xrealloc(b->data, b->cap);
}

/* Room for more bytes and a NUL; growing is the rare case, out of line. */
static inline void buf_reserve(struct lexbuf *b, size_t more)
{
	size_t need = b->len + more + 1;

	if (need > b->cap)
		buf_grow(b, need);
}

static void buf_add(struct lexbuf *b, const char *s, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void buf_addc(struct lexbuf *b, char c)
{
	buf_reserve(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

/*
 * n blanks then len bytes of text, with room left for one more byte and
 * the NUL; the NUL itself is the caller's to write.
 */
static inline void buf_add_line(struct lexbuf *b, int blanks, const char *text,
				size_t len)
{
	char *out;

	buf_reserve(b, (size_t)blanks + len + 1);
	out = b->data + b->len;
	for (int i = 0; i < blanks; i++)
		*out++ = ' ';
	memcpy(out, text, len);
	b->len += (size_t)blanks + len;
}

static void buf_reset(struct lexbuf *b)
{
	b->len = 0;
	buf_reserve(b, 0);
	b->data[0] = '\0';
}

/* --- diagnostics --------------------------------------------------------- */

static struct location loc_at(const struct lexer *lx, const char *p)
{
	struct location loc = {
		lx->file, lx->line, (int)(p - lx->line_start) + 1
	};

	return loc;
}

static void lex_diag(struct lexer *lx, enum diag_severity severity,
		     const char *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void lex_diag(struct lexer *lx, enum diag_severity severity,
		     const char *at, const char *fmt, ...)
{
	va_list ap;

	if (severity == DIAG_ERROR)
		lx->error_line = lx->line;
	va_start(ap, fmt);
	diag_addv(&lx->kc->diags, severity, loc_at(lx, at), fmt, ap);
	va_end(ap);
}

static void warn_ignored(struct lexer *lx, const char *at)
{
	unsigned char c = *at;

	if (c >= 0x20 && c < 0x7f)
		lex_diag(lx, DIAG_WARNING, at,
			 "ignoring unsupported character '%c'", c);
	else
		lex_diag(lx, DIAG_WARNING, at,
			 "ignoring unsupported character 0x%02x", c);
}

/* --- keywords ------------------------------------------------------------ */

/*
 * Which keyword a word is, if any.  Symbol names are mostly upper case,
 * so most words stop at the first test; the rest are sorted by their
 * first letter.
 */
static enum token_kind keyword_kind(const char *s, size_t len)
{
/* A constant size lets the compiler compare in a load or two, not a call. */
#define IS(word)	(len == sizeof(word) - 1 && !memcmp(s, word, sizeof(word) - 1))
	if (len < 2 || len > 13)
		return T_WORD;
	switch (s[0]) {
	case 'b':
		if (IS("bool")) return T_BOOL;
		if (IS("boolean")) return T_BOOLEAN;
		break;
	case 'c':
		if (IS("config")) return T_CONFIG;
		if (IS("choice")) return T_CHOICE;
		if (IS("comment")) return T_COMMENT;
		if (IS("configdefault")) return T_CONFIGDEFAULT;
		break;
	case 'd':
		if (IS("default")) return T_DEFAULT;
		if (IS("depends")) return T_DEPENDS;
		if (IS("def_bool")) return T_DEF_BOOL;
		if (IS("def_tristate")) return T_DEF_TRISTATE;
		if (IS("def_int")) return T_DEF_INT;
		if (IS("def_hex")) return T_DEF_HEX;
		if (IS("def_string")) return T_DEF_STRING;
		break;
	case 'e':
		if (IS("endmenu")) return T_ENDMENU;
		if (IS("endif")) return T_ENDIF;
		if (IS("endchoice")) return T_ENDCHOICE;
		break;
	case 'h':
		if (IS("help")) return T_HELP;
		if (IS("hex")) return T_HEX;
		break;
	case 'i':
		if (IS("if")) return T_IF;
		if (IS("int")) return T_INT;
		if (IS("imply")) return T_IMPLY;
		break;
	case 'm':
		if (IS("menu")) return T_MENU;
		if (IS("menuconfig")) return T_MENUCONFIG;
		if (IS("mainmenu")) return T_MAINMENU;
		if (IS("modules")) return T_MODULES;
		break;
	case 'o':
		if (IS("on")) return T_ON;
		if (IS("option")) return T_OPTION;
		if (IS("optional")) return T_OPTIONAL;
		if (IS("osource")) return T_OSOURCE;
		if (IS("orsource")) return T_ORSOURCE;
		break;
	case 'p':
		if (IS("prompt")) return T_PROMPT;
		break;
	case 'r':
		if (IS("range")) return T_RANGE;
		if (IS("rsource")) return T_RSOURCE;
		break;
	case 's':
		if (IS("select")) return T_SELECT;
		if (IS("source")) return T_SOURCE;
		if (IS("string")) return T_STRING_TYPE;
		break;
	case 't':
		if (IS("tristate")) return T_TRISTATE;
		if (IS("transitional")) return T_TRANSITIONAL;
		break;
	case 'v':
		if (IS("visible")) return T_VISIBLE;
		break;
	case '-':
		if (IS("---help---")) return T_HELP;
		break;
	}
	return T_WORD;
#undef IS
}

/* Keywords as written; "string" is the type, not a string token. */
const char *const token_keywords[T_NKINDS] = {
	[T_BOOL] = "bool", [T_CHOICE] = "choice", [T_COMMENT] = "comment",
	[T_CONFIG] = "config", [T_DEFAULT] = "default",
	[T_DEF_BOOL] = "def_bool", [T_DEF_TRISTATE] = "def_tristate",
	[T_DEPENDS] = "depends", [T_ENDCHOICE] = "endchoice",
	[T_ENDIF] = "endif", [T_ENDMENU] = "endmenu", [T_HEX] = "hex",
	[T_IF] = "if", [T_IMPLY] = "imply", [T_INT] = "int",
	[T_MAINMENU] = "mainmenu", [T_MENU] = "menu",
	[T_MENUCONFIG] = "menuconfig", [T_MODULES] = "modules",
	[T_ON] = "on", [T_PROMPT] = "prompt", [T_RANGE] = "range",
	[T_SELECT] = "select", [T_SOURCE] = "source",
	[T_TRISTATE] = "tristate", [T_VISIBLE] = "visible",
	[T_BOOLEAN] = "boolean", [T_DEF_INT] = "def_int",
	[T_DEF_HEX] = "def_hex", [T_DEF_STRING] = "def_string",
	[T_OPTION] = "option", [T_OPTIONAL] = "optional",
	[T_OSOURCE] = "osource", [T_RSOURCE] = "rsource",
	[T_ORSOURCE] = "orsource", [T_CONFIGDEFAULT] = "configdefault",
	[T_TRANSITIONAL] = "transitional",
	[T_STRING_TYPE] = "string",
};

const char *token_kind_name(enum token_kind kind)
{
	static const char *const names[T_NKINDS] = {
		[T_EOF] = "end of file",
		[T_EOL] = "end of line",
		[T_WORD] = "word",
		[T_STRING] = "string",
		[T_OR] = "'||'",
		[T_AND] = "'&&'",
		[T_EQUAL] = "'='",
		[T_UNEQUAL] = "'!='",
		[T_LESS] = "'<'",
		[T_LESS_EQUAL] = "'<='",
		[T_GREATER] = "'>'",
		[T_GREATER_EQUAL] = "'>='",
		[T_NOT] = "'!'",
		[T_OPEN_PAREN] = "'('",
		[T_CLOSE_PAREN] = "')'",
		[T_COLON_EQUAL] = "':='",
		[T_PLUS_EQUAL] = "'+='",
		[T_STRING_TYPE] = "'string'",
		[T_HELP] = "'help'",
	};

	if (kind < T_NKINDS && names[kind])
		return names[kind];
	if (kind < T_NKINDS && token_keywords[kind])
		return token_keywords[kind];
	return "token";
}

/* --- setup --------------------------------------------------------------- */

void lexer_init(struct lexer *lx, struct kconfig *kc,
		const struct source_file *file, const char *text, size_t len)
{
	memset(lx, 0, sizeof(*lx));
	lx->kc = kc;
	lx->file = file;
	lx->buf = text;
	lx->end = text + len;
	lx->p = text;
	lx->line_start = text;
	lx->line = 1;
	lx->tok.kind = T_EOL;	/* "at the start of a line" */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) {
		lex_diag(lx, DIAG_WARNING, text,
			 "ignoring UTF-8 byte order mark");
		lx->p += 3;
		lx->line_start = lx->p;
	}
	dialect_word_bytes(lx);
	lx->word_stop['$'] = 1;
}

void lexer_release(struct lexer *lx)
{
	free(lx->text.data);
	free(lx->expanded);
	lx->text.data = NULL;
	lx->expanded = NULL;
}

/* --- helpers ------------------------------------------------------------- */

static inline void new_line(struct lexer *lx, const char *after_newline)
{
	lx->line++;
	lx->line_start = after_newline;
	lx->p = after_newline;
}

/* At p: a line end ("\n" or "\r\n")?  Returns its length, or 0. */
static inline int newline_len(const char *p)
{
	if (p[0] == '\n')
		return 1;
	if (p[0] == '\r' && p[1] == '\n')
		return 2;
	return 0;
}

static void note_cr(struct lexer *lx, const char *at)
{
	if (!lx->warned_cr) {
		lx->warned_cr = true;
		lex_diag(lx, DIAG_WARNING, at,
			 "carriage return in line end (DOS line ends?) ignored");
	}
}

/* Bytes from p to the end of its line: macro references stay on one line. */
static size_t line_rest(const struct lexer *lx, const char *p)
{
	const char *nl = memchr(p, '\n', lx->end - p);

	return (nl ? nl : lx->end) - p;
}

/* The preprocessor reports its own errors: keep the parser quiet after them. */
static void note_macro_errors(struct lexer *lx, int errors_before)
{
	if (lx->kc->diags.errors > errors_before)
		lx->error_line = lx->line;
}

static void set_token(struct lexer *lx, enum token_kind kind,
		      const char *start, const char *text, size_t len)
{
	lx->tok.kind = kind;
	lx->tok.text = text;
	lx->tok.len = len;
	lx->tok.line = lx->line;
	lx->tok.column = (int)(start - lx->line_start) + 1;
}

/* --- words --------------------------------------------------------------- */

/*
 * The word or string at `at` holds an answer not in yet (provisional.h):
 * where its statement's line starts, or `at` itself when it is the
 * first token of its line (no keyword before it).
 */
static void note_provisional(struct lexer *lx, const char *at)
{
	const char *line = lx->tok.kind == T_EOL ? at :
			   lx->joined_line == lx->line ? lx->stmt_start :
			   lx->line_start;

	provisional_use(lx->kc, line, at, loc_at(lx, at));
}

/*
 * A word with at least one '$' in it: runs of word bytes and $(...)
 * references, expanded as a whole into one word.  Returns false when it
 * expands to nothing (no token), as the kernel does.
 */
static bool lex_macro_word(struct lexer *lx, const char *start)
{
	int errors = lx->kc->diags.errors;
	size_t used, guesses = macro_env_guesses(lx->kc->macros);
	char *value;

	lx->macro_line = lx->line;
	lx->macro_line_start = lx->line_start;
	free(lx->expanded);
	lx->expanded = value = macro_expand_word(lx->kc->macros, start,
						 line_rest(lx, start),
						 loc_at(lx, start), &used);
	note_macro_errors(lx, errors);
	if (macro_env_guesses(lx->kc->macros) > guesses)
		note_provisional(lx, start);
	lx->p = start + (used ? used : 1);
	if (!value[0])
		return false;
	set_token(lx, T_WORD, start, value, strlen(value));
	return true;
}

static bool lex_word(struct lexer *lx, const char *start)
{
	const char *p = start;

	while (word_byte[(unsigned char)*p])
		p++;
	if (lx->word_extra[(unsigned char)*p])
		p = dialect_word_end(lx, p);
	if (*p == '$' && dialect_has_macros(lx))
		return lex_macro_word(lx, start);
	lx->p = p;
	set_token(lx, keyword_kind(start, p - start), start, start, p - start);
	return true;
}

/* --- strings ------------------------------------------------------------- */

/*
 * The kconfiglib dialect: $NAME and ${NAME} in the finished string are
 * environment variables (macro_envvars.c), as Kconfiglib expands them.
 */
static void expand_string_env(struct lexer *lx)
{
	struct lexbuf *b = &lx->text;
	size_t len;
	char *value = macro_expand_env_vars(lx->kc->macros, b->data, b->len,
					    &len);

	if (!value)
		return;
	buf_reset(b);
	buf_add(b, value, len);
	free(value);
}

/*
 * The kconfiglib dialect: a backslash at the end of a line joins the next
 * line to it before the line is read, also inside a string, which then
 * goes on with the next line's first byte (its indentation kept).  p is
 * at the line end after the backslash; returns the next line's start.
 */
/*
 * A line about to be joined to the next (a backslash at its end): when a
 * statement has begun (a token read since the last T_EOL), note where its
 * first line starts, unless an earlier join of it did.
 */
static void note_join(struct lexer *lx)
{
	if (lx->tok.kind == T_EOL)
		return;		/* the statement begins after the join */
	if (lx->joined_line != lx->line)
		lx->stmt_start = lx->line_start;
	lx->joined_line = lx->line + 1;
}

static const char *string_continues(struct lexer *lx, const char *p)
{
	if (*p == '\r')
		note_cr(lx, p);
	note_join(lx);
	new_line(lx, p + newline_len(p));
	return lx->p;
}

/*
 * "..." or '...': a backslash takes the next byte literally, the other
 * quote is an ordinary byte, $(...) is expanded.  A string that is not
 * closed on its line ends there, with a warning, as in the kernel.
 */
static void lex_string(struct lexer *lx, const char *start)
{
	char quote = *start;
	const char *p = start + 1;
	struct lexbuf *b = &lx->text;
	/* The token's place, kept when the string goes on to other lines. */
	int line = lx->line;
	const char *line_start = lx->line_start;
	const char *plain_end = p + strcspn(p, "\n\r\\$\"'");

	/*
	 * Most strings (prompts, defaults) hold nothing to resolve: their
	 * text is read in place, without a copy.  Kconfiglib's $VAR in
	 * strings is resolved in the buffer, so that dialect always copies.
	 */
	if (*plain_end == quote && !lx->kc->dialect->string_env_expansion) {
		lx->p = plain_end + 1;
		set_token(lx, T_STRING, start, p, plain_end - p);
		return;
	}
	buf_reset(b);
	for (;;) {
		const char *run = p;

		/*
		 * The plain run up to a byte that interrupts it (or the NUL);
		 * strcspn() is faster than a loop on prompts.
		 */
		p += strcspn(p, "\n\r\\$\"'");
		buf_add(b, run, p - run);
		switch (*p) {
		case '"':
		case '\'':
			if (*p == quote) {
				lx->p = p + 1;
				goto done;
			}
			buf_addc(b, *p++);
			break;
		case '\\':
			p++;
			if (newline_len(p) && lx->kc->dialect->line_continuation) {
				p = string_continues(lx, p);
				break;
			}
			/* backslash-newline: the string just ends, as in the kernel */
			if (newline_len(p) || (*p == '\0' && p >= lx->end))
				break;
			buf_addc(b, *p++);
			break;
		case '$': {
			int errors = lx->kc->diags.errors;
			size_t used, guesses = macro_env_guesses(lx->kc->macros);
			char *value;

			if (!dialect_has_macros(lx)) {
				buf_addc(b, *p++);
				break;
			}
			lx->macro_line = line;
			lx->macro_line_start = line_start;
			value = macro_expand_reference(lx->kc->macros, p,
							     line_rest(lx, p),
							     loc_at(lx, p), &used);

			note_macro_errors(lx, errors);
			if (macro_env_guesses(lx->kc->macros) > guesses)
				note_provisional(lx, start);
			buf_add(b, value, strlen(value));
			free(value);
			p += used ? used : 1;
			break;
		}
		case '\r':
			if (p[1] != '\n') {
				buf_addc(b, *p++);
				break;
			}
			/* "\r\n" ends the line */
			/* fall through */
		case '\n':
		case '\0':
			if (*p == '\0' && p < lx->end) {
				if (!lx->warned_nul) {
					lx->warned_nul = true;
					warn_ignored(lx, p);
				}
				p++;
				break;
			}
			if (lx->line == line) {
				lex_diag(lx, DIAG_WARNING, start,
					 "unterminated string: missing closing %c",
					 quote);
			} else {
				/* continued lines: where the string starts */
				struct location at = {
					lx->file, line, (int)(start - line_start) + 1
				};

				diag_add(&lx->kc->diags, DIAG_WARNING, at,
					 "unterminated string: missing closing %c",
					 quote);
			}
			lx->p = p;
			goto done;
		}
	}
done:
	if (lx->kc->dialect->string_env_expansion)
		expand_string_env(lx);
	set_token(lx, T_STRING, start, b->data, b->len);
	lx->tok.line = line;
	lx->tok.column = (int)(start - line_start) + 1;
}

/* --- the token loop ------------------------------------------------------ */

static void set_op(struct lexer *lx, enum token_kind kind, const char *start,
		   int len)
{
	set_token(lx, kind, start, start, len);
	lx->p = start + len;
}

/*
 * The kconfiglib dialect: Kconfiglib joins a line that ends with a
 * backslash to the next before it looks for a comment, so a comment
 * ending so takes the next line with it (the kernel's ends at its line).
 * nl is the comment's newline; lx->p is left at the newline that ends
 * the comment.
 */
static void comment_continues(struct lexer *lx, const char *nl)
{
	for (;;) {
		const char *before = nl > lx->buf && nl[-1] == '\r' ? nl - 1 : nl;

		if (before == lx->buf || before[-1] != '\\')
			return;
		note_join(lx);
		new_line(lx, nl + 1);
		nl = memchr(lx->p, '\n', lx->end - lx->p);
		if (!nl) {
			lx->p = lx->end;
			return;
		}
		lx->p = nl;
	}
}

/* Pass the blanks at lx->p; returns where they end. */
static inline const char *skip_blanks(struct lexer *lx)
{
	const char *p = lx->p;

	while (is_blank(*p))
		p++;
	lx->p = p;
	return p;
}

/*
 * Everything but the common cases lexer_next() handles itself: operators,
 * strings, comments, macro references, unusual bytes.  Kept apart so
 * the common path stays small.
 */
static void __attribute__((noinline)) lex_other(struct lexer *lx)
{
	const char *p;

	/*
	 * lexer_next() passed the blanks before the first byte; those after
	 * what a turn skips (a comment, a line joined, an odd byte) are
	 * passed at the end of the turn.
	 */
	for (p = lx->p;; p = skip_blanks(lx)) {
		switch (*p) {
		case '\n':
			set_token(lx, T_EOL, p, p, 0);
			new_line(lx, p + 1);
			return;
		case '\0':
			if (p < lx->end) {
				if (!lx->warned_nul) {
					lx->warned_nul = true;
					warn_ignored(lx, p);
				}
				lx->p = p + 1;
				continue;
			}
			/* a missing final newline still ends the statement */
			set_token(lx, lx->tok.kind == T_EOL || lx->tok.kind == T_EOF ?
				  T_EOF : T_EOL, p, p, 0);
			return;
		case '#': {
			/* a comment runs to the end of the line, whatever it holds */
			const char *nl = memchr(p, '\n', lx->end - p);

			p = nl ? nl : lx->end;
			if (nl && p[-1] == '\r')
				note_cr(lx, p - 1);
			lx->p = p;
			if (nl && lx->kc->dialect->line_continuation)
				comment_continues(lx, nl);
			continue;
		}
		case '\\':
			if (newline_len(p + 1)) {
				if (p[1] == '\r')
					note_cr(lx, p + 1);
				note_join(lx);
				new_line(lx, p + 1 + newline_len(p + 1));
				continue;
			}
			warn_ignored(lx, p);
			lx->p = p + 1;
			continue;
		case '\r':
			if (p[1] == '\n') {
				note_cr(lx, p);
				set_token(lx, T_EOL, p, p, 0);
				new_line(lx, p + 2);
				return;
			}
			note_cr(lx, p);
			lx->p = p + 1;
			continue;
		case '\f':
		case '\v':
			if (!lx->warned_ff) {
				lx->warned_ff = true;
				lex_diag(lx, DIAG_WARNING, p,
					 "form feed or vertical tab taken as a blank");
			}
			lx->p = p + 1;
			continue;
		case '"':
		case '\'':
			lex_string(lx, p);
			return;
		case '|':
			if (p[1] == '|') {
				set_op(lx, T_OR, p, 2);
				return;
			}
			break;
		case '&':
			if (p[1] == '&') {
				set_op(lx, T_AND, p, 2);
				return;
			}
			break;
		case '=':
			set_op(lx, T_EQUAL, p, 1);
			return;
		case '!':
			if (p[1] == '=')
				set_op(lx, T_UNEQUAL, p, 2);
			else
				set_op(lx, T_NOT, p, 1);
			return;
		case '<':
			if (p[1] == '=')
				set_op(lx, T_LESS_EQUAL, p, 2);
			else
				set_op(lx, T_LESS, p, 1);
			return;
		case '>':
			if (p[1] == '=')
				set_op(lx, T_GREATER_EQUAL, p, 2);
			else
				set_op(lx, T_GREATER, p, 1);
			return;
		case '(':
			set_op(lx, T_OPEN_PAREN, p, 1);
			return;
		case ')':
			set_op(lx, T_CLOSE_PAREN, p, 1);
			return;
		case ':':
			if (p[1] == '=') {
				set_op(lx, T_COLON_EQUAL, p, 2);
				return;
			}
			break;
		case '+':
			if (p[1] == '=') {
				set_op(lx, T_PLUS_EQUAL, p, 2);
				return;
			}
			break;
		case '$':
			if (!dialect_has_macros(lx))
				break;
			if (lex_macro_word(lx, p))
				return;
			continue;
		default:
			if (word_byte[(unsigned char)*p] ||
			    lx->word_extra[(unsigned char)*p]) {
				if (lex_word(lx, p))
					return;
				continue;
			}
			break;
		}
		warn_ignored(lx, p);
		lx->p = p + 1;
	}
}

/*
 * Most tokens are a word or the end of a line, after a few blanks: those
 * are read here without a call (bar the rare keyword), the rest by
 * lex_other().
 */
void lexer_next(struct lexer *lx)
{
	const char *p = lx->p, *start;

	while (blank_byte[(unsigned char)*p])
		p++;
	if (*p == '\n') {
		set_token(lx, T_EOL, p, p, 0);
		new_line(lx, p + 1);
		return;
	}
	if (word_byte[(unsigned char)*p]) {
		start = p;
		p = word_bytes_end(p + 1);
		if (!lx->word_stop[(unsigned char)*p]) {
			lx->p = p;
			set_token(lx, keyword_kind(start, p - start), start,
				  start, p - start);
			return;
		}
		p = start;
	}
	lx->p = p;
	lex_other(lx);
}

/* --- macro assignments --------------------------------------------------- */

enum token_kind lexer_assign_op(const struct lexer *lx)
{
	const char *p = lx->p;

	while (is_blank(*p))
		p++;
	if (p[0] == '=')
		return T_EQUAL;
	if (p[0] == ':' && p[1] == '=')
		return T_COLON_EQUAL;
	if (p[0] == '+' && p[1] == '=')
		return T_PLUS_EQUAL;
	return T_EOF;
}

const char *lexer_read_assign_value(struct lexer *lx, size_t *len)
{
	struct lexbuf *b = &lx->text;
	const char *p = lx->p;

	while (is_blank(*p))
		p++;
	p += *p == '=' ? 1 : 2;
	buf_reset(b);
	for (;;) {
		const char *run;

		while (is_blank(*p))
			p++;
		run = p;
		while (*p != '\n' && !(*p == '\0' && p >= lx->end))
			p++;
		/* p: the newline or the end of the text */
		if (p > run && p[-1] == '\r' && *p == '\n') {
			note_cr(lx, p - 1);
			p--;
		}
		if (p > run && p[-1] == '\\' && p < lx->end) {
			/* backslash-newline: the value goes on, joined by a blank */
			buf_add(b, run, p - run - 1);
			buf_addc(b, ' ');
			new_line(lx, p + newline_len(p));
			p = lx->p;
			continue;
		}
		buf_add(b, run, p - run);
		break;
	}
	/* The token is the end of the line. */
	set_token(lx, T_EOL, p, p, 0);
	if (newline_len(p))
		new_line(lx, p + newline_len(p));
	else
		lx->p = p;
	*len = b->len;
	return b->data;
}

/* --- help text ----------------------------------------------------------- */

/*
 * The kernel's rules, from lexer.l's HELP state:
 * - indentation counts a tab as advancing to the next multiple of 8;
 * - the first non-blank line sets the indentation that is removed from
 *   every line (what is indented further keeps the rest, as spaces);
 * - the text ends at a non-blank line indented less than that, at a line
 *   that starts in column 1 (whose preceding newline is then not part of
 *   the text), or at the end of the file;
 * - blank lines are kept as empty lines, trailing blanks are dropped.
 * A first line in column 1 sets no indentation: then only a line in
 * column 1 ends the text.
 */
/* isspace() in the C locale, as a table: no call per byte. */
static const unsigned char space_byte[256] = {
	[' '] = 1, ['\f'] = 1, ['\n'] = 1, ['\r'] = 1, ['\t'] = 1, ['\v'] = 1,
};

/* The first byte of text[0..len) that is not white space, or NULL. */
static const char *first_nonspace(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!space_byte[(unsigned char)text[i]])
			return text + i;
	return NULL;
}

/*
 * The bytes that indent a help text's first line, as a word to compare
 * the start of each line with: a line that starts with them is indented
 * at least as far, whatever follows (the columns of a tab depend only on
 * what is before it), with one compare instead of a turn per byte.  len
 * is 0 when there is no such word (more than 8 bytes of indentation, or
 * the text too near the end of the file).
 */
struct indent_prefix {
	uint64_t bytes, mask;
	size_t len;
};

static struct indent_prefix indent_prefix_of(const char *line, size_t len,
					     const char *end)
{
	/* its last len bytes before the zeros: len bytes of ones first */
	static const unsigned char ones[16] = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	};
	struct indent_prefix pre = { 0, 0, 0 };

	if (len > 8 || end - line < 8)
		return pre;
	memcpy(&pre.mask, ones + 8 - len, 8);
	memcpy(&pre.bytes, line, 8);
	pre.bytes &= pre.mask;
	pre.len = len;
	return pre;
}

/*
 * The blanks that start a line, as columns (a tab to the next multiple
 * of 8, as the kernel counts a help text's indentation); returns where
 * they end.
 */
static inline const char *skip_indent(const char *p, int *columns)
{
	int indent = 0;

	for (;; p++) {
		if (*p == ' ')
			indent++;
		else if (*p == '\t')
			indent = (indent | 7) + 1;
		else
			break;
	}
	*columns = indent;
	return p;
}

/* Does the line at p start with pre's bytes (pre.len not 0)? */
static inline bool has_indent_prefix(const char *p, const char *end,
				     const struct indent_prefix *pre)
{
	uint64_t word;

	if (end - p < 8)
		return false;
	memcpy(&word, p, 8);
	return !((word ^ pre->bytes) & pre->mask);
}

/*
 * scan_help() without a buffer, once the indentation to remove is known
 * and the text has shown what *nonspace needs: the lines that can
 * neither end the text nor hold anything unusual (a carriage return, a
 * NUL byte, the end of the file) are passed over here, a memchr() each.
 * p is at the start of a line; returns the start of the first line left
 * to scan_help() (which ends the text there or handles its oddity), or,
 * with *ended set, the start of the line in column 1 that ended the
 * text.  The lines passed are counted here and lx told once, at the
 * end, so that the loop keeps its state in registers.  A line that
 * starts with pre's bytes (when pre->len is not 0) needs no count of
 * its columns.  Inline in lexer_skip_help(): a call less per help text.
 */
static inline __attribute__((always_inline)) const char *
skip_plain_help_lines(struct lexer *lx, const char *p, int first_indent,
		      const struct indent_prefix *pre, bool *ended)
{
	const char *end = lx->end;
	int lines = 0;

	for (;;) {
		const char *q = p, *nl, *next;

		if (pre->len && has_indent_prefix(p, end, pre)) {
			q = p + pre->len;	/* blanks may follow: no matter */
		} else {
			int indent;

			q = skip_indent(q, &indent);
			if (*q != '\n' && indent < first_indent)
				break;
		}
		if (*q == '\n') {
			nl = q;		/* a blank line */
		} else {
			if (*q == '\r' || *q == '\0')
				break;
			nl = memchr(q, '\n', end - q);
			if (!nl || nl[-1] == '\r')
				break;
		}
		next = nl + 1;
		lines++;
		/* The next line goes on with the text: blank, or indented. */
		if (!blank_byte[(unsigned char)*next] && *next != '\n') {
			if (newline_len(next) || (*next == '\0' && next >= end)) {
				p = next;
				break;	/* scan_help() sees to those */
			}
			/*
			 * A line starting in column 1 ends the text, as
			 * scan_help() would find on this line again.
			 */
			*ended = true;
			p = next;
			break;
		}
		p = next;
	}
	if (lines) {
		lx->line += lines;
		lx->line_start = p;
		lx->p = p;
	}
	return p;
}

/*
 * The help text after lx->p, into b.  With b NULL, only the end of the
 * text is found, and *nonspace says whether the text would have
 * something before its end that is not white space (a NUL byte ends it,
 * as for strspn()): all that a tree loaded without help texts needs.
 */
static void scan_help_from(struct lexer *lx, struct lexbuf *b, bool *nonspace,
			   int first_indent, bool decided)
{
	int last_indent = 0;
	const char *p = lx->p;

	/*
	 * Each line is appended with one reservation (its extra indentation,
	 * its text and the newline or NUL after it), no call per piece.
	 */
	if (b)
		buf_reset(b);
	for (;;) {
		const char *line, *text, *text_end, *next;
		int indent, extra = 0;

		if (!b && decided && first_indent) {
			struct indent_prefix none = { 0, 0, 0 };
			bool ended = false;

			p = skip_plain_help_lines(lx, p, first_indent, &none,
						  &ended);
			if (ended)
				break;
		}
		line = p;
		p = skip_indent(p, &indent);
		if (*p == '\0' && p >= lx->end)
			break;
		if (!newline_len(p)) {
			/* a line with text */
			if (p > line) {
				last_indent = indent;
				if (first_indent) {
					if (indent < first_indent) {
						p = line;
						break;
					}
					extra = indent - first_indent;
				}
			}
			text = p;
			p = memchr(p, '\n', lx->end - p);
			if (!p)
				p = lx->end;
			text_end = p;
			if (*p == '\n' && p[-1] == '\r') {
				note_cr(lx, p - 1);
				text_end--;
			}
			if (b) {
				while (is_blank(text_end[-1]))
					text_end--;
				buf_add_line(b, extra, text, text_end - text);
			} else if (!decided) {
				const char *c = first_nonspace(text,
							       text_end - text);

				if (c) {
					decided = true;
					*nonspace = *c != '\0';
				}
			}
			if (!first_indent)
				first_indent = last_indent;
			if (*p != '\n')
				break;		/* end of the text */
		}
		/* p is at a line end, "\n" or "\r\n" */
		next = p + newline_len(p);
		if (!is_blank(*next) && !newline_len(next) &&
		    !(*next == '\0' && next >= lx->end)) {
			/* a line starting in column 1 ends the help here */
			new_line(lx, next);
			p = next;
			break;
		}
		if (b)
			buf_addc(b, '\n');
		new_line(lx, next);
		p = next;
	}
	if (b)
		b->data[b->len] = '\0';
	lx->p = p;
	set_token(lx, T_EOL, p, p, 0);
}

static void scan_help(struct lexer *lx, struct lexbuf *b, bool *nonspace)
{
	scan_help_from(lx, b, nonspace, 0, false);
}

/*
 * The indentation of a help text's first line when it is a plain line
 * of text (indented, its first byte after the blanks neither white
 * space nor NUL), else 0: such a line sets the indentation, says the
 * text is not blank, and is passed over as the lines after it are.
 * *text: where the blanks end.
 */
static int plain_first_line_indent(const char *p, const char **text)
{
	int indent;

	p = skip_indent(p, &indent);
	*text = p;
	return space_byte[(unsigned char)*p] || *p == '\0' ? 0 : indent;
}

const char *lexer_read_help(struct lexer *lx, size_t *len)
{
	scan_help(lx, &lx->text, NULL);
	*len = lx->text.len;
	return lx->text.data;
}

bool lexer_skip_help(struct lexer *lx)
{
	const char *start = lx->p, *text, *p;
	int indent = plain_first_line_indent(start, &text);
	bool nonspace = false, ended = false;

	if (indent) {
		struct indent_prefix pre = indent_prefix_of(start, text - start,
							   lx->end);

		/* the first line as a plain one: no turn of scan_help() for it */
		p = skip_plain_help_lines(lx, start, indent, &pre, &ended);
		if (p != start) {
			if (ended) {
				set_token(lx, T_EOL, p, p, 0);
				return true;
			}
			nonspace = true;
			scan_help_from(lx, NULL, &nonspace, indent, true);
			return nonspace;
		}
	}
	scan_help(lx, NULL, &nonspace);
	return nonspace;
}

char *lexer_help_at(struct kconfig *kc, const char *text, size_t len,
		    size_t offset, size_t *out_len)
{
	struct lexer lx;

	memset(&lx, 0, sizeof(lx));
	lx.kc = kc;
	lx.buf = text;
	lx.end = text + len;
	lx.p = text + (offset < len ? offset : len);
	lx.line_start = lx.p;
	lx.line = 1;
	/* The parse said what was to say about these bytes. */
	lx.warned_cr = lx.warned_ff = lx.warned_nul = true;
	scan_help(&lx, &lx.text, NULL);
	*out_len = lx.text.len;
	free(lx.expanded);
	return lx.text.data;
}
