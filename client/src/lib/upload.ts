import type { FormError } from '../components/forms/userErrors';

/**
 * Sends a file to one of the server's upload endpoints (multipart, with the header that marks an upload, so a
 * cross-site form cannot post one). The answer's errors have the shape of a mutation payload's; a request that does
 * not get through gets one Dutch message naming `what` ("De afbeelding", "Het bestand").
 */
export async function uploadFile<T extends object = object>(
  url: string,
  file: Blob,
  options: { fields?: Record<string, string>; what?: string } = {},
): Promise<{ errors: FormError[] } & Partial<T>> {
  const body = new FormData();
  body.set('file', file);
  for (const [name, value] of Object.entries(options.fields ?? {})) body.set(name, value);
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { 'X-Gemeentewinkel-Upload': '1' },
    });
    const json = (await res.json().catch(() => null)) as ({ errors?: FormError[] } & Partial<T>) | null;
    if (json?.errors && (json.errors.length || res.ok)) return { ...json, errors: json.errors };
  } catch {
    // Falls through to the general message.
  }
  const what = options.what ?? 'De afbeelding';
  return {
    errors: [{ field: null, code: 'NETWORK', message: `${what} kon niet worden verstuurd. Probeer het opnieuw.` }],
  } as { errors: FormError[] } & Partial<T>;
}
