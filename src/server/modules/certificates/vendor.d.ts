/** Types for the two certificate libraries that ship none (only what certificate.pdf.ts uses). */
declare module 'pdfkit' {
  // pdfkit's document: drawing calls chain; fonts are registered from buffers. Used through a narrow surface.
  const PDFDocument: new (options?: Record<string, unknown>) => any;
  export default PDFDocument;
}

declare module 'bidi-js' {
  interface Bidi {
    getEmbeddingLevels(
      text: string,
      direction?: 'ltr' | 'rtl',
    ): { levels: Uint8Array; paragraphs: { start: number; end: number; level: number }[] };
    getMirroredCharactersMap(text: string, levels: Uint8Array, start?: number, end?: number): Map<number, string>;
  }
  export default function bidiFactory(): Bidi;
}
