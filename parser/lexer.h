/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Kconfig tokenizer.
 *
 * One struct lexer reads one file held in memory (NUL-terminated, so the
 * scanning loops need no bounds checks).  The parser pulls one token at a
 * time with lexer_next(); the token stays valid until the next call.
 * Three things are not tokens and are read on the parser's request,
 * because only the parser knows when they start: help text
 * (lexer_read_help), the value of a macro assignment
 * (lexer_assign_op / lexer_read_assign_value), both running to the end
 * of the line or the text.
 *
 * Words that contain $(...) are expanded through the macro preprocessor
 * and always come out as plain words (never keywords), as in the kernel;
 * $(...) inside quoted strings is expanded too.
 */
#ifndef KBROWSE_LEXER_H
#define KBROWSE_LEXER_H

#include <stdbool.h>
#include <stddef.h>

#include "location.h"

struct kconfig;

enum token_kind {
	T_EOF,
	T_EOL,
	T_WORD,			/* A-Z a-z 0-9 _ - (or an expanded word) */
	T_STRING,		/* "..." or '...', escapes and $(...) done */

	/* operators */
	T_OR,			/* || */
	T_AND,			/* && */
	T_EQUAL,		/* = */
	T_UNEQUAL,		/* != */
	T_LESS,			/* < */
	T_LESS_EQUAL,		/* <= */
	T_GREATER,		/* > */
	T_GREATER_EQUAL,	/* >= */
	T_NOT,			/* ! */
	T_OPEN_PAREN,
	T_CLOSE_PAREN,
	T_COLON_EQUAL,		/* := */
	T_PLUS_EQUAL,		/* += */

	/* the keywords of Linux 6.12: reserved everywhere, as in the kernel */
	T_BOOL,
	T_CHOICE,
	T_COMMENT,
	T_CONFIG,
	T_DEFAULT,
	T_DEF_BOOL,
	T_DEF_TRISTATE,
	T_DEPENDS,
	T_ENDCHOICE,
	T_ENDIF,
	T_ENDMENU,
	T_HELP,			/* also the old `---help---` */
	T_HEX,
	T_IF,
	T_IMPLY,
	T_INT,
	T_MAINMENU,
	T_MENU,
	T_MENUCONFIG,
	T_MODULES,
	T_ON,
	T_PROMPT,
	T_RANGE,
	T_SELECT,
	T_SOURCE,
	T_STRING_TYPE,		/* the keyword `string` */
	T_TRISTATE,
	T_VISIBLE,

	/*
	 * Soft keywords: older kernels' and Kconfiglib's additions.  They
	 * are keywords only where a statement or attribute starts; anywhere
	 * else they are plain words (token_is_word()), so trees that use
	 * them as symbol names still parse.
	 */
	T_FIRST_SOFT,
	T_BOOLEAN = T_FIRST_SOFT,	/* old spelling of bool */
	T_DEF_INT,
	T_DEF_HEX,
	T_DEF_STRING,
	T_OPTION,
	T_OPTIONAL,
	T_OSOURCE,
	T_RSOURCE,
	T_ORSOURCE,
	T_CONFIGDEFAULT,	/* Zephyr's Kconfiglib */
	T_TRANSITIONAL,		/* Linux 6.18 */

	T_NKINDS
};

struct token {
	enum token_kind kind;
	/*
	 * The text of a word, keyword or string (escapes resolved, macros
	 * expanded).  Not NUL-terminated for words and strings read straight
	 * from the file (a string with no escape or macro in it): use len.
	 * Valid until the next lexer_next().
	 */
	const char *text;
	size_t len;
	int line;
	int column;		/* 1-based, in bytes */
};

/* A growable byte buffer for strings and help text. */
struct lexbuf {
	char *data;
	size_t len;
	size_t cap;
};

struct lexer {
	struct kconfig *kc;		/* for diagnostics and macros */
	const struct source_file *file;

	const char *buf;		/* the whole text, NUL at buf[len] */
	const char *end;		/* buf + len */
	const char *p;			/* next byte to read */
	const char *line_start;		/* first byte of the current line */
	int line;

