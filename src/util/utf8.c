// SPDX-License-Identifier: GPL-2.0
/* The strict UTF-8 decoder (utf8.h). */
#include "utf8.h"

int utf8_decode(const char *text, size_t len, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned char b = s[0], lo = 0x80, hi = 0xbf;
	int n;

	if (b < 0x80) {
		*cp = b;
		return 1;
	}
	if (b >= 0xc2 && b <= 0xdf) {
		n = 2;
		*cp = b & 0x1f;
	} else if (b >= 0xe0 && b <= 0xef) {
		n = 3;
		*cp = b & 0x0f;
		if (b == 0xe0)
			lo = 0xa0;	/* overlong */
		else if (b == 0xed)
			hi = 0x9f;	/* surrogates */
	} else if (b >= 0xf0 && b <= 0xf4) {
		n = 4;
		*cp = b & 0x07;
		if (b == 0xf0)
			lo = 0x90;	/* overlong */
		else if (b == 0xf4)
			hi = 0x8f;	/* above U+10FFFF */
	} else {
		return 0;
	}
	for (int i = 1; i < n; i++) {
		if ((size_t)i >= len)
			return -1;
		if (s[i] < lo || s[i] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
		*cp = (*cp << 6) | (s[i] & 0x3f);
	}
	return n;
}

void utf8_sanitize(const char *s, size_t len, struct strbuf *out)
{
	size_t i = 0, plain = 0;

	while (i < len) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);

		if (n > 0) {
			i += (size_t)n;
			continue;
		}
		strbuf_add(out, s + plain, i - plain);
		strbuf_adds(out, "\xef\xbf\xbd");	/* U+FFFD */
		plain = ++i;
	}
	strbuf_add(out, s + plain, i - plain);
}
