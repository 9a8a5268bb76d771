import { Alert, Button, Stack, Text } from '@mantine/core'
import { useFetcher, useSearchParams } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { ErrorBanner } from '../error-banner.tsx'
import { useHydrated } from '../shell/use-hydrated.ts'
import { formatMoney } from '../trips/format.ts'

/** Stripe.js, from Stripe's own host as Stripe requires (the CSP allows it only while the Stripe provider is on). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/'

/** The parts of Stripe.js this page uses. */
interface StripeJs {
  elements(options: { clientSecret: string }): { create(type: 'payment'): { mount(el: HTMLElement): void; destroy(): void } }
  confirmPayment(options: {
    elements: unknown
    redirect: 'if_required'
    confirmParams: { return_url: string }
  }): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs
  }
}

let loading: Promise<NonNullable<Window['Stripe']>> | null = null
function loadStripeJs(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe)
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = STRIPE_JS_URL
    script.async = true
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load')))
    script.onerror = () => {
      loading = null
      reject(new Error('Stripe.js could not be loaded'))
    }
    document.head.appendChild(script)
  })
  return loading
}

interface Started {
  client_secret: string | null
  payment_intent_id: string
  publishable_key: string
}

/**
 * Card payment with Stripe's Payment Element: Pay by card makes (or takes up) the booking's PaymentIntent, the
 * element collects the card in Stripe's own frame, and once Stripe has the money the page asks the server to confirm
 * (which asks Stripe again). Cards need JavaScript: without it the page says so.
 */
export function StripePayment({ amount, currency }: { amount: string; currency: string }) {
  const hydrated = useHydrated()
  const start = useFetcher<{ stripe?: Started; message?: string | null }>()
  const confirm = useFetcher<{ message?: string | null }>()
  const [params] = useSearchParams()
  const mountRef = useRef<HTMLDivElement>(null)
  const stripeRef = useRef<{ stripe: StripeJs; elements: unknown } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [ready, setReady] = useState(false)
  const [paying, setPaying] = useState(false)
  const started = start.data?.stripe

  // Back from a payment method that left the page (a bank's check): confirm what Stripe says.
  const returned = params.get('payment_intent')
  useEffect(() => {
    if (returned && confirm.state === 'idle' && !confirm.data) confirm.submit({ intent: 'confirm', payment_intent_id: returned }, { method: 'post' })
  }, [returned, confirm])

  useEffect(() => {
    if (!started?.client_secret || !mountRef.current) return
    let element: { destroy(): void } | null = null
    loadStripeJs().then(
      (Stripe) => {
        const stripe = Stripe(started.publishable_key)
        const elements = stripe.elements({ clientSecret: started.client_secret! })
        const payment = elements.create('payment')
        payment.mount(mountRef.current!)
        element = payment
        stripeRef.current = { stripe, elements }
        setReady(true)
      },
      () => setProblem('The card form could not be loaded. Check your connection and reload the page.'),
    )
    return () => element?.destroy()
  }, [started])

  if (!hydrated) {
    return (
      <Alert color="yellow" variant="light" title="Card payments need JavaScript">
        Paying by card happens in a secure form from Stripe, which needs JavaScript. Turn JavaScript on and reload this page, or ask your travel expert about
        paying by bank transfer.
      </Alert>
    )
  }

  async function pay() {
    if (!stripeRef.current || !started) return
    setPaying(true)
    setProblem(null)
    const { stripe, elements } = stripeRef.current
    const result = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } })
    setPaying(false)
    if (result.error) return setProblem(result.error.message ?? 'The payment did not go through.')
    confirm.submit({ intent: 'confirm', payment_intent_id: result.paymentIntent?.id ?? started.payment_intent_id }, { method: 'post' })
  }

  return (
    <Stack gap="sm">
      <ErrorBanner message={problem ?? start.data?.message ?? confirm.data?.message ?? null} />
      {started ? (
        <>
          <div ref={mountRef} aria-label="Card details" />
          <Button onClick={pay} loading={paying || confirm.state !== 'idle'} disabled={!ready}>
            Pay {formatMoney(amount, currency)}
          </Button>
        </>
      ) : (
        <start.Form method="post">
          <input type="hidden" name="intent" value="start" />
          <Button type="submit" loading={start.state !== 'idle'}>
            Pay {formatMoney(amount, currency)} by card
          </Button>
        </start.Form>
      )}
      <Text size="xs" c="dimmed">
        Card details go straight to Stripe; Meridian Travel never sees them.
      </Text>
    </Stack>
  )
}
