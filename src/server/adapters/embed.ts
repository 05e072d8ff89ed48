/**
 * Video embed look-up (DESIGN: embed URL derived from the link; oEmbed over HTTPS, cached). The embed URL
 * always comes from the link itself, so the player works offline; oEmbed only adds a title and a
 * thumbnail when the video site answers within the time-out.
 */

export type VideoProvider = 'youtube' | 'vimeo';
export interface Embed {
  provider: VideoProvider;
  embedUrl: string;
  thumbnail?: string;
  title?: string;
}

/** The video sites' own oEmbed endpoints; a test points these at a server on loopback. */
export const OEMBED_ENDPOINTS: Record<VideoProvider, string> = {
  youtube: 'https://www.youtube.com/oembed',
  vimeo: 'https://vimeo.com/api/oembed.json',
};

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const FAILED_LOOKUP_MS = 60_000;
const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{1,15}$/;

interface VideoLink {
  provider: VideoProvider;
  id: string;
  embedUrl: string;
  watchUrl: string;
  thumbnail?: string;
}

/**
 * The video a link names, from the link alone: youtu.be/ID, youtube.com/watch?v=ID, /shorts/ID, /embed/ID,
 * /live/ID, vimeo.com/ID and player.vimeo.com/video/ID. Null for anything else.
 */
export function parseVideoLink(link: string): VideoLink | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    id =
      parts[0] === 'watch'
        ? (url.searchParams.get('v') ?? undefined)
        : ['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '')
          ? parts[1]
          : undefined;
  }
  if (id !== undefined) {
    if (!YOUTUBE_ID.test(id)) return null;
    return {
      provider: 'youtube',
      id,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
      watchUrl: `https://www.youtube.com/watch?v=${id}`,
      thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    };
  }
  if (VIMEO_HOSTS.has(host)) {
    const vimeoId = host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts.find((p) => VIMEO_ID.test(p));
    if (!vimeoId || !VIMEO_ID.test(vimeoId)) return null;
    return {
      provider: 'vimeo',
      id: vimeoId,
      embedUrl: `https://player.vimeo.com/video/${vimeoId}`,
      watchUrl: `https://vimeo.com/${vimeoId}`,
    };
  }
  return null;
}

export interface EmbedLookupOptions {
  /** oEmbed endpoint per provider; null switches the look-up off (the derived embed only). */
  endpoints?: Record<VideoProvider, string> | null;
  timeoutMs?: number;
  /** How many answers are kept, and for how long. */
  cacheSize?: number;
  cacheMs?: number;
}

export interface EmbedLookup {
  /** The embed for a video link, or null when the link is not one of a known video site. */
  lookup(link: string): Promise<Embed | null>;
}

export function createEmbedLookup(opts: EmbedLookupOptions = {}): EmbedLookup {
  const endpoints = opts.endpoints === undefined ? OEMBED_ENDPOINTS : opts.endpoints;
  const timeoutMs = opts.timeoutMs ?? 2000;
  const cacheSize = opts.cacheSize ?? 500;
  const cacheMs = opts.cacheMs ?? 6 * 3600_000;
  const cache = new Map<string, { at: number; ttl: number; value: Promise<Embed> }>();

  async function enrich(video: VideoLink): Promise<Embed> {
    const derived: Embed = {
      provider: video.provider,
      embedUrl: video.embedUrl,
      ...(video.thumbnail ? { thumbnail: video.thumbnail } : {}),
    };
    if (!endpoints) return derived;
    try {
      const url = `${endpoints[video.provider]}?format=json&url=${encodeURIComponent(video.watchUrl)}`;
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      if (!res.ok) return derived;
      const data = (await res.json()) as { title?: unknown; thumbnail_url?: unknown };
      const title = typeof data.title === 'string' ? data.title.slice(0, 300) : undefined;
      const thumb = typeof data.thumbnail_url === 'string' && /^https:\/\//.test(data.thumbnail_url) ? data.thumbnail_url : undefined;
      return { ...derived, ...(thumb ? { thumbnail: thumb } : {}), ...(title ? { title } : {}) };
    } catch {
      // Offline, slow or odd answers: the player still works from the derived URL.
      return derived;
    }
  }

  return {
    async lookup(link) {
      const video = parseVideoLink(link);
      if (!video) return null;
      const key = `${video.provider}:${video.id}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < hit.ttl) return hit.value;
      const entry = { at: Date.now(), ttl: cacheMs, value: enrich(video) };
      // A look-up that found no title is kept only briefly, so the title appears once the site answers again.
      void entry.value.then((e) => {
        if (!e.title) entry.ttl = Math.min(cacheMs, FAILED_LOOKUP_MS);
      });
      cache.delete(key);
      cache.set(key, entry);
      if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
      return entry.value;
    },
  };
}
