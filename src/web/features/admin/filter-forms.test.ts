import { describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/messages.ts';
import { AuditTableFiltersSchema } from '../../../domain/staff-tables.ts';
import { ReportFiltersSchema } from '../../../domain/validation.ts';
import { zodErrors } from '../../lib/forms.ts';

describe('report and statistics filter forms', () => {
  it('pass no filters, or days in order', () => {
    expect(zodErrors(ReportFiltersSchema, {})).toEqual({});
    expect(zodErrors(ReportFiltersSchema, { period: 'month', from: '2025-01-01', to: '2025-01-01', course: 'c1' })).toEqual({});
  });

  it('refuse a day that is not on the calendar under its own field', () => {
    expect(zodErrors(ReportFiltersSchema, { from: '2026-02-30' })).toEqual({ from: MSG.dateFormat });
    expect(zodErrors(ReportFiltersSchema, { to: '2026-1-5' })).toEqual({ to: MSG.dateFormat });
  });

  it('put a reversed range on the end day, and only between two real days', () => {
    expect(zodErrors(ReportFiltersSchema, { from: '2025-05-01', to: '2025-04-01' })).toEqual({ to: MSG.dateRange });
    expect(zodErrors(ReportFiltersSchema, { from: '2026-02-30', to: '2025-01-01' })).toEqual({ from: MSG.dateFormat });
  });
});

describe('audit filter form', () => {
  it('passes an empty or a typed target, and refuses one the table call would', () => {
    expect(zodErrors(AuditTableFiltersSchema, { target: '' })).toEqual({});
    expect(zodErrors(AuditTableFiltersSchema, { target: ' user-1 ' })).toEqual({});
    expect(zodErrors(AuditTableFiltersSchema, { target: 'x'.repeat(201) })).toEqual({ target: MSG.notValid });
  });
});
