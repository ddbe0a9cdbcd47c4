// SPDX-License-Identifier: GPL-2.0
/*
 * Text for the screen: UTF-8 in, the locale's characters out.
 *
 * Text is walked one UTF-8 character at a time so that widths and
 * wrapping points are known for the original text: ASCII passes through,
 * other characters are decoded by the locale (UTF-8 locales) or converted
 * by iconv first (other locales), then measured with wcwidth().
 */
#include "buildconf.h"

#include <errno.h>
#include <iconv.h>
#include <langinfo.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "text.h"
#include "text_escape.h"
#include "util.h"

#ifndef ICONV_CONST
#define ICONV_CONST
#endif

struct text {
	bool utf8;		/* the locale is UTF-8: no conversion */
	iconv_t to_local;	/* UTF-8 -> locale ((iconv_t)-1: none) */
	iconv_t from_local;	/* locale -> UTF-8, for typed text */
};

/* One character of the source as the screen shows it. */
struct glyph {
	wchar_t wc[8];		/* iconv may transliterate one into several */
	int count;
	int width;
	size_t used;		/* bytes of UTF-8 consumed */
};

static iconv_t open_conversion(const char *to, const char *from)
{
	char name[128];
	iconv_t cd;

	/* //TRANSLIT turns "ß" into "ss" where the target has no ß. */
	snprintf(name, sizeof(name), "%s//TRANSLIT", to);
	cd = iconv_open(name, from);
	if (cd == (iconv_t)-1)
		cd = iconv_open(to, from);
	return cd;
}

struct text *text_new(void)
{
	struct text *text = xcalloc(1, sizeof(*text));
	const char *codeset = nl_langinfo(CODESET);

	text->utf8 = codeset && (strcmp(codeset, "UTF-8") == 0 ||
				 strcmp(codeset, "utf8") == 0);
	text->to_local = (iconv_t)-1;
	text->from_local = (iconv_t)-1;
	if (!text->utf8 && codeset && *codeset) {
		text->to_local = open_conversion(codeset, "UTF-8");
		text->from_local = iconv_open("UTF-8", codeset);
	}
	return text;
}

void text_free(struct text *text)
{
	if (!text)
		return;
	if (text->to_local != (iconv_t)-1)
		iconv_close(text->to_local);
	if (text->from_local != (iconv_t)-1)
		iconv_close(text->from_local);
	free(text);
}

bool text_is_utf8(const struct text *text)
{
	return text->utf8;
}

static void glyph_replacement(struct glyph *g)
{
	g->wc[0] = L'?';
	g->count = 1;
	g->width = 1;
}

/* Decode locale bytes into g's wide characters, measuring them. */
static void glyph_from_local(struct glyph *g, const char *local, size_t len)
{
	mbstate_t state;

	memset(&state, 0, sizeof(state));
	g->count = 0;
	g->width = 0;
	while (len && g->count < (int)ARRAY_SIZE(g->wc)) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, local, len, &state);
		int w;

		if (n == 0 || n == (size_t)-1 || n == (size_t)-2)
			break;
		w = wcwidth(wc);
		if (w < 0) {
			wc = L'?';
			w = 1;
		}
		g->wc[g->count++] = wc;
		g->width += w;
		local += n;
		len -= n;
	}
	if (!g->count)
		glyph_replacement(g);
}

/* Convert one UTF-8 character to the locale with iconv. */
static void glyph_convert(struct text *text, struct glyph *g,
			  const char *utf8, size_t n)
{
	char out[32];
	ICONV_CONST char *in = (ICONV_CONST char *)utf8;
	char *op = out;
	size_t inleft = n, outleft = sizeof(out);

	if (text->to_local == (iconv_t)-1) {
		glyph_replacement(g);
		return;
	}
	iconv(text->to_local, NULL, NULL, NULL, NULL);
	if (iconv(text->to_local, &in, &inleft, &op, &outleft) == (size_t)-1 ||
	    inleft) {
		glyph_replacement(g);
		return;
	}
	iconv(text->to_local, NULL, NULL, &op, &outleft);
	glyph_from_local(g, out, (size_t)(op - out));
}

/* A glyph drawn as ASCII text: an escape, or a blank. */
static void glyph_ascii(struct glyph *g, const char *ascii)
{
	g->count = 0;
	while (ascii[g->count] && g->count < (int)ARRAY_SIZE(g->wc)) {
		g->wc[g->count] = (wchar_t)(unsigned char)ascii[g->count];
		g->count++;
	}
	g->width = g->count;
}

