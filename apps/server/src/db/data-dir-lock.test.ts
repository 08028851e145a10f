import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryLockedError, LOCK_FILE_NAME, lockDataDirectory } from './data-dir-lock';

const held: { release(): void }[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
});

function freshDirectory() {
  return mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
}

/** A pid that no process has: far above the kernel's usual pid_max. */
const DEAD_PID = 2 ** 30;

describe('lockDataDirectory', () => {
  it('claims a directory by writing its own pid into the lock file', () => {
    const directory = freshDirectory();
    held.push(lockDataDirectory(directory));
    const owner = JSON.parse(readFileSync(path.join(directory, LOCK_FILE_NAME), 'utf8'));
    expect(owner.pid).toBe(process.pid);
  });

  it('creates a data directory that does not exist yet', () => {
    const directory = path.join(freshDirectory(), 'nested', 'data');
    held.push(lockDataDirectory(directory));
    expect(existsSync(path.join(directory, LOCK_FILE_NAME))).toBe(true);
  });

  it('refuses a directory held by another running process, naming it and the way out', () => {
    const directory = freshDirectory();
    // The parent of this test process is certainly running.
    writeFileSync(
      path.join(directory, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.ppid, host: hostname() }),
    );
    expect(() => lockDataDirectory(directory)).toThrow(DataDirectoryLockedError);
    expect(() => lockDataDirectory(directory)).toThrow(
      new RegExp(`${directory}.*already in use.*pid ${process.ppid}.*DATA_DIR`),
    );
  });

  it('takes over a lock bearing its own pid: a restarted container often gets the same pid', () => {
    const directory = freshDirectory();
    writeFileSync(
      path.join(directory, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.pid, host: 'old-container' }),
    );
    held.push(lockDataDirectory(directory));
  });

  it('refuses while another process is taking over a stale lock', () => {
    const directory = freshDirectory();
    writeFileSync(
      path.join(directory, LOCK_FILE_NAME),
      JSON.stringify({ pid: DEAD_PID, host: hostname() }),
    );
    mkdirSync(path.join(directory, 'portal.lock.takeover'));
    expect(() => lockDataDirectory(directory)).toThrow(DataDirectoryLockedError);
  });

  it('frees the directory on release', () => {
    const directory = freshDirectory();
    lockDataDirectory(directory).release();
    expect(existsSync(path.join(directory, LOCK_FILE_NAME))).toBe(false);
    held.push(lockDataDirectory(directory));
  });

  it('takes over a lock left behind by a process that no longer runs', () => {
    const directory = freshDirectory();
    const lockFile = path.join(directory, LOCK_FILE_NAME);
    writeFileSync(lockFile, JSON.stringify({ pid: DEAD_PID, host: hostname() }));
    held.push(lockDataDirectory(directory));
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
  });

  it('takes over an unreadable lock file', () => {
    const directory = freshDirectory();
    writeFileSync(path.join(directory, LOCK_FILE_NAME), 'not json');
    held.push(lockDataDirectory(directory));
  });

  it('takes over a stale lock written under another host name (a re-created container)', () => {
    const directory = freshDirectory();
    writeFileSync(
      path.join(directory, LOCK_FILE_NAME),
      JSON.stringify({ pid: DEAD_PID, host: 'other-host' }),
    );
    held.push(lockDataDirectory(directory));
  });

  it('does not remove a lock that another process has taken since', () => {
    const directory = freshDirectory();
    const lock = lockDataDirectory(directory);
    const lockFile = path.join(directory, LOCK_FILE_NAME);
    writeFileSync(lockFile, JSON.stringify({ pid: DEAD_PID, host: 'other-host' }));
    lock.release();
    expect(existsSync(lockFile)).toBe(true);
  });
});
