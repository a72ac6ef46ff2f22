import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF (Chromium's output compresses it; pdf.js decodes it). */
export async function pdfText(data: Buffer): Promise<string> {
  const loading = getDocument({ data: new Uint8Array(data), useSystemFonts: false });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await loading.destroy();
  return pages.join('\n');
}
