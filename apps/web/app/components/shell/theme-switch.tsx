import { ActionIcon, Tooltip, useMantineColorScheme } from '@mantine/core'
import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import type { Preferences } from '@meridian/validators'
import { useNonce } from '../../utils/nonce.tsx'
import { IconContrast, IconMoon, IconSun } from './icons.tsx'

type Theme = Preferences['theme']
const NEXT: Record<Theme, Theme> = { auto: 'light', light: 'dark', dark: 'auto' }
const LABELS: Record<Theme, string> = { auto: 'Auto', light: 'Light', dark: 'Dark' }
const ICONS = { auto: IconContrast, light: IconSun, dark: IconMoon }

/**
 * Runs while the page is parsed, before the shell paints: applies the saved theme and hands it to Mantine's
 * storage, so a browser that has not seen this preference yet does not flash the other scheme first.
 */
export function SavedThemeScript({ theme }: { theme: Theme }) {
  const scheme = `t==='auto'?(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):t`
  const code =
    `try{var t=${JSON.stringify(theme)};localStorage.setItem('mantine-color-scheme-value',t);` +
    `document.documentElement.setAttribute('data-mantine-color-scheme',${scheme})}catch(e){}`
  const nonce = useNonce()
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />
}

const isTheme = (value: unknown): value is Theme => value === 'auto' || value === 'light' || value === 'dark'

/**
 * Applies the saved theme (auto, light, dark) to Mantine and cycles it, saving the choice per user. A real form:
 * without JavaScript the choice is still saved.
 */
export function ThemeSwitch({ theme: saved }: { theme: Theme }) {
  const fetcher = useFetcher({ key: 'theme' })
  const location = useLocation()
  const { setColorScheme } = useMantineColorScheme()
  const pending = fetcher.formData?.get('theme')
  const theme = isTheme(pending) ? pending : saved
  const next = NEXT[theme]
  const Icon = ICONS[theme]

  useEffect(() => {
    setColorScheme(theme)
  }, [theme, setColorScheme])

  const label = `Theme: ${LABELS[theme]}. Switch to ${LABELS[next]}`
  return (
    <form
      method="post"
      action="/resources/preferences"
      onSubmit={(event) => {
        event.preventDefault()
        fetcher.submit({ intent: 'update', theme: next }, { method: 'post', action: '/resources/preferences' })
      }}
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Tooltip label={label} withArrow>
        <ActionIcon type="submit" variant="default" size="lg" radius="md" aria-label={label} data-theme={theme}>
          <Icon size={18} />
        </ActionIcon>
      </Tooltip>
    </form>
  )
}
