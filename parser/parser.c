// SPDX-License-Identifier: GPL-2.0
/*
 * The Kconfig parser: recursive descent, one function per production of
 * the grammar below (named after it), building the menu tree, symbols
 * and properties directly.
 *
 *   input            := stmt_list
 *   stmt_list        := { mainmenu_stmt | config_stmt | choice_stmt
 *                        | comment_stmt | menu_stmt | if_stmt
 *                        | source_stmt | assignment_stmt | EOL }
 *   config_stmt      := ("config" | "menuconfig") WORD EOL entry_options
 *   choice_stmt      := "choice" [WORD] EOL entry_options stmt_list "endchoice"
 *   comment_stmt     := "comment" STRING EOL entry_options
 *   menu_stmt        := "menu" STRING EOL entry_options stmt_list "endmenu"
 *   if_stmt          := "if" expr EOL stmt_list "endif"
 *   source_stmt      := ("source" | "osource" | "rsource" | "orsource") STRING EOL
 *   mainmenu_stmt    := "mainmenu" STRING EOL
 *   assignment_stmt  := WORD ("=" | ":=" | "+=") <rest of line>
 *   entry_options    := { type_option | prompt_option | default_option
 *                        | select_option | range_option | modules_option
 *                        | depends_option | visible_option | help_option
 *                        | option_option | optional_option | EOL }
 *   expr             := and_expr { "||" and_expr }
 *   and_expr         := not_expr { "&&" not_expr }
 *   not_expr         := "!" not_expr | primary_expr
 *   primary_expr     := "(" expr ")" | symbol [compare_op symbol]
 *   symbol           := WORD | STRING
 *
 * Which options an entry accepts depends on its kind (option_allowed()).
 * Every statement function leaves the parser on the T_EOL that ends its
 * last line (stmt_list steps over it), so that a `source` statement can
 * read the sourced file before anything after it is read.
 *
 * Errors are reported where they are found, with line and column; the
 * rest of the line is skipped and parsing goes on.  After a broken entry
 * header its attribute lines are skipped too, to avoid a cascade.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig.h"
#include "lexer.h"
#include "macro.h"
#include "parser.h"
#include "shell.h"
#include "util.h"

struct parser {
	struct kconfig *kc;
	struct lexer *lx;		/* the file being read */
	struct menu_node *choice;	/* the innermost enclosing choice */
	bool stop;			/* too many errors: read no further */
	int nesting;			/* blocks and sourced files we are in */
	int expr_nesting;		/* ( and ! we are in */
	int expr_operators;		/* && and || in the current expression */
	/* A lexer text buffer kept from the last file for the next one. */
	struct lexbuf spare_text;
};

/*
 * Limits that keep recursion (here, and in whoever walks the trees
 * later) far from the end of the stack; real trees stay well below.
 */
#define MAX_NESTING		1000
#define MAX_EXPR_NESTING	1000
#define MAX_EXPR_OPERATORS	10000

#define TOK(p)		((p)->lx->tok)

static void stmt_list(struct parser *p, struct menu_node *parent);
static struct expr *expr(struct parser *p);

/* --- errors -------------------------------------------------------------- */

static void __attribute__((noinline)) stop_parse(struct parser *p)
{
	/* A provisional read that met an answer not in yet out of place. */
	if (p->kc->provisional_refused)
		p->stop = true;
	if (p->kc->diags.errors >= DIAG_MAX_ERRORS && !p->stop) {
		p->stop = true;
		diag_add(&p->kc->diags, DIAG_NOTE, lexer_loc(p->lx),
			 "too many errors, giving up");
	}
}

/* Inline (once per statement), what stops the parse out of line. */
static inline __attribute__((always_inline)) void
check_error_limit(struct parser *p)
{
	if (p->kc->provisional_refused ||
	    p->kc->diags.errors >= DIAG_MAX_ERRORS)
		stop_parse(p);
}

static void report(struct parser *p, enum diag_severity severity,
		   struct location loc, const char *fmt, va_list ap)
{
	diag_addv(&p->kc->diags, severity, loc, fmt, ap);
	check_error_limit(p);
}

static void __attribute__((format(printf, 3, 4)))
error_at(struct parser *p, struct location loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(p, DIAG_ERROR, loc, fmt, ap);
	va_end(ap);
}

static void __attribute__((format(printf, 3, 4)))
warn_at(struct parser *p, struct location loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(p, DIAG_WARNING, loc, fmt, ap);
	va_end(ap);
}

/*
 * A syntax error at the current token.  Quiet when the lexer already
 * reported an error on this line: the token is then only a consequence.
 */
static void __attribute__((format(printf, 2, 3)))
syntax_error(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (p->lx->error_line == TOK(p).line)
		return;
	va_start(ap, fmt);
	report(p, DIAG_ERROR, lexer_loc(p->lx), fmt, ap);
	va_end(ap);
}

/* What the current token is, for messages: "'config'", "word 'FOO'" ... */
static const char *describe(struct parser *p, char *buf, size_t size)
{
	const struct token *tok = &TOK(p);
	int n = tok->len > 40 ? 40 : (int)tok->len;

	switch (tok->kind) {
	case T_WORD:
		snprintf(buf, size, "'%.*s'", n, tok->text);
		break;
	case T_STRING:
		snprintf(buf, size, "string \"%.*s\"", n, tok->text);
		break;
	case T_EOL:
	case T_EOF:
		snprintf(buf, size, "%s", token_kind_name(tok->kind));
		break;
	default:
		if (tok->kind >= T_BOOL)
			snprintf(buf, size, "'%.*s'", n, tok->text);
		else
			snprintf(buf, size, "%s", token_kind_name(tok->kind));
		break;
	}
	return buf;
}

static void next(struct parser *p)
{
	lexer_next(p->lx);
}

/* Skip to the T_EOL that ends the current line. */
static void skip_line(struct parser *p)
{
	while (TOK(p).kind != T_EOL && TOK(p).kind != T_EOF)
		next(p);
}

static void unexpected_after(struct parser *p, const char *after)
{
	char buf[64];

	syntax_error(p, "unexpected %s after %s", describe(p, buf, sizeof(buf)),
		     after);
	skip_line(p);
}

/* The current line must end here (inline: almost every line does). */
static inline void expect_eol(struct parser *p, const char *after)
{
	if (TOK(p).kind != T_EOL && TOK(p).kind != T_EOF)
		unexpected_after(p, after);
}

static bool is_option(enum token_kind kind);

/*
 * After an entry header that could not be used: skip the attribute lines
 * (and help text) that follow it, up to the next line that does not
 * start with an attribute keyword.
 */
static void skip_entry(struct parser *p)
{
	skip_line(p);
	while (TOK(p).kind != T_EOF) {
		next(p);
		if (TOK(p).kind == T_EOL)
			continue;
		if (!is_option(TOK(p).kind))
			return;
		if (TOK(p).kind == T_HELP) {
			next(p);
			skip_line(p);
			lexer_skip_help(p->lx);
			continue;
		}
		skip_line(p);
	}
}

