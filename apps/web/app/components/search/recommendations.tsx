import { Badge, Group, SimpleGrid, Text, Title } from '@mantine/core'
import type { Recommendations } from '@meridian/core'
import { ResultCard } from '../discovery/result-card.tsx'

/** What we recommend for the user (or the promoted destinations, for someone new), each with its match and reason. */
export function RecommendationsSection({
  recommendations,
  savedId,
  canSave,
}: {
  recommendations: Recommendations
  /** The wishlist item this result is saved as, if it is. */
  savedId: (type: string, id: number) => number | null
  canSave: boolean
}) {
  return (
    <section aria-labelledby="recommendations-heading">
      <Group gap="xs" mb="sm">
        <Title order={2} size="h4" id="recommendations-heading">
          {recommendations.basis === 'promoted' ? 'Promoted destinations' : 'Recommended for you'}
        </Title>
        {recommendations.basis === 'promoted' ? (
          <Badge variant="light" color="gray">
            Promoted
          </Badge>
        ) : null}
      </Group>
      {recommendations.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to recommend yet: save destinations and activities you like, or take the onboarding quiz.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {recommendations.results.map((r) => (
            <ResultCard
              key={r.id}
              result={{
                id: r.id,
                type: r.type,
                object_id: r.data.object_id,
                title: r.title,
                description: '',
                location: r.data.location,
                price: r.data.price_per_person,
                currency: r.data.currency,
                rating: null,
                image: r.data.image,
                category: r.data.category,
                amenities: [],
                url: r.data.url,
                latitude: null,
                longitude: null,
                featured: false,
                relevance: 0,
              }}
              travelers="per person"
              savedItemId={savedId(r.type, r.data.object_id)}
              canSave={canSave}
              extra={
                <Text size="sm">
                  {r.data.promoted ? null : (
                    <Text span fw={700}>
                      {Math.round(r.confidence * 100)}% match ·{' '}
                    </Text>
                  )}
                  {r.reason}
                </Text>
              }
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  )
}