static void next_glyph(struct text *text, const char *s, size_t len,
		       struct glyph *g)
{
	unsigned char c = (unsigned char)s[0];
	char esc[TEXT_ESCAPE_MAX];

	if (c >= 0x20 && c < 0x7f) {
		g->used = 1;
		g->wc[0] = (wchar_t)c;
		g->count = 1;
		g->width = 1;
		return;
	}
	/* A row of cells has no tab stops, and callers split lines first. */
	if (c == '\t' || c == '\n') {
		g->used = 1;
		glyph_ascii(g, " ");
		return;
	}
	/*
	 * What explain and dump escape is escaped here too, by the same
	 * rule: a tree's text cannot retitle the terminal or reorder a row.
	 */
	g->used = text_escape_char(s, len, TEXT_ESCAPE_TEXT, esc);
	if (esc[0]) {
		glyph_ascii(g, esc);
		return;
	}
	if (text->utf8)
		glyph_from_local(g, s, g->used);
	else
		glyph_convert(text, g, s, g->used);
}

static void put_glyph(WINDOW *win, const struct glyph *g)
{
#ifdef HAVE_NCURSESW
	waddnwstr(win, g->wc, g->count);
#else
	for (int i = 0; i < g->count; i++) {
		char buf[MB_LEN_MAX];
		mbstate_t state;
		size_t n;

		memset(&state, 0, sizeof(state));
		n = wcrtomb(buf, g->wc[i], &state);
		if (n != (size_t)-1)
			waddnstr(win, buf, (int)n);
	}
#endif
}

void text_draw(struct text *text, WINDOW *win, const char *utf8, size_t len,
	       int *cols)
{
	while (len && *cols > 0) {
		struct glyph g;

		next_glyph(text, utf8, len, &g);
		if (g.width > *cols)
			break;
		if (g.width > 0 || g.count)
			put_glyph(win, &g);
		*cols -= g.width;
		utf8 += g.used;
		len -= g.used;
	}
}

int text_width(struct text *text, const char *utf8, size_t len)
{
	int width = 0;

	while (len) {
		struct glyph g;

		next_glyph(text, utf8, len, &g);
		width += g.width;
		utf8 += g.used;
		len -= g.used;
	}
	return width;
}

size_t text_fit(struct text *text, const char *utf8, size_t len, int cols)
{
	size_t done = 0;

	while (done < len) {
		struct glyph g;

		next_glyph(text, utf8 + done, len - done, &g);
		if (g.width > cols)
			break;
		cols -= g.width;
		done += g.used;
	}
	return done;
}

char *text_to_locale(struct text *text, const char *utf8)
{
	size_t len = strlen(utf8), done = 0, used = 0;
	size_t cap = len * TEXT_ESCAPE_MAX + 1;
	char *out = xmalloc(cap);

	/*
	 * Through the same glyphs as the screen, escapes included: what is
	 * drawn is what is edited, and the field draws nothing raw.
	 */
	while (done < len) {
		struct glyph g;

		next_glyph(text, utf8 + done, len - done, &g);
		for (int i = 0; i < g.count; i++) {
			char buf[MB_LEN_MAX];
			mbstate_t state;
			size_t n;

			memset(&state, 0, sizeof(state));
			n = wcrtomb(buf, g.wc[i], &state);
			if (n == (size_t)-1 || used + n >= cap)
				continue;
			memcpy(out + used, buf, n);
			used += n;
		}
		done += g.used;
	}
	out[used] = '\0';
	return out;
}

char *text_from_locale(struct text *text, const char *local)
{
	size_t len = strlen(local);
	size_t cap = len * 4 + 1;
	char *out = xmalloc(cap);
	ICONV_CONST char *in = (ICONV_CONST char *)local;
	char *op = out;
	size_t inleft = len, outleft = cap - 1;

	if (text->utf8 || text->from_local == (iconv_t)-1) {
		memcpy(out, local, len + 1);
		return out;
	}
	iconv(text->from_local, NULL, NULL, NULL, NULL);
	while (inleft) {
		if (iconv(text->from_local, &in, &inleft, &op, &outleft) != (size_t)-1)
			break;
		if (errno != EILSEQ && errno != EINVAL)
			break;
		/* A byte the locale does not define: keep a '?' and go on. */
		*op++ = '?';
		outleft--;
		in++;
		inleft--;
	}
	*op = '\0';
	return out;
}
