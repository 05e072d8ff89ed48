/**
 * After navigation (spec 2): scroll to the hash anchor if present (waiting for content to arrive),
 * else restore the saved position on back/forward, else to the page's main anchor.
 * Consent hashes (#optOut, #optIn, #resetCookieOpt) set the cookie setting and are cleared.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { CONSENT_HASHES, setConsent } from '../../lib/consent.ts';

const positions = new Map<string, number>();
const HASH_WAIT_MS = 4000;

export function ScrollManager() {
  const location = useLocation();
  const navType = useNavigationType();
  const navigate = useNavigate();

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  // Remember where the reader was on each history entry. The key is switched before the new page
  // scrolls, so that scroll is not taken for the old entry's position.
  const keyRef = useRef(location.key);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(keyRef.current, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    const consent = CONSENT_HASHES[location.hash];
    if (consent) {
      void setConsent(consent);
      navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true, preventScrollReset: true });
    }
  }, [location.hash, location.pathname, location.search, navigate]);

  useLayoutEffect(() => {
    // Not read from window.scrollY here: the new page may already have shortened the document.
    keyRef.current = location.key;
    let cancelled = false;
    let timer = 0;
    const started = Date.now();
    const id = decodeURIComponent(location.hash.slice(1));
    if (id && !CONSENT_HASHES[location.hash]) {
      // Content arrives after the route renders: look for the anchor for a while.
      const tryScroll = () => {
        if (cancelled) return;
        // Blocks carry their record id (page-lang-key); a link may name just the key.
        const el =
          document.getElementById(id) ?? document.getElementsByName(id)[0] ?? document.querySelector(`#main [id$="-${CSS.escape(id)}"]`);
        if (el) {
          el.scrollIntoView({ block: 'start' });
          return;
        }
        if (Date.now() - started < HASH_WAIT_MS) timer = window.setTimeout(tryScroll, 100);
      };
      tryScroll();
    } else if (navType === 'POP' && positions.has(location.key)) {
      const y = positions.get(location.key)!;
      const tryRestore = () => {
        if (cancelled) return;
        if (document.documentElement.scrollHeight - window.innerHeight >= y || Date.now() - started > HASH_WAIT_MS) {
          window.scrollTo(0, y);
          // Lazy blocks and images can still change the page's height for a moment (a short page clamps
          // the position): keep setting it for a while, unless the reader has scrolled away meanwhile.
          const settle = (left: number) => {
            if (cancelled || left === 0 || Math.abs(window.scrollY - y) >= 40) return;
            if (Math.round(window.scrollY) !== y) window.scrollTo(0, y);
            timer = window.setTimeout(() => settle(left - 1), 150);
          };
          timer = window.setTimeout(() => settle(14), 150);
          return;
        }
        timer = window.setTimeout(tryRestore, 100);
      };
      tryRestore();
    } else if (navType !== 'REPLACE' || !location.state?.keepScroll) {
      // The main anchor sits at the top of the page content.
      window.scrollTo(0, 0);
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [location.key, location.hash, navType]); // eslint-disable-line react-hooks/exhaustive-deps

  return null;
}
