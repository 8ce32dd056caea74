import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets are cached for a year, index.html never, and every
 * GET that is neither an API call nor a file answers with index.html (client-side routing).
 */
export const registerWebApp = async (app: FastifyInstance, webDir: string) => {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file (vite.config.ts).
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/api/'),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing asset is a 404, not the app: a stale script must fail loudly, not parse HTML.
    const isAsset = pathname.startsWith('/assets/');
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      if (!hasBuild) return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: `Route ${request.method} ${pathname} not found` });
  });
};
