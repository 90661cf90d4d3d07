/**
 * The page: files of the package's `web/` folder served at `/` (`/` is index.html), GET and HEAD only, with
 * their content type and a Content-Security-Policy that lets the page load nothing from any other host. Only
 * regular files inside the folder are served: no listings, no dot files, no way out through `..` or links.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendBytes } from './respond.js';

/** The package's web folder (from src/http or dist/http alike). */
export const defaultWebRoot = fileURLToPath(new URL('../../web/', import.meta.url));

export const PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Files larger than this are not the page's. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface StaticSite {
  /** Serves `path` from the folder when it names a file there (true); else leaves the request alone. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}

export function createStaticSite(root: string = defaultWebRoot): StaticSite {
  let realRoot: Promise<string | undefined> | undefined;
  const rootPath = (): Promise<string | undefined> =>
    (realRoot ??= realpath(root).then(
      (path) => path,
      () => undefined,
    ));
  return {
    async handle(req, res, path) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      let decoded: string;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        return false;
      }
      const relative = decoded === '/' ? 'index.html' : decoded.slice(1);
      const parts = relative.split('/');
      if (
        parts.some(
          (part) => part === '' || part.startsWith('.') || part.includes('\\') || part.includes('\0'),
        )
      )
        return false;
      const type = TYPES[extname(relative).toLowerCase()];
      if (type === undefined) return false;
      const base = await rootPath();
      if (base === undefined) return false;
      let file: string;
      try {
        file = await realpath(join(base, ...parts));
        if (!file.startsWith(base + sep)) return false;
        const info = await stat(file);
        if (!info.isFile() || info.size > MAX_FILE_BYTES) return false;
      } catch {
        return false;
      }
      const bytes = await readFile(file);
      sendBytes(req, res, bytes, type, {
        'content-security-policy': PAGE_CSP,
        'cache-control': 'no-cache',
      });
      return true;
    },
  };
}
