import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { decodeText, TextInputError, type TextEncoding } from './csv-input.js';

/** The text `decodeText` makes of `bytes` fed in chunks of `size` bytes, and the encoding it named. */
async function read(bytes: Buffer, size: number): Promise<{ text: string; encoding: TextEncoding | null }> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  let encoding: TextEncoding | null = null;
  let text = '';
  for await (const t of decodeText(
    (async function* () {
      yield* chunks;
    })(),
    (found) => (encoding = found),
  ))
    text += t;
  return { text, encoding };
}

describe('decodeText: UTF-8 first, else Windows-1252 (Excel), whatever the chunks', () => {
  const names = 'Hélène Müller;Zoë;Noël Çelik-Brontë;€ 75,00;“aanhalingstekens”\r\n';

  it('reads Windows-1252 bytes (one byte E9 for é, 80 for €) in any chunking', async () => {
    const bytes = Buffer.from(iconv.encode(`klantnummer;naam\r\n${names}`, 'windows-1252'));
    expect(bytes.includes(0x80)).toBe(true);
    for (const size of [1, 2, 3, 7, 64, bytes.length])
      expect(await read(bytes, size)).toEqual({ text: `klantnummer;naam\r\n${names}`, encoding: 'WINDOWS-1252' });
  });

  it('reads UTF-8, with or without BOM, in any chunking (a letter cut in two waits for its other half)', async () => {
    for (const bom of [true, false]) {
      const bytes = Buffer.concat([Buffer.from(bom ? [0xef, 0xbb, 0xbf] : []), Buffer.from(names, 'utf8')]);
      for (const size of [1, 2, 3, 5, bytes.length])
        expect(await read(bytes, size)).toEqual({ text: names, encoding: 'UTF-8' });
    }
  });

  it('reads a Windows-1252 letter that ends a chunk or the file after plain ASCII', async () => {
    const bytes = Buffer.from(iconv.encode('a;b\r\nJosé', 'windows-1252'));
    expect(await read(bytes, bytes.length)).toEqual({ text: 'a;b\r\nJosé', encoding: 'WINDOWS-1252' });
    const split = Buffer.from(iconv.encode('Renée;x', 'windows-1252'));
    expect(await read(split, 4)).toEqual({ text: 'Renée;x', encoding: 'WINDOWS-1252' });
  });

  it('refuses two encodings in one file, UTF-16 and binary files, with a Dutch reason', async () => {
    const mixed = Buffer.concat([Buffer.from('Zoë;', 'utf8'), Buffer.from([0x3b, 0xeb, 0x3b])]);
    await expect(read(mixed, 5)).rejects.toThrow(/deels als UTF-8 en deels anders/);
    await expect(read(Buffer.from('\ufeffa;b', 'utf16le'), 100)).rejects.toThrow(/Unicode-tekst \(UTF-16\)/);
    await expect(read(Buffer.from([0x61, 0x00, 0x62]), 100)).rejects.toBeInstanceOf(TextInputError);
  });
});
