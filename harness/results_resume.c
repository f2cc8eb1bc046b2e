/* A run that goes on after a reset (a hung test's watchdog, a power cut): what the first boot
 * wrote to the journal is all that is left of it, since results.json is
 * built in memory (results.h). The journal's lines carry the head and each
 * record exactly as results.json has them (results_jsonl.c), so
 * results.json is rebuilt from their text, without parsing them; only the
 * tally needs a record's verdict, id and reason. */
#include "harness/results_fmt.h"
#include "harness/runner.h"
#include "harness/wire.h"

size_t journal_line_body(const char *line, size_t n, uint32_t *chain)
{
	static const char pre[] = ",\"crc32\":\"";
	size_t b = n - JOURNAL_CRC_LEN, i;
	uint32_t v = 0;

	if (n < JOURNAL_CRC_LEN || memcmp(line + b, pre, sizeof(pre) - 1) || line[n - 2] != '"' ||
	    line[n - 1] != '}')
		return 0;
	for (i = b + sizeof(pre) - 1; i < n - 2; i++) {
		char c = line[i];

		if (c >= '0' && c <= '9')
			v = v * 16 + (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (uint32_t)(c - 'a' + 10);
		else
			return 0;
	}
	if (v != wire_crc32(*chain, line, b))
		return 0;
	*chain = v;
	return b;
}

static const char head_pre[] = "{\"journal\":1,\"seq\":0,";

/* The value of string key "key" in the record rec (n bytes), unescaped
 * into out (its first line only); false if absent. A key's quotes cannot
 * stand inside a string value, where every quote is escaped. */
static bool str_field(const char *rec, size_t n, const char *key, char *out, size_t size)
{
	char pat[24];
	const char *p, *end = rec + n;
	size_t k = 0;

	snprintf(pat, sizeof(pat), "\"%s\":\"", key);
	for (p = rec; p + strlen(pat) <= end && strncmp(p, pat, strlen(pat)); p++)
		;
	if (p + strlen(pat) > end)
		return false;
	for (p += strlen(pat); p < end && *p != '"'; p++) {
		char c = *p;

		if (c == '\\' && p + 1 < end) {
			c = *++p;
			if (c == 'u' && p + 4 < end) {
				unsigned v = 0;

				for (int i = 1; i <= 4; i++)
					v = v * 16 + (unsigned)(p[i] <= '9' ? p[i] - '0' : (p[i] | 32) - 'a' + 10);
				c = (char)v;
				p += 4;
			}
		}
		if (c == '\n')
			break;
		if (k + 1 < size)
			out[k++] = c;
	}
	out[k] = '\0';
	return true;
}

/* The tally's list points at ids; these outlive the journal's buffer. */
static char kept[TALLY_FAILS_MAX][RESULTS_ID_MAX];

static bool count(struct tally *t, const char *rec, size_t n, unsigned index)
{
	static struct tresult r;
	static char id[RESULTS_ID_MAX];
	static struct test tc = { .id = id };
	unsigned had = t->nfails;
	char word[8];

	memset(&r, 0, sizeof(r));
	if (!str_field(rec, n, "verdict", word, sizeof(word)) ||
	    !str_field(rec, n, "id", id, sizeof(id)))
		return false;
	for (r.verdict = 0; r.verdict < V_COUNT && strcmp(word, verdict_word(r.verdict));
	     r.verdict++)
		;
	if (r.verdict == V_COUNT)
		return false;
	str_field(rec, n, "reason", r.reason, sizeof(r.reason));
	r.test = &tc;
	r.index = index;
	runner_tally(t, &r);
	if (t->nfails > had) {
		memcpy(kept[had], id, sizeof(id));
		t->fails[had].id = kept[had];
	}
	t->hung += r.verdict == V_ERROR && !strncmp(r.reason, "hung: ", 6);
	return true;
}

int journal_resume(const char *j, size_t len, struct rfile *json, struct rfile *jsonl,
		   struct tally *t)
{
	const char *line = j, *nl, *end = j + len;
	unsigned seq = 0;
	uint32_t chain = 0;
	char pre[32];

	memset(t, 0, sizeof(*t));
	for (; line < end; line = nl + 1, seq++) {
		size_t n, p;

		for (nl = line; nl < end && *nl != '\n'; nl++)
			;
		if (nl == end)
			return -1; /* a cut last line: the mark's length is whole lines */
		/* n: the line's object without its check and closing brace */
		n = journal_line_body(line, (size_t)(nl - line), &chain);
		if (!n)
			return -1;
		if (!seq) {
			p = sizeof(head_pre) - 1;
			if (n < p || memcmp(line, head_pre, p))
				return -1;
			json_begin_raw(json, line + p, n - p);
			continue;
		}
		p = (size_t)snprintf(pre, sizeof(pre), "{\"seq\":%u,\"test\":", seq);
		if (n < p || memcmp(line, pre, p) || !count(t, line + p, n - p, seq))
			return -1;
		json_result_raw(json, line + p, n - p);
	}
	if (!seq || line != end)
		return -1;
	jsonl->seq = seq;
	jsonl->chain = chain;
	return (int)seq - 1;
}
