/**
 * Readability of Dutch text, for the tests that hold the residents' copy to language level B1 (the government's
 * plain-language norm: short sentences, common words). Not used at run time.
 *
 * The measure is the Flesch-Douma reading ease: Flesch's Reading Ease (Flesch 1948) with the weights W.H. Douma fitted
 * for Dutch ("De leesbaarheid van landbouwbladen", Wageningen 1960):
 *
 *   206.835 − 0.93 × (words / sentences) − 77 × (syllables / words)
 *
 * Higher is easier: 60–70 reads as "redelijk makkelijk", the range of B1 texts; below 50 is "moeilijk". Syllables are
 * counted the Dutch way: a run of vowel letters is one syllable ("leeuw", "nieuw", "draai", "ij"), a trema starts a new
 * one ("België", "beëindigen"), so does a vowel after "aai", "ooi", "oei" ("draaien"), and every word has at least one.
 */

/** The B1 limits the copy tests hold every resident page to. */
export const B1 = {
  /** Flesch-Douma reading ease of a page's running text, at least. */
  minReadingEase: 60,
  /** Words per sentence on a page, on average at most. */
  maxAverageSentence: 15,
  /** Words in one sentence, at most. */
  maxSentence: 25,
} as const;

const TREMA = /[äëïöü]/;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** The words of a text (letters and digits; "e-mailadres" and "foto’s" are one word each). */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Dutch syllables of one word (see above). */
export function syllables(word: string): number {
  const w = word.toLowerCase();
  let count = 0;
  let inVowels = false;
  for (const ch of w) {
    const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
    const vowel = /[aeiouy]/.test(plain);
    if (vowel && (!inVowels || TREMA.test(ch))) count++;
    inVowels = vowel;
  }
  // "aai", "ooi", "oei", "uui" before a vowel end a syllable: "draai-en", "mooi-e", "groei-en".
  count += (w.match(/(?:aa|oo|oe|uu)i(?=[aeiou])/g) ?? []).length;
  return Math.max(1, count);
}

/**
 * The sentences of a text: ended by ".", "!" or "?" (not inside a number or an abbreviation such as "bijv."), a colon
 * or semicolon at the end of a line, or a line break (a heading, a list item). Markdown marks are left out.
 */
export function sentencesOf(text: string): string[] {
  const plain = text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]+/g, ' ')
    .replace(/^\s*[-+]\s+/gm, '');
  return plain
    .split(/\n+|(?<=[.!?])\s+(?=[^a-z])|(?<=[;:])\s*\n/u)
    .map((s) => s.trim())
    .filter((s) => wordsOf(s).length > 0);
}

export interface Readability {
  sentences: number;
  words: number;
  syllables: number;
  /** Words per sentence. */
  averageSentence: number;
  /** Flesch-Douma reading ease. */
  readingEase: number;
  /** The longest sentence and its number of words. */
  longest: { sentence: string; words: number };
}

/** The Flesch-Douma figures of a text (its sentences as `sentencesOf` finds them). */
export function readability(text: string): Readability {
  const sentences = sentencesOf(text);
  let words = 0;
  let syl = 0;
  let longest = { sentence: '', words: 0 };
  for (const sentence of sentences) {
    const ws = wordsOf(sentence);
    words += ws.length;
    for (const w of ws) syl += syllables(w);
    if (ws.length > longest.words) longest = { sentence, words: ws.length };
  }
  const averageSentence = sentences.length ? words / sentences.length : 0;
  const averageSyllables = words ? syl / words : 0;
  return {
    sentences: sentences.length,
    words,
    syllables: syl,
    averageSentence,
    readingEase: words ? 206.835 - 0.93 * averageSentence - 77 * averageSyllables : 100,
    longest,
  };
}

/** Words and references that do not belong in running text for residents: a file format, a legal article number. */
const JARGON: { pattern: RegExp; reason: string }[] = [
  { pattern: /\bJSON\b/i, reason: 'de naam van een bestandsformaat (JSON)' },
  { pattern: /\bartikel\s+\d/i, reason: 'een wetsartikel met nummer' },
  { pattern: /\blid\s+\d/i, reason: 'een lid van een wetsartikel' },
];

/**
 * What keeps a text from B1: a reading ease or average sentence length past the limits, sentences that are too long,
 * jargon. Empty when the text is fine. `label` names the text in the messages.
 */
export function b1Problems(label: string, text: string): string[] {
  const problems: string[] = [];
  const r = readability(text);
  if (r.words >= 20 && r.readingEase < B1.minReadingEase)
    problems.push(`${label}: leesgemak ${r.readingEase.toFixed(1)} (Flesch-Douma), minstens ${B1.minReadingEase}`);
  if (r.sentences >= 3 && r.averageSentence > B1.maxAverageSentence)
    problems.push(
      `${label}: gemiddeld ${r.averageSentence.toFixed(1)} woorden per zin, hoogstens ${B1.maxAverageSentence}`,
    );
  for (const sentence of sentencesOf(text)) {
    const n = wordsOf(sentence).length;
    if (n > B1.maxSentence) problems.push(`${label}: zin van ${n} woorden: "${sentence}"`);
  }
  for (const { pattern, reason } of JARGON) {
    const hit = text.match(pattern);
    if (hit) problems.push(`${label}: ${reason}: "${hit[0]}"`);
  }
  return problems;
}
