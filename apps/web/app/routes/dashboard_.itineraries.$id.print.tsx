import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { printableItinerary } from '@meridian/core'
import { notFoundResponse } from '../components/kit/not-found.server.ts'
import { requireUser } from '../utils/auth.server.ts'

/*
 * The printable itinerary (docs/itineraries.md "Export"): outside the dashboard shell, the same content as the PDF,
 * light and plain whatever the colour scheme. Printing needs no script: Print calls window.print(), and without
 * JavaScript the browser's own Print command prints the same page.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.document.title ?? 'Itinerary'} · Print · Meridian Travel` }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request, context)
  const version = new URL(request.url).searchParams.get('version') ?? ''
  try {
    const printable = await printableItinerary(ctx, params.id, { version })
    return { ...printable, requested: version }
  } catch (error) {
    return notFoundResponse(error)
  }
}

const CSS = `
.itinerary-print { min-height: 100vh; background: #fff; color: #1a1a1a; font-family: Helvetica, Arial, sans-serif; font-size: 14px; line-height: 1.45; }
.itinerary-print main { max-width: 820px; margin: 0 auto; padding: 32px 24px 48px; }
.itinerary-print .toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 24px; }
.itinerary-print .toolbar a, .itinerary-print .toolbar button { font: inherit; padding: 6px 14px; border: 1px solid #1c5fa8; border-radius: 4px; color: #1c5fa8; background: #fff; text-decoration: none; cursor: pointer; }
.itinerary-print .toolbar button { background: #1c5fa8; color: #fff; }
.itinerary-print .toolbar .hint { color: #555; font-size: 12px; }
.itinerary-print h1 { font-size: 28px; margin: 0 0 4px; }
.itinerary-print h2 { font-size: 18px; margin: 0; }
.itinerary-print .muted { color: #555; }
.itinerary-print dl { display: grid; grid-template-columns: 140px 1fr; gap: 2px 12px; margin: 16px 0; }
.itinerary-print dt { color: #555; }
.itinerary-print dd { margin: 0; }
.itinerary-print .total { font-weight: 700; }
.itinerary-print .over { color: #b42318; font-weight: 700; margin: 4px 0 0; }
.itinerary-print section { margin-top: 28px; break-inside: avoid-page; }
.itinerary-print .day-head { display: flex; justify-content: space-between; gap: 12px; align-items: baseline; border-bottom: 1px solid #bbb; padding-bottom: 4px; }
.itinerary-print table { width: 100%; border-collapse: collapse; margin-top: 6px; }
.itinerary-print th { text-align: left; font-size: 12px; color: #555; font-weight: 400; padding: 4px 8px 4px 0; }
.itinerary-print td { vertical-align: top; padding: 6px 8px 6px 0; border-bottom: 1px solid #eee; }
.itinerary-print tr { break-inside: avoid; }
.itinerary-print .time { width: 110px; white-space: nowrap; }
.itinerary-print .cost { width: 120px; text-align: right; white-space: nowrap; padding-right: 0; }
.itinerary-print footer { margin-top: 32px; color: #555; font-size: 12px; }
@media print {
  .itinerary-print .toolbar { display: none; }
  .itinerary-print main { max-width: none; padding: 0; }
  @page { margin: 16mm; }
}
`

export default function PrintItinerary() {
  const { id, requested, timed_items, document: doc } = useLoaderData<typeof loader>()
  const query = requested ? `&version=${encodeURIComponent(requested)}` : ''
  const exportPath = `/dashboard/itineraries/${id}/export?`
  return (
    <div className="itinerary-print">
      <style>{CSS}</style>
      <main>
        <nav className="toolbar" aria-label="Print and download">
          <button type="button" onClick={() => window.print()}>
            Print
          </button>
          <a href={`${exportPath}format=pdf${query}`} download>
            Download PDF
          </a>
          {timed_items > 0 ? (
            <a href={`${exportPath}format=ics${query}`} download>
              Add to calendar (.ics)
            </a>
          ) : null}
          <Link to={`/dashboard/itineraries/${id}`}>Back to the itinerary</Link>
          <span className="hint">Or use your browser’s Print command (Ctrl+P, ⌘P).</span>
        </nav>
        <header>
          <h1>{doc.title}</h1>
          {doc.description ? <p className="muted">{doc.description}</p> : null}
          <dl>
            {doc.facts.map((f) => (
              <div key={f.label} style={{ display: 'contents' }}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          <dl aria-label="Budget">
            {doc.budget.map((m) => (
              <div key={m.label} style={{ display: 'contents' }}>
                <dt className={m.total ? 'total' : undefined}>{m.label}</dt>
                <dd className={m.total ? 'total' : undefined}>{m.value}</dd>
              </div>
            ))}
          </dl>
          {doc.over_budget ? <p className="over">{doc.over_budget}</p> : null}
        </header>
        {doc.days.map((day) => (
          <section key={day.date} aria-label={day.date}>
            <div className="day-head">
              <h2>{day.date}</h2>
              <span className="muted">
                {day.total} · {day.duration}
              </span>
            </div>
            <p style={{ margin: '4px 0 0' }}>{day.title}</p>
            {day.description ? (
              <p className="muted" style={{ margin: '2px 0 0' }}>
                {day.description}
              </p>
            ) : null}
            {day.items.length === 0 ? (
              <p className="muted">No activities planned</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Item</th>
                    <th scope="col" className="cost">
                      Cost
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {day.items.map((item, i) => (
                    <tr key={i}>
                      <td className="time">{item.time}</td>
                      <td>
                        <strong>
                          {item.type} · {item.title}
                        </strong>
                        {item.location ? <div className="muted">{item.location}</div> : null}
                        {item.description ? <div className="muted">{item.description}</div> : null}
                      </td>
                      <td className="cost">{item.cost}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        ))}
        <footer>Last changed {doc.last_modified} · Meridian Travel</footer>
      </main>
    </div>
  )
}
