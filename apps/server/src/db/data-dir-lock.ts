// PGlite has no lock of its own and two processes writing one data directory silently lose data,
// so the portal claims the directory with a lock file that names its owner.
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${directory} is already in use by another portal process (pid ${ownerPid}). ` +
        'Stop that process first, or set DATA_DIR to another directory. ' +
        `If no such process runs, delete ${path.join(directory, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirectoryLockedError';
  }
}

export const LOCK_FILE_NAME = 'portal.lock';

type LockOwner = { pid: number; host: string };

export type DataDirectoryLock = { release(): void };

function readOwner(lockFile: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the directory for this process or throws DataDirectoryLockedError at once.
 * A lock left by a process that no longer runs on this host is taken over.
 */
export function lockDataDirectory(directory: string): DataDirectoryLock {
  const absolute = path.resolve(directory);
  mkdirSync(absolute, { recursive: true });
  const lockFile = path.join(absolute, LOCK_FILE_NAME);
  const self: LockOwner = { pid: process.pid, host: hostname() };

  // Written aside and linked into place, so nobody ever reads a half-written lock file.
  const draft = `${lockFile}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(self), { mode: 0o600 });
  try {
    return claim(lockFile, draft, self, absolute);
  } finally {
    rmSync(draft, { force: true });
  }
}

function claim(
  lockFile: string,
  draft: string,
  self: LockOwner,
  absolute: string,
): DataDirectoryLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      linkSync(draft, lockFile);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        const owner = readOwner(lockFile);
        if (owner?.pid === self.pid && owner.host === self.host) rmSync(lockFile, { force: true });
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockFile);
      // Another host sharing the directory, or a live process here: the directory is taken.
      if (owner && (owner.host !== self.host || isRunning(owner.pid))) {
        throw new DataDirectoryLockedError(absolute, owner.pid);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirectoryLockedError(absolute, readOwner(lockFile)?.pid ?? 0);
}
