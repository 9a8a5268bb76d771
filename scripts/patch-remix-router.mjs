#!/usr/bin/env node
// postinstall: make the server's route matching stop redoing the same work on every request. @remix-run/router 1.23
// (under Remix 2) flattens and ranks the whole route tree and compiles a regular expression for every route pattern it
// tries, on each matchRoutes call, and a page request calls it several times: with the app's 128 routes that was about
// a third of the CPU time of rendering the sign-in page (`npm run bench:runtime`, decision 031). Two caches:
//
// 1. compilePath: the compiled pattern per (path, caseSensitive, end): a pure function of them, and the RegExp it
//    returns has no state (no global flag).
// 2. matchRoutesImpl: the ranked branches per routes array (a WeakMap): the server's route arrays are built once per
//    build and not changed afterwards (routes discovered later are patched in only by the browser's router, which uses
//    the ES module build, left alone here).
//
// Only the CommonJS build (dist/router.cjs.js), which node loads on the server, is patched. Idempotent; any other
// version of the file is left alone with a warning, so an upstream change makes it a no-op.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { applyKnownEdits } from './lib/patch-source.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const MARK = 'meridian-patch:route-cache'
const file = path.join(root, 'node_modules/@remix-run/router/dist/router.cjs.js')

const COMPILE = `function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {`
const COMPILE_CACHED = `const compiledPaths = new Map(); // ${MARK}
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    compiled = compilePathUncached(path, caseSensitive, end);
    if (compiledPaths.size < 10000) compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {
  if (caseSensitive === void 0) {`
const RANK = `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;`
const RANK_CACHED = `  let branches = rankedBranches.get(routes); // ${MARK}
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
  let matches = null;`
const MATCH_IMPL = `function matchRoutesImpl(routes, locationArg, basename, allowPartial) {`
const MATCH_IMPL_CACHED = `const rankedBranches = new WeakMap(); // ${MARK}
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {`
const EDITS = [
  [COMPILE, COMPILE_CACHED],
  [RANK, RANK_CACHED],
  [MATCH_IMPL, MATCH_IMPL_CACHED],
]

/** The patched source, or why it was not patched. */
export function patchRouterSource(source) {
  return applyKnownEdits(source, MARK, EDITS)
}

function main() {
  if (!fs.existsSync(file)) return
  const { version } = JSON.parse(fs.readFileSync(path.join(path.dirname(file), '../package.json'), 'utf8'))
  const { source, status } = patchRouterSource(fs.readFileSync(file, 'utf8'))
  if (status === 'patched') fs.writeFileSync(file, source)
  if (status === 'unknown version') console.warn(`[patch-remix-router] @remix-run/router ${version}: not the 1.23.3 source this patch knows; left as it is`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
