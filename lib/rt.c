/* Freestanding implementations of the lib/rt.h subset for the UEFI build.
 * vsnprintf supports what the project uses: flags '-' '0', width, precision
 * (also '*'), length h hh l ll z, conversions d i u x X p s c %. Output is
 * always NUL-terminated when size > 0; the return value is the length the
 * full output would have had, as C99 specifies. */
#include "lib/rt.h"

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d < s) {
		while (n--)
			*d++ = *s++;
	} else {
		while (n--)
			d[n] = s[n];
	}
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			return 0;
	}
	return 0;
}

int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, (size_t)-1);
}

char *strstr(const char *s, const char *sub)
{
	size_t n = strlen(sub);

	for (; *s; s++)
		if (!strncmp(s, sub, n))
			return (char *)s;
	return n ? NULL : (char *)s;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

struct out {
	char *buf;
	size_t size, len;
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_padded(struct out *o, const char *s, size_t n, int width,
		       bool left, char pad)
{
	int fill = width > (int)n ? width - (int)n : 0;

	/* Zero padding goes after a sign, as printf does. */
	if (!left && pad == '0' && n && *s == '-') {
		put(o, *s++);
		n--;
	}
	while (!left && fill-- > 0)
		put(o, pad);
	while (n--)
		put(o, *s++);
	while (left && fill-- > 0)
		put(o, ' ');
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { .buf = buf, .size = size, .len = 0 };

	for (; *fmt; fmt++) {
		bool left = false, is_signed = false;
		char pad = ' ', tmp[24];
		int width = 0, prec = -1, lng = 0;
		unsigned base = 10;
		const char *digits = "0123456789abcdef";
		unsigned long long u;
		size_t n;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		for (fmt++; *fmt == '-' || *fmt == '0'; fmt++) {
			if (*fmt == '-')
				left = true;
			else
				pad = '0';
		}
		if (*fmt == '*') {
			width = va_arg(ap, int);
			fmt++;
		}
		for (; *fmt >= '0' && *fmt <= '9'; fmt++)
			width = width * 10 + (*fmt - '0');
		if (*fmt == '.') {
			prec = 0;
			if (*++fmt == '*') {
				prec = va_arg(ap, int);
				fmt++;
			}
			for (; *fmt >= '0' && *fmt <= '9'; fmt++)
				prec = prec * 10 + (*fmt - '0');
		}
		for (; *fmt == 'l' || *fmt == 'z' || *fmt == 'h'; fmt++)
			lng += *fmt == 'h' ? 0 : (*fmt == 'z' ? 2 : 1);
		switch (*fmt) {
		case 's': {
			const char *s = va_arg(ap, const char *);

			if (!s)
				s = "(null)";
			for (n = 0; s[n] && (prec < 0 || (int)n < prec); n++)
				;
			put_padded(&o, s, n, width, left, ' ');
			continue;
		}
		case 'c':
			tmp[0] = (char)va_arg(ap, int);
			put_padded(&o, tmp, 1, width, left, ' ');
			continue;
		case '%':
			put(&o, '%');
			continue;
		case 'd':
		case 'i':
			is_signed = true;
			break;
		case 'u':
			break;
		case 'X':
			digits = "0123456789ABCDEF";
			/* fall through */
		case 'x':
			base = 16;
			break;
		case 'p':
			base = 16;
			lng = 2;
			put(&o, '0');
			put(&o, 'x');
			break;
		default: /* unknown conversion: print it verbatim */
			put(&o, '%');
			if (!*fmt)
				return (int)o.len;
			put(&o, *fmt);
			continue;
		}
		if (is_signed) {
			long long v = lng >= 2 ? va_arg(ap, long long)
			            : lng == 1 ? va_arg(ap, long)
			                       : va_arg(ap, int);
			u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
			n = sizeof(tmp);
			do
				tmp[--n] = digits[u % base];
			while (u /= base);
			if (v < 0)
				tmp[--n] = '-';
		} else {
			u = lng >= 2 ? va_arg(ap, unsigned long long)
			  : lng == 1 ? va_arg(ap, unsigned long)
			             : va_arg(ap, unsigned int);
			n = sizeof(tmp);
			do
				tmp[--n] = digits[u % base];
			while (u /= base);
		}
		put_padded(&o, tmp + n, sizeof(tmp) - n, width, left, pad);
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
