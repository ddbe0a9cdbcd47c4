// SPDX-License-Identifier: GPL-2.0
/*
 * Memory in huge pages where the kernel gives them (huge_pages.h).
 */
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "huge_pages.h"
#include "util.h"

static size_t rounded(size_t size)
{
	return (size + HUGE_PAGE_SIZE - 1) & ~(HUGE_PAGE_SIZE - 1);
}

void *huge_pages_map(size_t size, bool populate)
{
	size_t len = rounded(size);
	char *raw, *start, *end;

	if (len < size || len + HUGE_PAGE_SIZE < len)
		return NULL;
	/* One huge page more than asked, to cut an aligned run out of. */
	raw = mmap(NULL, len + HUGE_PAGE_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	start = (char *)(((uintptr_t)raw + HUGE_PAGE_SIZE - 1) &
			 ~(uintptr_t)(HUGE_PAGE_SIZE - 1));
	end = start + len;
	if (start > raw)
		munmap(raw, (size_t)(start - raw));
	if (raw + len + HUGE_PAGE_SIZE > end)
		munmap(end, (size_t)(raw + len + HUGE_PAGE_SIZE - end));
#ifdef MADV_HUGEPAGE
	(void)madvise(start, len, MADV_HUGEPAGE);
#endif
#ifdef MADV_POPULATE_WRITE
	if (populate)
		(void)madvise(start, len, MADV_POPULATE_WRITE);
#else
	(void)populate;
#endif
	return start;
}

void huge_pages_unmap(void *p, size_t size)
{
	if (p)
		munmap(p, rounded(size));
}

static bool is_huge_table(size_t n, size_t size)
{
	return n * size >= HUGE_PAGE_SIZE / 2;
}

void *huge_calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size)
		out_of_memory();
	if (!is_huge_table(n, size))
		return xcalloc(n, size);
	p = huge_pages_map(n * size, true);
	if (!p)
		out_of_memory();
	return p;
}

void huge_free(void *p, size_t n, size_t size)
{
	if (is_huge_table(n, size))
		huge_pages_unmap(p, n * size);
	else
		free(p);
}

bool huge_pages_for_heap(size_t pad)
{
	bool advised = false;
#if defined(M_TOP_PAD) && defined(MADV_HUGEPAGE)
	char *before = sbrk(0), *after, *start, *end;
	void *grow[4] = { NULL };

	if (before == (char *)-1 || !mallopt(M_TOP_PAD, (int)pad))
		return false;
	/* Blocks until the heap grows (by pad more than they need). */
	for (int i = 0; i < 4 && (char *)sbrk(0) == before; i++)
		grow[i] = malloc(64 * 1024);
	after = sbrk(0);
	start = (char *)(((uintptr_t)before + HUGE_PAGE_SIZE - 1) &
			 ~(uintptr_t)(HUGE_PAGE_SIZE - 1));
	end = (char *)((uintptr_t)after & ~(uintptr_t)(HUGE_PAGE_SIZE - 1));
	/* Another malloc() (a sanitizer's) moves no heap by the pad. */
	if (after != (char *)-1 && (size_t)(after - before) >= pad && end > start)
		advised = madvise(start, (size_t)(end - start), MADV_HUGEPAGE) == 0;
	for (int i = 0; i < 4; i++)
		free(grow[i]);
#else
	(void)pad;
#endif
	return advised;
}
