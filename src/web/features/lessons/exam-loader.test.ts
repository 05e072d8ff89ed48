import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../domain/messages.ts';
import { examQuestions } from './api.ts';

describe('exam loader (spec 8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs 'Failed to get exam because course ID is missing.' and asks the server nothing without a course", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetched = vi.spyOn(globalThis, 'fetch');
    for (const course of [undefined, '']) expect(await examQuestions(course)).toEqual([]);
    expect(logged.mock.calls).toEqual([[MSG.examNoCourse], [MSG.examNoCourse]]);
    expect(MSG.examNoCourse).toBe('Failed to get exam because course ID is missing.');
    expect(fetched).not.toHaveBeenCalled();
  });
});
