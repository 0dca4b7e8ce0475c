/**
 * A minimal, safe reader of the pickles `torch.save` writes (protocols 2–4): it builds plain
 * values and never runs anything. Globals become `PyGlobal` markers; calling one (REDUCE,
 * NEWOBJ) builds a `PyCall` record, except for the few torch.save needs, which the caller
 * interprets (torch-checkpoint.ts): `collections.OrderedDict` (a Map),
 * `torch._utils._rebuild_tensor_v2`, `_rebuild_parameter`. Persistent ids (BINPERSID, how tensor
 * storages are referenced) are handed to `persistentLoad`.
 */
import { AppError } from '../../errors.ts';

export class PyGlobal {
  constructor(
    readonly module: string,
    readonly name: string,
  ) {}
  get path(): string {
    return `${this.module}.${this.name}`;
  }
}

export class PyCall {
  state: unknown = undefined;
  constructor(
    readonly fn: PyGlobal,
    readonly args: unknown[],
  ) {}
}

export type Reducer = (fn: PyGlobal, args: unknown[]) => unknown;

export interface PickleOptions {
  persistentLoad(pid: unknown): unknown;
  /** Builds a known global's result; return undefined to keep a PyCall record. */
  reduce?: Reducer;
}

const MARK = Symbol('mark');

function fail(message: string): never {
  throw new AppError('validation_error', `unreadable checkpoint pickle: ${message}`);
}

