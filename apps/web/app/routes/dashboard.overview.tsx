import { Grid, SimpleGrid, Stack } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ROLE_DISPLAY_NAMES } from '@meridian/auth/permissions'
import { quickAccessFor } from '@meridian/auth/navigation'
import { canManageCustomers, getDashboardOverview, listOverviewSections } from '@meridian/core'
import { OverviewSections } from '../components/overview/overview-sections.tsx'
import { PlatformStatus } from '../components/overview/platform-status.tsx'
import { QuickAccess } from '../components/overview/quick-access.tsx'
import { RecentUpdates } from '../components/overview/recent-updates.tsx'
import { StatTiles } from '../components/overview/stat-tiles.tsx'
import { useAutoRefresh } from '../components/overview/use-auto-refresh.ts'
import { useNow } from '../components/overview/use-now.ts'
import { WelcomeHeader } from '../components/overview/welcome-header.tsx'
import { useDashboardData } from '../components/shell/use-dashboard-data.ts'
import { requireUser } from '../utils/auth.server.ts'

export const meta: MetaFunction = () => [{ title: 'Dashboard · Meridian Travel' }]

/** The role-based home (3-back-office.md §2.7; docs/overview.md): a bounded number of queries whatever the data size. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, ctx } = await requireUser(request, context)
  // One clock for the page: the trips' next steps (Departs in N days) and the times shown are from the same moment.
  const now = new Date()
  const [overview, sections] = await Promise.all([getDashboardOverview(ctx), listOverviewSections(ctx, now)])
  return {
    user: {
      username: actor.username,
      firstName: actor.firstName,
      role: actor.role,
      roleLabel: ROLE_DISPLAY_NAMES[actor.role],
    },
    now: now.toISOString(),
    overview,
    sections,
    links: { customers: canManageCustomers(actor) },
    quickAccess: quickAccessFor(actor).map(({ title, description, to }) => ({ title, description, to })),
  }
}

export default function Overview() {
  const { user, now: serverNow, overview, sections, links, quickAccess } = useLoaderData<typeof loader>()
  const { now, live } = useNow(serverNow)
  const preferences = useDashboardData()?.preferences
  useAutoRefresh(preferences?.auto_refresh ?? true, preferences?.refresh_interval ?? 30)
  // Before the page is live, relative times are measured from the server's clock, as in the HTML.
  const clock = live ? now : new Date(serverNow)
  const aside = (
    <>
      <PlatformStatus checks={overview.platform_status} />
      <RecentUpdates updates={overview.recent_updates} now={clock} />
    </>
  )

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <WelcomeHeader user={user} now={now} live={live} />
      <StatTiles stats={overview.stats} />
      <QuickAccess cards={quickAccess} />
      {sections.length ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, xl: 8 }} order={{ base: 2, xl: 1 }}>
            <OverviewSections sections={sections} now={clock} links={links} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 4 }} order={{ base: 1, xl: 2 }}>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 1 }} spacing="lg">
              {aside}
            </SimpleGrid>
          </Grid.Col>
        </Grid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {aside}
        </SimpleGrid>
      )}
    </Stack>
  )
}
