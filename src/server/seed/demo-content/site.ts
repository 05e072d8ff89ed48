import type { NavItem, SiteConfig } from '../../../domain/types.ts';
import { LANGS } from './text-types.ts';

export const MAIN_COURSES = ['intro-online-learning', 'community-health-basics'] as const;

/** Id of a course sibling: the main id for English, main id + '-' + lang otherwise. */
export function siblingId(main: string, lang: string): string {
  return lang === 'en' ? main : `${main}-${lang}`;
}

/** The world's sovereign states (UN members plus the two observer states), in English. */
export const countries: string[] = [
  'Afghanistan', 'Albania', 'Algeria', 'Andorra', 'Angola', 'Antigua and Barbuda', 'Argentina', 'Armenia',
  'Australia', 'Austria', 'Azerbaijan', 'Bahamas', 'Bahrain', 'Bangladesh', 'Barbados', 'Belarus', 'Belgium',
  'Belize', 'Benin', 'Bhutan', 'Bolivia', 'Bosnia and Herzegovina', 'Botswana', 'Brazil', 'Brunei', 'Bulgaria',
  'Burkina Faso', 'Burundi', 'Cabo Verde', 'Cambodia', 'Cameroon', 'Canada', 'Central African Republic', 'Chad',
  'Chile', 'China', 'Colombia', 'Comoros', 'Congo', 'Costa Rica', "Côte d'Ivoire", 'Croatia', 'Cuba', 'Cyprus',
  'Czechia', 'Democratic Republic of the Congo', 'Denmark', 'Djibouti', 'Dominica', 'Dominican Republic',
  'Ecuador', 'Egypt', 'El Salvador', 'Equatorial Guinea', 'Eritrea', 'Estonia', 'Eswatini', 'Ethiopia', 'Fiji',
  'Finland', 'France', 'Gabon', 'Gambia', 'Georgia', 'Germany', 'Ghana', 'Greece', 'Grenada', 'Guatemala',
  'Guinea', 'Guinea-Bissau', 'Guyana', 'Haiti', 'Holy See', 'Honduras', 'Hungary', 'Iceland', 'India',
  'Indonesia', 'Iran', 'Iraq', 'Ireland', 'Israel', 'Italy', 'Jamaica', 'Japan', 'Jordan', 'Kazakhstan', 'Kenya',
  'Kiribati', 'Kuwait', 'Kyrgyzstan', 'Laos', 'Latvia', 'Lebanon', 'Lesotho', 'Liberia', 'Libya',
  'Liechtenstein', 'Lithuania', 'Luxembourg', 'Madagascar', 'Malawi', 'Malaysia', 'Maldives', 'Mali', 'Malta',
  'Marshall Islands', 'Mauritania', 'Mauritius', 'Mexico', 'Micronesia', 'Moldova', 'Monaco', 'Mongolia',
  'Montenegro', 'Morocco', 'Mozambique', 'Myanmar', 'Namibia', 'Nauru', 'Nepal', 'Netherlands', 'New Zealand',
  'Nicaragua', 'Niger', 'Nigeria', 'North Korea', 'North Macedonia', 'Norway', 'Oman', 'Pakistan', 'Palau',
  'Palestine', 'Panama', 'Papua New Guinea', 'Paraguay', 'Peru', 'Philippines', 'Poland', 'Portugal', 'Qatar',
  'Romania', 'Russia', 'Rwanda', 'Saint Kitts and Nevis', 'Saint Lucia', 'Saint Vincent and the Grenadines',
  'Samoa', 'San Marino', 'Sao Tome and Principe', 'Saudi Arabia', 'Senegal', 'Serbia', 'Seychelles',
  'Sierra Leone', 'Singapore', 'Slovakia', 'Slovenia', 'Solomon Islands', 'Somalia', 'South Africa',
  'South Korea', 'South Sudan', 'Spain', 'Sri Lanka', 'Sudan', 'Suriname', 'Sweden', 'Switzerland', 'Syria',
  'Tajikistan', 'Tanzania', 'Thailand', 'Timor-Leste', 'Togo', 'Tonga', 'Trinidad and Tobago', 'Tunisia',
  'Turkey', 'Turkmenistan', 'Tuvalu', 'Uganda', 'Ukraine', 'United Arab Emirates', 'United Kingdom',
  'United States', 'Uruguay', 'Uzbekistan', 'Vanuatu', 'Venezuela', 'Vietnam', 'Yemen', 'Zambia', 'Zimbabwe',
];

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
