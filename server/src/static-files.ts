/** Serves the demo and the built bundle from one folder, so one server gives a working online setup. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, relative, sep } from 'node:path';
import { redirect, requestTarget } from './paths.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/**
 * Only these folders of the root are served: never the rooms' database (data/), the sources or the
 * package's own files.
 */
const SERVED = ['demo', 'dist'];

/** Answers a GET or HEAD for a file under `root`; false when there is none (the caller answers 404). */
export async function serveStatic(root: string, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const { pathname, search } = requestTarget(request);
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (path.includes('\0')) return false;
  const file = normalize(join(root, path));
  // Never a file outside the folder, nor a hidden one (.git, .env).
  const inside = (folder: string) => (file + sep).startsWith(normalize(join(root, folder) + sep));
  if (!SERVED.some(inside) || file.split(sep).some((part) => part.startsWith('.') && part.length > 1)) return false;
  let target = file;
  let info = await stat(target).catch(() => null);
  if (info?.isDirectory()) {
    if (!path.endsWith('/')) {
      // To the folder's own path, made from where it is rather than from what was asked (`/.//x/..%2fdemo`).
      const folder = relative(root, file).split(sep).map(encodeURIComponent).join('/');
      redirect(response, 301, `/${folder}/${search}`);
      return true;
    }
    target = join(file, 'index.html');
    info = await stat(target).catch(() => null);
  }
  if (!info?.isFile()) return false;
  response.writeHead(200, {
    'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': 'no-cache',
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(target).pipe(response);
  return true;
}
