/**
 * The new-campaign form's fields as typed and the body of `POST /coupon-campaigns` they make
 * (docs/catalog.md "Coupon campaigns"): empty optional fields are left out, amounts read with `.`
 * or `,`, dates as the browser's local midnight.
 */
export interface CampaignForm {
  identifier: string;
  name: string;
  currency: string;
  kind: 'PERCENT' | 'FIX' | 'SHIPPING';
  amount: string;
  minimumOrderValue: string;
  validFrom: string;
  validUntil: string;
  usesPerCode: string;
  usesTotal: string;
}

const number = (text: string) => Number(text.trim().replace(',', '.'));
const given = (text: string) => text.trim() !== '';

/** A local date (`2026-12-01` from a date field) as the instant its day begins, in ISO 8601. */
function dayStart(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, day ?? 1).toISOString();
}

export function campaignBody(form: CampaignForm) {
  return {
    identifier: form.identifier.trim(),
    name: form.name.trim(),
    currency: form.currency,
    type:
      form.kind === 'SHIPPING'
        ? { name: form.kind }
        : { name: form.kind, amount: given(form.amount) ? number(form.amount) : Number.NaN },
    ...(given(form.minimumOrderValue) ? { minimumOrderValue: number(form.minimumOrderValue) } : {}),
    ...(given(form.validFrom) ? { validFrom: dayStart(form.validFrom) } : {}),
    ...(given(form.validUntil) ? { validUntil: dayStart(form.validUntil) } : {}),
    ...(given(form.usesPerCode) ? { usesPerCode: number(form.usesPerCode) } : {}),
    ...(given(form.usesTotal) ? { usesTotal: number(form.usesTotal) } : {}),
  };
}
