import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { type Column, DataTable } from '../components/data-table.tsx'
import { OpsPage } from '../components/ops-page.tsx'
import { Outcome } from '../components/outcome.tsx'
import { QueryState } from '../components/query-state.tsx'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import { OPS_TEXT } from '../messages.ts'
import { decideKycReview, fetchKycReviews, type KycReview, OPS_KEYS } from '../ops-api.ts'
import { formatOpsDate, humanise } from '../ops-format.ts'

const TEXT = OPS_TEXT.identity

type Decision = { kind: 'approve' | 'reject'; review: KycReview }

/** Tier-3 documents waiting for compliance: approve or reject each, with a reason. */
export function IdentityReviewsPage() {
  const queryClient = useQueryClient()
  const reviews = useQuery({ queryKey: OPS_KEYS.kycReviews, queryFn: fetchKycReviews })
  const [decision, setDecision] = useState<Decision | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const decide = useMutation({
    mutationFn: ({ kind, id, reason }: { kind: Decision['kind']; id: string; reason: string }) =>
      decideKycReview(id, kind, reason),
    onSuccess: async (_answer, { kind }) => {
      setDone(kind === 'approve' ? TEXT.approved : TEXT.rejected)
      await queryClient.invalidateQueries({ queryKey: OPS_KEYS.kycReviews })
    },
  })

  const columns: readonly Column<KycReview>[] = [
    {
      key: 'customer',
      header: TEXT.customer,
      cell: (review) => (
        <>
          <span className="block font-medium">{review.customer.name}</span>
          {review.customer.email ? (
            <span className="block text-xs text-muted-foreground wrap-break-word">
              {review.customer.email}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'document',
      header: TEXT.document,
      cell: (review) =>
        `${humanise(review.documentType)}, ${TEXT.endingIn(review.documentNumberLast4)}`,
    },
    {
      key: 'address',
      header: TEXT.address,
      cell: (review) =>
        [review.address.line, review.address.city, review.address.state, review.address.country]
          .filter((part) => part.trim() !== '')
          .join(', '),
    },
    {
      key: 'submitted',
      header: TEXT.submitted,
      cell: (review) => formatOpsDate(review.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'actions',
      header: TEXT.actions,
      cell: (review) => (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            aria-label={`${TEXT.approve}: ${review.customer.name}`}
            onClick={() => setDecision({ kind: 'approve', review })}
          >
            {TEXT.approve}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={`${TEXT.reject}: ${review.customer.name}`}
            onClick={() => setDecision({ kind: 'reject', review })}
          >
            {TEXT.reject}
          </Button>
        </div>
      ),
    },
  ]

  const approving = decision?.kind === 'approve'
  return (
    <OpsPage title={TEXT.title} description={TEXT.description}>
      <Outcome tone="success" message={done} testId="ops-outcome" />
      {reviews.data ? (
        <DataTable
          caption={TEXT.title}
          columns={columns}
          rows={reviews.data}
          rowKey={(review) => review.id}
          empty={TEXT.empty}
          testId="ops-kyc-reviews"
        />
      ) : (
        <QueryState query={reviews} />
      )}
      <ReasonDialog
        open={decision !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDecision(null)
        }}
        title={approving ? TEXT.approveTitle : TEXT.rejectTitle}
        description={approving ? TEXT.approveText : TEXT.rejectText}
        label={TEXT.reason}
        submitLabel={approving ? TEXT.approveSubmit : TEXT.rejectSubmit}
        destructive={!approving}
        onConfirm={(reason) =>
          decide.mutateAsync({
            kind: decision?.kind ?? 'reject',
            id: decision?.review.id ?? '',
            reason,
          })
        }
        testId="ops-kyc-dialog"
      />
    </OpsPage>
  )
}
