/*
 * html_assets.h - the style sheet and script inlined into the HTML report
 * (html.c), so the page is one file that needs no network.
 *
 * The script filters the findings by check, severity, model and text,
 * hides the groups left empty, and keeps "#shown-count" up to date; it is
 * what tests/report/test_html.js drives in Chromium.
 */
#ifndef MMIOCHECK_REPORT_HTML_ASSETS_H
#define MMIOCHECK_REPORT_HTML_ASSETS_H

static const char html_css[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d232a;background:#f6f7f9}"
	"header{background:#23303d;color:#fff;padding:12px 20px}header h1{margin:0;font-size:20px}"
	"header p{margin:4px 0 0;color:#c9d3dd}"
	"#filters{position:sticky;top:0;background:#fff;border-bottom:1px solid #d5dae0;padding:8px 20px;"
	"display:flex;flex-wrap:wrap;gap:14px;align-items:center;z-index:2}"
	"#filters fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px;align-items:center}"
	"#filters legend{float:left;font-weight:600;margin-right:4px}"
	"main{padding:10px 20px}section.file{margin:14px 0}section.file>h2{font-size:16px;margin:8px 0;"
	"font-family:monospace}"
	".check-group>h3{font-size:14px;margin:10px 0 6px;color:#44525f}"
	"article.finding{background:#fff;border:1px solid #d5dae0;border-left:5px solid #999;"
	"border-radius:4px;margin:8px 0;padding:8px 12px}"
	"article.sev-error{border-left-color:#c62828}article.sev-warning{border-left-color:#e69500}"
	"article.sev-note{border-left-color:#1e6fd9}"
	".hidden{display:none!important}"
	".badge{display:inline-block;padding:0 6px;border-radius:3px;font-size:12px;color:#fff;"
	"background:#777;margin-right:6px}.badge.error{background:#c62828}.badge.warning{background:#b87700}"
	".badge.note{background:#1e6fd9}.loc{font-family:monospace;color:#44525f}"
	".msg{margin:6px 0}.meta{color:#5b6873;font-size:12px}"
	"pre.src{background:#fbfbfc;border:1px solid #e3e6ea;margin:6px 0;padding:4px 0;overflow-x:auto}"
	"pre.src span.l{display:block;padding:0 8px;white-space:pre;-moz-tab-size:8;tab-size:8}"
	"pre.src span.n{display:inline-block;width:4em;color:#8a96a1;user-select:none}"
	"pre.src span.hl-finding{background:#ffe3a3}pre.src span.hl-step{background:#e4efff}"
	".timeline{margin:6px 0;font-size:13px}.tl-step{display:flex;align-items:center;min-height:22px}"
	".tl-bars{display:flex;align-self:stretch}.tl-bar{width:10px;min-height:22px;"
	"border-left:4px solid #5d8fc9;margin-right:2px}.tl-icon{width:22px;text-align:center;font-weight:700}"
	".kind-acquire .tl-icon,.kind-inner-acquire .tl-icon,.kind-trylock .tl-icon{color:#2e7d32}"
	".kind-write .tl-icon{color:#b87700}.kind-barrier .tl-icon{color:#1e6fd9}"
	".kind-release .tl-icon,.kind-inner-release .tl-icon{color:#2e7d32}"
	".tl-missing{color:#c62828;font-weight:600;margin-left:6px}.tl-text{margin-left:4px}"
	".supp{color:#6d4c00;background:#fff4d6;padding:2px 6px;border-radius:3px;font-size:12px}"
	"#empty{color:#5b6873;margin:20px 0}"
	".loc,section.file>h2{overflow-wrap:anywhere}.tl-step>.loc{flex:none;white-space:nowrap}"
	/* A phone (400 px): filters scroll away instead of covering the page,
	 * less padding; only source lines scroll sideways, never the page. */
	"@media (max-width:600px){header{padding:10px 12px}#filters{position:static;padding:8px 12px;gap:8px}"
	"main{padding:6px 8px}article.finding{padding:6px 8px}pre.src span.n{width:3em}"
	".tl-missing{margin-left:2px}}";

static const char html_js[] =
	"(function(){\n"
	"'use strict';\n"
	"var all=Array.prototype.slice.call(document.querySelectorAll('article.finding'));\n"
	"function checked(sel){var o={};document.querySelectorAll(sel).forEach(function(b){"
	"o[b.value]=b.checked;});return o;}\n"
	"function apply(){\n"
	" var rules=checked('input.f-rule'),sevs=checked('input.f-sev');\n"
	" var model=document.getElementById('filter-model').value;\n"
	" var text=document.getElementById('filter-text').value.toLowerCase();\n"
	" var shown=0;\n"
	" all.forEach(function(a){\n"
	"  var ok=rules[a.dataset.rule]!==false&&sevs[a.dataset.severity]!==false&&"
	"(model===''||a.dataset.models.split(' ').indexOf(model)>=0)&&"
	"(text===''||a.dataset.text.indexOf(text)>=0);\n"
	"  a.classList.toggle('hidden',!ok);if(ok)shown++;});\n"
	" document.querySelectorAll('.check-group,section.file').forEach(function(g){\n"
	"  g.classList.toggle('hidden',!g.querySelector('article.finding:not(.hidden)'));});\n"
	" document.getElementById('shown-count').textContent=shown+' of '+all.length+' findings shown';\n"
	" document.getElementById('empty').classList.toggle('hidden',shown>0);\n"
	"}\n"
	"document.querySelectorAll('#filters input,#filters select').forEach(function(e){"
	"e.addEventListener('input',apply);e.addEventListener('change',apply);});\n"
	"apply();\n"
	"})();\n";

#endif
