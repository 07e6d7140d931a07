import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * The security headers of every answer (helmet in app.ts): a CSP that allows no <base> element, and HSTS
 * only where the portal's PUBLIC_URL is HTTPS (a plain-HTTP intranet installation must stay reachable).
 */

let plain: TestContext;
let secure: TestContext;
beforeAll(async () => {
  plain = await createTestApp();
  // A second process on the same database, configured for HTTPS.
  secure = await createTestApp({ sharedDatabase: plain.database, publicUrl: 'https://portal.example.de' });
});
afterAll(async () => {
  await secure?.close();
  await plain?.close();
});

/** The directives of a Content-Security-Policy header by name. */
function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

describe('security headers', () => {
  it('HSTS only behind https', async () => {
    const overHttp = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(overHttp.statusCode).toBe(200);
    expect(overHttp.headers).not.toHaveProperty('strict-transport-security');

    const overHttps = await secure.app.inject({ method: 'GET', url: '/api/health' });
    expect(overHttps.statusCode).toBe(200);
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it("the CSP allows no <base> element (base-uri 'none'), over http and https", async () => {
    for (const context of [plain, secure]) {
      const response = await context.app.inject({ method: 'GET', url: '/api/health' });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('base-uri')).toBe("'none'");
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
    }
    // Only an https installation asks the browser to upgrade its requests.
    const overHttp = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(directives(overHttp.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      false,
    );
    const overHttps = await secure.app.inject({ method: 'GET', url: '/api/health' });
    expect(directives(overHttps.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });

  it('API answers, errors included, are not stored by browsers or proxies', async () => {
    for (const url of ['/api/health', '/api/legal/avv', '/api/gibt-es-nicht']) {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
