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
 * Huge pages mapped and put in place ahead, by a thread of its own: a
 * huge page's zeroing is the kernel's, but on the thread that faults
 * it.  count pages, ready in order; huge_reserve_take() hands out the
 * next one if it is ready (NULL: none ready, map one yourself), each
 * HUGE_PAGE_SIZE bytes, zeroed, freed with huge_pages_unmap().
 * huge_reserve_stop() waits for the thread and unmaps what was not
 * taken.  NULL (nothing reserved) when no thread can be started.
 */
struct huge_reserve;

struct huge_reserve *huge_reserve_start(unsigned count);
void *huge_reserve_take(struct huge_reserve *reserve);
void huge_reserve_stop(struct huge_reserve *reserve);

#endif
