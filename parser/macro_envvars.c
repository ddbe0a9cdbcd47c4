// SPDX-License-Identifier: GPL-2.0
/*
 * Kconfiglib's environment variables in quoted strings (the kconfiglib
 * dialect's string_env_expansion): after a string's escapes and $(...)
 * references are done, Kconfiglib replaces "$UNAME_RELEASE" by the
 * running kernel's release, then expands "$NAME" and "${NAME}" the way
 * Python's os.path.expandvars() does:
 *
 *  - NAME after a bare '$' is the longest run of [A-Za-z0-9_];
 *  - "${...}" takes everything up to the first '}' as the name, even
 *    blanks; without a '}' the '$' is a plain byte;
 *  - a variable that is not set leaves the reference as written, "${}"
 *    and a lone '$' too;
 *  - the values put in are not scanned again.
 *
 * ESP-IDF writes `default "$IDF_TARGET"` and `source "$COMPONENT_KCONFIGS"`
 * this way.  The Linux kernel never expands these: the lexer calls this
 * only under that dialect.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "macro_internal.h"

static bool is_name_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/*
 * The reference at p ('$', before end): its name in *name (*name_len bytes) and
 * its length, or 0 when it is no reference at all.
 */
static size_t env_reference(const char *p, const char *end, const char **name,
			    size_t *name_len)
{
	const char *q = p + 1;

	if (q < end && *q == '{') {
		const char *close = memchr(q + 1, '}', (size_t)(end - q - 1));

		if (!close)
			return 0;
		*name = q + 1;
		*name_len = (size_t)(close - q - 1);
		return (size_t)(close + 1 - p);
	}
	while (q < end && is_name_byte(*q))
		q++;
	*name = p + 1;
	*name_len = (size_t)(q - p - 1);
	return *name_len ? (size_t)(q - p) : 0;
}

/* The value of the variable called name[0..len), or NULL when unset. */
static const char *env_value(struct macro_env *env, const char *name,
			     size_t len)
{
	char *copy;
	const char *value;

	if (!len || memchr(name, '\0', len))
		return NULL;
	copy = xmemdup(name, len);
	value = macro_getenv(env, copy);
	free(copy);
	return value;
}

char *macro_expand_env_vars(struct macro_env *env, const char *text,
			    size_t len, size_t *out_len)
{
	static const char uname_release[] = "$UNAME_RELEASE";
	const size_t uname_len = sizeof(uname_release) - 1;
	const char *p = text, *end = text + len, *dollar;
	struct strbuf out = { 0 };

	if (!memchr(text, '$', len))
		return NULL;
	while ((dollar = memchr(p, '$', (size_t)(end - p)))) {
		const char *name, *value;
		size_t name_len, ref_len;

		strbuf_add(&out, p, (size_t)(dollar - p));
		if ((size_t)(end - dollar) >= uname_len &&
		    !memcmp(dollar, uname_release, uname_len)) {
			struct utsname uts;

			if (uname(&uts) == 0)
				strbuf_add(&out, uts.release, strlen(uts.release));
			p = dollar + uname_len;
			continue;
		}
		ref_len = env_reference(dollar, end, &name, &name_len);
		if (!ref_len) {
			strbuf_addc(&out, '$');
			p = dollar + 1;
			continue;
		}
		value = env_value(env, name, name_len);
		if (value)
			strbuf_add(&out, value, strlen(value));
		else
			strbuf_add(&out, dollar, ref_len);
		p = dollar + ref_len;
	}
	strbuf_add(&out, p, (size_t)(end - p));
	*out_len = out.len;
	return strbuf_take(&out);
}
