import type { APIRequestContext, Page } from '@playwright/test'
import { createSession, expect, plantSession, ready, test, uniqueName, watchToasts } from './fixtures.ts'
import { acceptedTrip, restToken } from './support/trips.ts'

/**
 * A proposal of the test's own, through the REST API: a traveler registered for this test requests a trip, the demo
 * expert (Elena Costa) plans it with two stays to choose from on Day 1 (Casa do Mar, recommended, $120 a night; Palácio
 * Azul, $210 a night; two nights each, at an accommodation supplier so that acceptance books them) and a $28.00
 * welcome dinner; the demo specialist approves it and the expert sends it. On the recommended stay the total is
 * $268.00 ($134.00 per person for two adults); on the Palácio $448.00 ($224.00 per person).
 */
async function sentProposal(request: APIRequestContext) {
  const call = async (method: 'get' | 'post' | 'patch', path: string, token: string, data?: unknown) => {
    const res = await request[method](path, { data, headers: { Authorization: `Bearer ${token}` } })
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300)
    return res.json()
  }
  const trip = await acceptedTrip(request, { country: 'Portugal', nights: 2, firstName: 'Paula', lastName: 'Proposal' })
  const expert = trip.expertAccess
  const admin = await restToken(request, 'admin')
  const places = (await (await request.get('/api/destinations/?page_size=500')).json()) as { results: { id: number; name: string }[] }
  const country = (places.results.find((c) => c.name === 'Portugal') ?? places.results[0]!).id
  const supplier = (await call('post', '/api/suppliers/', admin, { name: uniqueName('Lisbon Stays '), supplier_type: 'accommodation', country })) as {
    id: number
  }
  const title = uniqueName('Lisbon in two stays ')
  const created = (await call('post', '/api/itineraries/', expert, { trip_id: trip.id, title })) as {
    id: number
    days: { key: string; date: string; title: string }[]
  }
  const [first, ...rest] = created.days
  const stay = (name: string, price: string, recommended: boolean) => ({
    type: 'accommodation',
    title: name,
    description: recommended ? 'A guesthouse by the river, five minutes from the tram.' : 'A palace hotel with a garden.',
    location_name: 'Lisbon',
    supplier_id: supplier.id,
    nights: 2,
    unit_price: price,
    currency: 'USD',
    option_group: 'stay',
    recommended,
  })
  const dinner = { type: 'meal', title: 'Welcome dinner', start_time: '20:00', end_time: '22:00', unit_price: '28.00', currency: 'USD' }
  await call('patch', `/api/itineraries/${created.id}/`, expert, {
    version: 1,
    days: [
      { key: first!.key, date: first!.date, title: first!.title, items: [stay('Casa do Mar', '120.00', true), stay('Palácio Azul', '210.00', false), dinner] },
      ...rest.map((d) => ({ key: d.key, date: d.date, title: d.title, items: [] })),
    ],
  })
  await call('post', `/api/itineraries/${created.id}/status/`, expert, { status: 'review' })
  await call('post', `/api/itineraries/${created.id}/status/`, await restToken(request, 'specialist'), { status: 'approved', version: 2 })
  const sent = (await call('post', `/api/itineraries/${created.id}/proposals/`, expert, {
    note: 'Two stays to choose from: the Casa is cosy, the Palácio grand.',
  })) as { id: number; round: number }
  return {
    id: sent.id,
    itinerary: created.id,
    title,
    url: `/dashboard/proposals/${sent.id}`,
    traveler: { username: trip.username, password: trip.password },
    /** Another round, sent by the expert (the one the page shows is then replaced). */
    sendAgain: () => call('post', `/api/itineraries/${created.id}/proposals/`, expert, { note: 'Re-priced.' }) as Promise<{ id: number; round: number }>,
    read: async () => call('get', `/api/proposals/${sent.id}/`, await restToken(request, trip.username, trip.password)) as Promise<Record<string, unknown>>,
  }
}

const total = (page: Page) => page.getByTestId('proposal-total')
const option = (page: Page, name: string) => page.getByRole('article', { name })

