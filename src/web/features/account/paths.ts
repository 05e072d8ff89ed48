import { USER_PANELS } from '../../../domain/constants.ts';
import { tk } from '../../lib/tk.ts';

export type UserPanel = (typeof USER_PANELS)[number];
export const isPanel = (s: string | undefined): s is UserPanel => !!s && (USER_PANELS as readonly string[]).includes(s);

/**
 * /user/{panel}/* and /user/{panel}? (spec 2): a segment that is not a panel name is a user id shown
 * in the profile panel; /users/profile/enrollment is My Classes; /users/enroll/{courseid}/ takes a course.
 */
export function parseUserPath(splat: string | undefined): { panel: UserPanel; userId?: string; courseId?: string } {
  const parts = (splat ?? '')
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  const [first, second, third] = parts;
  if (!first) return { panel: 'profile' };
  if (!isPanel(first)) return { panel: 'profile', userId: first };
  if (first === 'enroll') return { panel: 'enroll', courseId: second };
  if (isPanel(second)) return { panel: second, userId: third };
  return { panel: first, userId: second };
}

export const panelPath = (panel: UserPanel, userId?: string) => `/user/${panel}${userId ? `/${encodeURIComponent(userId)}` : ''}`;

export const PANEL_TITLES: Record<UserPanel, { self: string; other: string }> = {
  enroll: { self: tk('Enroll in a Course'), other: tk('Enroll in a Course') },
  enrollment: { self: tk('My Classes'), other: tk('Classes') },
  comments: { self: tk('My Comments'), other: tk('User Comments') },
  changepassword: { self: tk('Change Password'), other: tk('Change Password') },
  profile: { self: tk('User Profile'), other: tk('User Profile') },
  sessions: { self: tk('Sessions'), other: tk('Sessions') },
  security: { self: tk('Two-factor sign-in'), other: tk('Two-factor sign-in') },
  mydata: { self: tk('Download my data'), other: tk('Download my data') },
  deleteaccount: { self: tk('Delete my account'), other: tk('Delete my account') },
};