/* --- building the tree --------------------------------------------------- */

/* Inline: one call less per entry. */
static inline __attribute__((always_inline)) struct menu_node *
new_node(struct parser *p, enum menu_kind kind, struct menu_node *parent,
	 struct location loc)
{
	struct menu_node *node = arena_new(&p->kc->arena, struct menu_node);

	node->kind = kind;
	node->serial = (unsigned)p->kc->nnodes++;
	node->loc = loc;
	node->parent = parent;
	node->children_tail = &node->children;
	if (!parent->children_tail)
		parent->children_tail = &parent->children;
	*parent->children_tail = node;
	parent->children_tail = &node->next;
	return node;
}

static void add_definition(struct symbol *sym, struct menu_node *node)
{
	node->sym = sym;
	if (!sym->nodes_tail)
		sym->nodes_tail = &sym->first_node;
	*sym->nodes_tail = node;
	sym->nodes_tail = &node->next_def;
}

/* raw_line()'s copy: the line at start from its first non-blank byte. */
static const char *__attribute__((noinline))
copy_raw_line(struct parser *p, const char *start)
{
	const char *end;

	while (*start == ' ' || *start == '\t')
		start++;
	end = start + strcspn(start, "\r\n");
	while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	return arena_strndup(&p->kc->arena, start, (size_t)(end - start));
}

/*
 * The line at loc as written, when the lexer expanded a $(...) on it:
 * from its first non-blank byte to the end of the line.  Other lines
 * cost one comparison, inline (once per property); the copy is out of
 * line.
 */
static inline __attribute__((always_inline)) const char *
raw_line(struct parser *p, struct location loc)
{
	const struct lexer *lx = p->lx;
	const char *start = lx->macro_line_start;

	if (!start || lx->macro_line != loc.line || lx->file != loc.file)
		return NULL;
	return copy_raw_line(p, start);
}

/* Inline: one call less per property (34,944 in Linux x86). */
static inline __attribute__((always_inline)) struct property *
new_prop(struct parser *p, struct menu_node *node, enum prop_type type,
	 struct location loc)
{
	struct property *prop = arena_new(&p->kc->arena, struct property);
	struct symbol *sym = node->sym;

	prop->type = type;
	prop->node = node;
	prop->loc = loc;
	prop->raw = raw_line(p, loc);
	if (sym && (type != P_MENU && type != P_COMMENT)) {
		prop->sym = sym;
		if (!sym->props_tail)
			sym->props_tail = &sym->props;
		*sym->props_tail = prop;
		sym->props_tail = &prop->next;
		if (!node->props)
			node->props = prop;
	}
	return prop;
}

static const char *entry_name(const struct menu_node *node)
{
	return node->sym && node->sym->name ? node->sym->name : "<choice>";
}

/*
 * A keyword as written, for property.keyword ("string", not "'string'"):
 * a load from the table, once per type, prompt and default.
 */
static const char *keyword_text(enum token_kind kind)
{
	const char *text = kind < T_NKINDS ? token_keywords[kind] : NULL;

	return text ? text : token_kind_name(kind);
}

/* text: a copy in the tree's arena, which the prompt keeps.  Inline. */
static inline __attribute__((always_inline)) void
add_prompt(struct parser *p, struct menu_node *node, enum prop_type type,
	   const char *text, struct expr *cond, struct location loc)
{
	struct property *prop = new_prop(p, node, type, loc);

	if (isspace((unsigned char)*text)) {
		warn_at(p, loc, "leading whitespace ignored");
		while (isspace((unsigned char)*text))
			text++;
	}
	if (node->prompt)
		warn_at(p, loc, "prompt redefined");
	prop->text = text;
	prop->cond = cond;
	node->prompt = prop;
}

static void __attribute__((noinline))
warn_type_redefined(struct parser *p, struct menu_node *node,
		    enum symbol_type type, struct location loc)
{
	warn_at(p, loc, "ignoring type redefinition of '%s' from '%s' to '%s'",
		entry_name(node), symbol_type_name(node->sym->type),
		symbol_type_name(type));
}

/* Inline, the warning out of line: once per type line and def_ default. */
static inline __attribute__((always_inline)) void
set_type(struct parser *p, struct menu_node *node, enum symbol_type type,
	 struct location loc)
{
	struct symbol *sym = node->sym;

	if (sym->type == type)
		return;
	if (sym->type == S_UNKNOWN) {
		sym->type = type;
		return;
	}
	warn_type_redefined(p, node, type, loc);
}

/* --- expressions --------------------------------------------------------- */

/* The symbol the current word or string names (words are not NUL-terminated). */
/* Inline: one call fewer per symbol the parser reads. */
static inline __attribute__((always_inline)) struct symbol *
word_symbol(struct parser *p)
{
	const struct token *tok = &TOK(p);

	/* a string's text may be read in place: not NUL-terminated either */
	if (tok->kind == T_STRING)
		return symbol_get_n(p->kc, tok->text,
				    strnlen(tok->text, tok->len), true);
	return symbol_get_n(p->kc, tok->text, tok->len, false);
}

static struct symbol *__attribute__((noinline))
not_a_symbol(struct parser *p, const char *what)
{
	char buf[64];

	syntax_error(p, "expected %s, found %s", what,
		     describe(p, buf, sizeof(buf)));
	return NULL;
}

/*
 * symbol := WORD | STRING.  Reports and returns NULL on anything else.
 * Inline, the report out of line: every operand of an expression is one.
 */
static inline __attribute__((always_inline)) struct symbol *
symbol(struct parser *p, const char *what)
{
	struct symbol *sym;

	if (!token_is_word(&TOK(p)) && TOK(p).kind != T_STRING)
		return not_a_symbol(p, what);
	sym = word_symbol(p);
	next(p);
	return sym;
}

/* A symbol name: WORD only, as after `config`, `select`, `imply`. */
static struct symbol *nonconst_symbol(struct parser *p, const char *after)
{
	char buf[64];

	if (!token_is_word(&TOK(p))) {
		syntax_error(p, "expected a symbol name after %s, found %s",
			     after, describe(p, buf, sizeof(buf)));
		return NULL;
	}
	return symbol(p, "a symbol name");
}

static enum expr_op compare_op(enum token_kind kind)
{
	switch (kind) {
	case T_EQUAL:		return E_EQUAL;
	case T_UNEQUAL:		return E_UNEQUAL;
	case T_LESS:		return E_LTH;
	case T_LESS_EQUAL:	return E_LEQ;
	case T_GREATER:		return E_GTH;
	case T_GREATER_EQUAL:	return E_GEQ;
	default:		return E_SYMBOL;
	}
}

/* The right side of lsym OP, the current token being OP. */
static struct expr *comparison(struct parser *p, struct symbol *lsym,
			       enum expr_op op)
{
	struct symbol *rsym;
	char buf[64];

	next(p);
	if (!token_is_word(&TOK(p)) && TOK(p).kind != T_STRING) {
		syntax_error(p, "expected a symbol after '%s', found %s",
			     expr_op_text(op), describe(p, buf, sizeof(buf)));
		return NULL;
	}
	rsym = symbol(p, "a symbol");
	return expr_compare(&p->kc->arena, op, lsym, rsym);
}

