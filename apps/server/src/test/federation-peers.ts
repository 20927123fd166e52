import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { expect } from 'vitest';
import type {
  FollowResult,
  FollowStatus,
  Post,
  PublicUser,
  SearchResponse,
  UploadedMedia,
} from '@glimpse/shared';
import { multipart, solidImage } from '../modules/media/media.fixtures.js';
import { createTestApp, type SeededUser, type TestApp } from './harness.js';

/**
 * Glimpse instances that federate with each other in one test process, each behind real https:
 * a throwaway CA made with `openssl` at test time (trusted by this process only, through
 * `tls.setDefaultCACertificates`), a certificate for localhost, and a TLS front on a port of its
 * own that pipes to the app's plain HTTP listener. FEDERATION_ALLOW_PRIVATE lets them fetch each
 * other on loopback.
 */
export interface FederationPeer {
  t: TestApp;
  /** `https://localhost:<port>`, the instance's PUBLIC_ORIGIN. */
  origin: string;
  /** `localhost:<port>`, the host part of its members' handles. */
  host: string;
  close(): Promise<void>;
}

export interface TestCertificates {
  ca: string;
  key: string;
  cert: string;
}

/** A CA and a localhost certificate it signed, made now with openssl. */
export function makeTestCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-ca-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ca.key');
  run(
    'req',
    '-x509',
    '-new',
    '-key',
    'ca.key',
    '-days',
    '1',
    '-subj',
    '/CN=Glimpse test CA',
    '-out',
    'ca.pem',
  );
  run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'leaf.key');
  run('req', '-new', '-key', 'leaf.key', '-subj', '/CN=localhost', '-out', 'leaf.csr');
  fs.writeFileSync(path.join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  run(
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    'ext.cnf',
    '-out',
    'leaf.pem',
  );
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
  const certs = { ca: read('ca.pem'), key: read('leaf.key'), cert: read('leaf.pem') };
  fs.rmSync(dir, { recursive: true, force: true });
  return certs;
}

let trusted = false;
/** This process trusts the test CA from now on (fetch, https), beside the usual roots. */
export function trustTestCa(ca: string): void {
  if (trusted) return;
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), ca]);
  trusted = true;
}

/** TLS on `port` (127.0.0.1), each connection piped to `target` (a plain TCP port). */
export async function startTlsFront(
  port: number,
  target: number,
  certs: TestCertificates,
): Promise<() => Promise<void>> {
  const open = new Set<net.Socket>();
  const server = tls.createServer({ key: certs.key, cert: certs.cert }, (client) => {
    const upstream = net.connect({ host: '127.0.0.1', port: target });
    open.add(client);
    open.add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const s of open) s.destroy();
      server.close(() => resolve());
    });
}

/** One federating instance on https://localhost:<port>. */
export async function startFederationPeer(
  port: number,
  certs: TestCertificates,
  env: Record<string, string> = {},
): Promise<FederationPeer> {
  const origin = `https://localhost:${port}`;
  const t = await createTestApp({
    FEDERATION: 'true',
    FEDERATION_ALLOW_PRIVATE: 'true',
    PUBLIC_ORIGIN: origin,
    ...env,
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const appPort = (t.app.server.address() as net.AddressInfo).port;
  const stopFront = await startTlsFront(port, appPort, certs);
  return {
    t,
    origin,
    host: `localhost:${port}`,
    async close() {
      await stopFront();
      await t.close();
    },
  };
}

/* What a member does on a peer, through its API (inject), for the federation suites. */

/** Polls `check` until it returns a value (not undefined/false): the other server acts on its own time. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function searchOn(peer: FederationPeer, viewer: SeededUser, q: string): Promise<PublicUser[]> {
  const res = await peer.t.app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}&type=users`,
    headers: viewer.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>().results.users;
}

export const followOn = async (peer: FederationPeer, viewer: SeededUser, id: string) => {
  const res = await peer.t.app.inject({
    method: 'POST',
    url: `/api/users/${id}/follow`,
    headers: viewer.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FollowResult>();
};

export const statusOn = async (peer: FederationPeer, viewer: SeededUser, id: string) => {
  const res = await peer.t.app.inject({
    method: 'GET',
    url: `/api/users/${id}/follow-status`,
    headers: viewer.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FollowStatus>();
};

export const followersCountOn = async (peer: FederationPeer, username: string) => {
  const res = await peer.t.app.inject({ method: 'GET', url: `/api/users/profile/${username}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicUser>().stats.followersCount;
};

export async function uploadOn(
  peer: FederationPeer,
  user: SeededUser,
  alt: string,
  size: { width: number; height: number } = { width: 640, height: 480 },
): Promise<UploadedMedia> {
  const body = multipart([{ data: await solidImage(size.width, size.height) }]);
  const res = await peer.t.app.inject({
    method: 'POST',
    url: '/api/posts/upload-media',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...res.json<{ media: UploadedMedia[] }>().media[0]!, altText: alt } as UploadedMedia;
}

export const followingFeedOn = async (peer: FederationPeer, viewer: SeededUser) => {
  const res = await peer.t.app.inject({
    method: 'GET',
    url: '/api/posts?following=true',
    headers: viewer.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ posts: Post[] }>().posts;
};
