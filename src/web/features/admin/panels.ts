/**
 * The admin area's panels: route name, title, one-line description, and the chunk that holds it. Each
 * panel loads on demand, so the dashboard's chart library is fetched only when the dashboard opens.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { tk } from '../../lib/tk.ts';

import type { PanelProps } from './panel-props.ts';

export type { PanelProps };

export interface PanelDef {
  name: string;
  title: string;
  description: string;
  component: LazyExoticComponent<ComponentType<PanelProps>>;
}

const panel = (
  name: string,
  title: string,
  description: string,
  load: () => Promise<{ default: ComponentType<PanelProps> }>,
): PanelDef => ({ name, title, description, component: lazy(load) });

export const PANELS: PanelDef[] = [
  panel(
    'dashboard',
    tk('Dashboard'),
    tk('Key figures and charts: registrations, enrollments, completions, languages and countries.'),
    () => import('./panels/DashboardPanel.tsx'),
  ),
  panel(
    'users',
    tk('Users'),
    tk('Find users, view their profile and classes, change their roles, remove accounts.'),
    () => import('./panels/UsersPanel.tsx'),
  ),
  panel(
    'import',
    tk('Import users'),
    tk('Create and enrol users from a CSV or XLSX file, after a preview of every row.'),
    () => import('./panels/ImportUsersPanel.tsx'),
  ),
  panel(
    'enrollments',
    tk('Enrollments'),
    tk('Enrollments by course and class: edit, remove, add a user to a class.'),
    () => import('./panels/EnrollmentsPanel.tsx'),
  ),
  panel(
    'courses',
    tk('Courses and classes'),
    tk('Every course in every language with its classes.'),
    () => import('./panels/CoursesPanel.tsx'),
  ),
  panel('content', tk('Content'), tk('Pages and blocks of the site, by language.'), () => import('./panels/ContentPanel.tsx')),
  panel(
    'files',
    tk('Files'),
    tk('Upload files, see which page or course each belongs to, remove them.'),
    () => import('./panels/FilesPanel.tsx'),
  ),
  panel(
    'surveys',
    tk('Surveys and responses'),
    tk('Surveys with their responses, also as CSV.'),
    () => import('./panels/SurveysPanel.tsx'),
  ),
  panel(
    'navitems',
    tk('Navigation'),
    tk('The links of the top bar, the menu, the footer and the social icons.'),
    () => import('./panels/NavItemsPanel.tsx'),
  ),
  panel(
    'settings',
    tk('Site settings'),
    tk('Languages, countries, pass percentages and the other site settings.'),
    () => import('./panels/SettingsPanel.tsx'),
  ),
  panel(
    'translations',
    tk('Translations'),
    tk('Translate every label of the interface into each language.'),
    () => import('./panels/TranslationsPanel.tsx'),
  ),
  panel(
    'reports',
    tk('Reports'),
    tk('Enrollments, completions, exams, quiz scores and surveys as tables and CSV; all users as CSV.'),
    () => import('./panels/ReportsPanel.tsx'),
  ),
  panel(
    'audit',
    tk('Audit log'),
    tk('Who changed which user, role, enrollment, translation or setting, and when.'),
    () => import('./panels/AuditPanel.tsx'),
  ),
  panel('crm', tk('CRM'), tk('The CRM connection: settings, contact lookup and sync.'), () => import('./panels/CrmPanel.tsx')),
];

/** /admin/classes/{course}/{class}: one class with its participants. */
export const ClassPanel = lazy(() => import('./panels/ClassPanel.tsx'));

/** Older or shorter names that lead to a panel. */
export const PANEL_ALIASES: Record<string, string> = {
  stats: 'dashboard',
  charts: 'dashboard',
  enrolments: 'enrollments',
  enrollment: 'enrollments',
  navigation: 'navitems',
  nav: 'navitems',
  config: 'settings',
  siteconfig: 'settings',
  localize: 'translations',
  languages: 'translations',
  labels: 'translations',
  integrations: 'crm',
  vcrm: 'crm',
  responses: 'surveys',
  users: 'users',
  user: 'users',
};

export const panelByName = (name: string): PanelDef | undefined => PANELS.find((p) => p.name === (PANEL_ALIASES[name] ?? name));
