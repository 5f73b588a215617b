#!/usr/bin/env node
// validate_sarif.js FILE.sarif... - check each file against the SARIF 2.1.0
// JSON schema with ajv (draft 2020-12, formats checked by ajv-formats).
//
// The schema is sarif-2.1.0.json as shipped inside the npm package
// @microsoft/sarif-multitool-linux (the schema the Multitool itself
// validates against; the OASIS/sarif-spec copy is not reachable here: only
// the npm registry is).  Exit 0 if every file is valid, 1 otherwise, 2 on
// a usage or setup error.
"use strict";
const fs = require("fs");
const path = require("path");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

const SCHEMA = path.join(__dirname, "node_modules", "@microsoft", "sarif-multitool-linux",
                         "sarif-2.1.0.json");

function main(files) {
  if (!files.length) {
    console.error("usage: validate_sarif.js FILE.sarif...");
    return 2;
  }
  let schema;
  try {
    schema = JSON.parse(fs.readFileSync(SCHEMA, "utf8"));
  } catch (e) {
    console.error("validate_sarif.js: " + SCHEMA + ": " + e.message + " (run npm ci in tests/report)");
    return 2;
  }
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  let bad = 0;
  for (const f of files) {
    let doc;
    try {
      doc = JSON.parse(fs.readFileSync(f, "utf8"));
    } catch (e) {
      console.error(f + ": not JSON: " + e.message);
      bad++;
      continue;
    }
    if (validate(doc)) {
      console.log(f + ": valid SARIF 2.1.0 (" + schema.title + ")");
    } else {
      bad++;
      for (const e of validate.errors)
        console.error(f + ": " + (e.instancePath || "/") + ": " + e.message);
    }
  }
  return bad ? 1 : 0;
}

process.exit(main(process.argv.slice(2)));
