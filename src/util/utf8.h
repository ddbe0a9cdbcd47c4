/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one UTF-8 decoder: strict (RFC 3629), so that every writer agrees
 * on which bytes are text.  Overlong forms, surrogates (ED A0..BF),
 * code points above U+10FFFF and stray continuation bytes are not
 * UTF-8.  Knows nothing of terminals or JSON.
 */
#ifndef KBROWSE_UTF8_H
#define KBROWSE_UTF8_H

#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

/*
 * The length of the UTF-8 sequence at s (at most len bytes, len > 0)
 * and its code point in *cp; 0 when s does not start a valid sequence,
 * -1 when the len bytes are the valid but incomplete start of one.
 */
int utf8_decode(const char *s, size_t len, uint32_t *cp);

/* Append s[0..len) to out, each byte that is not UTF-8 as U+FFFD. */
void utf8_sanitize(const char *s, size_t len, struct strbuf *out);

#endif
