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

/* A symbol's key in the table (struct symbol_slot.key). */
static inline unsigned slot_key(size_t len, bool is_const)
{
	return (unsigned)len << 1 | (is_const ? 1U : 0U);
}

/* Put sym in slot i, an empty one. */
static inline void slot_fill(struct kconfig *kc, size_t i, struct symbol *sym)
{
	kc->sym_slots[i].hash = sym->name_hash;
	kc->sym_slots[i].key = slot_key(sym->name_len, sym->flags & SYMBOL_CONST);
	kc->sym_slots[i].sym = sym;
	kc->sym_nnamed++;
}

/*
 * Put sym in the first empty slot from its hash on.  Symbols go in by
 * index, so that of two with one name the older comes first in a probe
 * (a table that grows puts them back in that order).
 */
static void slot_put(struct kconfig *kc, struct symbol *sym)
{
	size_t mask = kc->sym_nslots - 1, i = sym->name_hash & mask;

	while (kc->sym_slots[i].sym)
		i = (i + 1) & mask;
	slot_fill(kc, i, sym);
}

/* In the table: every named symbol but y, m and n (symbol_get() answers
 * them before it looks). */
static bool in_table(const struct kconfig *kc, const struct symbol *sym)
{
	return sym->name && sym != kc->sym_yes && sym != kc->sym_mod &&
	       sym != kc->sym_no;
}

/*
 * Room for one more name: at most three slots in four used, so that a
 * probe ends at an empty slot after a few (most often in the same
 * cache line).  Twice the slots, filled again in index order; true then
 * (every slot index found before is stale).
 */
