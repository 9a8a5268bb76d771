#!/usr/bin/env node
// `npm start`: build the web app and bundle the server when either is missing or older than its sources, then run the
// bundle with plain node under a supervisor that restarts it if it exits abnormally (scripts/supervise.mjs).
import { ensureBuild, root, serverBundle } from './ensure-build.mjs'
import { supervise } from './supervise.mjs'

const status = ensureBuild()
if (status !== 0) process.exit(status)

const code = await supervise({
  command: process.execPath,
  args: ['--enable-source-maps', serverBundle],
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
})
process.exit(code)
