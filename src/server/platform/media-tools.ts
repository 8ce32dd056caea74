/**
 * Where ffmpeg and ffprobe are: FFMPEG_PATH / FFPROBE_PATH when set, else the ones on PATH,
 * else the binaries shipped in @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe, so that
 * `npm install` is all a newcomer needs.
 */
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (name: string, envPath: string): string | undefined => {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, process.platform === 'win32' ? `${name}.exe` : name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
};

const fromPackage = (pkg: string): string | undefined => {
  try {
    const found = createRequire(import.meta.url)(pkg) as { path?: string };
    return found.path && isExecutable(found.path) ? found.path : undefined;
  } catch {
    return undefined;
  }
};

const locate = (name: string, env: NodeJS.ProcessEnv, pkg: string): string => {
  const configured = env[`${name.toUpperCase()}_PATH`]?.trim();
  if (configured) return configured;
  const found = onPath(name, env.PATH ?? '') ?? fromPackage(pkg);
  if (!found) throw new Error(`${name} not found: set ${name.toUpperCase()}_PATH, put ${name} on PATH or run npm install`);
  return found;
};

const lookUp = (env: NodeJS.ProcessEnv): MediaTools => ({
  ffmpeg: locate('ffmpeg', env, '@ffmpeg-installer/ffmpeg'),
  ffprobe: locate('ffprobe', env, '@ffprobe-installer/ffprobe'),
});

let cached: MediaTools | undefined;

/** The ffmpeg and ffprobe executables (looked up once per process for the real environment). */
export const mediaTools = (env: NodeJS.ProcessEnv = process.env): MediaTools => {
  if (env !== process.env) return lookUp(env);
  cached ??= lookUp(env);
  return cached;
};