static struct expr *primary_expr(struct parser *p)
{
	struct arena *arena = &p->kc->arena;
	struct symbol *lsym;
	enum expr_op op;
	char buf[64];

	if (TOK(p).kind == T_OPEN_PAREN) {
		struct location open = lexer_loc(p->lx);
		struct expr *e;

		next(p);
		e = expr(p);
		if (!e)
			return NULL;
		if (TOK(p).kind != T_CLOSE_PAREN) {
			syntax_error(p, "expected ')' to close the '(' at column %d, found %s",
				     open.column, describe(p, buf, sizeof(buf)));
			return NULL;
		}
		next(p);
		return e;
	}
	/*
	 * A $(shell,...) that did not run (--no-shell, skipped) left this
	 * line without its expression: it stands for what it gave, "".
	 */
	if (!token_is_word(&TOK(p)) && TOK(p).kind != T_STRING &&
	    kconfig_shell_skipped_at(p->kc, lexer_loc(p->lx)))
		return expr_symbol(arena, symbol_get(p->kc, "", true));
	if (!token_is_word(&TOK(p)) && TOK(p).kind != T_STRING) {
		syntax_error(p, "expected an expression, found %s",
			     describe(p, buf, sizeof(buf)));
		return NULL;
	}
	lsym = symbol(p, "a symbol");
	op = compare_op(TOK(p).kind);
	if (op == E_SYMBOL)
		return expr_symbol(arena, lsym);
	return comparison(p, lsym, op);
}

static struct expr *not_expr(struct parser *p)
{
	struct expr *e;

	if (TOK(p).kind != T_NOT && TOK(p).kind != T_OPEN_PAREN)
		return primary_expr(p);
	if (p->expr_nesting >= MAX_EXPR_NESTING) {
		syntax_error(p, "expression nested too deeply (more than %d levels)",
			     MAX_EXPR_NESTING);
		return NULL;
	}
	p->expr_nesting++;
	if (TOK(p).kind == T_OPEN_PAREN) {
		e = primary_expr(p);
	} else {
		next(p);
		e = not_expr(p);
		if (e)
			e = expr_not(&p->kc->arena, e);
	}
	p->expr_nesting--;
	return e;
}

/* Count a binary operator; false (reported) when there are too many. */
static bool count_operator(struct parser *p)
{
	if (++p->expr_operators <= MAX_EXPR_OPERATORS)
		return true;
	syntax_error(p, "expression too long (more than %d operators)",
		     MAX_EXPR_OPERATORS);
	return false;
}

/*
 * not_expr() where most operands are a plain symbol or comparison: no
 * call of not_expr() on the way to primary_expr().
 */
static inline __attribute__((always_inline)) struct expr *
operand(struct parser *p)
{
	if (TOK(p).kind == T_WORD) {
		/* primary_expr() of a word, without its call */
		struct symbol *sym = symbol_get_n(p->kc, TOK(p).text,
						  TOK(p).len, false);
		enum expr_op op;

		next(p);
		op = compare_op(TOK(p).kind);
		if (op == E_SYMBOL)
			return expr_symbol(&p->kc->arena, sym);
		return comparison(p, sym, op);
	}
	if (TOK(p).kind != T_NOT && TOK(p).kind != T_OPEN_PAREN)
		return primary_expr(p);
	return not_expr(p);
}

/* Inline in expr(), its one caller: a call less per expression. */
static inline __attribute__((always_inline)) struct expr *
and_expr(struct parser *p)
{
	struct expr *e = operand(p);

	while (e && TOK(p).kind == T_AND) {
		struct expr *right;

		if (!count_operator(p))
			return NULL;
		next(p);
		right = operand(p);
		e = right ? expr_and(&p->kc->arena, e, right) : NULL;
	}
	return e;
}

/*
 * expr := and_expr { "||" and_expr }.  NULL after an error (reported).
 * expr_inline() is expr() where its call costs most: `depends on`.
 */
static inline __attribute__((always_inline)) struct expr *
expr_inline(struct parser *p)
{
	struct expr *e;

	if (p->expr_nesting == 0)
		p->expr_operators = 0;
	e = and_expr(p);

	while (e && TOK(p).kind == T_OR) {
		struct expr *right;

		if (!count_operator(p))
			return NULL;
		next(p);
		right = and_expr(p);
		e = right ? expr_or(&p->kc->arena, e, right) : NULL;
	}
	return e;
}

static struct expr *expr(struct parser *p)
{
	return expr_inline(p);
}

/*
 * if_expr := [ "if" expr ].  Returns false after an error; *cond is
 * NULL when there is no condition.
 */
static bool if_expr(struct parser *p, struct expr **cond)
{
	*cond = NULL;
	if (TOK(p).kind != T_IF)
		return true;
	next(p);
	*cond = expr(p);
	return *cond != NULL;
}

/* --- entry options ------------------------------------------------------- */

/* The entry kinds that accept an option: bits of enum menu_kind. */
#define K(kind)		(1u << (kind))
#define K_CONFIGS	(K(MENU_CONFIG) | K(MENU_MENUCONFIG))

static unsigned option_kinds(enum token_kind kind)
{
	switch (kind) {
	case T_BOOL: case T_BOOLEAN: case T_TRISTATE:
	case T_PROMPT: case T_DEFAULT: case T_HELP:
		return K_CONFIGS | K(MENU_CHOICE);
	case T_INT: case T_HEX: case T_STRING_TYPE:
	case T_DEF_BOOL: case T_DEF_TRISTATE: case T_DEF_INT: case T_DEF_HEX:
	case T_DEF_STRING: case T_SELECT: case T_IMPLY: case T_RANGE:
	case T_MODULES: case T_OPTION:
		return K_CONFIGS;
	case T_DEPENDS:
		return K_CONFIGS | K(MENU_CHOICE) | K(MENU_MENU) | K(MENU_COMMENT);
	case T_VISIBLE:
		return K(MENU_MENU);
	case T_OPTIONAL:
		return K(MENU_CHOICE);
	case T_TRANSITIONAL:
		return K_CONFIGS;
	default:
		return 0;
	}
}

static const char *kind_phrase(enum menu_kind kind)
{
	switch (kind) {
	case MENU_CONFIG:	return "a config entry";
	case MENU_MENUCONFIG:	return "a menuconfig entry";
	case MENU_CHOICE:	return "a choice";
	case MENU_MENU:		return "a menu";
	case MENU_COMMENT:	return "a comment";
	case MENU_IF:		return "an if block";
	default:		return "the main menu";
	}
}

static enum symbol_type type_of(enum token_kind kind)
{
	switch (kind) {
	case T_BOOL: case T_BOOLEAN: case T_DEF_BOOL:	return S_BOOLEAN;
	case T_TRISTATE: case T_DEF_TRISTATE:		return S_TRISTATE;
	case T_INT: case T_DEF_INT:			return S_INT;
	case T_HEX: case T_DEF_HEX:			return S_HEX;
	case T_STRING_TYPE: case T_DEF_STRING:		return S_STRING;
	default:					return S_UNKNOWN;
	}
}