	struct token tok;		/* the current token */
	struct lexbuf text;		/* string and expanded word texts */
	char *expanded;			/* last macro expansion (malloc'd) */

	/*
	 * The last line on which a $(...) was expanded, and where it starts:
	 * the parser keeps such a line as written (property.raw).
	 */
	int macro_line;
	const char *macro_line_start;
	/*
	 * Where the line of the current statement starts (its first token's
	 * line, continuations aside): for provisional.h's rule.  Noted only
	 * when a line of a begun statement is joined to the next, the line
	 * then reached being joined_line; on any other line the statement
	 * starts on the current line (lx->line_start).  Not a test per token.
	 */
	const char *stmt_start;
	int joined_line;
	/* Lexical errors already reported on this line (parser stays quiet). */
	int error_line;
	/* Bytes the dialect adds to bare words (dialect->bare_word_extra). */
	unsigned char word_extra[256];
	/*
	 * The bytes that, right after a run of word bytes, leave the word to
	 * lex_other(): '$' (a macro reference may go on with it) and those
	 * of word_extra.  One test on lexer_next()'s path instead of two.
	 */
	unsigned char word_stop[256];
	/* Unusual bytes are reported once per file. */
	bool warned_cr, warned_ff, warned_nul;
};

/* Set up lx to read text[0..len), which must be followed by a NUL byte. */
void lexer_init(struct lexer *lx, struct kconfig *kc,
		const struct source_file *file, const char *text, size_t len);
void lexer_release(struct lexer *lx);

/* Read the next token into lx->tok. */
void lexer_next(struct lexer *lx);

/* Plain words, and soft keywords used as words. */
static inline bool token_is_word(const struct token *tok)
{
	return tok->kind == T_WORD || tok->kind >= T_FIRST_SOFT;
}

/* "config", "'='", "end of line", ...: for messages. */
const char *token_kind_name(enum token_kind kind);

/* Each keyword as written ("bool", "string"); NULL for other kinds. */
extern const char *const token_keywords[T_NKINDS];

/*
 * After a word at the start of a statement: does a macro assignment
 * operator (=, := or +=) follow?  Returns T_EQUAL, T_COLON_EQUAL,
 * T_PLUS_EQUAL, or T_EOF when not.  Reads nothing.
 */
enum token_kind lexer_assign_op(const struct lexer *lx);
/*
 * Consume the operator lexer_assign_op() found and the rest of the line
 * (leading blanks skipped, kept raw: the preprocessor expands it; a
 * backslash-newline joins the next line with one space).  Returns the
 * value, valid until the next lexer call, with its length in *len; the
 * current token becomes the T_EOL that ends it.
 */
const char *lexer_read_assign_value(struct lexer *lx, size_t *len);

/*
 * Right after the end of the `help` line: read the help text the way
 * the kernel does and return it (malloc'd).  The first line's
 * indentation (a tab advancing to the next multiple of 8) is removed
 * from every line; the text ends before the first non-blank line that
 * is indented less, or before a line that starts in column 1.  Returns
 * the text, valid until the next lexer call, with its length in *len;
 * the current token becomes a T_EOL, and lexer_next() goes on with the
 * line that ended the help.
 */
const char *lexer_read_help(struct lexer *lx, size_t *len);
/*
 * The same without building the text (for a tree loaded without help
 * texts): true when the text has anything but white space.
 */
bool lexer_skip_help(struct lexer *lx);

/* Where the lexer reads next, as a byte offset into its text. */
static inline unsigned lexer_offset(const struct lexer *lx)
{
	return (unsigned)(lx->p - lx->buf);
}

/*
 * The help text that starts offset bytes into text[0..len) (which is
 * followed by a NUL byte), read as lexer_read_help() reads it there,
 * with no diagnostics (the parse gave them): malloc'd, its length in
 * *out_len.
 */
char *lexer_help_at(struct kconfig *kc, const char *text, size_t len,
		    size_t offset, size_t *out_len);

/* The location of the current token. */
static inline struct location lexer_loc(const struct lexer *lx)
{
	struct location loc = { lx->file, lx->tok.line, lx->tok.column };

	return loc;
}

#endif
