/* results.jsonl, the journal (results.h): appended a whole line at a time,
 * each closed by its own check. */
#include "harness/results_fmt.h"
#include "harness/wire.h"

static void append(struct rfile *f, struct rbuf *b)
{
	f->chain = wire_crc32(f->chain, b->p, b->len);
	rbuf_printf(b, JOURNAL_CRC_FMT, (unsigned)f->chain);
	rfile_append(f, b->p, b->len);
	f->seq++;
}

void jsonl_begin(struct rfile *f, const struct run_info *ri)
{
	struct rbuf b = { .p = json_scratch, .size = RESULTS_HEAD_MAX, .len = 0 };

	f->seq = 0;
	f->chain = 0;
	rbuf_put(&b, "{\"journal\":1,\"seq\":0,");
	json_put_head(&b, ri);
	append(f, &b);
}

void jsonl_result(struct rfile *f, const struct tresult *r)
{
	struct rbuf b = { .p = json_scratch, .size = RESULTS_SCRATCH_MAX, .len = 0 };

	rbuf_printf(&b, "{\"seq\":%llu,\"test\":", (unsigned long long)f->seq);
	json_put_record(&b, r);
	append(f, &b);
}

void jsonl_end(struct rfile *f, const struct tally *t)
{
	struct rbuf b = { .p = json_scratch, .size = RESULTS_SCRATCH_MAX, .len = 0 };

	rbuf_printf(&b, "{\"seq\":%llu,\"summary\":", (unsigned long long)f->seq);
	json_put_summary(&b, t);
	append(f, &b);
}
