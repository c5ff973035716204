import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/** The official pain.001 schemas (ISO 20022), copied into server/test-data/sepa. */
export const SEPA_XSD_DIR = fileURLToPath(new URL('../../test-data/sepa/', import.meta.url));

/** Validates a SEPA credit-transfer file against its version's XSD (xmllint compiled to WebAssembly). */
export async function validatePain001(
  xml: string,
  version: 'pain.001.001.09' | 'pain.001.001.03',
): Promise<{ valid: boolean; errors: string[] }> {
  const schema = await readFile(`${SEPA_XSD_DIR}${version}.xsd`, 'utf8');
  const result = await validateXML({
    xml: [{ fileName: 'payout.xml', contents: xml }],
    schema: [{ fileName: `${version}.xsd`, contents: schema }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
