// The postinstall patches' one rule (scripts/patch-postgres.mjs, scripts/patch-remix-router.mjs): a dependency's file is
// edited only when it is the source the patch knows, each edit's text found exactly once, and a file carrying the
// patch's mark is left as it is, so running again, or an upstream release, changes nothing.

/**
 * @param {string} source the file's text
 * @param {string} mark a comment the patch leaves in the file
 * @param {[string, string][]} edits each text to find exactly once, and what replaces it
 * @returns {{ source: string, status: 'patched' | 'already patched' | 'unknown version' }}
 */
export function applyKnownEdits(source, mark, edits) {
  if (source.includes(mark)) return { source, status: 'already patched' }
  if (edits.some(([from]) => source.split(from).length !== 2)) return { source, status: 'unknown version' }
  return { source: edits.reduce((text, [from, to]) => text.replace(from, to), source), status: 'patched' }
}