export function readPickle(data: Uint8Array, options: PickleOptions): unknown {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const stack: unknown[] = [];
  const memo = new Map<number, unknown>();
  let at = 0;
  const popMark = (): unknown[] => {
    const i = stack.lastIndexOf(MARK);
    if (i < 0) fail('MARK missing');
    const items = stack.splice(i);
    items.shift();
    return items;
  };
  const top = (): unknown => stack[stack.length - 1];
  const call = (fn: unknown, args: unknown[]): unknown => {
    if (!(fn instanceof PyGlobal)) fail('call of a non-global');
    if (fn.path === 'collections.OrderedDict') return new Map();
    return options.reduce?.(fn, args) ?? new PyCall(fn, args);
  };
  const setItems = (target: unknown, items: unknown[]) => {
    if (!(target instanceof Map)) fail('SETITEMS on a non-dict');
    for (let i = 0; i + 1 < items.length; i += 2) target.set(items[i], items[i + 1]);
  };
  const str = (n: number): string => {
    const s = buf.toString('utf8', at, at + n);
    at += n;
    return s;
  };
  const line = (): string => {
    const end = buf.indexOf(0x0a, at);
    if (end < 0) fail('unterminated line');
    const s = buf.toString('latin1', at, end);
    at = end + 1;
    return s;
  };
  for (;;) {
    if (at >= buf.length) fail('no STOP');
    const op = buf[at++];
    switch (op) {
      case 0x80:
        at += 1;
        break; // PROTO
      case 0x95:
        at += 8;
        break; // FRAME
      case 0x2e:
        return stack.pop(); // STOP
      case 0x28:
        stack.push(MARK);
        break; // MARK
      case 0x7d:
        stack.push(new Map());
        break; // EMPTY_DICT
      case 0x5d:
        stack.push([]);
        break; // EMPTY_LIST
      case 0x29:
        stack.push([]);
        break; // EMPTY_TUPLE
      case 0x4e:
        stack.push(null);
        break; // NONE
      case 0x88:
        stack.push(true);
        break; // NEWTRUE
      case 0x89:
        stack.push(false);
        break; // NEWFALSE
      case 0x4b:
        stack.push(buf[at]);
        at += 1;
        break; // BININT1
      case 0x4d:
        stack.push(buf.readUInt16LE(at));
        at += 2;
        break; // BININT2
      case 0x4a:
        stack.push(buf.readInt32LE(at));
        at += 4;
        break; // BININT
      case 0x8a: {
        // LONG1
        const n = buf[at++] ?? 0;
        let v = 0n;
        for (let i = n - 1; i >= 0; i--) v = (v << 8n) | BigInt(buf[at + i] ?? 0);
        if (n > 0 && ((buf[at + n - 1] ?? 0) & 0x80) !== 0) v -= 1n << BigInt(8 * n);
        at += n;
        stack.push(Number(v));
        break;
      }
      case 0x47:
        stack.push(buf.readDoubleBE(at));
        at += 8;
        break; // BINFLOAT
      case 0x58: {
        const n = buf.readUInt32LE(at);
        at += 4;
        stack.push(str(n));
        break;
      } // BINUNICODE
      case 0x8c: {
        const n = buf[at++] ?? 0;
        stack.push(str(n));
        break;
      } // SHORT_BINUNICODE
      case 0x8d: {
        const n = Number(buf.readBigUInt64LE(at));
        at += 8;
        stack.push(str(n));
        break;
      }
      case 0x55: {
        const n = buf[at++] ?? 0;
        stack.push(str(n));
        break;
      } // SHORT_BINSTRING
      case 0x54: {
        const n = buf.readUInt32LE(at);
        at += 4;
        stack.push(str(n));
        break;
      } // BINSTRING
      case 0x43: {
        const n = buf[at++] ?? 0;
        stack.push(buf.subarray(at, at + n));
        at += n;
        break;
      }
      case 0x42: {
        const n = buf.readUInt32LE(at);
        at += 4;
        stack.push(buf.subarray(at, at + n));
        at += n;
        break;
      }
      case 0x71:
        memo.set(buf[at] ?? 0, top());
        at += 1;
        break; // BINPUT
      case 0x72:
        memo.set(buf.readUInt32LE(at), top());
        at += 4;
        break; // LONG_BINPUT
      case 0x94:
        memo.set(memo.size, top());
        break; // MEMOIZE
      case 0x68:
        stack.push(memo.get(buf[at] ?? 0));
        at += 1;
        break; // BINGET
      case 0x6a:
        stack.push(memo.get(buf.readUInt32LE(at)));
        at += 4;
        break; // LONG_BINGET
      case 0x63: {
        const module = line();
        stack.push(new PyGlobal(module, line()));
        break;
      } // GLOBAL
      case 0x93: {
        const name = stack.pop() as string;
        stack.push(new PyGlobal(stack.pop() as string, name));
        break;
      }
      case 0x74:
        stack.push(popMark());
        break; // TUPLE
      case 0x85:
        stack.push([stack.pop()]);
        break; // TUPLE1
      case 0x86: {
        const b = stack.pop();
        stack.push([stack.pop(), b]);
        break;
      } // TUPLE2
      case 0x87: {
        const c = stack.pop();
        const b = stack.pop();
        stack.push([stack.pop(), b, c]);
        break;
      }
      case 0x6c:
        stack.push(popMark());
        break; // LIST
      case 0x64: {
        const m = new Map();
        setItems(m, popMark());
        stack.push(m);
        break;
      } // DICT
      case 0x61: {
        const v = stack.pop();
        (top() as unknown[]).push(v);
        break;
      } // APPEND
      case 0x65: {
        const items = popMark();
        (top() as unknown[]).push(...items);
        break;
      } // APPENDS
      case 0x73: {
        const v = stack.pop();
        const k = stack.pop();
        setItems(top(), [k, v]);
        break;
      }
      case 0x75: {
        const items = popMark();
        setItems(top(), items);
        break;
      } // SETITEMS
      case 0x52: {
        const args = stack.pop() as unknown[];
        stack.push(call(stack.pop(), args));
        break;
      }
      case 0x81: {
        const args = stack.pop() as unknown[];
        stack.push(call(stack.pop(), args));
        break;
      }
      case 0x62: {
        const state = stack.pop();
        const obj = top();
        if (obj instanceof PyCall) obj.state = state;
        break;
      }
      case 0x51:
        stack.push(options.persistentLoad(stack.pop()));
        break; // BINPERSID
      default:
        fail(`opcode 0x${(op ?? 0).toString(16)} at byte ${at - 1}`);
    }
  }
}
