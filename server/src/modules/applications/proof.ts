import { decryptSecret, encryptSecret } from '../../kernel/secret-box.js';
import { sniffImageType } from '../../platform/images.js';

/**
 * Proof files of applications: what is accepted (a photo re-encoded through the image pipeline, or a PDF kept as it
 * is but never with active content), and their encryption at rest with the platform's secret box (AES-256-GCM).
 */

export type ProofKind = 'image' | 'pdf';

/** A PDF by its first bytes (`%PDF-`, possibly after a few bytes of junk as readers allow). */
export function isPdf(data: Buffer): boolean {
  return data.subarray(0, 1024).includes(Buffer.from('%PDF-'));
}

/**
 * Whether a PDF carries active or embedded content: JavaScript (`/JavaScript`, `/JS`), embedded files, launch, submit
 * or import actions, rich media or XFA forms. Names may be written with `#xx` escapes (`/Java#53cript`), so those are
 * decoded first. Names inside compressed object streams cannot be read without inflating them, so a PDF with object
 * streams AND automatic actions (`/OpenAction`, `/AA`) is refused too, to stay on the safe side.
 */
export function pdfHasActiveContent(data: Buffer): boolean {
  const text = data
    .toString('latin1')
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  if (/\/(JavaScript|JS|EmbeddedFiles?|Launch|SubmitForm|ImportData|RichMedia|XFA)\b/.test(text)) return true;
  return /\/ObjStm\b/.test(text) && /\/(OpenAction|AA)\b/.test(text);
}

export function kindOf(data: Buffer): ProofKind | null {
  if (sniffImageType(data)) return 'image';
  if (isPdf(data)) return 'pdf';
  return null;
}

/** The file sealed for storage (AES-256-GCM, fresh IV, authenticated). */
export function sealFile(key: Buffer, data: Buffer): Buffer {
  return Buffer.from(encryptSecret(key, data.toString('base64')), 'utf8');
}

export function openFile(key: Buffer, sealed: Buffer): Buffer {
  return Buffer.from(decryptSecret(key, sealed.toString('utf8')), 'base64');
}