/*
 * Is the current token a prompt's text?  A quoted string; in the older
 * grammars (bare_word_prompts) a bare word as well, and under the
 * kconfiglib dialect (bare_prompts: `menu Wi-Fi`, as ESP-IDF writes)
 * with the style warning Kconfiglib gives.  bare_prompt_token(): a
 * token that is no string.
 */
static bool __attribute__((noinline)) bare_prompt_token(struct parser *p)
{
	const struct kconfig_dialect *d = p->kc->dialect;

	if (!(d->bare_word_prompts || d->bare_prompts) || !token_is_word(&TOK(p)))
		return false;
	if (d->bare_prompts)
		warn_at(p, lexer_loc(p->lx), "style: quotes recommended around '%.*s'",
			(int)TOK(p).len, TOK(p).text);
	return true;
}

/* Inline (17,000 calls in Linux), the bare words' rules out of line. */
static inline __attribute__((always_inline)) bool
prompt_text_token(struct parser *p)
{
	return TOK(p).kind == T_STRING || bare_prompt_token(p);
}

/* type_option := TYPE [STRING if_expr] EOL */
static void type_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);
	enum token_kind keyword = TOK(p).kind;
	enum symbol_type type = type_of(keyword);
	char *text = NULL;
	struct expr *cond = NULL;
	char buf[64];

	next(p);
	if (prompt_text_token(p)) {
		text = arena_strndup(&p->kc->arena, TOK(p).text, TOK(p).len);
		next(p);
		if (!if_expr(p, &cond))
			goto skip;
	} else if (TOK(p).kind != T_EOL && TOK(p).kind != T_EOF) {
		syntax_error(p, "expected a prompt string or the end of the line after '%s', found %s",
			     token_kind_name(keyword), describe(p, buf, sizeof(buf)));
		goto skip;
	}
	if (TOK(p).kind != T_EOL && TOK(p).kind != T_EOF) {
		expect_eol(p, "the prompt");
		return;
	}
	set_type(p, node, type, loc);
	if (text) {
		add_prompt(p, node, P_PROMPT, text, cond, loc);
		node->prompt->keyword = keyword_text(keyword);
	}
	return;
skip:
	skip_line(p);
}

/* prompt_option := "prompt" STRING if_expr EOL */
static void prompt_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);
	struct expr *cond;
	char *text;
	char buf[64];

	next(p);
	if (!prompt_text_token(p)) {
		syntax_error(p, "expected a quoted prompt after 'prompt', found %s",
			     describe(p, buf, sizeof(buf)));
		skip_line(p);
		return;
	}
	text = arena_strndup(&p->kc->arena, TOK(p).text, TOK(p).len);
	next(p);
	if (!if_expr(p, &cond)) {
		skip_line(p);
		return;
	}
	expect_eol(p, "the prompt");
	add_prompt(p, node, P_PROMPT, text, cond, loc);
	node->prompt->keyword = "prompt";
}

/* default_option := ("default" | "def_bool" | ...) expr if_expr EOL */
static void default_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);
	enum token_kind keyword = TOK(p).kind;
	enum symbol_type type = type_of(keyword);
	struct property *prop;
	struct expr *value, *cond;

	next(p);
	value = expr(p);
	if (!value || !if_expr(p, &cond)) {
		skip_line(p);
		return;
	}
	if (TOK(p).kind != T_EOL && TOK(p).kind != T_EOF) {
		char buf[64];

		syntax_error(p, "unexpected %s in the default value",
			     describe(p, buf, sizeof(buf)));
		skip_line(p);
		return;
	}
	if (node->kind == MENU_CHOICE &&
	    (value->op != E_SYMBOL || ((value->sym->flags & SYMBOL_CONST) &&
				       !symbol_is_tristate_const(value->sym)))) {
		error_at(p, loc, "the default of a choice must be one of its symbols");
		return;
	}
	prop = new_prop(p, node, P_DEFAULT, loc);
	prop->expr = value;
	prop->cond = cond;
	prop->keyword = keyword_text(keyword);
	if (type != S_UNKNOWN)
		set_type(p, node, type, loc);
}

/* select_option := ("select" | "imply") WORD if_expr EOL */
static void select_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);
	enum token_kind kind = TOK(p).kind;
	struct property *prop;
	struct symbol *target;
	struct expr *cond;

	next(p);
	target = nonconst_symbol(p, kind == T_SELECT ? "'select'" : "'imply'");
	if (!target || !if_expr(p, &cond)) {
		skip_line(p);
		return;
	}
	expect_eol(p, kind == T_SELECT ? "the selected symbol" :
		   "the implied symbol");
	prop = new_prop(p, node, kind == T_SELECT ? P_SELECT : P_IMPLY, loc);
	prop->target = target;
	prop->cond = cond;
}

/* range_option := "range" symbol symbol if_expr EOL */
static void range_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);
	struct symbol *min, *max;
	struct property *prop;
	struct expr *cond;

	next(p);
	min = symbol(p, "the lower end of the range");
	max = min ? symbol(p, "the upper end of the range") : NULL;
	if (!max || !if_expr(p, &cond)) {
		skip_line(p);
		return;
	}
	expect_eol(p, "the range");
	prop = new_prop(p, node, P_RANGE, loc);
	prop->range_min = min;
	prop->range_max = max;
	prop->cond = cond;
}

static void set_modules(struct parser *p, struct menu_node *node,
			struct location loc)
{
	struct kconfig *kc = p->kc;

	if (kc->modules_sym)
		error_at(p, loc, "symbol '%s' redefines option 'modules' already defined by symbol '%s'",
			 node->sym->name, kc->modules_sym->name);
	kc->modules_sym = node->sym;
}

/* modules_option := "modules" EOL */
static void modules_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);

	next(p);
	expect_eol(p, "'modules'");
	set_modules(p, node, loc);
}

/*
 * `option env="NAME"` (older kernels): the symbol's default is the value
 * of the environment variable, as a constant, which the kernel added as
 * a `default` property.  It is located on the whole option line (column
 * 0), which is how dump tells it from a written default.
 */
static void env_default(struct parser *p, struct menu_node *node,
			struct location loc)
{
	struct symbol *sym = node->sym;
	struct property *prop;
	char *ref, *value;

	ref = xasprintf("$(%s)", sym->env_name);
	if (!getenv(sym->env_name))
		warn_at(p, loc, "environment variable %s undefined", sym->env_name);
	value = macro_expand(p->kc->macros, ref, strlen(ref), loc);
	loc.column = 0;
	prop = new_prop(p, node, P_DEFAULT, loc);
	prop->expr = expr_symbol(&p->kc->arena, symbol_get(p->kc, value, true));
	free(value);
	free(ref);
}

/*
 * option_option := "option" ( "env" "=" STRING | "defconfig_list"
 *                           | "modules" | "allnoconfig_y" ) EOL
 * (older kernels)
 */
