/**
 * Resident memory of a process and all its descendants (ffmpeg, speech children), read from
 * /proc as the kernel reports it — the figure the engine's memory bound is about
 * (docs/api/errors.md, "Uploads"). Linux only; elsewhere the test that needs it fails
 * naming /proc.
 */
import fs from 'node:fs';

/** Every live pid whose ancestry reaches `root` (root included). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(name));
    children.set(ppid, list);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

function rssBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** RSS of `root` plus every descendant, in bytes. */
export function treeRss(root: number): number {
  return treeMembers(root).reduce((sum, member) => sum + member.rss, 0);
}

export interface TreeMember {
  pid: number;
  /** The process's name as the kernel shows it (`node`, `ffmpeg`). */
  name: string;
  rss: number;
}

function processName(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

/** Every process of the tree with its RSS: what a peak was made of. */
export function treeMembers(root: number): TreeMember[] {
  if (!fs.existsSync('/proc/self/status'))
    throw new Error('this test reads process memory from /proc (Linux only)');
  return processTree(root).map((pid) => ({ pid, name: processName(pid), rss: rssBytes(pid) }));
}

export interface RssWatch {
  /** Highest tree RSS seen since start (bytes). */
  peak(): number;
  /** The tree at that peak, largest first, e.g. `node 402 MB + ffmpeg 31 MB`. */
  peakMakeup(): string;
  stop(): number;
}

/** Samples the tree's RSS every `everyMs` until stopped; `peak()` is the highest seen. */
export function watchRss(root: number, everyMs = 50): RssWatch {
  let peak = 0;
  let makeup: TreeMember[] = [];
  const sample = (): void => {
    const members = treeMembers(root);
    const total = members.reduce((sum, member) => sum + member.rss, 0);
    if (total > peak) {
      peak = total;
      makeup = members;
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    peak: () => peak,
    peakMakeup: () =>
      makeup
        .filter((member) => member.rss > 0)
        .sort((a, b) => b.rss - a.rss)
        .map((member) => `${member.name} ${(member.rss / 1024 / 1024).toFixed(0)} MB`)
        .join(' + '),
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** The engine's language-model process (llm-child), or null when none runs. */
export function modelProcess(enginePid: number): number | null {
  for (const pid of processTree(enginePid)) {
    if (pid === enginePid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes('llm-child')) return pid;
    } catch {
      // ended
    }
  }
  return null;
}
