/*
 * text_check.c - what a rules file must be before it is parsed as JSON:
 * not too large, no NUL bytes, valid UTF-8; and Jansson's error texts put
 * in the words of a rules author.  Every refusal names the file and a line
 * (the line and column of the first bad byte).
 */
#include "rules_int.h"

#include <string.h>

int rules_check_text(const char *path, const char *text, size_t len, struct strbuf *err)
{
	const unsigned char *p = (const unsigned char *)text, *line_start = p;
	unsigned line = 1;

	if (len > RULES_MAX_FILE_BYTES) {
		strbuf_reset(err);
		strbuf_addf(err, "%s:1: too large for a rules file (%zu bytes; the limit is %d MiB)", path, len,
			    RULES_MAX_FILE_BYTES >> 20);
		return -1;
	}
	for (size_t i = 0; i < len;) {
		size_t n = p[i] ? utf8_seq_len(p + i, len - i) : 0;
		if (n == 0) {
			strbuf_reset(err);
			strbuf_addf(err, p[i] ? "%s:%u: invalid UTF-8 (byte 0x%02x at column %zu)"
					      : "%s:%u: NUL byte (0x%02x) at column %zu: not a text file",
				    path, line, p[i], (size_t)(p + i - line_start) + 1);
			return -1;
		}
		if (p[i] == '\n') {
			line++;
			line_start = p + i + 1;
		}
		i += n;
	}
	return 0;
}

/* Jansson's texts that name its own API or say too little, reworded. */
static const struct {
	const char *jansson, *ours;
} rewordings[] = {
	{ "\\u0000 is not allowed without JSON_ALLOW_NUL", "\\u0000 (NUL) is not allowed in a string" },
	{ "too big negative integer", "integer too large (it does not fit in 64 bits)" },
	{ "too big integer", "integer too large (it does not fit in 64 bits)" },
	{ "real number overflow", "number too large (it overflows a double)" },
	{ "maximum parsing depth reached", "nested too deeply (more than 2048 levels)" },
};

void rules_explain_json_error(const char *jansson_text, struct strbuf *out)
{
	for (size_t i = 0; i < sizeof(rewordings) / sizeof(rewordings[0]); i++) {
		size_t n = strlen(rewordings[i].jansson);
		if (!strncmp(jansson_text, rewordings[i].jansson, n)) {
			strbuf_adds(out, rewordings[i].ours);
			strbuf_adds(out, jansson_text + n);
			return;
		}
	}
	strbuf_adds(out, jansson_text);
}
