// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { b1Problems, readability } from '@rules/readability';

/**
 * The residents' screens read at language level B1 (@rules/readability: Flesch-Douma reading ease, sentence length,
 * no file formats or legal article numbers). The copy is taken from the screens' source with TypeScript's parser: the
 * text of every paragraph-like element (an expression inside it counts as one word), and every other string that reads
 * as a sentence (a lead, a hint, an empty state, a notice). Labels and headings of one or two words are left out of the
 * reading ease: they are not running text.
 */
const SCREENS: Record<string, string[]> = {
  Home: ['routes/HomeScreen.tsx'],
  Winkelwagen: [
    'routes/winkelwagen/CartScreen.tsx',
    'routes/winkelwagen/CartLines.tsx',
    'routes/winkelwagen/ReviewStep.tsx',
    'routes/winkelwagen/OrderPlaced.tsx',
    'routes/winkelwagen/PaymentStatus.tsx',
    'routes/winkelwagen/checkoutErrors.ts',
  ],
  Bestellingen: [
    'routes/account/bestellingen/OrdersScreen.tsx',
    'routes/account/bestellingen/OrderScreen.tsx',
    'routes/account/bestellingen/CancelOrder.tsx',
    'routes/account/bestellingen/UnpaidContribution.tsx',
    'routes/account/bestellingen/PaymentReturnNotice.tsx',
    'routes/account/bestellingen/OnBehalfNote.tsx',
  ],
  Regelingen: ['routes/account/regelingen/AssignmentsScreen.tsx', 'routes/account/regelingen/assignmentLabels.ts'],
  Gegevens: ['routes/account/gegevens/DetailsScreen.tsx'],
  Pas: ['routes/account/pas/CardsScreen.tsx'],
  Aanbod: ['routes/aanbod/CatalogueScreen.tsx', 'routes/aanbod/ProductScreen.tsx'],
  Aanvragen: [
    'routes/aanvragen/ApplyHomeScreen.tsx',
    'routes/aanvragen/ApplyScreen.tsx',
    'routes/aanvragen/ApplyForm.tsx',
    'routes/aanvragen/KnownHousehold.tsx',
    'routes/account/aanvragen/MyApplicationsScreen.tsx',
    'routes/account/aanvragen/MyApplicationScreen.tsx',
  ],
};

const BLOCKS = new Set([
  'p',
  'li',
  'dd',
  'dt',
  'td',
  'th',
  'caption',
  'figcaption',
  'legend',
  'summary',
  'h1',
  'h2',
  'h3',
]);

/** The text of a JSX subtree: its text and string literals, any other expression as one word. */
function jsxText(node: ts.Node): string {
  if (ts.isJsxText(node)) return node.text.replace(/\s+/g, ' ');
  if (ts.isJsxExpression(node)) {
    const e = node.expression;
    if (!e) return '';
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
    if (ts.isJsxElement(e) || ts.isJsxFragment(e)) return jsxText(e);
    return 'iets';
  }
  if (ts.isJsxSelfClosingElement(node)) return 'iets';
  let text = '';
  node.forEachChild((child) => {
    if (ts.isJsxOpeningElement(child) || ts.isJsxClosingElement(child)) return;
    text += jsxText(child);
  });
  return text;
}

/** A string literal's text when it reads as copy: at least three words, a lower-case letter, no code. */
function copyOf(text: string): string | null {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.split(' ').length < 3 || !/[a-zà-ÿ]/.test(t)) return null;
  if (/[{}<>=]|^(query|mutation|fragment)\b|\bgw-|^[./@]/.test(t)) return null;
  return t;
}

/** The copy of one source file (path under src/). */
function copyOfFile(path: string): string[] {
  const file = fileURLToPath(new URL(`../${path}`, import.meta.url));
  const source = ts.createSourceFile(path, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const pieces: string[] = [];
  const visit = (node: ts.Node, inBlock: boolean) => {
    if (ts.isJsxElement(node) && BLOCKS.has(node.openingElement.tagName.getText(source))) {
      const text = jsxText(node).replace(/\s+/g, ' ').trim();
      if (text.split(' ').length >= 3) pieces.push(text);
      return;
    }
    // GraphQL documents are no copy.
    if (
      ts.isTaggedTemplateExpression(node) ||
      (ts.isCallExpression(node) && node.expression.getText(source) === 'graphql')
    )
      return;
    if (ts.isImportDeclaration(node)) return;
    if (!inBlock && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) {
      const text = copyOf(node.text);
      if (text) pieces.push(text);
    } else if (!inBlock && ts.isTemplateExpression(node)) {
      const text = copyOf(node.head.text + node.templateSpans.map((span) => `iets${span.literal.text}`).join(''));
      if (text) pieces.push(text);
      return;
    } else if (!inBlock && ts.isJsxText(node)) {
      const text = copyOf(node.text);
      if (text) pieces.push(text);
    }
    node.forEachChild((child) => visit(child, inBlock));
  };
  visit(source, false);
  // Each piece is a sentence or more: one that does not end like one ends here.
  return pieces.map((p) => (/[.!?:;]$/.test(p) ? p : `${p}.`));
}

describe('the residents’ screens read at B1', () => {
  for (const [screen, files] of Object.entries(SCREENS)) {
    it(screen, () => {
      const text = files.flatMap(copyOfFile).join('\n');
      const r = readability(text);
      if (process.env.COPY_PRINT) console.log(`${screen}\n${text}`);
      expect(r.words, `${screen}: copy found`).toBeGreaterThan(20);
      expect(
        b1Problems(screen, text),
        `leesgemak ${r.readingEase.toFixed(1)}, ${r.averageSentence.toFixed(1)} woorden per zin`,
      ).toEqual([]);
    });
  }
});
