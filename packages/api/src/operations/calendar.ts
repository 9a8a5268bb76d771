import * as core from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, publicProcedure } from '../trpc/init.ts'
import { custom, operations } from './kit.ts'

/**
 * The traveler's calendar feed (docs/traveler-app.md "Calendar feed"): their subscription address (read, replace,
 * turn off), and the feed itself, REST only (a calendar app fetches it, the token in the path its only credential).
 */
const traveler = gatedProcedure(core.requireFeedOwner)
const travelers = operations(traveler)
const anyone = operations(publicProcedure, { auth: 'public' })
export const calendar = {
  subscription: travelers.read(core.getCalendarSubscription, {
    at: 'GET /api/calendar/subscription/',
    summary: "The traveler's calendar feed address (active: false when they have none)",
  }),
  replaceSubscription: travelers.command(core.replaceCalendarSubscription, {
    at: 'POST /api/calendar/subscription/',
    summary: 'A new calendar feed address (the old one stops answering at once)',
    status: 201,
  }),
  /** tRPC answers null; REST 204. */
  revokeSubscription: custom(
    traveler.mutation(async ({ ctx }) => {
      await core.revokeCalendarSubscription(ctx.service)
      return null
    }),
    {
      at: 'DELETE /api/calendar/subscription/',
      summary: 'Turn the calendar feed off (its address answers 404 from then on)',
      status: 204,
      handler: async ({ ctx }) => {
        await core.revokeCalendarSubscription(ctx)
        return { status: 204, body: null }
      },
    },
  ),
  feed: anyone.restOnly({
    at: 'GET /api/calendar/feed/{token}/',
    summary: "A traveler's trips as an iCalendar feed (the token is the credential; 304 when If-None-Match holds its ETag)",
    description:
      'Every timed item of the approved plan of each of their trips (in the plan’s time zone, with its VTIMEZONE), their flights (each end in its airport’s zone) and stays (all day). Items removed from a plan come cancelled.',
    produces: ['text/calendar'],
    query: v.object({ for: v.optional(v.pipe(v.string(), v.description('One person of a party: only what is for everyone and for them (a party member id).'))) }),
    errors: [404],
    handler: async ({ ctx, params, query, req }) => {
      const feed = await core.calendarFeed(ctx.db, params.token, req.headers['if-none-match'], query.get('for') ?? undefined)
      return {
        raw: true,
        status: feed.status,
        body: feed.body,
        // Calendars may keep it but must ask again (cheaply: 304) before using it.
        headers: { 'Content-Type': 'text/calendar; charset=utf-8', ETag: feed.etag, 'Cache-Control': 'private, no-cache', 'Referrer-Policy': 'no-referrer' },
      }
    },
  }),
}
