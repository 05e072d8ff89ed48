/**
 * Demo seed data: site configuration, navigation, content pages in six languages, two courses with a sibling
 * per language plus one inactive course, their lessons and materials, classes, surveys and a demo learner's
 * progress. Data only: the seeding code inserts it. The translatable texts live in ./demo-content/pages/*.ts
 * and ./demo-content/courses/*.ts; the builders next to them add ids, orders and structure.
 */
export { siteConfig, navItems } from './demo-content/site.ts';
export { content } from './demo-content/pages.ts';
export { courses, lessons, materials, classes, surveys } from './demo-content/courses.ts';
export { demoProgress } from './demo-content/progress.ts';
