/**
 * A process tree's memory, read from /proc (Linux, where the tests run): the resident set of a
 * process and every descendant, and the language-model process among an engine's children.
 */
import fs from 'node:fs';

function children(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (after the parenthesised command, which may hold spaces) is the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

function rss(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Resident bytes of `pid` and all its descendants. */
export function processTreeRss(pid: number): number {
  return rss(pid) + children(pid).reduce((sum, child) => sum + processTreeRss(child), 0);
}

/** The engine's language-model process (llm-child), or null when none runs. */
export function modelProcess(enginePid: number): number | null {
  for (const child of children(enginePid)) {
    try {
      const cmd = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8');
      if (cmd.includes('llm-child')) return child;
    } catch {
      // ended
    }
  }
  return null;
}
