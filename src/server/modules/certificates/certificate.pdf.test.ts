/** The certificate PDF carries its texts as extractable text, Arabic included (shaped, right to left). */
import { describe, expect, it } from 'vitest';
import { renderCertificate } from './certificate.pdf.ts';
import { pdfTextRuns } from './pdf-text.ts';

const base = {
  completed: '2026-10-20',
  organisation: 'Open Learning Commons',
  code: 'ABCD-EFGH-JKLM-NPQR',
  verifyUrl: 'http://localhost:3000/certificate/verify/ABCD-EFGH-JKLM-NPQR',
  labels: (s: string) => s,
};

describe('certificate PDF', () => {
  it('holds the name, the course, the date, the organisation and the code as text', async () => {
    const pdf = await renderCertificate({ ...base, name: 'Zoë Łukasiewicz-Nguyễn', courseTitle: 'Introduction to Online Learning' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Runs in reading order; a name in several scripts is drawn in several fonts, one run each.
    const text = pdfTextRuns(pdf).join('');
    for (const t of [
      'Zoë Łukasiewicz-Nguyễn',
      'Introduction to Online Learning',
      'Open Learning Commons',
      'Certificate of Completion',
      '2026-10-20',
      'ABCD-EFGH-JKLM-NPQR',
    ]) {
      expect(text).toContain(t);
    }
  });

  it('shapes Arabic names and titles and gives them back in reading order', async () => {
    // بنتي and تاريخ use letters whose joined forms share one outline (beh, noon, teh, yeh).
    const name = 'ليلى بنت حداد';
    const title = 'مقدمة في التعلم عبر الإنترنت';
    const pdf = await renderCertificate({ ...base, name, courseTitle: title, labels: (s) => (s === 'Completed on' ? 'تاريخ الإتمام' : s) });
    const runs = pdfTextRuns(pdf);
    expect(runs).toContain(name);
    expect(runs).toContain(title);
    expect(runs).toContain('تاريخ الإتمام ');
    // The date stays left to right inside the Arabic label.
    expect(runs).toContain('2026-10-20');
  });
});
