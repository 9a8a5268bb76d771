import type { ActivityCategory } from '@meridian/validators/activity-constants'

// The demo itineraries' content (seedDemoItineraries): what each day of a plan holds, by the trip's country.

/** A demo catalogue activity: found by name in the trip's country, or made there (labelled as demo data). */
export interface DemoActivity {
  name: string
  category: ActivityCategory
  hours: number
  price: number
}

export type Slot = [start: string, end: string]
/** An option of a slot (docs/proposals.md): the items of a day with the same `option` are alternatives, one recommended. */
export interface DemoOption {
  option?: string
  recommended?: boolean
  /** For some of the trip's party only, by name (docs/traveler-app.md "Per traveler"). */
  party?: string[]
}
/** One item of a demo day: an activity (by its index in the plan's activities), or one the expert prices by hand. */
export type DemoItem = DemoOption &
  (
    | { activity: number; at: Slot }
    | { type: 'meal' | 'free_time'; title: string; at: Slot; price?: number }
    | { type: 'accommodation'; title: string; at: Slot; nights: number; price: number }
    | { type: 'transfer'; at: Slot }
  )

export interface DemoPlan {
  title: string
  story: string
  activities: DemoActivity[]
  days: { title: string; theme: string; items: DemoItem[] }[]
}

export const restDay = (title: string): { title: string; theme: string; items: DemoItem[] } => ({
  title,
  theme: 'Free day',
  items: [
    { type: 'free_time', title: 'Free time to explore at your own pace', at: ['10:00', '13:00'] },
    { type: 'meal', title: 'Dinner at a local favourite', at: ['20:00', '21:30'], price: 45 },
  ],
})

