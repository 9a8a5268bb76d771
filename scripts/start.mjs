#!/usr/bin/env node
// `npm start`: build the web app when the build is missing or older than its sources, then run the server under a
// supervisor that restarts it if it exits abnormally (scripts/supervise.mjs).
import path from 'node:path'
import { ensureBuild, root } from './ensure-build.mjs'
import { supervise } from './supervise.mjs'

const status = ensureBuild()
if (status !== 0) process.exit(status)

const code = await supervise({
  command: process.execPath,
  args: ['--import', 'tsx', path.join(root, 'apps/web/server/index.ts')],
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
})
process.exit(code)
