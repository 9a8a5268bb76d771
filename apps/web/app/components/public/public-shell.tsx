import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import { IconMail } from './icons.tsx'
import { Brand, PUBLIC_LINKS, PublicHeader } from './public-header.tsx'
import type { PublicPageData, PublicViewer } from './public-page.server.ts'
import classes from './public.module.css'

function FooterColumn({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <Stack gap={8}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      {links.map((link) => (
        <Link key={link.to + link.label} to={link.to} className={classes.footerLink}>
          {link.label}
        </Link>
      ))}
    </Stack>
  )
}

export function PublicFooter({ supportEmail, viewer }: { supportEmail: string; viewer: PublicViewer | null }) {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Brand />
            <Text size="sm" c="dimmed" maw={280}>
              AI-powered recommendations, expert curation and seamless booking, with verified travel experts by your side.
            </Text>
          </Stack>
          <FooterColumn title="Explore" links={PUBLIC_LINKS} />
          <FooterColumn
            title="Get started"
            links={[
              { to: '/onboarding-quiz', label: 'Take the quiz' },
              { to: '/quiz-results', label: 'Quiz results' },
              // A signed-in visitor is offered their dashboard, as in the top bar.
              viewer ? { to: viewer.dashboard, label: 'Dashboard' } : { to: '/login', label: 'Sign In' },
            ]}
          />
          <Stack gap={8}>
            <Text fw={700} size="sm">
              Support
            </Text>
            <Link to="/help" className={classes.footerLink}>
              Help Center
            </Link>
            <Anchor href={`mailto:${supportEmail}`} size="sm" className={classes.footerLink}>
              <Group gap={6} wrap="nowrap" component="span">
                <IconMail size={16} />
                {supportEmail}
              </Group>
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={40}>
          © {new Date().getFullYear()} Meridian Travel. All rights reserved.
        </Text>
      </Container>
    </Box>
  )
}

/** Top bar, the page, footer: the frame of every public page. */
export function PublicShell({ page, children }: { page: PublicPageData; children: React.ReactNode }) {
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <PublicHeader viewer={page.viewer} />
      <main id="main">{children}</main>
      <PublicFooter supportEmail={page.supportEmail} viewer={page.viewer} />
    </>
  )
}

/** The heading block of an inner public page, below the fixed bar. */
export function PageHead({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: React.ReactNode }) {
  return (
    <Box className={classes.pageHead}>
      <Container size="lg">
        <Stack gap="sm" maw={720}>
          {eyebrow ? (
            <Text className={classes.eyebrow}>{eyebrow}</Text>
          ) : null}
          <Text component="h1" className={classes.heroTitle} style={{ fontSize: 'clamp(2rem, 4vw, 3rem)' }} m={0}>
            {title}
          </Text>
          {children}
        </Stack>
      </Container>
    </Box>
  )
}