static void option_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);
	struct symbol *sym = node->sym;
	struct kconfig *kc = p->kc;
	char buf[64];

	next(p);
	if (TOK(p).kind == T_MODULES) {
		next(p);
		expect_eol(p, "'option modules'");
		set_modules(p, node, loc);
		return;
	}
	if (!token_is_word(&TOK(p))) {
		syntax_error(p, "expected an option name after 'option', found %s",
			     describe(p, buf, sizeof(buf)));
		skip_line(p);
		return;
	}
	if (TOK(p).len == 3 && !memcmp(TOK(p).text, "env", 3)) {
		next(p);
		if (TOK(p).kind != T_EQUAL) {
			syntax_error(p, "expected '=' after 'option env', found %s",
				     describe(p, buf, sizeof(buf)));
			skip_line(p);
			return;
		}
		next(p);
		if (TOK(p).kind != T_STRING && !token_is_word(&TOK(p))) {
			syntax_error(p, "expected the name of an environment variable, found %s",
				     describe(p, buf, sizeof(buf)));
			skip_line(p);
			return;
		}
		sym->flags |= SYMBOL_ENV;
		sym->env_name = intern_n(&kc->strings, TOK(p).text, TOK(p).len);
		next(p);
		expect_eol(p, "'option env'");
		env_default(p, node, loc);
	} else if (TOK(p).len == 14 &&
		   !memcmp(TOK(p).text, "defconfig_list", 14)) {
		next(p);
		expect_eol(p, "'option defconfig_list'");
		if (kc->defconfig_list && kc->defconfig_list != sym)
			error_at(p, loc, "trying to redefine defconfig symbol ('%s' already has 'option defconfig_list')",
				 kc->defconfig_list->name);
		else
			kc->defconfig_list = sym;
	} else if (TOK(p).len == 13 &&
		   !memcmp(TOK(p).text, "allnoconfig_y", 13)) {
		next(p);
		expect_eol(p, "'option allnoconfig_y'");
		sym->flags |= SYMBOL_ALLNOCONFIG_Y;
	} else {
		warn_at(p, lexer_loc(p->lx), "ignoring unknown option \"%.*s\"",
			(int)TOK(p).len, TOK(p).text);
		skip_line(p);
	}
}

/*
 * What `depends on X if Y` adds to the entry's dependencies: X where Y
 * is not n, else nothing, which the kernel writes X || (Y = n) with
 * (Y = n) spelled out over Y's parts: (A && B) = n is A = n || B = n,
 * !A = n is A != n, a comparison C = n is !C.  negate: the != n form.
 */
static struct expr *equals_n(struct parser *p, struct expr *e, bool negate)
{
	struct arena *a = &p->kc->arena;
	struct expr *l, *r, *out;

	switch (e->op) {
	case E_SYMBOL:
		return expr_compare(a, negate ? E_UNEQUAL : E_EQUAL, e->sym,
				    p->kc->sym_no);
	case E_NOT:
		return equals_n(p, e->left, !negate);
	case E_AND:
	case E_OR:
		l = equals_n(p, e->left, false);
		r = equals_n(p, e->right, false);
		out = e->op == E_AND ? expr_or(a, l, r) : expr_and(a, l, r);
		return negate ? expr_not(a, out) : out;
	default:
		/* a comparison: y or n, so "= n" is its negation */
		return negate ? e : expr_not(a, e);
	}
}

/*
 * depends_option := "depends" "on" expr ["if" expr] EOL
 * (the `if` part since Linux 7.0: conditional_depends)
 */
static void depends_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);
	struct expr *e, *cond = NULL;
	char buf[64];

	next(p);
	if (TOK(p).kind != T_ON) {
		syntax_error(p, "expected 'on' after 'depends', found %s",
			     describe(p, buf, sizeof(buf)));
		skip_line(p);
		return;
	}
	next(p);
	e = expr_inline(p);
	if (!e) {
		skip_line(p);
		return;
	}
	if (TOK(p).kind == T_IF && p->kc->dialect->conditional_depends) {
		struct cond_depends *cd, **tail;

		if (!if_expr(p, &cond)) {
			skip_line(p);
			return;
		}
		cd = arena_new(&p->kc->arena, struct cond_depends);
		cd->dep = e;
		cd->cond = cond;
		cd->loc = loc;
		for (tail = &node->cond_depends; *tail; tail = &(*tail)->next)
			;
		*tail = cd;
		e = expr_or(&p->kc->arena, e, equals_n(p, cond, false));
	} else {
		node->plain_depends = expr_and(&p->kc->arena,
					       node->plain_depends, e);
	}
	expect_eol(p, "the dependency");
	node->depends = expr_and(&p->kc->arena, node->depends, e);
}

/*
 * transitional_option := "transitional" EOL (Linux 6.18): the symbol is
 * an old name, read from .config and never shown or written.  Whether
 * the entry has anything besides its type and help is checked once the
 * tree is finished, as conf does.
 */
static void transitional_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);

	next(p);
	expect_eol(p, "'transitional'");
	node->sym->flags |= SYMBOL_TRANSITIONAL;
	node->transitional_loc = loc;
}

/* visible_option := "visible" if_expr EOL */
static void visible_option(struct parser *p, struct menu_node *node)
{
	struct expr *cond;

	next(p);
	if (!if_expr(p, &cond)) {
		skip_line(p);
		return;
	}
	expect_eol(p, "the visibility");
	node->visible_if = expr_and(&p->kc->arena, node->visible_if, cond);
}

/* help_option := "help" EOL <help text>.  Inline: once per help text. */
static inline __attribute__((always_inline)) void
help_option(struct parser *p, struct menu_node *node)
{
	struct location loc = lexer_loc(p->lx);
	const char *text = NULL;
	size_t len = 0;
	bool blank;

	next(p);
	expect_eol(p, "'help'");
	if (node)
		node->help_offset = lexer_offset(p->lx);
	/* Without help texts, the text is passed over, not built. */
	if (!node || p->kc->opts.skip_help) {
		blank = !lexer_skip_help(p->lx);
	} else {
		text = lexer_read_help(p->lx, &len);
		blank = text[strspn(text, " \f\n\r\t\v")] == '\0';
	}
	if (!node)
		return;		/* a misplaced help: its text is skipped */
	if (node->help_loc.file)
		warn_at(p, loc, "'%s' defined with more than one help text -- only the last one will be used",
			entry_name(node));
	if (blank)
		warn_at(p, loc, "'%s' defined with blank help text",
			entry_name(node));
	if (text)
		node->help = arena_strndup(&p->kc->arena, text, len);
	node->help_loc = loc;
}

/*
 * optional_option := "optional" EOL: a choice that may have no member
 * set, where the dialect has such choices (before Linux 6.11); ignored
 * with a warning where it has not.
 */
static void optional_option(struct parser *p, struct symbol *sym)
{
	struct location loc = lexer_loc(p->lx);

	next(p);
	expect_eol(p, "'optional'");
	if (p->kc->dialect->legacy_choices && sym)
		sym->flags |= SYMBOL_OPTIONAL;
	else
		warn_at(p, loc, "'optional' choices are no longer supported; ignored");
}

