/**
 * `npm test`: the whole suite. Unit and API tests (both engines), the fault suite (real processes), then the browser journeys in Debian's
 * Chromium. Prints one closing line `N passed, N failed` summed over every run, which `.ci/run` relays.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const args = process.argv.slice(2);

interface Run {
  name: string;
  config: string;
  owns: (filter: string) => boolean;
}
const isBrowserFile = (f: string) => f.includes('.e2e.') || f.replace(/^\.\//, '').startsWith('e2e/');
const isFaultFile = (f: string) => f.endsWith('.fault.ts');
const allRuns: Run[] = [
  { name: 'unit-api', config: 'vitest.config.ts', owns: (f) => !isBrowserFile(f) && !isFaultFile(f) },
  // The fault suite kills and starves real server processes (about two minutes); its own run, one file at a time.
  { name: 'faults', config: 'vitest.faults.config.ts', owns: isFaultFile },
  { name: 'e2e', config: 'vitest.e2e.config.ts', owns: isBrowserFile },
];
// `npm test -- FILE...` runs only the suites that hold those files (and skips the type check), so a
// filter meant for one suite does not make another find nothing and fail.
// Options that take a value (`-t pattern`) keep it: the value is not a file filter.
const VALUED = new Set(['-t', '--testNamePattern', '--project', '--shard', '--reporter']);
const valueAt = new Set(args.flatMap((a, i) => (VALUED.has(a) ? [i + 1] : [])));
const filters = args.filter((a, i) => !a.startsWith('-') && !valueAt.has(i));
const runs = allRuns.filter(
  (r) => fs.existsSync(r.config) && !args.includes(`--no-${r.name}`) && (filters.length === 0 || filters.some(r.owns)),
);

if (runs.some((r) => r.name === 'e2e')) ensureChromium();

let passed = 0;
let failed = 0;
let crashed = false;
for (const run of runs) {
  const out = path.join(results, `${run.name}.json`);
  fs.rmSync(out, { force: true });
  console.log(`\n=== ${run.name} (${run.config}) ===`);
  const passThrough = args.filter((a, i) => !a.startsWith('--no-') && (a.startsWith('-') || valueAt.has(i) || run.owns(a)));
  const r = spawnSync(
    'vitest',
    ['run', '--config', run.config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...passThrough],
    {
      stdio: 'inherit',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    },
  );
  if (!fs.existsSync(out)) {
    console.error(`${run.name}: the test runner ended (code ${r.status}) without a report`);
    crashed = true;
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numFailedTestSuites: number;
    testResults: { status: string; message?: string; name: string }[];
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load counts as a failure even though no test in it ran.
  const brokenFiles = report.testResults.filter((t) => t.status === 'failed' && t.message);
  failed += brokenFiles.length;
  if (r.status !== 0 && report.numFailedTests === 0 && brokenFiles.length === 0) crashed = true;
}

// The TypeScript check of server, web app and browser tests counts as one test each; so do the lint
// (rules and feature boundaries), the format check and the dead-code check.
if (!args.includes('--no-typecheck') && filters.length === 0) {
  const checks: [string, string, string[]][] = [
    ...['.', 'src/web', 'e2e'].map((project): [string, string, string[]] => [
      `typecheck (tsc -p ${project})`,
      'tsc',
      ['--noEmit', '-p', project],
    ]),
    ['lint (eslint)', 'eslint', ['.']],
    ['format (prettier --check)', 'prettier', ['--check', '.']],
    ['dead code (knip)', 'knip', []],
  ];
  for (const [name, command, commandArgs] of checks) {
    console.log(`\n=== ${name} ===`);
    const r = spawnSync(command, commandArgs, { stdio: 'inherit' });
    if (r.status === 0) passed += 1;
    else failed += 1;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || crashed ? 1 : 0);

/** Browser tests drive Debian's Chromium; install it when it is missing and we may (root, apt). */
function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error('Chromium is missing: install it with `sudo apt-get install -y chromium` to run the browser tests.');
    return;
  }
  console.log("Installing Debian's chromium for the browser tests...");
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
