/* Direct 16550 UART writer (serial=io:0x3f8, baud=). Polled, 8N1, no FIFO
 * tricks: every byte waits for THR empty, bounded so a missing UART cannot
 * hang the run. */
#include "efi/efi.h"
#include "arch/io.h"

#define UART_HZ 115200u /* divisor base: 1.8432 MHz / 16 */

bool uart_init(uint16_t port, uint32_t baud)
{
	uint16_t div = (uint16_t)(UART_HZ / baud);

	/* A floating bus reads 0xFF; the scratch register proves a UART. */
	outb(port + 7, 0x5A);
	if (inb(port + 7) != 0x5A)
		return false;
	outb(port + 1, 0x00);      /* no interrupts */
	outb(port + 3, 0x80);      /* DLAB */
	outb(port + 0, div & 0xff);
	outb(port + 1, div >> 8);
	outb(port + 3, 0x03);      /* 8N1 */
	outb(port + 2, 0x07);      /* FIFO on, cleared */
	outb(port + 4, 0x03);      /* DTR, RTS */
	return true;
}

static void uart_putc(uint16_t port, char c)
{
	unsigned spins;

	for (spins = 0; spins < 100000 && !(inb(port + 5) & 0x20); spins++)
		cpu_relax();
	outb(port, (uint8_t)c);
}

void uart_puts(uint16_t port, const char *s)
{
	for (; *s; s++) {
		if (*s == '\n')
			uart_putc(port, '\r');
		uart_putc(port, *s);
	}
}
