// SPDX-License-Identifier: GPL-2.0
/*
 * The symbol table: every symbol of a tree, by name and by index.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig.h"
#include "util.h"

static const char *const type_names[] = {
	[S_UNKNOWN] = "unknown",
	[S_BOOLEAN] = "bool",
	[S_TRISTATE] = "tristate",
	[S_INT] = "int",
	[S_HEX] = "hex",
	[S_STRING] = "string",
};

const char *symbol_type_name(enum symbol_type type)
{
	return type_names[type];
}

/* Inline: symbol_add() makes one per symbol the tree names. */
static inline __attribute__((always_inline)) struct symbol *
symbol_alloc(struct kconfig *kc, const char *name, size_t len,
	     unsigned long hash)
{
	struct symbol *sym = arena_new(&kc->arena, struct symbol);

	sym->name = name;
	sym->name_len = (unsigned)len;
	sym->name_hash = (unsigned)hash;
	sym->props_tail = &sym->props;
	sym->nodes_tail = &sym->first_node;
	if (kc->nsymbols == kc->symbols_cap) {
		kc->symbols_cap = kc->symbols_cap ? kc->symbols_cap * 2 : 4096;
		kc->symbols = xrealloc(kc->symbols,
				      kc->symbols_cap * sizeof(*kc->symbols));
	}
	sym->index = (unsigned)kc->nsymbols;
	kc->symbols[kc->nsymbols++] = sym;
	return sym;
}

static struct symbol **bucket_of(const struct kconfig *kc, unsigned long hash)
{
	return &kc->sym_buckets[hash & (kc->sym_nbuckets - 1)];
}

static void table_grow(struct kconfig *kc)
{
	struct symbol **old = kc->sym_buckets;
	size_t nold = kc->sym_nbuckets;

	kc->sym_nbuckets = nold ? nold * 2 : 32768;
	kc->sym_buckets = xcalloc(kc->sym_nbuckets, sizeof(*kc->sym_buckets));
	for (size_t i = 0; i < nold; i++) {
		struct symbol *sym = old[i];

		while (sym) {
			struct symbol *next = sym->hash_next;
			struct symbol **bucket = bucket_of(kc, sym->name_hash);

			sym->hash_next = *bucket;
			*bucket = sym;
			sym = next;
		}
	}
	free(old);
}

static struct symbol *tristate_const(const struct kconfig *kc,
				     const char *name, size_t len)
{
	if (len == 1) {
		switch (name[0]) {
		case 'y': return kc->sym_yes;
		case 'm': return kc->sym_mod;
		case 'n': return kc->sym_no;
		}
	}
	return NULL;
}

/* Which symbols of a name a lookup may answer with. */
enum name_space {
	NS_ANY_CONFIG,		/* a non-constant symbol, named choices too */
	NS_CONFIG,		/* a non-constant symbol but a named choice */
	NS_CONST,		/* a quoted constant */
	NS_CHOICE,		/* a named choice */
};

/*
 * Before Linux 6.11 a named choice and a config symbol of the same name
 * are two symbols (kconfig-frontends trees use that); since then the
 * name is one symbol's.
 */
static enum name_space config_space(const struct kconfig *kc)
{
	return kc->dialect && kc->dialect->legacy_choices ? NS_CONFIG
							   : NS_ANY_CONFIG;
}

/*
 * Each name space as the flags a symbol in it has: a test of two values
 * the lookup loads once, not a switch per symbol of the chain when the
 * space is known only at run time (symbol_get_n()).
 */
static const struct {
	unsigned mask, want;
} space_flags[] = {
	[NS_ANY_CONFIG] = { SYMBOL_CONST, 0 },
	[NS_CONFIG] = { SYMBOL_CONST | SYMBOL_CHOICE, 0 },
	[NS_CONST] = { SYMBOL_CONST, SYMBOL_CONST },
	[NS_CHOICE] = { SYMBOL_CHOICE, SYMBOL_CHOICE },
};

