import {
  AlertOctagon,
  CopyX,
  HelpCircle,
  type LucideIcon,
  PackageX,
  SendHorizontal,
  UserX,
} from 'lucide-react'
import type { DisputeReason } from '#shared/schemas/dispute-states.ts'
import type { useDisputeMessages } from './messages.ts'

type MessageKey = Parameters<ReturnType<typeof useDisputeMessages>>[0]

/** Each reason's words and icon, in the order the report sheet offers them. */
export const REASON_TEXTS: Record<
  DisputeReason,
  { label: MessageKey; hint: MessageKey; icon: LucideIcon }
> = {
  not_received: { label: 'reasonNotReceived', hint: 'reasonNotReceivedHint', icon: SendHorizontal },
  wrong_recipient: {
    label: 'reasonWrongRecipient',
    hint: 'reasonWrongRecipientHint',
    icon: UserX,
  },
  unauthorised: {
    label: 'reasonUnauthorised',
    hint: 'reasonUnauthorisedHint',
    icon: AlertOctagon,
  },
  charged_twice: { label: 'reasonChargedTwice', hint: 'reasonChargedTwiceHint', icon: CopyX },
  not_delivered: { label: 'reasonNotDelivered', hint: 'reasonNotDeliveredHint', icon: PackageX },
  other: { label: 'reasonOther', hint: 'reasonOtherHint', icon: HelpCircle },
}