static bool is_option(enum token_kind kind)
{
	return option_kinds(kind) != 0;
}

/*
 * entry_options: the attribute lines after an entry's first line.  They
 * end at the first line that does not start with an attribute keyword.
 */
static void entry_options(struct parser *p, struct menu_node *node)
{
	char buf[64];

	for (;;) {
		enum token_kind kind;

		if (TOK(p).kind == T_EOL) {
			next(p);
			continue;
		}
		kind = TOK(p).kind;
		if (kind == T_TRANSITIONAL && !p->kc->dialect->transitional)
			return;		/* a plain word before Linux 6.18 */
		if (p->stop || !is_option(kind))
			return;
		/* `option := ...` assigns the macro `option` */
		if (kind >= T_FIRST_SOFT && lexer_assign_op(p->lx) != T_EOF)
			return;
		if (kind == T_HELP && p->kc->dialect->help_on_menus &&
		    (node->kind == MENU_MENU || node->kind == MENU_COMMENT)) {
			warn_at(p, lexer_loc(p->lx),
				"help text on %s: kept, as ESP-IDF's kconfig does (Kconfiglib 14.1 fails on it)",
				kind_phrase(node->kind));
			help_option(p, node);
			continue;
		}
		if (!(option_kinds(kind) & K(node->kind))) {
			syntax_error(p, "%s is not valid in %s",
				     describe(p, buf, sizeof(buf)),
				     kind_phrase(node->kind));
			if (kind == T_HELP)
				help_option(p, NULL);
			else
				skip_line(p);
			continue;
		}
		switch (kind) {
		case T_BOOL: case T_BOOLEAN: case T_TRISTATE: case T_INT:
		case T_HEX: case T_STRING_TYPE:
			type_option(p, node);
			break;
		case T_PROMPT:
			prompt_option(p, node);
			break;
		case T_DEFAULT: case T_DEF_BOOL: case T_DEF_TRISTATE:
		case T_DEF_INT: case T_DEF_HEX: case T_DEF_STRING:
			default_option(p, node);
			break;
		case T_SELECT: case T_IMPLY:
			select_option(p, node);
			break;
		case T_RANGE:
			range_option(p, node);
			break;
		case T_MODULES:
			modules_option(p, node);
			break;
		case T_OPTION:
			option_option(p, node);
			break;
		case T_DEPENDS:
			depends_option(p, node);
			break;
		case T_VISIBLE:
			visible_option(p, node);
			break;
		case T_HELP:
			help_option(p, node);
			break;
		case T_OPTIONAL:
			optional_option(p, node->kind == MENU_CHOICE ? node->sym : NULL);
			break;
		case T_TRANSITIONAL:
			transitional_option(p, node);
			break;
		default:
			skip_line(p);
			break;
		}
	}
}

/* --- statements ---------------------------------------------------------- */

/* config_stmt := ("config" | "menuconfig") WORD EOL entry_options */
static void config_stmt(struct parser *p, struct menu_node *parent)
{
	struct location loc = lexer_loc(p->lx);
	bool is_menuconfig = TOK(p).kind == T_MENUCONFIG;
	const char *keyword = is_menuconfig ? "menuconfig" : "config";
	struct menu_node *node;
	struct symbol *sym;
	char buf[64];

	if (is_menuconfig && p->choice)
		error_at(p, loc, "'menuconfig' is not allowed inside a choice");
	next(p);
	if (!token_is_word(&TOK(p))) {
		syntax_error(p, "expected a symbol name after '%s', found %s",
			     keyword, describe(p, buf, sizeof(buf)));
		skip_entry(p);
		return;
	}
	sym = word_symbol(p);
	if (sym->flags & SYMBOL_CONST) {
		/*
		 * conf only warns (about the type) and carries on; the
		 * constant keeps its value, so the entry is ignored.
		 */
		warn_at(p, lexer_loc(p->lx),
			"'%s' is a constant: this '%s' entry is ignored",
			sym->name, keyword);
		skip_entry(p);
		return;
	}
	if (sym->flags & SYMBOL_CHOICE) {
		syntax_error(p, "'%s' cannot be defined by '%s': it is %s",
			     sym->name, keyword, sym->flags & SYMBOL_CONST ?
			     "a constant" : "a choice");
		skip_entry(p);
		return;
	}
	next(p);
	expect_eol(p, "the symbol name");

	node = new_node(p, is_menuconfig ? MENU_MENUCONFIG : MENU_CONFIG,
			parent, loc);
	add_definition(sym, node);
	sym->flags |= SYMBOL_DEFINED;
	entry_options(p, node);

	if (is_menuconfig) {
		if (node->prompt)
			node->prompt->type = P_MENU;
		else
			warn_at(p, loc, "menuconfig statement without prompt");
	}
}

/*
 * configdefault_stmt := "configdefault" WORD EOL default_option*
 * (Zephyr's Kconfiglib): an entry of the symbol that only adds defaults.
 * Zephyr refuses anything else in it; so do we, with the reason.
 */
static void configdefault_stmt(struct parser *p, struct menu_node *parent)
{
	struct location loc = lexer_loc(p->lx);
	struct menu_node *node;
	struct property *prop;
	struct symbol *sym;
	char buf[64];

	next(p);
	if (!token_is_word(&TOK(p))) {
		syntax_error(p, "expected a symbol name after 'configdefault', found %s",
			     describe(p, buf, sizeof(buf)));
		skip_entry(p);
		return;
	}
	sym = word_symbol(p);
	if (sym->flags & SYMBOL_CONST) {
		syntax_error(p, "'%s' is a constant: configdefault needs a symbol",
			     sym->name);
		skip_entry(p);
		return;
	}
	next(p);
	expect_eol(p, "the symbol name");
	node = new_node(p, MENU_CONFIG, parent, loc);
	node->defaults_only = true;
	add_definition(sym, node);
	entry_options(p, node);
	if (node->prompt || node->depends || node->help)
		error_at(p, loc, "configdefault can only contain 'default'");
	for (prop = sym->props; prop; prop = prop->next)
		if (prop->node == node && prop->type != P_DEFAULT) {
			error_at(p, prop->loc,
				 "configdefault can only contain 'default'");
			break;
		}
}

/* Close a block: `end` must be the current token (the caller checked). */
static void end_block(struct parser *p, struct menu_node *block)
{
	const char *keyword = token_kind_name(TOK(p).kind);

	block->end_loc = lexer_loc(p->lx);
	next(p);
	expect_eol(p, keyword);
}

static enum menu_kind block_kind_of_end(enum token_kind kind)
{
	switch (kind) {
	case T_ENDMENU:		return MENU_MENU;
	case T_ENDCHOICE:	return MENU_CHOICE;
	default:		return MENU_IF;
	}
}

static const char *block_keyword(enum menu_kind kind)
{
	switch (kind) {
	case MENU_MENU:		return "menu";
	case MENU_CHOICE:	return "choice";
	default:		return "if";
	}
}

static bool is_block(const struct menu_node *node)
{
	return node->kind == MENU_MENU || node->kind == MENU_CHOICE ||
	       node->kind == MENU_IF;
}

