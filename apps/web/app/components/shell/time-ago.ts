/** Relative time as the spec words it (1-platform-core.md §9): 'just now', then 'Nm ago', 'Nh ago', 'Nd ago'. */
export function timeAgo(when: string | Date, now: number | Date = Date.now()): string {
  const seconds = Math.floor((Number(now) - new Date(when).getTime()) / 1000)
  if (!Number.isFinite(seconds) || seconds < 60) return 'just now'
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`
  return `${Math.floor(seconds / 86_400)}d ago`
}
