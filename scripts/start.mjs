#!/usr/bin/env node
// `npm start`: build what is missing or older than its sources (usually nothing: `npm install`
// already built both), then run the compiled server in this very process — no tsx, no extra
// process between the terminal and the server, so Ctrl-C and SIGTERM reach it directly. The
// server migrates, seeds an empty embedded database and listens on PORT (default 4000).
import { pathToFileURL } from 'node:url';
import { build, SERVER_ENTRY } from './build.mjs';

await build();
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
