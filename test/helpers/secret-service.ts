/**
 * A real Secret Service for tests, started non-interactively: a private D-Bus session bus
 * (dbus-daemon) and Debian's gnome-keyring-daemon on it, its login keyring created and unlocked
 * with a password given on stdin, everything under a temp folder. The Debian packages (dbus,
 * gnome-keyring, libsecret-tools) come from .ci/run's apt list; a missing one fails the test
 * naming it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir } from './temp-dir.ts';

export interface SecretService {
  /** DBUS_SESSION_BUS_ADDRESS of the private bus. */
  address: string;
  /** Environment for processes that should use it. */
  env: Record<string, string>;
  /** `secret-tool lookup` — what the Secret Service itself holds for these attributes. */
  lookup(attributes: Record<string, string>): string | null;
  stop(): Promise<void>;
}

function requireTool(name: string, pkg: string): void {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'pipe' });
  } catch {
    throw new Error(`${name} is required (Debian package ${pkg}; .ci/run installs it)`);
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n')[0];
      if (text.includes('\n') && line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}`));
    });
  });
}

export async function startSecretService(): Promise<SecretService> {
  requireTool('dbus-daemon', 'dbus-daemon');
  requireTool('dbus-send', 'dbus-bin');
  requireTool('gnome-keyring-daemon', 'gnome-keyring');
  requireTool('secret-tool', 'libsecret-tools');
  const temp = makeTempDir('tapehouse-keyring-');
  const runtime = path.join(temp.dir, 'run');
  fs.mkdirSync(runtime, { mode: 0o700 });
  // A session bus WITHOUT service activation: otherwise the first client to ask for the Secret
  // Service could have the bus start a second, locked keyring daemon before ours is up.
  const config = path.join(temp.dir, 'bus.conf');
  fs.writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=${temp.dir}/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  );
  const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const address = await firstLine(bus, 'dbus-daemon');
  const env: Record<string, string> = {
    DBUS_SESSION_BUS_ADDRESS: address,
    HOME: temp.dir,
    XDG_DATA_HOME: path.join(temp.dir, 'data'),
    XDG_RUNTIME_DIR: runtime,
  };
  const keyring = spawn(
    'gnome-keyring-daemon',
    ['--unlock', '--components=secrets', '--foreground'],
    { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  // The login keyring's password, read once from stdin: created and unlocked without a prompt.
  keyring.stdin?.end('tapehouse-test-keyring');
  const lookup = (attributes: Record<string, string>): string | null => {
    try {
      return execFileSync('secret-tool', ['lookup', ...Object.entries(attributes).flat()], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }).toString();
    } catch {
      return null;
    }
  };
  // Ready once the daemon owns the Secret Service's name and a store/lookup round-trip works.
  const until = Date.now() + 15_000;
  for (;;) {
    try {
      const owned = execFileSync(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.DBus',
          '/org/freedesktop/DBus',
          'org.freedesktop.DBus.NameHasOwner',
          'string:org.freedesktop.secrets',
        ],
        { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
      ).toString();
      if (!owned.includes('boolean true')) throw new Error('not yet');
      execFileSync('secret-tool', ['store', '--label=probe', 'probe', 'ready'], {
        env: { ...process.env, ...env },
        input: 'yes',
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      if (lookup({ probe: 'ready' }) === 'yes') break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error('gnome-keyring-daemon did not come up on the bus');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    address,
    env,
    lookup,
    stop: async () => {
      await stopChild(keyring);
      await stopChild(bus);
      temp.cleanup();
    },
  };
}
