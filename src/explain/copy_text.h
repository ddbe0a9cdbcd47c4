/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Text copied where its length is known only when run: the explain
 * renderers write hundreds of thousands of names and file paths for
 * `explain --all`, most of them 8 to 32 bytes, which a call to memcpy()
 * costs more to copy than the copy itself.
 */
#ifndef KBROWSE_COPY_TEXT_H
#define KBROWSE_COPY_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* n bytes from from to to: 8 to 32 as overlapping words, else memcpy(). */
static inline void copy_text(char *to, const char *from, size_t n)
{
	uint64_t w[4];

	if (n >= 8 && n <= 16) {
		memcpy(&w[0], from, 8);
		memcpy(&w[1], from + n - 8, 8);
		memcpy(to, &w[0], 8);
		memcpy(to + n - 8, &w[1], 8);
	} else if (n > 16 && n <= 32) {
		memcpy(&w[0], from, 16);
		memcpy(&w[2], from + n - 16, 16);
		memcpy(to, &w[0], 16);
		memcpy(to + n - 16, &w[2], 16);
	} else {
		memcpy(to, from, n);
	}
}

#endif
