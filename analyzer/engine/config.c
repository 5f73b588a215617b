/*
 * config.c - choosing which models the engine runs.
 */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

int engine_config_slot(const struct engine_config *cfg, const struct rules *r, const char *name)
{
	int m = rules_find_model(r, name);

	for (int i = 0; i < cfg->nmodels; i++)
		if (cfg->models[i] == m)
			return i;
	return -1;
}

static int add_model(struct engine_config *cfg, int m, bool requested)
{
	for (int i = 0; i < cfg->nmodels; i++)
		if (cfg->models[i] == m) {
			if (requested)
				cfg->requested |= 1u << i;
			return i;
		}
	if (cfg->nmodels == ENG_MAX_MODELS)
		return -1;
	cfg->models[cfg->nmodels] = m;
	if (requested)
		cfg->requested |= 1u << cfg->nmodels;
	return cfg->nmodels++;
}

static void known_models(const struct rules *r, struct strbuf *err)
{
	strbuf_adds(err, " (known: ");
	for (size_t i = 0; i < r->models.n; i++)
		strbuf_addf(err, "%s%s", i ? ", " : "", r->models.v[i].name);
	strbuf_adds(err, ", all)");
}

int engine_config_models(struct engine_config *cfg, const struct rules *r,
			 const char *list, struct strbuf *err)
{
	const char *p = list;

	cfg->rules = r;
	if (!*p) {
		strbuf_adds(err, "empty --model list");
		known_models(r, err);
		return -1;
	}
	while (*p) {
		size_t len = strcspn(p, ",");
		char *name = xstrndup(p, len);
		int rc = 0;

		if (!strcmp(name, "all")) {
			for (size_t i = 0; i < r->models.n && rc >= 0; i++)
				rc = add_model(cfg, (int)i, true);
		} else {
			int m = rules_find_model(r, name);
			if (m < 0) {
				strbuf_addf(err, "unknown model '%s'", name);
				known_models(r, err);
				free(name);
				return -1;
			}
			rc = add_model(cfg, m, true);
		}
		free(name);
		if (rc < 0) {
			strbuf_addf(err, "too many models (at most %d)", ENG_MAX_MODELS);
			return -1;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

int engine_config_add_hidden(struct engine_config *cfg, const struct rules *r, const char *name)
{
	int m = rules_find_model(r, name);

	return m < 0 ? -1 : add_model(cfg, m, false);
}
