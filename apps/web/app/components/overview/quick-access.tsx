import { SimpleGrid, Text, ThemeIcon } from '@mantine/core'
import { Link } from '@remix-run/react'
import { NavIcon } from '../shell/nav-icons.tsx'
import { IconChartBar, IconGauge, IconMap } from '../shell/icons.tsx'
import classes from './overview.module.css'
import { SectionCard } from './section-card.tsx'

export interface QuickAccessItem {
  title: string
  description: string
  to: string
}

// Destinations of cards that have no sidebar icon of their own.
const EXTRA_ICONS: Record<string, (p: { size?: number }) => React.JSX.Element> = {
  '/dashboard/analytics': IconChartBar,
  '/dashboard/diagnostics': IconGauge,
  '/dashboard/trip-planning': IconMap,
}

/** The role-filtered cards of 3-back-office.md §6, each a link to its screen. */
export function QuickAccess({ cards }: { cards: QuickAccessItem[] }) {
  return (
    <SectionCard id="quick-access" title="Quick Access">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" data-testid="quick-access">
        {cards.map((card) => {
          const Extra = EXTRA_ICONS[card.to]
          return (
            <Link key={card.title} to={card.to} className={classes.card} data-testid="quick-access-card">
              <ThemeIcon variant="light" size={38} radius="md">
                {Extra ? <Extra size={20} /> : <NavIcon to={card.to} size={20} />}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" data-role="title">
                  {card.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {card.description}
                </Text>
              </div>
            </Link>
          )
        })}
      </SimpleGrid>
    </SectionCard>
  )
}
