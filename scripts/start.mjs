#!/usr/bin/env node
// `npm start`: build the web app and bundle the server when either is missing or older than its sources, then run the
// bundle with plain node under a supervisor that restarts it if it exits abnormally (scripts/supervise.mjs).
import { ensureBuild, root, serverBundle } from './ensure-build.mjs'
import { supervise } from './supervise.mjs'

const status = ensureBuild()
if (status !== 0) process.exit(status)

// Memory settings of the server and its workers (docs/operations.md "Workers"), each unless already set: glibc keeps
// freed blocks for reuse in an arena per thread, and a password hash (19 MB, on libuv's threads) raised its mmap
// threshold so that later hashes stayed in those arenas; two arenas and a fixed threshold hand such blocks back. V8's
// young generation grows to 3 × 16 MB under load by default; 4 MB semi-spaces keep it to 12 MB. An idle worker on
// PostgreSQL: about 110 MB instead of 140-150, and 125-140 MB after load instead of 180-215.
const memory = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }
const semiSpace = /--max-semi-space-size/.test(process.env.NODE_OPTIONS ?? '') ? [] : ['--max-semi-space-size=4']

const code = await supervise({
  command: process.execPath,
  args: ['--enable-source-maps', ...semiSpace, serverBundle],
  cwd: root,
  env: { NODE_ENV: 'production', ...memory, ...process.env },
})
process.exit(code)
