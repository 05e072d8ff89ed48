/** The few icons navigation items may name (NavItem.icon), mapped to Tabler icons. */
import {
  IconBook,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconHome,
  IconInfoCircle,
  IconLanguage,
  IconLifebuoy,
  IconListDetails,
  IconMail,
  IconSchool,
  IconSettings,
  IconUsers,
  IconWorld,
  IconBrandWhatsapp,
  IconBrandTiktok,
  IconRss,
  IconFileText,
  IconChartBar,
  IconLink,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type IconType = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

const ICONS: Record<string, IconType> = {
  home: IconHome,
  info: IconInfoCircle,
  about: IconInfoCircle,
  myclasses: IconSchool,
  classes: IconSchool,
  help: IconLifebuoy,
  howitworks: IconListDetails,
  book: IconBook,
  courses: IconSchool,
  school: IconSchool,
  resources: IconFileText,
  users: IconUsers,
  settings: IconSettings,
  admin: IconSettings,
  language: IconLanguage,
  languages: IconLanguage,
  mail: IconMail,
  contact: IconMail,
  web: IconWorld,
  world: IconWorld,
  reports: IconChartBar,
  rss: IconRss,
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  twitter: IconBrandX,
  x: IconBrandX,
  youtube: IconBrandYoutube,
  whatsapp: IconBrandWhatsapp,
  tiktok: IconBrandTiktok,
};

/** Accepts 'facebook', 'mdi-facebook', 'fab fa-facebook', 'IconBrandFacebook'... */
export function iconFor(name: string | undefined): IconType | null {
  if (!name) return null;
  const key = name
    .toLowerCase()
    .replace(/^.*[\s-]/, '')
    .replace(/^iconbrand|^icon/, '');
  return ICONS[key] ?? null;
}

export function NavIcon({ name, size = 18, fallback = IconLink }: { name?: string; size?: number; fallback?: IconType | null }) {
  const Icon = iconFor(name) ?? fallback;
  // eslint-disable-next-line react-hooks/static-components -- the icon comes from a fixed table of module-level components; nothing is created here
  return Icon ? <Icon size={size} stroke={1.6} aria-hidden /> : null;
}