/*
 * An end keyword that does not close `parent` (opened in this file).
 * When it closes a block further out in the same file, parent misses its
 * own end: report that and return true, leaving the keyword to the
 * enclosing stmt_list.  Otherwise report it as stray and skip it.
 */
static bool stray_end(struct parser *p, struct menu_node *parent)
{
	enum menu_kind wanted = block_kind_of_end(TOK(p).kind);
	const char *keyword = token_kind_name(TOK(p).kind);
	const struct menu_node *n;

	for (n = parent; is_block(n); n = n->parent) {
		if (n->loc.file != p->lx->file)
			break;
		if (n->kind == wanted && n != parent) {
			syntax_error(p, "unexpected '%s' within %s block: the '%s' at %s:%d is not closed",
				     keyword, block_keyword(parent->kind),
				     block_keyword(parent->kind),
				     location_file(parent->loc), parent->loc.line);
			return true;
		}
	}
	if (is_block(parent) && parent->kind == wanted)
		syntax_error(p, "'%s' in different file than '%s' (the '%s' is at %s:%d)",
			     keyword, block_keyword(wanted), block_keyword(wanted),
			     location_file(parent->loc), parent->loc.line);
	else if (is_block(parent) && parent->loc.file == p->lx->file)
		syntax_error(p, "unexpected '%s' within %s block (opened at %s:%d)",
			     keyword, block_keyword(parent->kind),
			     location_file(parent->loc), parent->loc.line);
	else
		syntax_error(p, "'%s' without matching '%s'", keyword,
			     block_keyword(wanted));
	skip_line(p);
	return false;
}

/* choice_stmt := "choice" [WORD] EOL entry_options stmt_list "endchoice" */
static void choice_stmt(struct parser *p, struct menu_node *parent)
{
	struct location loc = lexer_loc(p->lx);
	struct menu_node *node, *outer_choice = p->choice;
	struct symbol *sym = NULL;

	if (p->choice)
		error_at(p, loc, "a choice cannot contain another choice");
	next(p);
	if (token_is_word(&TOK(p)) && p->kc->dialect->legacy_choices) {
		/* a named choice, apart from any config of that name */
		sym = symbol_get_named_choice(p->kc, TOK(p).text, TOK(p).len);
		next(p);
	} else if (token_is_word(&TOK(p))) {
		/* a named choice (older kernels) */
		sym = word_symbol(p);
		if (sym->flags & (SYMBOL_CONST | SYMBOL_DEFINED)) {
			syntax_error(p, "'%s' cannot name a choice: it is %s",
				     sym->name, sym->flags & SYMBOL_CONST ?
				     "a constant" : "a config symbol");
			sym = NULL;
		} else {
			sym->flags |= SYMBOL_CHOICE;
		}
		next(p);
	}
	expect_eol(p, "'choice'");
	if (!sym) {
		sym = symbol_new_choice(p->kc);
		sym->type = S_UNKNOWN;	/* bool, unless an old `tristate` says */
	}

	node = new_node(p, MENU_CHOICE, parent, loc);
	add_definition(sym, node);
	entry_options(p, node);
	/* A legacy choice without a type takes its first member's (finish.c). */
	if (sym->type == S_UNKNOWN && !p->kc->dialect->legacy_choices)
		sym->type = S_BOOLEAN;
	/* Before 6.11 (and in Kconfiglib) such a choice is only never shown. */
	if (!node->prompt && p->kc->dialect->legacy_choices)
		warn_at(p, loc, "choice must have a prompt");
	else if (!node->prompt)
		error_at(p, loc, "choice must have a prompt");

	p->choice = node;
	stmt_list(p, node);
	p->choice = outer_choice;
}

/* comment_stmt := "comment" STRING EOL entry_options */
static void comment_stmt(struct parser *p, struct menu_node *parent)
{
	struct location loc = lexer_loc(p->lx);
	struct menu_node *node;
	char *text;
	char buf[64];

	next(p);
	if (!prompt_text_token(p)) {
		syntax_error(p, "expected a quoted text after 'comment', found %s",
			     describe(p, buf, sizeof(buf)));
		skip_entry(p);
		return;
	}
	text = arena_strndup(&p->kc->arena, TOK(p).text, TOK(p).len);
	next(p);
	expect_eol(p, "the comment");
	node = new_node(p, MENU_COMMENT, parent, loc);
	add_prompt(p, node, P_COMMENT, text, NULL, loc);
	entry_options(p, node);
}

/* menu_stmt := "menu" STRING EOL entry_options stmt_list "endmenu" */
static void menu_stmt(struct parser *p, struct menu_node *parent)
{
	struct location loc = lexer_loc(p->lx);
	struct menu_node *node;
	char *text = NULL;
	char buf[64];

	if (p->choice)
		error_at(p, loc, "a choice cannot contain a menu");
	next(p);
	if (prompt_text_token(p)) {
		text = arena_strndup(&p->kc->arena, TOK(p).text, TOK(p).len);
		next(p);
		expect_eol(p, "the menu prompt");
	} else {
		/* keep the block, so that its endmenu still matches */
		syntax_error(p, "expected a quoted prompt after 'menu', found %s",
			     describe(p, buf, sizeof(buf)));
		skip_line(p);
	}
	node = new_node(p, MENU_MENU, parent, loc);
	if (text)
		add_prompt(p, node, P_MENU, text, NULL, loc);
	entry_options(p, node);
	stmt_list(p, node);
}

/* if_stmt := "if" expr EOL stmt_list "endif" */
static void if_stmt(struct parser *p, struct menu_node *parent)
{
	struct location loc = lexer_loc(p->lx);
	struct menu_node *node;
	struct expr *cond;

	next(p);
	cond = expr(p);
	if (cond)
		expect_eol(p, "the condition");
	else
		skip_line(p);	/* keep the block for its endif */
	node = new_node(p, MENU_IF, parent, loc);
	node->depends = cond;
	stmt_list(p, node);
}

/* mainmenu_stmt := "mainmenu" STRING EOL */
static void mainmenu_stmt(struct parser *p)
{
	struct location loc = lexer_loc(p->lx);
	struct menu_node *root = &p->kc->root;
	char buf[64];

	next(p);
	if (!prompt_text_token(p)) {
		syntax_error(p, "expected a quoted title after 'mainmenu', found %s",
			     describe(p, buf, sizeof(buf)));
		skip_line(p);
		return;
	}
	if (root->prompt)
		warn_at(p, loc, "mainmenu redefined (first at %s:%d)",
			location_file(root->prompt->loc), root->prompt->loc.line);
	root->prompt = NULL;
	add_prompt(p, root, P_MENU,
		   arena_strndup(&p->kc->arena, TOK(p).text, TOK(p).len),
		   NULL, loc);
	next(p);
	expect_eol(p, "the title");
}