test.describe('proposals', () => {
  test('JavaScript on: the list opens the round; switching an option updates the total at once; accepting shows the accepted state', async ({
    page,
    request,
    signIn,
  }) => {
    const proposal = await sentProposal(request)
    await signIn(proposal.traveler.username, proposal.traveler.password)
    const toasts = await watchToasts(page)

    await page.goto('/dashboard/proposals')
    const card = page.getByRole('article', { name: `${proposal.title}, round 1` })
    await expect(card).toContainText('Waiting for you')
    await expect(card).toContainText('Total $268.00')
    await expect(card).toContainText('1 choice to make')
    await card.getByRole('link', { name: proposal.title }).click()
    await expect(page).toHaveURL(new RegExp(`${proposal.url}$`))
    await ready(page, true)

    await expect(page.getByRole('heading', { level: 1, name: proposal.title })).toBeVisible()
    await expect(page.getByText('Round 1 of 1')).toBeVisible()
    await expect(page.getByText('Two stays to choose from: the Casa is cosy, the Palácio grand.')).toBeVisible()
    await expect(total(page)).toHaveText('$268.00')
    await expect(page.getByText('Per person (2 paying travelers)')).toBeVisible()
    await expect(option(page, 'Casa do Mar')).toContainText('Recommended')
    await expect(option(page, 'Casa do Mar')).toContainText('In your total')
    await expect(option(page, 'Palácio Azul')).toContainText('+$180.00')
    // With JavaScript the total follows the radios: no button to press, no request to the server.
    await expect(page.getByRole('button', { name: 'Update total' })).toHaveCount(0)
    const requests: string[] = []
    page.on('request', (r) => requests.push(r.url()))
    await page.getByRole('radio', { name: 'Palácio Azul' }).check()
    await expect(total(page)).toHaveText('$448.00')
    await expect(page.getByText('Updated for the options you chose')).toBeVisible()
    await expect(option(page, 'Casa do Mar')).toContainText('-$180.00')
    await expect(option(page, 'Palácio Azul')).toContainText('In your total')
    await expect(page.getByRole('region', { name: /^Day 1/ })).toContainText('$448.00')
    expect(requests.filter((url) => !url.startsWith('data:'))).toEqual([])

    await page.getByRole('button', { name: 'Accept round 1 for $448.00' }).click()
    await expect.poll(toasts).toContainEqual(expect.stringContaining('Round 1 accepted: $448.00. Your bookings are pending confirmation.'))
    const accepted = page.getByRole('region', { name: 'You accepted this proposal' })
    await expect(accepted).toContainText('$448.00')
    await expect(accepted.getByRole('row', { name: /Palácio Azul/ })).toContainText(/MB-[A-Z0-9]{8}/)
    await expect(accepted.getByRole('row', { name: /Welcome dinner/ })).toContainText('$28.00')
    await expect(accepted.getByRole('link', { name: 'See the 1 booking in Bookings' })).toHaveAttribute('href', '/dashboard/bookings')
    await expect(page.getByText('Accepted', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Accept round/ })).toHaveCount(0)
    // The choice is said, no longer offered.
    await expect(page.getByRole('radio')).toHaveCount(0)
    await expect(option(page, 'Palácio Azul')).toContainText('Chosen')
    await expect(option(page, 'Casa do Mar')).toContainText('Not chosen')
    expect(await proposal.read()).toMatchObject({ status: 'accepted', accepted_total: '448.00', choices: { stay: expect.any(String) } })
  })

  test.describe('JavaScript off', () => {
    test.use({ javaScriptEnabled: false })

    test('choosing an option and pressing Update total shows the new total; commenting, replying and accepting work', async ({
      page,
      request,
      signIn,
      browser,
      playwright,
      baseURL,
    }) => {
      const proposal = await sentProposal(request)
      await signIn(proposal.traveler.username, proposal.traveler.password)
      await page.goto(proposal.url)
      await expect(total(page)).toHaveText('$268.00')

      await page.getByRole('radio', { name: 'Palácio Azul' }).check()
      await page.getByRole('button', { name: 'Update total' }).click()
      await expect(page).toHaveURL(/choice\.stay=/)
      await expect(total(page)).toHaveText('$448.00')
      await expect(page.getByText('$224.00').first()).toBeVisible()
      await expect(page.getByRole('radio', { name: 'Palácio Azul' })).toBeChecked()
      await expect(option(page, 'Casa do Mar')).toContainText('-$180.00')

      // A comment on the Palácio: a thread under it, anchored, and the choice kept.
      const palacio = option(page, 'Palácio Azul')
      await palacio.getByText('Comment', { exact: true }).click()
      await palacio.getByRole('textbox', { name: 'Your comment' }).fill('Is breakfast included at the Palácio?')
      await palacio.getByRole('button', { name: 'Post comment' }).click()
      await expect(page).toHaveURL(/#thread-\d+$/)
      await expect(page.getByRole('status').filter({ hasText: 'Comment posted.' })).toBeVisible()
      const thread = page.getByRole('region', { name: 'Comment thread on “Palácio Azul”' })
      await expect(thread).toContainText('Is breakfast included at the Palácio?')
      await expect(thread).toContainText('Open')
      const anchor = new URL(page.url()).hash
      await expect(page.locator(anchor)).toContainText('Is breakfast included at the Palácio?')
      await expect(total(page)).toHaveText('$448.00')

      // An empty comment is refused beside its field, not with an error screen.
      await page.getByRole('textbox', { name: 'Comment on the whole proposal' }).fill('   ')
      await page.getByRole('button', { name: 'Post comment' }).last().click()
      await expect(page.getByText('Write a comment.')).toBeVisible()

      // The expert answers the thread and resolves it; the round is read-only for them.
      const expertContext = await browser.newContext({ javaScriptEnabled: false, baseURL })
      const fresh = await playwright.request.newContext({ baseURL })
      await plantSession(expertContext, baseURL!, await createSession(fresh, baseURL!, 'expert'))
      await fresh.dispose()
      const expertView = await expertContext.newPage()
      await expertView.goto(proposal.url + anchor)
      await expect(expertView.getByText('Waiting for the traveler')).toBeVisible()
      await expect(expertView.getByRole('button', { name: /^Accept round/ })).toHaveCount(0)
      await expect(expertView.getByRole('form', { name: 'Request changes' })).toHaveCount(0)
      const expertThread = expertView.getByRole('region', { name: 'Comment thread on “Palácio Azul”' })
      await expertThread.getByRole('textbox', { name: 'Reply' }).fill('Yes, breakfast for two every morning.')
      await expertThread.getByRole('button', { name: 'Reply' }).click()
      await expect(expertThread).toContainText('Yes, breakfast for two every morning.')
      await expertThread.getByRole('button', { name: 'Mark resolved' }).click()
      await expect(expertThread).toContainText('Resolved')
      await expertContext.close()

      await page.goto(proposal.url)
      await expect(thread).toContainText('Yes, breakfast for two every morning.')
      await expect(thread).toContainText('Resolved')
      await thread.getByRole('button', { name: 'Reopen' }).click()
      await expect(thread).toContainText('Open')

      // Accepting posts the radios as they are, without pressing Update total first.
      await page.getByRole('radio', { name: 'Casa do Mar' }).check()
      await page.getByRole('button', { name: /^Accept round 1/ }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Round 1 accepted: $268.00.' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'You accepted this proposal' })).toContainText('Casa do Mar')
      expect(await proposal.read()).toMatchObject({ status: 'accepted', accepted_total: '268.00' })
    })

    test('a round replaced by a newer one refuses acceptance with the reason and links to the new round', async ({ page, request, signIn }) => {
      const proposal = await sentProposal(request)
      await signIn(proposal.traveler.username, proposal.traveler.password)
      await page.goto(proposal.url)
      const next = await proposal.sendAgain()
      const response = page.waitForResponse((r) => r.request().method() === 'POST')
      await page.getByRole('button', { name: /^Accept round 1/ }).click()
      expect((await response).status()).toBe(409)
      await expect(page.getByRole('alert').filter({ hasText: 'A newer round of this proposal was sent (round 2). Review it before accepting.' })).toBeVisible()
      await expect(page.getByText('Replaced by a newer round')).toBeVisible()
      await page.getByRole('link', { name: 'Open round 2' }).click()
      await expect(page).toHaveURL(new RegExp(`/dashboard/proposals/${next.id}$`))
      await expect(page.getByText('Round 2 of 2')).toBeVisible()
      await expect(page.getByRole('region', { name: 'What changed since round 1' })).toContainText('unchanged')
    })

    test('another traveler gets the not-found page', async ({ page, request, signIn }) => {
      const proposal = await sentProposal(request)
      await signIn('traveler')
      const response = await page.goto(proposal.url)
      expect(response?.status()).toBe(404)
      await expect(page.getByText(proposal.title)).toHaveCount(0)
    })
  })
})
