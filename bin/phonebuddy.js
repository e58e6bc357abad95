#!/usr/bin/env node
// Runs the bundled CLI (build with `npm run build`).
require('../dist/cli.js').runCli();