static bool table_make_room(struct kconfig *kc)
{
	if ((kc->sym_nnamed + 1) * 4 <= kc->sym_nslots * 3)
		return false;
	free(kc->sym_slots);
	kc->sym_nslots = kc->sym_nslots ? kc->sym_nslots * 2 : 32768;
	kc->sym_slots = xcalloc(kc->sym_nslots, sizeof(*kc->sym_slots));
	kc->sym_nnamed = 0;
	for (size_t i = 0; i < kc->nsymbols; i++)
		if (in_table(kc, kc->symbols[i]))
			slot_put(kc, kc->symbols[i]);
	return true;
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
 * the lookup loads once, not a switch per slot of the probe when the
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
 * The first symbol called name in space, in the order they were made;
 * NULL when the probe reaches an empty slot, *stop (where the name would
 * go).  A slot's hash and length,
 * and its constness where the space says (NS_CHOICE does not), are
 * compared in the slot: the symbol's flags and name are read only then.
 * Inline in every lookup (the parser makes one per symbol it reads): the
 * name space is then a constant or a test of the dialect.
 */
static inline __attribute__((always_inline)) struct symbol *
probe_find(const struct kconfig *kc, const char *name, size_t len,
	   unsigned long hash, enum name_space space, size_t *stop)
{
	const struct symbol_slot *slots = kc->sym_slots;
	size_t mask = kc->sym_nslots - 1;
	unsigned key = slot_key(len, space_flags[space].want & SYMBOL_CONST);
	unsigned key_mask = space_flags[space].mask & SYMBOL_CONST ? ~0U : ~1U;
	/* The key says all when the space asks only for constness. */
	bool key_says_all = space_flags[space].mask == SYMBOL_CONST;

	size_t i;

	for (i = hash & mask; slots[i].sym; i = (i + 1) & mask)
		if (slots[i].hash == (unsigned)hash &&
		    !((slots[i].key ^ key) & key_mask) &&
		    (key_says_all || in_space(slots[i].sym, space)) &&
		    same_name_bytes(slots[i].sym->name, name, len))
			return slots[i].sym;
	*stop = i;
	return NULL;
}

/*
 * symbol_get_n() of a name not in the table yet: out of line, so that
 * the lookup, which nearly always finds its name, makes no call and
 * saves no registers.
 */
static struct symbol *__attribute__((noinline))
symbol_add(struct kconfig *kc, const char *name, size_t len,
	   unsigned long hash, bool is_const, size_t stop)
{
	struct symbol *sym;
	bool grown = table_make_room(kc);

	/*
	 * The table itself keeps names unique: a copy in the arena will do,
	 * without going through the intern table as well.
	 */
	sym = symbol_alloc(kc, arena_strndup(&kc->arena, name, len), len, hash);
	if (is_const)
		sym->flags |= SYMBOL_CONST;
	/* Where the lookup stopped, unless the table grew since. */
	if (grown)
		slot_put(kc, sym);
	else
		slot_fill(kc, stop, sym);
	return sym;
}

struct symbol *symbol_get_n(struct kconfig *kc, const char *name, size_t len,
			    bool is_const)
{
	struct symbol *sym = tristate_const(kc, name, len);
	unsigned long hash;
	size_t stop = 0;

	if (sym)
		return sym;
	hash = hash_bytes(name, len);
	/* One probe for each space, each compiled for its constant space. */
	if (is_const)
		sym = probe_find(kc, name, len, hash, NS_CONST, &stop);
	else if (config_space(kc) == NS_CONFIG)
		sym = probe_find(kc, name, len, hash, NS_CONFIG, &stop);
	else
		sym = probe_find(kc, name, len, hash, NS_ANY_CONFIG, &stop);
	return sym ? sym : symbol_add(kc, name, len, hash, is_const, stop);
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
static struct symbol *latest_of_name(const struct kconfig *kc,
				     const char *name, size_t len,
				     unsigned long hash)
{
	size_t mask = kc->sym_nslots - 1;
	unsigned key = slot_key(len, false);
	struct symbol *latest = NULL;

	for (size_t i = hash & mask; kc->sym_slots[i].sym; i = (i + 1) & mask) {
		struct symbol *sym = kc->sym_slots[i].sym;

		/* NS_ANY_CONFIG: a symbol that is not a quoted constant. */
		if (kc->sym_slots[i].hash == (unsigned)hash &&
		    kc->sym_slots[i].key == key &&
		    same_name_bytes(sym->name, name, len) &&
		    (!latest || sym->index > latest->index))
			latest = sym;
	}
	return latest;
}

struct symbol *symbol_find(const struct kconfig *kc, const char *name)
{
	size_t len = strlen(name);
	struct symbol *sym = tristate_const(kc, name, len);
	unsigned long hash;
	size_t stop;

	if (sym || !kc->sym_nslots)
		return sym;
	hash = hash_bytes(name, len);
	if (config_space(kc) == NS_CONFIG && kc->dialect->choice_names_apart)
		return probe_find(kc, name, len, hash, NS_CONFIG, &stop);
	if (config_space(kc) == NS_CONFIG)
		return latest_of_name(kc, name, len, hash);
	return probe_find(kc, name, len, hash, NS_ANY_CONFIG, &stop);
}

struct symbol *symbol_get_named_choice(struct kconfig *kc, const char *name,
				       size_t len)
{
	unsigned long hash = hash_bytes(name, len);
	size_t stop;
	struct symbol *sym = probe_find(kc, name, len, hash, NS_CHOICE, &stop);

	if (sym)
		return sym;
	table_make_room(kc);
	sym = symbol_alloc(kc, intern_hashed(&kc->strings, name, len, hash),
			   len, hash);
	sym->flags |= SYMBOL_CHOICE;
	sym->type = S_UNKNOWN;
	slot_put(kc, sym);
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
	table_make_room(kc);
	/* Kept out of the hash table: symbol_get() answers them first. */
	kc->sym_no = make_tristate_const(kc, "n");
	kc->sym_mod = make_tristate_const(kc, "m");
	kc->sym_mod->flags |= SYMBOL_MOD;
	kc->sym_yes = make_tristate_const(kc, "y");
}

void symbol_table_release(struct kconfig *kc)
{
	free(kc->sym_slots);
	free(kc->symbols);
	kc->sym_slots = NULL;
	kc->symbols = NULL;
	kc->sym_nslots = kc->sym_nnamed = kc->nsymbols = kc->symbols_cap = 0;
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
