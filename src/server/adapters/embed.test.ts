/**
 * The embed look-up against a small oEmbed server on loopback standing in for the video sites: titles
 * when it answers, the derived embed when it fails, is slow or is unreachable, and one request per video.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedLookup, parseVideoLink, type VideoProvider } from './embed.ts';

describe('parseVideoLink', () => {
  const youtube = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ';
  const cases: [string, string | null][] = [
    ['https://youtu.be/aqz-KE-bpKQ', youtube],
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=42s', youtube],
    ['https://m.youtube.com/watch?v=aqz-KE-bpKQ', youtube],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', youtube],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ', youtube],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://evil.example/watch?v=aqz-KE-bpKQ', null],
    ['https://www.youtube.com.evil.example/watch?v=aqz-KE-bpKQ', null],
    ['https://www.youtube.com/watch?v=<script>', null],
    ['javascript:alert(1)//youtu.be/abcdefgh', null],
    ['https://vimeo.com/about', null],
    ['not a link', null],
  ];
  for (const [link, embed] of cases) {
    it(`${link} -> ${embed ?? 'not a video'}`, () => {
      expect(parseVideoLink(link)?.embedUrl ?? null).toBe(embed);
    });
  }
});

describe('createEmbedLookup against an oEmbed server on loopback', () => {
  let server: http.Server;
  let base = '';
  const hits: string[] = [];
  /** How the stand-in answers each video id. */
  const behaviour: Record<string, 'ok' | 'error' | 'slow' | 'garbage'> = {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const watched = url.searchParams.get('url') ?? '';
      const id = /v=([\w-]+)|vimeo\.com\/(\d+)/.exec(watched)?.slice(1).find(Boolean) ?? '';
      hits.push(`${url.pathname} ${id}`);
      const mode = behaviour[id] ?? 'ok';
      if (mode === 'slow') return void setTimeout(() => res.end('{}'), 1500);
      if (mode === 'error') {
        res.statusCode = 404;
        return void res.end('Not Found');
      }
      res.setHeader('content-type', 'application/json');
      if (mode === 'garbage') return void res.end('{not json');
      res.end(JSON.stringify({ title: `Video ${id}`, thumbnail_url: `https://img.example/${id}.jpg`, html: '<iframe></iframe>' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const endpoints = (): Record<VideoProvider, string> => ({ youtube: `${base}/youtube/oembed`, vimeo: `${base}/vimeo/oembed.json` });

  it('adds the title and thumbnail the video site gives', async () => {
    const embeds = createEmbedLookup({ endpoints: endpoints() });
    expect(await embeds.lookup('https://youtu.be/okVideo001')).toEqual({
      provider: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/okVideo001',
      thumbnail: 'https://img.example/okVideo001.jpg',
      title: 'Video okVideo001',
    });
    expect(await embeds.lookup('https://vimeo.com/123456')).toEqual({
      provider: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/123456',
      thumbnail: 'https://img.example/123456.jpg',
      title: 'Video 123456',
    });
    expect(hits).toContain('/vimeo/oembed.json 123456');
  });

  it('asks the video site once per video (cached), whatever link form names it', async () => {
    const embeds = createEmbedLookup({ endpoints: endpoints() });
    const before = hits.filter((h) => h.endsWith('cachedVid01')).length;
    await embeds.lookup('https://youtu.be/cachedVid01');
    await embeds.lookup('https://www.youtube.com/watch?v=cachedVid01');
    await embeds.lookup('https://www.youtube.com/shorts/cachedVid01');
    expect(hits.filter((h) => h.endsWith('cachedVid01')).length - before).toBe(1);
  });

  it('answers the derived embed without a title when the site fails or answers nonsense', async () => {
    behaviour.failingVid1 = 'error';
    behaviour.garbageVid1 = 'garbage';
    const embeds = createEmbedLookup({ endpoints: endpoints() });
    for (const id of ['failingVid1', 'garbageVid1']) {
      const e = await embeds.lookup(`https://youtu.be/${id}`);
      expect(e).toMatchObject({ provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}` });
      expect(e).not.toHaveProperty('title');
    }
  });

  it('gives up after the time-out', async () => {
    behaviour.slowVideo01 = 'slow';
    const embeds = createEmbedLookup({ endpoints: endpoints(), timeoutMs: 200 });
    const started = Date.now();
    const e = await embeds.lookup('https://youtu.be/slowVideo01');
    expect(Date.now() - started).toBeLessThan(1200);
    expect(e).toMatchObject({ embedUrl: 'https://www.youtube-nocookie.com/embed/slowVideo01' });
    expect(e).not.toHaveProperty('title');
  });

  it('answers the derived embed when nothing listens (offline)', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const embeds = createEmbedLookup({
      endpoints: { youtube: `http://127.0.0.1:${port}/oembed`, vimeo: `http://127.0.0.1:${port}/oembed` },
    });
    expect(await embeds.lookup('https://vimeo.com/42')).toEqual({ provider: 'vimeo', embedUrl: 'https://player.vimeo.com/video/42' });
  });

  it('makes no request at all when the look-up is off, and none for links of other sites', async () => {
    const count = hits.length;
    expect(await createEmbedLookup({ endpoints: null }).lookup('https://youtu.be/offlineVid1')).toMatchObject({ provider: 'youtube' });
    expect(await createEmbedLookup({ endpoints: endpoints() }).lookup('https://evil.example/video/1')).toBeNull();
    expect(hits.length).toBe(count);
  });
});
