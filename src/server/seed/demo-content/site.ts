import type { NavItem, SiteConfig } from '../../../domain/types.ts';
import { LANGS } from './text-types.ts';
import { COUNTRY_CODES } from '../../../domain/countries.ts';

export const MAIN_COURSES = ['intro-online-learning', 'community-health-basics'] as const;

/** Id of a course sibling: the main id for English, main id + '-' + lang otherwise. */
export function siblingId(main: string, lang: string): string {
  return lang === 'en' ? main : `${main}-${lang}`;
}

/** The world's sovereign states (UN members plus the two observer states), as ISO codes. */
export const countries: string[] = [...COUNTRY_CODES];

export const siteConfig: SiteConfig = {
  sitetitle: 'Open Learning Commons',
  defaultlang: 'en',
  publiclanguages: [...LANGS],
  langredirects: { de: '/German' },
  countries,
  materialTypes: ['Introduction', 'Presentation', 'Article', 'Application', 'Quiz', 'Exam', 'Survey'],
  createclasswithoutcerts: false,
  quizpasspercent: 80,
  exampasspercent: 80,
  showeachmaterial: false,
  showinactivecourseswhenenrolled: true,
  truncatecontent: true,
  nolangcoursechange: false,
  maincourses: Object.fromEntries(
    MAIN_COURSES.map((main) => [main, Object.fromEntries(LANGS.map((lang) => [lang, siblingId(main, lang)]))]),
  ),
  defaultcoursesmall: 'intro-online-learning',
  showCookieOptIn: true,
  managecookiesettings: false,
  organizationurl: Object.fromEntries(LANGS.map((lang) => [lang, `https://www.example.org/${lang}`])),
  redirect: undefined,
  registrationdestination: '/Courses',
  poweredby: { title: 'Open Learning Commons', url: 'https://www.example.org' },
  privacygracedays: 14,
  privacyposts: 'keep',
  privacycertnames: false,
  privacyretentiondays: 0,
};

type NavSpec = [key: string, title: string, url: string, groups: string[], icon?: string];

const NAV: NavSpec[] = [
  // top and left drawer
  ['home', 'Home', '/', ['top', 'left']],
  ['howitworks', 'How It Works', '/HowItWorks', ['top', 'left']],
  ['courses', 'Courses', '/Courses', ['top', 'left']],
  ['resources', 'Resources', '/Resources', ['top', 'left']],
  ['about', 'About', '/About', ['top', 'left']],
  ['myclasses', 'My Classes', '/users/profile/enrollment', ['left']],
  // admin
  ['admin', 'Admin', '/admin', ['admin']],
  ['admin-reports', 'Reports', '/admin/reports', ['admin']],
  ['admin-users', 'Users', '/admin/users', ['admin']],
  ['admin-translations', 'Translations', '/admin/translations', ['admin']],
  // footer columns
  ['footer-about', 'About', '/About', ['footer1']],
  ['footer-howitworks', 'How It Works', '/HowItWorks', ['footer1']],
  ['footer-contact', 'Contact', '/About#contact', ['footer1']],
  ['footer-courses', 'Courses', '/Courses', ['footer2']],
  ['footer-resources', 'Resources', '/Resources', ['footer2']],
  ['footer-myclasses', 'My Classes', '/users/profile/enrollment', ['footer2']],
  ['footer-terms', 'Terms of Use', '/Terms_of_Use', ['footer3']],
  ['footer-cookies', 'Cookie preferences', '/OptOutPreferences', ['footer3']],
  ['footer-privacy', 'Privacy notice', '/Privacy', ['footer3']],
  ['footer-register', 'Sign Up', '/register', ['footer4']],
  ['footer-login', 'Login', '/login', ['footer4']],
  ['footer-german', 'German', '/German', ['footer4']],
  // social
  ['social-facebook', 'Facebook', 'https://www.example.org/facebook', ['social'], 'facebook'],
  ['social-youtube', 'YouTube', 'https://www.example.org/youtube', ['social'], 'youtube'],
  ['social-instagram', 'Instagram', 'https://www.example.org/instagram', ['social'], 'instagram'],
  ['social-x', 'X', 'https://www.example.org/x', ['social'], 'x'],
];

export const navItems: NavItem[] = NAV.map(([key, title, url, groups, icon], index) => {
  const item: NavItem = { _id: `nav-${key}`, key, title, url, groups, order: (index + 1) * 10 };
  if (icon) item.icon = icon;
  return item;
});
