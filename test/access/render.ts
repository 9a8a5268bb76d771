import { ROLE_NAMES } from '@meridian/auth'
import { restRoutes } from '../support/surface.ts'
import { ACCESS_TABLE, type AccessRule, expectedOutcome, ruleFor } from './table.ts'

const IDENTITIES = ['anonymous', ...ROLE_NAMES] as const

function cell(rule: AccessRule, identity: (typeof IDENTITIES)[number]): string {
  const own = expectedOutcome(rule, identity, true)
  const other = expectedOutcome(rule, identity, false)
  const word = (o: ReturnType<typeof expectedOutcome>) => (o === 'allowed' ? 'yes' : String(o))
  return own === other ? word(own) : `own: ${word(own)}, other's: ${word(other)}`
}

/** docs/access.md, generated from test/access/table.ts (`npm run docs:access`). */
export function renderAccessDoc(): string {
  const lines = [
    '# Who may do what',
    '',
    '<!-- Generated from test/access/table.ts by `npm run docs:access`; the access matrix test fails when this file is out of date. -->',
    '',
    'Every REST route, tRPC procedure and Remix loader and action, for a visitor who is not signed in and for each of the',
    'six roles. `yes`: allowed (the answer may still refuse the input: 400, 409 …); `401`: sign in first (a page sends',
    'the browser to /login with the way back); `403`: refused, with the reason; `404`: not revealed. Where an object',
    "belongs to one user (an account, a quiz, a sign-in), the cell gives the answer for one's own and for another user's.",
    '',
    'The access matrix (`test/access`, part of `npm test`) sends every one of these requests and compares each answer with',
    'this table; a route, procedure or screen without a row fails it. Patterns ending in `*` cover every path that starts',
    'with what comes before; the longest matching pattern decides.',
    '',
  ]
  const twins = new Map<string, string[]>()
  for (const route of restRoutes()) {
    if (!route.doc?.operation || ruleFor(route.key)) continue
    const key = `trpc ${route.doc.operation}`
    twins.set(key, [...(twins.get(key) ?? []), route.key])
  }
  const areas = [...new Set(ACCESS_TABLE.map((r) => r.area))]
  for (const area of areas) {
    lines.push(`## ${area}`, '')
    lines.push(`| Routes | ${IDENTITIES.join(' | ')} | Why |`, `|---|${IDENTITIES.map(() => '---').join('|')}|---|`)
    for (const rule of ACCESS_TABLE.filter((r) => r.area === area)) {
      // An operation's row covers its REST paths too (those no row names): they are listed under it.
      const routes = rule.patterns.map((p) => [`\`${p}\``, ...(twins.get(p) ?? []).map((k) => `\`${k}\``)].join('<br>')).join('<br>')
      const object = rule.object ? ` (id: ${rule.object})` : ''
      lines.push(`| ${routes}${object} | ${IDENTITIES.map((i) => cell(rule, i)).join(' | ')} | ${rule.why} |`)
    }
    lines.push('')
  }
  return lines.join('\n')
}
