import { graphql } from '@/graphql/generated';

/** The documents several application screens share. */

export const ApplicationFormFieldsFragment = graphql(`
  fragment ApplicationFormFields on ApplicationFormView {
    arrangementId
    arrangementName
    arrangementSlug
    description
    municipalityName
    municipalitySlug
    openNow
    opensOn
    closesOn
    criteria
    amount
    socialMinimum
  }
`);

export const ApplicationDetailFieldsFragment = graphql(`
  fragment ApplicationDetailFields on ApplicationView {
    id
    number
    status
    arrangementId
    arrangementName
    municipalityName
    answers
    criteria
    amount
    expectedAmountCents
    decidedAmountCents
    decisionReason
    openQuestion
    createdAt
    submittedAt
    decidedAt
    timeline {
      id
      at
      kind
      label
      text
      internal
    }
    proofs {
      id
      criterionKey
      fileName
      contentType
      sizeBytes
      uploadedAt
      purged
    }
  }
`);

/** Uploads a proof file to the resident's own application; answers the Dutch problem, or null when it worked. */
export async function uploadProof(applicationId: string, criterionKey: string, file: File): Promise<string | null> {
  const body = new FormData();
  body.set('criterionKey', criterionKey);
  body.set('file', file);
  try {
    const res = await fetch(`/api/aanvragen/${encodeURIComponent(applicationId)}/bewijs`, {
      method: 'POST',
      headers: { 'x-gemeentewinkel-upload': '1' },
      body,
      credentials: 'same-origin',
    });
    const json = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
    if (res.ok) return null;
    return json?.errors?.[0]?.message ?? 'Het bestand kon niet worden toegevoegd. Probeer het opnieuw.';
  } catch {
    return 'Er is geen verbinding. Controleer uw internetverbinding en probeer het opnieuw.';
  }
}

export const proofUrl = (applicationId: string, proofId: string) =>
  `/api/aanvragen/${encodeURIComponent(applicationId)}/bewijs/${encodeURIComponent(proofId)}`;

/** Today in Europe/Amsterdam (YYYY-MM-DD): the day the shared rules check answers on, as the server does. */
export function todayInAmsterdam(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
}
