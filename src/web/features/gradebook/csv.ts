/** The gradebook's CSV is the shared spreadsheet-safe CSV of src/web/lib/csv.ts. */
export { csvCell, toCsv } from '../../lib/csv.ts';
