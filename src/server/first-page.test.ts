import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCREEN_MODULES } from '../domain/first-calls.ts';
import { screenPreloads } from './first-page.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe("a screen's code asked for early", () => {
  it('preloads the screen chunk and what it imports, once each, never the entry script', () => {
    const links = screenPreloads({
      'index.html': { file: 'assets/index-a.js', isEntry: true },
      [SCREEN_MODULES.lesson]: { file: 'assets/LessonPage-b.js', imports: ['index.html', '_Input-c.js', '_Radio-d.js'] },
      '_Input-c.js': { file: 'assets/Input-c.js', imports: ['index.html'] },
      '_Radio-d.js': { file: 'assets/Radio-d.js', imports: ['_Input-c.js'] },
    });
    expect(links.get(SCREEN_MODULES.lesson)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/LessonPage-b.js" />' +
        '<link rel="modulepreload" crossorigin href="/assets/Input-c.js" />' +
        '<link rel="modulepreload" crossorigin href="/assets/Radio-d.js" />',
    );
    // A screen missing from the build (or no build at all) gets no links.
    expect(links.has(SCREEN_MODULES.course)).toBe(false);
  });

  it("adds the styles of the screen's chunks, an imported chunk's before its importer's, once each", () => {
    const links = screenPreloads({
      'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/index-a.css'] },
      [SCREEN_MODULES.course]: {
        file: 'assets/CoursePage-b.js',
        imports: ['index.html', '_List-c.js', '_Progress-d.js'],
        css: ['assets/CoursePage-b.css'],
      },
      '_List-c.js': { file: 'assets/List-c.js', imports: ['index.html'], css: ['assets/List-c.css'] },
      '_Progress-d.js': { file: 'assets/Progress-d.js', imports: ['_List-c.js'], css: ['assets/Progress-d.css'] },
    });
    expect(links.get(SCREEN_MODULES.course)).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/List-c.css" />' +
        '<link rel="stylesheet" crossorigin href="/assets/Progress-d.css" />' +
        '<link rel="stylesheet" crossorigin href="/assets/CoursePage-b.css" />' +
        '<link rel="modulepreload" crossorigin href="/assets/CoursePage-b.js" />' +
        '<link rel="modulepreload" crossorigin href="/assets/List-c.js" />' +
        '<link rel="modulepreload" crossorigin href="/assets/Progress-d.js" />',
    );
  });

  it('names modules the router really loads on demand', () => {
    const router = fs.readFileSync(path.resolve(here, '../web/app/router.tsx'), 'utf8');
    for (const module of Object.values(SCREEN_MODULES)) expect(router).toContain(`import('../${module}')`);
  });
});