/** Realistic plans for the demo trips' countries; any other country gets a plan built from its city's name. */
const PLANS: Record<string, (city: string) => DemoPlan> = {
  Portugal: () => ({
    title: 'Lisbon, Sintra and Belém',
    story: 'tiled streets, fado evenings and a day among the palaces of Sintra.',
    activities: [
      { name: 'Alfama and Mouraria walking tour', category: 'culture', hours: 3, price: 35 },
      { name: 'Sintra palaces day trip', category: 'culture', hours: 8, price: 95 },
      { name: 'Fado evening in Alfama', category: 'entertainment', hours: 2.5, price: 60 },
      { name: 'Pastel de nata baking class', category: 'culinary', hours: 2, price: 45 },
      { name: 'Belém monuments and river cruise', category: 'culture', hours: 4, price: 55 },
    ],
    days: [
      {
        title: 'Arrival in Lisbon',
        theme: 'Arrival',
        items: [
          { type: 'transfer', at: ['13:00', '14:00'] },
          { type: 'accommodation', title: 'Boutique hotel in Chiado', at: ['15:00', '15:30'], nights: 6, price: 180 },
          { type: 'free_time', title: 'Stroll along the Tagus riverfront', at: ['17:00', '19:00'] },
          { type: 'meal', title: 'Welcome dinner at a tasca', at: ['20:00', '22:00'], price: 40 },
        ],
      },
      {
        title: 'Old Lisbon',
        theme: 'Culture',
        items: [
          { activity: 0, at: ['09:30', '12:30'] },
          { type: 'meal', title: 'Lunch in Mouraria', at: ['13:00', '14:30'], price: 25 },
          { activity: 2, at: ['20:00', '22:30'] },
        ],
      },
      {
        title: 'Sintra',
        theme: 'Day trip',
        items: [
          { activity: 1, at: ['08:30', '16:30'] },
          { type: 'meal', title: 'Dinner in Príncipe Real', at: ['20:00', '21:30'], price: 45 },
        ],
      },
      {
        title: 'Belém',
        theme: 'River and sweets',
        items: [
          { activity: 4, at: ['10:00', '14:00'] },
          { activity: 3, at: ['15:30', '17:30'] },
        ],
      },
    ],
  }),
  Peru: () => ({
    title: 'Lima, Cusco and Machu Picchu',
    story: 'Lima food markets, the Sacred Valley and Machu Picchu with the family.',
    activities: [
      { name: 'Lima food market tour', category: 'culinary', hours: 3, price: 40 },
      { name: 'Cusco colonial walking tour', category: 'culture', hours: 3, price: 30 },
      { name: 'Sacred Valley day trip', category: 'culture', hours: 9, price: 110 },
      { name: 'Machu Picchu guided visit', category: 'culture', hours: 6, price: 150 },
      { name: 'Maras salt pans and Moray terraces', category: 'culture', hours: 5, price: 70 },
      { name: 'Pisac market and ruins', category: 'culture', hours: 5, price: 65 },
    ],
    days: [
      {
        title: 'Arrival in Lima',
        theme: 'Arrival',
        items: [
          { type: 'transfer', at: ['12:00', '13:00'] },
          { type: 'accommodation', title: 'Family hotel in Miraflores', at: ['14:00', '14:30'], nights: 2, price: 140 },
          { type: 'meal', title: 'Ceviche dinner in Barranco', at: ['19:30', '21:00'], price: 30 },
        ],
      },
      {
        title: 'Lima',
        theme: 'Food',
        items: [
          { activity: 0, at: ['09:00', '12:00'] },
          { type: 'free_time', title: 'Walk along the Malecón', at: ['15:00', '17:00'], party: ['Camille', 'Inès'] },
        ],
      },
      {
        title: 'To Cusco',
        theme: 'Acclimatise',
        items: [
          { type: 'accommodation', title: 'Guesthouse in San Blas, Cusco', at: ['13:00', '13:30'], nights: 6, price: 120 },
          { type: 'free_time', title: 'Rest and coca tea: acclimatise to the altitude', at: ['14:00', '18:00'] },
        ],
      },
      {
        title: 'Cusco',
        theme: 'Culture',
        items: [
          { activity: 1, at: ['10:00', '13:00'] },
          { type: 'meal', title: 'Lunch at San Pedro market', at: ['13:30', '14:30'], price: 15 },
        ],
      },
      // The days still ahead offer choices (the proposal the traveler weighs): an excursion of three, two hotels.
      {
        title: 'Sacred Valley',
        theme: 'Day trip',
        items: [
          { activity: 2, at: ['07:30', '16:30'], option: 'valley-excursion', recommended: true },
          { activity: 4, at: ['08:00', '13:00'], option: 'valley-excursion' },
          { activity: 5, at: ['08:30', '13:30'], option: 'valley-excursion' },
        ],
      },
      {
        title: 'Machu Picchu',
        theme: 'Highlight',
        items: [
          { activity: 3, at: ['06:00', '12:00'] },
          {
            type: 'accommodation',
            title: 'Riverside hotel in Aguas Calientes',
            at: ['15:00', '15:30'],
            nights: 1,
            price: 160,
            option: 'aguas-calientes-night',
            recommended: true,
          },
          {
            type: 'accommodation',
            title: 'Family lodge by the Machu Picchu bus stop',
            at: ['15:00', '15:30'],
            nights: 1,
            price: 210,
            option: 'aguas-calientes-night',
          },
          { type: 'meal', title: 'Dinner in Aguas Calientes', at: ['19:00', '20:30'], price: 35 },
        ],
      },
    ],
  }),
}

const anyPlace = (city: string): DemoPlan => ({
  title: `${city} at an easy pace`,
  story: `the best of ${city}, with time to rest.`,
  activities: [
    { name: `${city} old town walking tour`, category: 'culture', hours: 3, price: 30 },
    { name: `${city} food tour`, category: 'culinary', hours: 3, price: 50 },
  ],
  days: [
    {
      title: `Arrival in ${city}`,
      theme: 'Arrival',
      items: [
        { type: 'transfer', at: ['13:00', '14:00'] },
        { type: 'accommodation', title: `Hotel in central ${city}`, at: ['15:00', '15:30'], nights: 3, price: 150 },
        { type: 'meal', title: 'Welcome dinner', at: ['20:00', '21:30'], price: 40 },
      ],
    },
    {
      title: city,
      theme: 'Culture',
      items: [
        { activity: 0, at: ['09:30', '12:30'] },
        { activity: 1, at: ['18:00', '21:00'] },
      ],
    },
  ],
})

export const minutes = ([from, to]: Slot) => {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3))
  return Math.max(0, m(to) - m(from))
}

/** The plan for a trip in this country and city. */
export const planFor = (country: string | null, city: string): DemoPlan => (PLANS[country ?? ''] ?? anyPlace)(city)
