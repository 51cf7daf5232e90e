import { describe, expect, it } from 'vitest'
import en from '#client/locales/en/transactions.json'
import fr from '#client/locales/fr/transactions.json'
import ha from '#client/locales/ha/transactions.json'
import { FAILURE_REASONS } from '#shared/failure-reasons.ts'
import { failureReasonText, timelineStepText } from './failure-text.ts'
import type { Translate } from './transaction-receipt.ts'

/** A catalog's translator, as i18next fills it: `{{name}}` takes the value. */
function translator(catalog: Record<string, string>): Translate {
  return (key, values = {}) =>
    (catalog[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]))
}

const event = (fields: { step?: string; reason?: string; message: string }) => ({
  status: 'pending',
  createdAt: '2026-11-28T10:00:00.000Z',
  ...fields,
})

describe('failureReasonText', () => {
  it("words every one of Sabi's reasons in the user's language", () => {
    for (const words of Object.values(FAILURE_REASONS)) {
      const inFrench = failureReasonText(words, translator(fr))
      expect(inFrench).not.toBe(words)
      expect(inFrench).toMatch(/\.$/)
      expect(failureReasonText(words, translator(ha))).not.toMatch(/^failure/)
    }
    expect(failureReasonText(FAILURE_REASONS.bankRejected, translator(fr))).toBe(
      'La banque destinataire a refusé le paiement.',
    )
  })

  it("shows a provider's own words as a sentence", () => {
    expect(failureReasonText('account closed', translator(fr))).toBe('Account closed.')
    expect(failureReasonText('Do not honour!', translator(en))).toBe('Do not honour!')
  })
})

describe('timelineStepText', () => {
  it("words Sabi's steps, and a failure with its reason, in the user's language", () => {
    expect(
      timelineStepText(event({ step: 'initiated', message: 'Payment initiated' }), translator(fr)),
    ).toBe('Paiement lancé')
    expect(
      timelineStepText(
        event({
          step: 'failed',
          reason: FAILURE_REASONS.billerNotApplied,
          message: `Failed: ${FAILURE_REASONS.billerNotApplied}. The money is back in your wallet.`,
        }),
        translator(fr),
      ),
    ).toBe(
      "Échec : Le fournisseur n'a pas pu appliquer le paiement. L'argent est revenu sur votre portefeuille.",
    )
  })

  it('shows the message of a step this app does not know', () => {
    expect(
      timelineStepText(event({ step: 'escalated', message: 'Escalated' }), translator(fr)),
    ).toBe('Escalated')
    expect(timelineStepText(event({ message: 'Checked by hand' }), translator(fr))).toBe(
      'Checked by hand',
    )
  })
})
