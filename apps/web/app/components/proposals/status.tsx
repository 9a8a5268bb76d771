import { Badge, Group } from '@mantine/core'
import { PROPOSAL_STATUS_COLORS, type ProposalStatus } from '@meridian/validators/proposal-constants'
import { statusLabel } from './format.ts'

/** A round's state, and "Expired" beside it when its quote ran out (a flag, not a state: docs/proposals.md). */
export function ProposalStatusBadges({ status, expired, traveler }: { status: string; expired: boolean; traveler: boolean }) {
  return (
    <Group gap={6}>
      <Badge variant="light" color={PROPOSAL_STATUS_COLORS[status as ProposalStatus] ?? 'gray'} data-status={status}>
        {statusLabel(status, traveler)}
      </Badge>
      {expired ? (
        <Badge variant="light" color="red">
          Expired
        </Badge>
      ) : null}
    </Group>
  )
}
