#!/usr/bin/env node
// postinstall: repair two faults of postgres.js 3.4.9 (the PostgreSQL driver) that the fault suite (test/faults)
// found by ending connections in the middle of a transaction (a PostgreSQL restart, pg_terminate_backend), until a
// release fixes them upstream (porsager/postgres issues 1066, 1154, 1208). Decision 018 explains the choice.
//
// 1. A write deferred with setImmediate (the ROLLBACK of a transaction whose server went away) runs after the
//    socket is gone and throws from the timer: the whole process dies. Now the pending queries are rejected
//    with CONNECTION_CLOSED instead. Teardown also left the timer's handle and the buffered bytes set, so the
//    connection could never flush a write again; they are reset when the socket closes.
// 2. The error a dying session sent (57P01 "terminating connection") stayed on the connection object, and the
//    first query of its next session failed with it: one more 503 for a request that came after the recovery.
//    It is cleared when the socket closes (the query it belonged to is rejected by the close itself).
//
// Idempotent; any other version of the file is left alone with a warning, so an upstream fix makes it a no-op.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { applyKnownEdits } from './lib/patch-source.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const MARK = 'meridian-patch:null-socket'
const pkgDir = path.join(root, 'node_modules/postgres')

const NEXT_WRITE = `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`
const NEXT_WRITE_FIXED = `  function nextWrite(fn) {
    if (socket === null) { // ${MARK}: the socket closed after this write was deferred
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`
const TERMINATE = `    clearImmediate(nextWriteTimer)
    if (socket) {`
const TERMINATE_FIXED = `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null // ${MARK}
    if (socket) {`
const CLOSED = `    incomings = null
    clearImmediate(nextWriteTimer)
`
const CLOSED_FIXED = `    incomings = null
    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = errorResponse = null // ${MARK}
`
const EDITS = [
  [NEXT_WRITE, NEXT_WRITE_FIXED],
  [TERMINATE, TERMINATE_FIXED],
  [CLOSED, CLOSED_FIXED],
]

/** The patched source, or why it was not patched. */
export function patchConnectionSource(source) {
  return applyKnownEdits(source, MARK, EDITS)
}

function main() {
  if (!fs.existsSync(path.join(pkgDir, 'package.json'))) return
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'))
  for (const file of ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js']) {
    const full = path.join(pkgDir, file)
    if (!fs.existsSync(full)) continue
    const { source, status } = patchConnectionSource(fs.readFileSync(full, 'utf8'))
    if (status === 'patched') fs.writeFileSync(full, source)
    if (status === 'unknown version') {
      console.warn(`[patch-postgres] postgres ${version}: ${file} is not the 3.4.9 source this patch knows; left as it is`)
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
