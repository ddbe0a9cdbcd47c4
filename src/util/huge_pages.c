// SPDX-License-Identifier: GPL-2.0
/*
 * Memory in huge pages where the kernel gives them (huge_pages.h).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "huge_pages.h"

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

/* --- a reserve filled ahead ------------------------------------------------ */

struct huge_reserve {
	pthread_t thread;
	unsigned count;
	unsigned taken;			/* the taker's alone */
	atomic_bool stop;
	_Atomic(void *) pages[];	/* NULL: not ready yet */
};

static void *fill_reserve(void *arg)
{
	struct huge_reserve *r = arg;

	for (unsigned i = 0; i < r->count; i++) {
		void *p;

		if (atomic_load_explicit(&r->stop, memory_order_relaxed))
			break;
		p = huge_pages_map(HUGE_PAGE_SIZE, true);
		if (!p)
			break;
		/* Release: the page is in place before it is seen. */
		atomic_store_explicit(&r->pages[i], p, memory_order_release);
	}
	return NULL;
}

struct huge_reserve *huge_reserve_start(unsigned count)
{
	struct huge_reserve *r;
	pthread_attr_t attr;
	int err;

	if (count == 0)
		return NULL;
	r = calloc(1, sizeof(*r) + count * sizeof(r->pages[0]));
	if (!r)
		return NULL;
	r->count = count;
	/* It calls mmap() and madvise(): a small stack will do. */
	err = pthread_attr_init(&attr);
	if (!err) {
		(void)pthread_attr_setstacksize(&attr, 64 * 1024);
		err = pthread_create(&r->thread, &attr, fill_reserve, r);
		pthread_attr_destroy(&attr);
	}
	if (err) {
		free(r);
		return NULL;
	}
	return r;
}

void *huge_reserve_take(struct huge_reserve *r)
{
	void *p;

	if (!r || r->taken == r->count)
		return NULL;
	p = atomic_exchange_explicit(&r->pages[r->taken], NULL,
				     memory_order_acquire);
	if (p)
		r->taken++;
	return p;
}

void huge_reserve_stop(struct huge_reserve *r)
{
	if (!r)
		return;
	atomic_store_explicit(&r->stop, true, memory_order_relaxed);
	pthread_join(r->thread, NULL);
	for (unsigned i = r->taken; i < r->count; i++)
		huge_pages_unmap(atomic_load_explicit(&r->pages[i],
						      memory_order_relaxed),
				 HUGE_PAGE_SIZE);
	free(r);
}
