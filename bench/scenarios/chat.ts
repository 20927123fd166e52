import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { intArg, numArg, type Args } from '../lib/args.js';
import { describeTarget, targetsFrom } from '../lib/dataset.js';
import { serverEnv, tokenFor } from '../lib/env.js';
import { inspectDataset, notSeededMessage, type Member } from '../lib/inspect.js';
import { fmt, percentile, table } from '../lib/report.js';
import { startServer, type ServerHandle } from '../lib/server-process.js';

/** The server's per-member limit (messages.service.ts): 20 messages per 10 s. */
const MEMBER_LIMIT_PER_SECOND = 2;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Ack {
  ok: boolean;
  message?: unknown;
}

/** Runs `fn` over `items` with at most `width` in flight. */
async function pool<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

async function openChat(server: ServerHandle, a: Member, b: Member): Promise<string> {
  const res = await fetch(`${server.url}/api/chats`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenFor(a)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ participantId: b.id }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { id?: string; message?: string };
  if (res.status !== 200 || !body.id)
    throw new Error(`POST /api/chats answered ${res.status}: ${body.message ?? ''}`);
  return body.id;
}

async function connect(server: ServerHandle, member: Member, timeoutMs: number): Promise<Socket> {
  const token = await tokenFor(member);
  return new Promise((resolve, reject) => {
    const socket = io(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
      timeout: timeoutMs,
    });
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`${member.username}: not authenticated within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('authenticated', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('authentication_error', (e: { message: string }) => {
      clearTimeout(timer);
      socket.close();
      reject(new Error(`${member.username}: ${e.message}`));
    });
    socket.once('connect_error', (err: Error) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    });
  });
}

async function deletePrefixedKeys(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  let rounds = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0' && ++rounds < 100_000);
  return deleted;
}

export async function runChat(args: Args): Promise<void> {
  const members = intArg(args, 'members', 1000, 2);
  const rate = numArg(args, 'rate', 500, 1);
  const duration = numArg(args, 'duration', 20, 1);
  // Sent at the same rate before the measured part: the first second pays for V8 compiling the
  // send path and each pool connection preparing its statement (p99 ~57 ms there, ≤ 15 ms after).
  const warmup = numArg(args, 'warmup', 2, 0);
  const processes = intArg(args, 'processes', 1, 1);
  const graceMs = intArg(args, 'grace', 5, 0) * 1000;
  if (processes > 2) {
    console.error('--processes must be 1 or 2');
    process.exit(2);
  }
  if (members % 2 !== 0) {
    console.error('--members must be even (members chat in pairs)');
    process.exit(2);
  }
  if (processes === 2 && args.get('mode') === 'embedded') {
    console.error(
      'two server processes need one shared PostgreSQL database: use --mode postgres (the default with --processes 2)',
    );
    process.exit(2);
  }
  const [target] = targetsFrom(args, processes === 2 ? 'postgres' : 'embedded');
  if (!target) return;
  const useRedis = processes === 2 || args.has('redis');
  const pairs = members / 2;
  const perMember = rate / members;

  console.log(
    `chat: ${members} members in ${pairs} pairs, ${rate} messages/s in total (${perMember.toFixed(2)}/s per member) for ${duration} s after a ${warmup} s warm-up, ` +
      `${processes} server process${processes > 1 ? 'es' : ''}${useRedis ? ' + Redis adapter' : ''}, ${describeTarget(target)}`,
  );
  if (perMember > MEMBER_LIMIT_PER_SECOND) {
    console.log(
      `   note: ${perMember.toFixed(1)} messages/s per member is over the server's limit of ${MEMBER_LIMIT_PER_SECOND}/s: expect refusals ("Too many messages")`,
    );
  }

  const info = await inspectDataset(target, { members });
  if (!info) {
    console.log(notSeededMessage(target));
    return;
  }
  if (info.members.length < members) {
    console.log(
      `the dataset has only ${info.members.length} members; seed more or pass --members ${info.members.length - (info.members.length % 2)}`,
    );
    return;
  }

  const prefix = `glimpse-bench:${process.pid}:${Date.now().toString(36)}:`;
  const redis = useRedis ? new Redis(REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  const servers: ServerHandle[] = [];
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < processes; i++) {
      const extra: Record<string, string> = useRedis ? { REDIS_URL, BENCH_REDIS_PREFIX: prefix } : {};
      servers.push(await startServer({ label: `server ${i + 1}`, env: serverEnv(target, extra) }));
    }
    const serverA = servers[0]!;
    const serverB = servers[servers.length - 1]!;
    const idleRss = servers.map((s) => s.rss() ?? 0);

    // Chats first, so each socket joins its chat room when it signs in.
    const setupStart = performance.now();
    const pairList = Array.from({ length: pairs }, (_, i) => ({
      a: info.members[2 * i]!,
      b: info.members[2 * i + 1]!,
      chatId: '',
    }));
    await pool(pairList, 16, async (p) => {
      p.chatId = await openChat(serverA, p.a, p.b);
    });
    const chatsMs = performance.now() - setupStart;

    const connectStart = performance.now();
    const socketOf = new Map<string, Socket>();
    const everyone = pairList.flatMap((p) => [
      { member: p.a, server: serverA },
      { member: p.b, server: serverB },
    ]);
    await pool(everyone, 50, async ({ member, server }) => {
      const socket = await connect(server, member, 30_000);
      sockets.push(socket);
      socketOf.set(member.id, socket);
    });
    const connectMs = performance.now() - connectStart;
    const connectedRss = servers.map((s) => s.rss() ?? 0);
    servers.forEach((s) => s.resetPeak());
    console.log(
      `   ${pairs} chats opened in ${(chatsMs / 1000).toFixed(1)} s; ${sockets.length} sockets signed in in ${(connectMs / 1000).toFixed(1)} s`,
    );

    // --- the measured run -------------------------------------------------------------------
    const runId = Date.now().toString(36);
    const total = Math.round(rate * (warmup + duration));
    // Messages before this one are the warm-up's: they count for losses, not for latency.
    const measuredFrom = Math.round(rate * warmup);
    const sentAt = new Float64Array(total).fill(-1);
    const ackAt = new Float64Array(total).fill(-1);
    const receivedAt = new Float64Array(total).fill(-1);
    let rejected = 0;
    let ackTimeouts = 0;
    let duplicates = 0;
    let foreign = 0;
    const rejectReasons = new Map<string, number>();
    const marker = `bench:${runId}:`;

    for (const p of pairList) {
      for (const [me, partner] of [
        [p.a, p.b],
        [p.b, p.a],
      ] as const) {
        socketOf.get(me.id)!.on('new_message', (m: { content?: string; sender?: { id?: string } }) => {
          if (typeof m.content !== 'string' || !m.content.startsWith(marker)) return;
          // The sender's own sockets get an echo (with tempId); only the partner's copy counts.
          if (m.sender?.id !== partner.id) return;
          const k = Number(m.content.slice(marker.length).split(' ')[0]);
          if (!Number.isInteger(k) || k < 0 || k >= total) return void foreign++;
          if (receivedAt[k]! >= 0) return void duplicates++;
          receivedAt[k] = performance.now();
        });
      }
    }

    const send = (k: number) => {
      const pair = pairList[k % pairs]!;
      const fromA = Math.floor(k / pairs) % 2 === 0;
      const sender = fromA ? pair.a : pair.b;
      const socket = socketOf.get(sender.id)!;
      sentAt[k] = performance.now();
      socket.timeout(graceMs + 10_000).emit(
        'send_message',
        {
          chatId: pair.chatId,
          content: `${marker}${k} hello from ${sender.username}`,
          messageType: 'text',
          tempId: `t${k}`,
        },
        (err: Error | null, ack?: Ack) => {
          if (err) return void ackTimeouts++;
          if (ack?.ok) ackAt[k] = performance.now();
          else {
            rejected++;
            const reason = String((ack as { message?: unknown } | undefined)?.message ?? 'unknown');
            rejectReasons.set(reason, (rejectReasons.get(reason) ?? 0) + 1);
          }
        },
      );
    };

    const rssSamples: number[][] = servers.map(() => []);
    const rssTimer = setInterval(() => servers.forEach((s, i) => rssSamples[i]!.push(s.rss() ?? 0)), 1000);
    const runStart = performance.now();
    // Wall-clock time of second 0, to line the table up with server or database logs.
    const runStartedAt = new Date().toISOString();
    const cpuStart = servers.map((s) => s.cpuSeconds() ?? 0);
    const benchCpuStart = process.cpuUsage();
    let sent = 0;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - runStart) / 1000) * rate));
        while (sent < due) send(sent++);
        if (sent >= total || performance.now() - runStart > (warmup + duration) * 1000 + 5_000) {
          clearInterval(tick);
          resolve();
        }
      }, 5);
    });
    const sendSeconds = (performance.now() - runStart) / 1000;
    // Grace period: wait for stragglers, no longer than --grace.
    const graceEnd = performance.now() + graceMs;
    while (performance.now() < graceEnd) {
      let outstanding = 0;
      for (let k = 0; k < sent; k++) if (receivedAt[k]! < 0 && ackAt[k]! >= 0) outstanding++;
      const pendingAcks = sent - rejected - ackTimeouts - ackAt.filter((t) => t >= 0).length;
      if (outstanding === 0 && pendingAcks === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    clearInterval(rssTimer);
    const wallSeconds = (performance.now() - runStart) / 1000;
    const serverCpu = servers.map((s, i) => ((s.cpuSeconds() ?? 0) - cpuStart[i]!) / wallSeconds);
    const benchCpuUsage = process.cpuUsage(benchCpuStart);
    const benchCpu = (benchCpuUsage.user + benchCpuUsage.system) / 1e6 / wallSeconds;

    // --- the numbers --------------------------------------------------------------------------
    const e2e: number[] = [];
    const stored: number[] = [];
    let acked = 0;
    let lostAfterAck = 0;
    let received = 0;
    for (let k = 0; k < sent; k++) {
      const measured = k >= measuredFrom;
      if (ackAt[k]! >= 0) {
        acked++;
        if (measured) stored.push(ackAt[k]! - sentAt[k]!);
      }
      if (receivedAt[k]! >= 0) {
        received++;
        if (measured) e2e.push(receivedAt[k]! - sentAt[k]!);
      } else if (ackAt[k]! >= 0) {
        lostAfterAck++;
      }
    }
    e2e.sort((x, y) => x - y);
    stored.sort((x, y) => x - y);
    // Send -> receive by second of the run: whether the tail is spread out or one stall.
    const bySecond: number[][] = [];
    for (let k = 0; k < sent; k++) {
      if (receivedAt[k]! < 0) continue;
      const second = Math.floor((sentAt[k]! - runStart) / 1000);
      (bySecond[second] ??= []).push(receivedAt[k]! - sentAt[k]!);
    }
    const noAnswer = sent - acked - rejected;
    const peakRss = servers.map((s) => s.peakRss());

    console.log(
      `\n## Chat report: ${members} members, ${processes} process${processes > 1 ? 'es' : ''}, ${describeTarget(target)}\n`,
    );
    console.log(
      table(
        ['metric', 'value'],
        [
          [
            'messages sent (warm-up included)',
            `${sent} in ${sendSeconds.toFixed(1)} s (${fmt(sent / sendSeconds, 0)}/s; asked ${rate}/s)`,
          ],
          ['stored (ack ok)', acked],
          [
            'refused (ack ok:false)',
            `${rejected}${rejectReasons.size ? ` (${[...rejectReasons].map(([r, n]) => `${r}: ${n}`).join(', ')})` : ''}`,
          ],
          ['no ack by the end of the grace period (backlog)', noAnswer],
          ['received by the partner', `${received} (${fmt(received / wallSeconds, 0)}/s over send + grace)`],
          [`lost (stored, not received within ${graceMs / 1000} s grace)`, lostAfterAck],
          ['not received at all (any reason)', sent - received],
          ['duplicates at the partner', duplicates + foreign],
          [
            `send -> partner receives p50 / p90 / p99 / max (ms), after the warm-up`,
            `${fmt(percentile(e2e, 50))} / ${fmt(percentile(e2e, 90))} / ${fmt(percentile(e2e, 99))} / ${fmt(e2e[e2e.length - 1])}`,
          ],
          [
            'send -> ack (stored) p50 / p99 (ms), after the warm-up',
            `${fmt(percentile(stored, 50))} / ${fmt(percentile(stored, 99))}`,
          ],
          ...servers.map((_, i): [string, string] => [
            `server ${i + 1} CPU during send + grace`,
            `${fmt(serverCpu[i]! * 100, 0)} % of one core`,
          ]),
          ['bench client (all sockets, one process) CPU', `${fmt(benchCpu * 100, 0)} % of one core`],
          ...servers.map((_, i): [string, string] => [
            `server ${i + 1} RSS idle -> ${sockets.length / processes} sockets -> peak under load (MiB)`,
            `${fmt(idleRss[i], 0)} -> ${fmt(connectedRss[i], 0)} -> ${fmt(peakRss[i], 0)}`,
          ]),
        ],
      ),
    );
    rssSamples.forEach((samples, i) =>
      console.log(`\nserver ${i + 1} RSS each second (MiB): ${samples.map((mib) => fmt(mib, 0)).join(' ')}`),
    );
    console.log(
      `\nsend -> partner receives by second of the run (second 0 began ${runStartedAt}), p50 / p99 / max ms:\n${bySecond
        .map((list, second) => {
          const sorted = [...list].sort((x, y) => x - y);
          const phase = second < warmup ? ' warm-up' : '';
          return `  ${second}s${phase}  ${fmt(percentile(sorted, 50))} / ${fmt(percentile(sorted, 99))} / ${fmt(sorted[sorted.length - 1])}  (${sorted.length})`;
        })
        .join('\n')}`,
    );
  } finally {
    for (const s of sockets) s.close();
    for (const s of servers) await s.stop();
    if (redis) {
      const n = await deletePrefixedKeys(redis, prefix);
      console.log(`\n(cleaned up ${n} Redis keys under ${prefix})`);
      await redis.quit();
    }
  }
}
