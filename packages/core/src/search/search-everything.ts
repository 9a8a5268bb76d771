import { hasPermission, navigationFor, quickAccessFor } from '@meridian/auth'
import { desc, eq, ilike, or, quizSubmissions, sql, users } from '@meridian/db'
import * as v from 'valibot'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { parseInput } from '../validation.ts'
import { displayName } from '../auth/serialize-user.ts'
import type { SearchKind } from '@meridian/validators/discovery-constants'
import { WITHOUT_PRICES } from '../discovery/pricing-context.ts'
import { runSearch } from '../discovery/search-catalogue.ts'
import { parseCatalogueSearch } from '../discovery/search-input.ts'

export interface SearchHit {
  type: 'page' | 'user' | 'quiz' | SearchKind
  id: string
  title: string
  subtitle: string
  url: string
}

const SearchInput = v.object({
  q: v.pipe(v.string(), v.trim(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(20)), 5),
})

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The header's one search across what the signed-in user may see: screens of their navigation, people
 * (for those who manage users), quiz submissions (for those who review them), and the catalogue through the engine of
 * Search & Discovery (activities, destinations, places, places to stay: accents ignored, a typo forgiven).
 */
export async function searchEverything(ctx: ServiceContext, input: unknown): Promise<SearchHit[]> {
  const actor = requireActor(ctx)
  const { q, limit } = parseInput(SearchInput, input)
  if (q.length < 2) return []
  const needle = q.toLowerCase()
  const pattern = `%${escapeLike(q)}%`
  const hits: SearchHit[] = []

  const seen = new Set<string>()
  const pages = [
    ...navigationFor(actor).flatMap((s) => s.items.map((i) => ({ title: i.label, subtitle: s.title, url: i.to }))),
    ...quickAccessFor(actor).map((c) => ({ title: c.title, subtitle: c.description, url: c.to })),
  ]
  for (const page of pages) {
    if (seen.has(page.url) || !`${page.title} ${page.subtitle}`.toLowerCase().includes(needle)) continue
    seen.add(page.url)
    hits.push({ type: 'page', id: page.url, title: page.title, subtitle: page.subtitle, url: page.url })
  }

  const tasks: Promise<void>[] = []
  if (hasPermission(actor, 'manage_users')) {
    tasks.push(
      ctx.db
        .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          or(
            ilike(users.username, pattern),
            ilike(users.email, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ),
        )
        .orderBy(users.username)
        .limit(limit)
        .then((rows) => {
          for (const u of rows) {
            hits.push({ type: 'user', id: String(u.id), title: displayName(u), subtitle: `@${u.username} · ${u.email}`, url: `/dashboard/users?search=${encodeURIComponent(u.username)}` })
          }
        }),
    )
  }
  if (hasPermission(actor, 'review_quizzes')) {
    tasks.push(
      ctx.db
        .select({ id: quizSubmissions.id, status: quizSubmissions.status, data: quizSubmissions.quizData, username: users.username })
        .from(quizSubmissions)
        .leftJoin(users, eq(users.id, quizSubmissions.userId))
        .where(or(ilike(sql`${quizSubmissions.quizData}::text`, pattern), ilike(users.username, pattern)))
        .orderBy(desc(quizSubmissions.submittedAt))
        .limit(limit)
        .then((rows) => {
          for (const r of rows) {
            hits.push({
              type: 'quiz',
              id: String(r.id),
              title: `Quiz #${r.id}${r.username ? ` by ${r.username}` : ''}`,
              subtitle: `${Object.values(r.data).join(' · ')} (${r.status.replace('_', ' ')})`,
              url: `/dashboard/quiz-reviews?quiz=${r.id}`,
            })
          }
        }),
    )
  }
  tasks.push(
    (async () => {
      const page = await runSearch(ctx.db, parseCatalogueSearch({ q }), WITHOUT_PRICES, { pageSize: limit, images: false })
      for (const r of page.results) hits.push({ type: r.type, id: String(r.object_id), title: r.title, subtitle: r.location, url: r.url })
    })(),
  )
  await Promise.all(tasks)
  return hits.slice(0, limit * 4)
}
