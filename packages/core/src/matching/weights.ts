/**
 * The matching formula's constants, all in one place (docs/matching.md). Points add up to 100: an expert who
 * covers every destination, matches every wanted specialization, has EXPERIENCE_FULL_YEARS or more, no open trips
 * and a perfect acceptance history scores 100.
 */
export const MATCH_WEIGHTS = {
  destinations: 35,
  specializations: 25,
  experience: 15,
  load: 15,
  acceptance: 10,
} as const

/** Years of experience at which the experience points are full. */
export const EXPERIENCE_FULL_YEARS = 15
/** Open trips at which the load points reach 0 ("fully booked"). */
export const LOAD_CAPACITY = 8
/**
 * The acceptance rate starts from this prior (one accepted, one declined: 50 %), so a new expert is neither the best
 * nor the worst, and one answer does not swing the score.
 */
export const ACCEPTANCE_PRIOR = { accepted: 1, declined: 1 } as const

/**
 * Specialization tags: what quiz answers, quiz types and trip requests ask for. An expert's free-text specialization
 * ("Luxury travel", "Honeymoons") matches a tag when one of its words is one of the tag's words.
 */
export const SPECIALIZATION_TAGS: Record<string, { label: string; words: readonly string[] }> = {
  adventure: { label: 'Adventure', words: ['adventure', 'adventures', 'expedition', 'expeditions', 'outdoor', 'outdoors'] },
  wellness: { label: 'Wellness', words: ['wellness', 'spa', 'spas', 'yoga', 'retreat', 'retreats', 'relaxation'] },
  culture: { label: 'Culture', words: ['culture', 'cultural', 'history', 'heritage', 'art', 'museums'] },
  culinary: { label: 'Culinary', words: ['culinary', 'food', 'wine', 'wines', 'gastronomy', 'cuisine'] },
  city: { label: 'City', words: ['city', 'cities', 'urban'] },
  luxury: { label: 'Luxury', words: ['luxury', 'luxe', 'premium'] },
  beach: { label: 'Beach', words: ['beach', 'beaches', 'island', 'islands'] },
  diving: { label: 'Diving', words: ['diving', 'dive', 'dives', 'scuba', 'snorkelling', 'snorkeling'] },
  romance: { label: 'Romance', words: ['romance', 'romantic', 'honeymoon', 'honeymoons'] },
  family: { label: 'Family', words: ['family', 'families', 'kids', 'children'] },
  business: { label: 'Business', words: ['business', 'corporate'] },
  solo: { label: 'Solo', words: ['solo'] },
  group: { label: 'Group', words: ['group', 'groups'] },
  safari: { label: 'Safari', words: ['safari', 'safaris', 'wildlife'] },
  trekking: { label: 'Trekking', words: ['trekking', 'trek', 'treks', 'hiking', 'mountain', 'mountains'] },
  nature: { label: 'Nature', words: ['nature', 'eco', 'ecotourism', 'rainforest'] },
}

/** The tag a trip type asks for. */
export const TRIP_TYPE_TAGS: Record<string, string> = {
  romantic: 'romance',
  family: 'family',
  adventure: 'adventure',
  business: 'business',
  solo: 'solo',
  group: 'group',
}

/** The tag a trip request's travel style asks for (budget and comfort ask for none). */
export const TRAVEL_STYLE_TAGS: Record<string, string> = { luxury: 'luxury', ultra_luxury: 'luxury' }