static inline bool in_space(const struct symbol *sym, enum name_space space)
{
	return (sym->flags & space_flags[space].mask) == space_flags[space].want;
}

/*
 * memcmp(a, b, len) == 0 without a call, for names: words of 8 bytes (the
 * last one overlapping the one before), or two of 4, or single bytes,
 * never reading past len.  Nearly every lookup finds its name, so this
 * runs once per symbol the parser reads.
 */
static inline bool same_name_bytes(const char *a, const char *b, size_t len)
{
	uint64_t wa, wb;
	uint32_t ha, hb, ta, tb;

	if (len >= 8) {
		for (size_t i = 0; i + 8 < len; i += 8) {
			memcpy(&wa, a + i, 8);
			memcpy(&wb, b + i, 8);
			if (wa != wb)
				return false;
		}
		memcpy(&wa, a + len - 8, 8);
		memcpy(&wb, b + len - 8, 8);
		return wa == wb;
	}
	if (len >= 4) {
		memcpy(&ha, a, 4);
		memcpy(&hb, b, 4);
		memcpy(&ta, a + len - 4, 4);
		memcpy(&tb, b + len - 4, 4);
		return ha == hb && ta == tb;
	}
	for (size_t i = 0; i < len; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/*
 * Inline in every lookup (the parser makes one per symbol it reads): the
 * name space is then a constant or a test of the dialect.
 */
static inline __attribute__((always_inline)) struct symbol *
chain_find(struct symbol *sym, const char *name, size_t len,
	   unsigned long hash, enum name_space space)
{
	for (; sym; sym = sym->hash_next)
		if (sym->name_hash == (unsigned)hash && sym->name_len == len &&
		    in_space(sym, space) && same_name_bytes(sym->name, name, len))
			return sym;
	return NULL;
}

/*
 * symbol_get_n() of a name not in the table yet: out of line, so that
 * the lookup, which nearly always finds its name, makes no call and
 * saves no registers.
 */
static struct symbol *__attribute__((noinline))
symbol_add(struct kconfig *kc, const char *name, size_t len,
	   unsigned long hash, bool is_const)
{
	struct symbol **bucket;
	struct symbol *sym;

	if (kc->nsymbols >= kc->sym_nbuckets)
		table_grow(kc);
	bucket = bucket_of(kc, hash);
	/*
	 * The table itself keeps names unique: a copy in the arena will do,
	 * without going through the intern table as well.
	 */
	sym = symbol_alloc(kc, arena_strndup(&kc->arena, name, len), len, hash);
	if (is_const)
		sym->flags |= SYMBOL_CONST;
	sym->hash_next = *bucket;
	*bucket = sym;
	return sym;
}

struct symbol *symbol_get_n(struct kconfig *kc, const char *name, size_t len,
			    bool is_const)
{
	struct symbol *sym = tristate_const(kc, name, len);
	unsigned long hash;

	if (sym)
		return sym;
	hash = hash_bytes(name, len);
	sym = chain_find(*bucket_of(kc, hash), name, len, hash,
			 is_const ? NS_CONST : config_space(kc));
	return sym ? sym : symbol_add(kc, name, len, hash, is_const);
}

struct symbol *symbol_get(struct kconfig *kc, const char *name, bool is_const)
{
	return symbol_get_n(kc, name, strlen(name), is_const);
}

/*
 * Looking a name up from outside the Kconfig text (a .config line, $NAME
 * in a main menu) the older kconfig took the symbol of that name made
 * last, a named choice as well as a config: "CONFIG_X=y" sets the choice
 * X when `choice X` comes after `config X`.
 */
static struct symbol *latest_of_name(struct symbol *sym, const char *name,
				     size_t len, unsigned long hash)
{
	struct symbol *latest = NULL;

	for (; sym; sym = sym->hash_next)
		if (sym->name_hash == (unsigned)hash && sym->name_len == len &&
		    in_space(sym, NS_ANY_CONFIG) &&
		    same_name_bytes(sym->name, name, len) &&
		    (!latest || sym->index > latest->index))
			latest = sym;
	return latest;
}

struct symbol *symbol_find(const struct kconfig *kc, const char *name)
{
	size_t len = strlen(name);
	struct symbol *sym = tristate_const(kc, name, len);
	unsigned long hash;

	if (sym || !kc->sym_nbuckets)
		return sym;
	hash = hash_bytes(name, len);
	if (config_space(kc) == NS_CONFIG && kc->dialect->choice_names_apart)
		return chain_find(*bucket_of(kc, hash), name, len, hash, NS_CONFIG);
	if (config_space(kc) == NS_CONFIG)
		return latest_of_name(*bucket_of(kc, hash), name, len, hash);
	return chain_find(*bucket_of(kc, hash), name, len, hash, NS_ANY_CONFIG);
}

struct symbol *symbol_get_named_choice(struct kconfig *kc, const char *name,
				       size_t len)
{
	unsigned long hash = hash_bytes(name, len);
	struct symbol **bucket = bucket_of(kc, hash);
	struct symbol *sym = chain_find(*bucket, name, len, hash, NS_CHOICE);

	if (sym)
		return sym;
	if (kc->nsymbols >= kc->sym_nbuckets) {
		table_grow(kc);
		bucket = bucket_of(kc, hash);
	}
	sym = symbol_alloc(kc, intern_hashed(&kc->strings, name, len, hash),
			   len, hash);
	sym->flags |= SYMBOL_CHOICE;
	sym->type = S_UNKNOWN;
	sym->hash_next = *bucket;
	*bucket = sym;
	return sym;
}

struct symbol *symbol_new_choice(struct kconfig *kc)
{
	struct symbol *sym = symbol_alloc(kc, NULL, 0, 0);

	sym->flags |= SYMBOL_CHOICE;
	sym->type = S_BOOLEAN;
	return sym;
}

static struct symbol *make_tristate_const(struct kconfig *kc, const char *name)
{
	size_t len = strlen(name);
	struct symbol *sym = symbol_alloc(kc, intern(&kc->strings, name), len,
					  hash_bytes(name, len));

	sym->type = S_TRISTATE;
	sym->flags = SYMBOL_CONST;
	return sym;
}

void symbol_table_init(struct kconfig *kc)
{
	table_grow(kc);
	/* Kept out of the hash table: symbol_get() answers them first. */
	kc->sym_no = make_tristate_const(kc, "n");
	kc->sym_mod = make_tristate_const(kc, "m");
	kc->sym_mod->flags |= SYMBOL_MOD;
	kc->sym_yes = make_tristate_const(kc, "y");
}

void symbol_table_release(struct kconfig *kc)
{
	free(kc->sym_buckets);
	free(kc->symbols);
	kc->sym_buckets = NULL;
	kc->symbols = NULL;
	kc->sym_nbuckets = kc->nsymbols = kc->symbols_cap = 0;
}

struct property *property_new(struct kconfig *kc, struct symbol *sym,
			      enum prop_type type, struct location loc)
{
	struct property *prop = arena_new(&kc->arena, struct property);

	prop->type = type;
	prop->sym = sym;
	prop->loc = loc;
	if (sym) {
		*sym->props_tail = prop;
		sym->props_tail = &prop->next;
	}
	return prop;
}

const char *symbol_prompt_text(const struct symbol *sym)
{
	for (const struct property *p = sym->props; p; p = p->next)
		if (p->type == P_PROMPT && p->text && *p->text)
			return p->text;
	return NULL;
}

const char *symbol_help_text(const struct symbol *sym)
{
	for (const struct menu_node *n = sym->first_node; n; n = n->next_def)
		if (n->help && *n->help)
			return n->help;
	return NULL;
}
