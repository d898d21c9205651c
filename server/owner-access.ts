import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * While the server holds the embedded database it writes DATA_DIR/server.json (readable by its
 * user only): its pid, a loopback URL and the token for the owner endpoints. The owner's tool reads
 * it to go through the server instead of opening the data folder.
 */
const accessSchema = z.object({
  pid: z.number().int().positive(),
  url: z.url(),
  token: z.string().min(32),
});
export type OwnerAccess = z.infer<typeof accessSchema>;

export function accessFile(dataDir: string): string {
  return join(dataDir, 'server.json');
}

export function newOwnerToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The URL the owner's tool can reach from this machine, for a server listening on host:port. */
export function loopbackUrl(host: string, port: number): string {
  const unspecified = host === '0.0.0.0' || host === '::' || host === '[::]';
  const target = unspecified
    ? '127.0.0.1'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return `http://${target}:${port}`;
}

export async function writeOwnerAccess(dataDir: string, access: OwnerAccess): Promise<void> {
  await writeFile(accessFile(dataDir), `${JSON.stringify(access)}\n`, { mode: 0o600 });
}

export async function readOwnerAccess(dataDir: string): Promise<OwnerAccess | null> {
  try {
    const parsed = accessSchema.safeParse(JSON.parse(await readFile(accessFile(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Removes the file when it is this process's own. */
export async function removeOwnerAccess(dataDir: string): Promise<void> {
  const access = await readOwnerAccess(dataDir);
  if (access?.pid === process.pid) await rm(accessFile(dataDir), { force: true });
}
