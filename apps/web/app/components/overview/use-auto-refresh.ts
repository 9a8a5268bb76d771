import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * Reload the page's data every `seconds` while the tab is visible (the auto refresh preference, default on, every
 * 30 s: 3-back-office.md §9). Skips a beat while another load is running.
 */
export function useAutoRefresh(enabled: boolean, seconds: number) {
  const revalidator = useRevalidator()
  const state = useRef(revalidator.state)
  state.current = revalidator.state
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate

  useEffect(() => {
    if (!enabled || !Number.isFinite(seconds) || seconds < 10) return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && state.current === 'idle') revalidate.current()
    }, seconds * 1000)
    return () => clearInterval(timer)
  }, [enabled, seconds])
}
