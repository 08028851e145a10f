// PGlite has no lock of its own and two processes writing one data directory silently lose data,
// so the portal claims the directory with a lock file that names its owner.
import {
  linkSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'portal.lock';
/** A process taking over a stale lock holds this directory meanwhile (mkdir is atomic). */
const TAKEOVER_DIRECTORY = 'portal.lock.takeover';
/** A takeover never takes this long; an older takeover directory was left by a crash. */
const TAKEOVER_STALE_MS = 10_000;

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

type LockOwner = { pid: number; host: string };

export type DataDirectoryLock = { release(): void };

function readOwner(lockFile: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number'
      ? { pid: owner.pid, host: String(owner.host ?? '') }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock's owner still runs. Our own pid counts as gone: a restarted container gets
 * the same pid (often 1) as the process that crashed and left the lock. The host is not
 * compared: a re-created container has a new host name, and an embedded database on a volume
 * shared by two machines is not supported anyway.
 */
function ownerRuns(owner: LockOwner) {
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the directory for this process or throws DataDirectoryLockedError at once. A lock left
 * by a process that no longer runs is taken over, by one process only.
 */
export function lockDataDirectory(directory: string): DataDirectoryLock {
  const absolute = path.resolve(directory);
  mkdirSync(absolute, { recursive: true });
  const lockFile = path.join(absolute, LOCK_FILE_NAME);
  // Written aside and linked into place, so nobody ever reads a half-written lock file.
  const draft = `${lockFile}.${process.pid}`;
  writeFileSync(draft, JSON.stringify({ pid: process.pid, host: hostname() }), { mode: 0o600 });
  try {
    if (!tryLink(draft, lockFile)) {
      const owner = readOwner(lockFile);
      if (owner && ownerRuns(owner)) throw new DataDirectoryLockedError(absolute, owner.pid);
      takeOver(absolute, lockFile, draft);
    }
  } finally {
    rmSync(draft, { force: true });
  }
  return lockHandle(lockFile);
}

function tryLink(draft: string, lockFile: string) {
  try {
    linkSync(draft, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Replaces a stale lock while holding the takeover directory, so two starters cannot both win. */
function takeOver(directory: string, lockFile: string, draft: string) {
  const mutex = path.join(directory, TAKEOVER_DIRECTORY);
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (Date.now() - statSync(mutex).mtimeMs < TAKEOVER_STALE_MS) {
      throw new DataDirectoryLockedError(directory, readOwner(lockFile)?.pid ?? 0);
    }
    rmdirSync(mutex);
    mkdirSync(mutex);
  }
  try {
    // Decide again inside the mutex: another starter may have taken over in the meantime.
    const owner = readOwner(lockFile);
    if (owner && ownerRuns(owner)) throw new DataDirectoryLockedError(directory, owner.pid);
    rmSync(lockFile, { force: true });
    if (!tryLink(draft, lockFile))
      throw new DataDirectoryLockedError(directory, readOwner(lockFile)?.pid ?? 0);
  } finally {
    rmdirSync(mutex);
  }
}

function lockHandle(lockFile: string): DataDirectoryLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readOwner(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
  };
  process.on('exit', release);
  return { release };
}
