/** A test client that sends the same extra headers on every request (a User-Agent, an X-Forwarded-For). */
import { TestClient, type TestServer } from './harness.ts';

export class HeaderClient extends TestClient {
  readonly extra: Record<string, string>;
  constructor(baseUrl: string, extra: Record<string, string>) {
    super(baseUrl);
    this.extra = extra;
  }
  override request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request<T>(method, url, body, { ...this.extra, ...headers });
  }
}

export const clientWith = (server: TestServer, extra: Record<string, string>) => new HeaderClient(server.baseUrl, extra);

export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
export const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
