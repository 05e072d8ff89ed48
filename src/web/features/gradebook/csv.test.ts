import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('gradebook CSV', () => {
  it('starts with a UTF-8 BOM, quotes what needs it and ends lines with CRLF', () => {
    const out = toCsv(
      ['Learner', 'Résultat'],
      [
        ['Ana "Ani" Silva', '80%'],
        ['ليلى حداد', 'a,b'],
      ],
    );
    expect(out.charCodeAt(0)).toBe(0xfeff);
    expect(out.slice(1).split('\r\n')).toEqual(['Learner,Résultat', '"Ana ""Ani"" Silva",80%', 'ليلى حداد,"a,b"', '']);
  });
  it('keeps spreadsheet formulas inert but leaves negative numbers alone', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell(undefined)).toBe('');
  });
});
