/**
 * The text of a PDF as a reader extracts it (pdf.js, as the portal's document viewer uses it), for
 * tests: every text item of every page in order, joined by line breaks. Used by the API tests of
 * certificates; the browser tests have their own copy (e2e is a package of its own).
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item) lines.push(item.str);
    }
    return lines.join('\n');
  } finally {
    await doc.destroy();
  }
}
