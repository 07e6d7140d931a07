import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How a route is guarded (ASVS 8.3.1). Every route declares it in its `config`; the guards read the
 * MATCHED route, so every spelling of a path (`/api/…`, `/%61pi/…`, `//api/…`) meets the same guard:
 * - `public`: anyone (health, sign-in, register, password reset, meta.json, the SPA's files …)
 * - `gated`: signed in, also while a registration is pending or the initial password must be changed
 * - `signedIn`: signed in and not gated (SPEC §2)
 * - `optional`: anyone; a session (not gated) is resolved into `request.actor`, else it stays null: the
 *   project folder (SPEC §6 project files), which a signed-in user opens by its rights and an anonymous visitor by the
 *   folder token, checks who asks itself on every call
 * - `viewer`: anyone; a session, gated ones included, is resolved into `request.actor`, else it stays
 *   null: the web app's "who am I" question, which a signed-out visitor asks without it being an error
 *   and a gated user must still be answered (SPEC §2: the profile stays reachable)
 */
export type RouteAuth = 'public' | 'gated' | 'signedIn' | 'optional' | 'viewer';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /**
     * A GET that changes data (SPEC §7 keeps `…/delete`, `…/combine`, `/article/import/abort` … as GET).
     * A cookie session is accepted only with a positive proof of the portal's own origin (ASVS 3.5.3).
     */
    changesData?: boolean;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  auth: RouteAuth | undefined;
  changesData: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared guard, as registered (tests walk it, start-up checks it). */
    declaredRoutes(): DeclaredRoute[];
  }
}

/**
 * Collects every route with its guard declaration and refuses to start when one declares nothing:
 * a new route cannot slip through unguarded by forgetting a line. The check runs when the app is
 * ready (not in `onRoute`), because wrappers such as {@link declarePublicRoutes} set the config of
 * third-party plugins' routes in their own, later `onRoute` hook.
 */
export const routeDeclarations = fp(
  async (app: FastifyInstance) => {
    const registered: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    const declared = (): DeclaredRoute[] =>
      registered.flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
          method,
          url: route.url,
          auth: route.config?.auth,
          changesData: route.config?.changesData === true,
        })),
      );
    app.decorate('declaredRoutes', declared);
    app.addHook('onReady', async () => {
      const undeclared = declared().filter((route) => route.auth === undefined);
      if (undeclared.length > 0) {
        const list = undeclared.map((route) => `${route.method} ${route.url}`).join(', ');
        throw new Error(`Routen ohne Zugriffsangabe (config.auth): ${list}`);
      }
    });
  },
  { name: 'route-declarations' },
);

/** Registers a third-party plugin (API docs, static files) whose routes are all public. */
export async function declarePublicRoutes(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    await register(scope);
  });
}
