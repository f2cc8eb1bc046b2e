/* Freestanding C runtime subset shared by every layer.
 *
 * The UEFI build has no libc: gnu-efi's libefi supplies memcpy/memset and
 * lib/rt.c supplies the rest below. The host build (-DHOST) uses the system
 * libc, so portable code (config parser, test framework, result writers, the
 * pmu model) compiles unchanged in both. */
#ifndef LIB_RT_H
#define LIB_RT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef HOST
#include <stdio.h>
#include <string.h>
#else
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strstr(const char *s, const char *sub);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
#endif

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