/* source_stmt := ("source" | "osource" | "rsource" | "orsource") STRING EOL */
static void source_stmt(struct parser *p, struct menu_node *parent)
{
	struct location loc = lexer_loc(p->lx);
	enum token_kind kind = TOK(p).kind;
	const char *keyword = token_kind_name(kind);
	enum source_kind how;
	char *name;
	char buf[64];

	next(p);
	if (TOK(p).kind != T_STRING && !token_is_word(&TOK(p))) {
		syntax_error(p, "expected a quoted file name after '%s', found %s",
			     keyword, describe(p, buf, sizeof(buf)));
		skip_line(p);
		return;
	}
	name = xmemdup(TOK(p).text, TOK(p).len);
	next(p);
	expect_eol(p, "the file name");
	how = kind == T_OSOURCE ? SOURCE_OPTIONAL :
	      kind == T_RSOURCE ? SOURCE_RELATIVE :
	      kind == T_ORSOURCE ? SOURCE_OPTIONAL_RELATIVE : SOURCE_PLAIN;
	kconfig_source(p->kc, p, parent, name, how, loc);
	free(name);
}

/* assignment_stmt := WORD ("=" | ":=" | "+=") <rest of the line> */
static void assignment_stmt(struct parser *p, enum token_kind op)
{
	struct location loc = lexer_loc(p->lx);
	enum macro_flavor flavor;
	const char *value;
	char *name;
	size_t len;

	name = xmemdup(TOK(p).text, TOK(p).len);
	value = lexer_read_assign_value(p->lx, &len);
	flavor = op == T_COLON_EQUAL ? MACRO_SIMPLE :
		 op == T_PLUS_EQUAL ? MACRO_APPEND : MACRO_RECURSIVE;
	macro_assign(p->kc->macros, name, flavor, value, loc);
	free(name);
}

/* A line that starts with something no statement starts with. */
static void bad_statement(struct parser *p)
{
	char buf[64];

	if (is_option(TOK(p).kind) &&
	    (TOK(p).kind != T_TRANSITIONAL || p->kc->dialect->transitional)) {
		syntax_error(p, "%s outside of any config entry",
			     describe(p, buf, sizeof(buf)));
		if (TOK(p).kind == T_HELP) {
			help_option(p, NULL);
			return;
		}
	} else if (TOK(p).kind == T_WORD || TOK(p).kind == T_TRANSITIONAL) {
		/* (before Linux 6.18, `transitional` is a plain word) */
		syntax_error(p, "unknown statement \"%.*s\"", (int)TOK(p).len,
			     TOK(p).text);
	} else {
		syntax_error(p, "invalid statement: unexpected %s",
			     describe(p, buf, sizeof(buf)));
	}
	skip_line(p);
}

/*
 * The speculative pass (kconfig.h): every line is read, so that the
 * lexer expands what it holds, but only `source` and assignments are
 * statements; help texts are passed over as the real parse does.
 */
static void scan_for_commands(struct parser *p, struct menu_node *parent)
{
	enum token_kind op;

	while (TOK(p).kind != T_EOF && !p->stop) {
		check_error_limit(p);
		if (token_is_word(&TOK(p)) &&
		    (op = lexer_assign_op(p->lx)) != T_EOF) {
			assignment_stmt(p, op);
			continue;
		}
		switch (TOK(p).kind) {
		case T_SOURCE:
		case T_OSOURCE:
		case T_RSOURCE:
		case T_ORSOURCE:
			source_stmt(p, parent);
			continue;
		case T_HELP:
			help_option(p, NULL);
			continue;
		default:
			skip_line(p);
			next(p);
		}
	}
}

/*
 * stmt_list: the statements of a file or block, until the end of the
 * file, or the end keyword of parent when parent is a block opened in
 * this file.
 */
static void stmt_list_body(struct parser *p, struct menu_node *parent,
			   bool closes_here)
{
	for (;;) {
		enum token_kind kind = TOK(p).kind;
		enum token_kind op;

		check_error_limit(p);
		if (p->stop)
			return;
		switch (kind) {
		case T_EOL:
			next(p);
			continue;
		case T_EOF:
			if (closes_here)
				error_at(p, parent->loc, "missing '%s' for this '%s'",
					 parent->kind == MENU_MENU ? "endmenu" :
					 parent->kind == MENU_CHOICE ? "endchoice" : "endif",
					 block_keyword(parent->kind));
			return;
		case T_CONFIG:
		case T_MENUCONFIG:
			config_stmt(p, parent);
			continue;
		case T_CHOICE:
			choice_stmt(p, parent);
			continue;
		case T_COMMENT:
			comment_stmt(p, parent);
			continue;
		case T_MENU:
			menu_stmt(p, parent);
			continue;
		case T_IF:
			if_stmt(p, parent);
			continue;
		case T_MAINMENU:
			mainmenu_stmt(p);
			continue;
		case T_ENDMENU:
		case T_ENDCHOICE:
		case T_ENDIF:
			if (closes_here &&
			    parent->kind == block_kind_of_end(kind)) {
				end_block(p, parent);
				return;
			}
			if (closes_here && stray_end(p, parent))
				return;
			if (!closes_here)
				stray_end(p, parent);
			continue;
		default:
			break;
		}
		/* Soft keywords and words may start an assignment. */
		if (token_is_word(&TOK(p)) &&
		    (op = lexer_assign_op(p->lx)) != T_EOF) {
			assignment_stmt(p, op);
			continue;
		}
		switch (kind) {
		case T_SOURCE:
		case T_OSOURCE:
		case T_RSOURCE:
		case T_ORSOURCE:
			source_stmt(p, parent);
			continue;
		case T_CONFIGDEFAULT:
			if (!p->kc->dialect->configdefault)
				break;
			configdefault_stmt(p, parent);
			continue;
		default:
			break;
		}
		bad_statement(p);
	}
}

static void stmt_list(struct parser *p, struct menu_node *parent)
{
	bool closes_here = is_block(parent) && parent->loc.file == p->lx->file;

	if (p->nesting >= MAX_NESTING) {
		syntax_error(p, "blocks and source statements nested too deeply (more than %d levels)",
			     MAX_NESTING);
		p->stop = true;
		return;
	}
	p->nesting++;
	if (p->kc->speculative)
		scan_for_commands(p, parent);
	else
		stmt_list_body(p, parent, closes_here);
	p->nesting--;
}

void parser_parse(struct kconfig *kc, struct parser *outer,
		  struct menu_node *parent, const struct source_file *file,
		  const char *text, size_t len)
{
	struct parser top = { .kc = kc };
	struct parser *p = outer ? outer : &top;
	struct lexer lx, *outer_lx = p->lx;

	if (p->stop)
		return;
	lexer_init(&lx, kc, file, text, len);
	/* Files are many and small: they share one text buffer in turn. */
	lx.text = p->spare_text;
	memset(&p->spare_text, 0, sizeof(p->spare_text));
	p->lx = &lx;
	next(p);
	stmt_list(p, parent);
	if (!p->spare_text.data) {
		p->spare_text = lx.text;
		memset(&lx.text, 0, sizeof(lx.text));
	}
	lexer_release(&lx);
	p->lx = outer_lx;
	if (p == &top)
		free(top.spare_text.data);
}
