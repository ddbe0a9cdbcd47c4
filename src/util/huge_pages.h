/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory in huge pages where the kernel gives them.
 *
 * In a virtual machine the first touch of each small page costs a trap
 * to the hypervisor, some 2 µs here: the 6 MB of a Linux tree's Kconfig
 * texts cost more to touch once, mapped from the page cache, than to
 * copy into three huge pages.  And a walk over a large area misses the
 * TLB far less.
 */
#ifndef KBROWSE_HUGE_PAGES_H
#define KBROWSE_HUGE_PAGES_H

#include <stdbool.h>
#include <stddef.h>

/* A huge page on x86-64 (and most others). */
#define HUGE_PAGE_SIZE ((size_t)2 << 20)

/*
 * size bytes (rounded up to a multiple of HUGE_PAGE_SIZE), zeroed, at a
 * multiple of HUGE_PAGE_SIZE, advised as huge pages (only a hint: small
 * pages without them); populate: their pages put in place now, in one
 * call.  NULL when nothing can be mapped.
 */
void *huge_pages_map(size_t size, bool populate);
void huge_pages_unmap(void *p, size_t size);

/*
 * A zeroed table of n elements of size bytes, in huge pages from half a
 * huge page on (calloc()'s below), for per-symbol and per-node tables a
 * load touches all over; never NULL (aborts).  huge_free() takes the
 * same n and size.
 */
void *huge_calloc(size_t n, size_t size);
void huge_free(void *p, size_t n, size_t size);

/*
 * malloc()'s heap grown now by pad bytes (and later in steps of pad),
 * that first step advised as huge pages: a load's many small blocks
 * (some 2.5 MB for Linux) then fault a few times, not some 600, for a
 * peak RSS up to a huge page or so higher.  True when so advised (not
 * where malloc() is a sanitizer's or valgrind's).
 */
bool huge_pages_for_heap(size_t pad);

#endif
