import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import { ErrorCode, TASK_DOWNLOAD_LINK_TTL_MS, TaskResourceType } from '@portal/contract';
import { withTenant } from '@portal/db';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import { isFileKey, type FileStorage, type UrlSigner } from '../../platform/storage.ts';
import { isDownloadable } from './task.presenter.ts';
import { requireTask } from './task.policy.ts';
import { TaskRepository, type MaterialRow } from './task.repository.ts';
import { reevaluate } from './task-standing.ts';

/** Where the signed links lead (outside the gateway: they answer files, not envelopes). */
export const TASK_ARCHIVE_PATH = '/files/study-task/archive';
export const TASK_FILE_PATH = '/files/study-task/file';
const ARCHIVE_PURPOSE = 'study-task-archive';
const FILE_PURPOSE = 'study-task-file';

/** A file to send: a stream of it (local), or an address to send the browser to (elsewhere). */
export type MaterialFile =
  | { kind: 'stream'; stream: Readable; size: number; fileName: string }
  | { kind: 'redirect'; url: string; fileName: string };

export interface TaskDownloadDeps {
  repo: TaskRepository;
  signer: UrlSigner;
  storage: FileStorage;
  /** The web app's public files (demo media, `/demo/...`). */
  publicDir: string;
}

/**
 * Downloads of a task's material items (issue 20 item 1): a signed, short-lived link to one
 * item's file or to one ZIP of the items open to the learner, each counted when the link is made
 * (`study_task_items.download_count`); a locked item is refused (8004) and never in the archive.
 */
export class TaskDownloads {
  constructor(private readonly d: TaskDownloadDeps) {}

  /** The task's downloadable material items with their lock, re-evaluated for the learner. */
  private async openMaterials(who: Learner, taskId: number) {
    const { repo } = this.d;
    return repo.transaction(async (tx) => {
      const task = requireTask(await repo.viewAssignedTask(tx, who, taskId));
      const ev = await reevaluate(tx, who, task);
      const materialItems = ev.items.filter((s) => s.item.resourceType === TaskResourceType.MATERIAL);
      const materials = await repo.findMaterials(
        tx,
        who.eid,
        materialItems.map((s) => s.item.resourceId),
      );
      return materialItems
        .map((s) => ({ state: s, material: materials.get(s.item.resourceId) }))
        .filter((x): x is { state: typeof x.state; material: MaterialRow } => isDownloadable(x.material));
    });
  }

  /** A link to one ZIP of the task's open downloadable items (8109 none at all, 8004 all locked). */
  async archiveLink(who: Learner, taskId: number) {
    const files = await this.openMaterials(who, taskId);
    if (files.length === 0) throw new AppError(ErrorCode.STUDY_TASK_NOTHING_TO_DOWNLOAD);
    const open = files.filter((f) => !f.state.locked);
    if (open.length === 0) throw new AppError(ErrorCode.STUDY_RESOURCE_LOCKED);
    await this.d.repo.countDownloads(
      who.eid,
      open.map((f) => f.state.item.id),
    );
    const ticket = this.d.signer.seal(
      ARCHIVE_PURPOSE,
      { eid: String(who.eid), taskId: String(taskId), items: open.map((f) => f.state.item.id).join(',') },
      TASK_DOWNLOAD_LINK_TTL_MS,
    );
    const task = await this.d.repo.viewTask(who.eid, taskId);
    return {
      url: `${TASK_ARCHIVE_PATH}?ticket=${encodeURIComponent(ticket)}`,
      fileName: `${safeName(task?.title ?? 'task')}.zip`,
    };
  }

  /** A link to one material item's file (id: the item; 8108 unknown, 8004 locked, 8109 no file). */
  async fileLink(who: Learner, itemId: number) {
    const item = await this.d.repo.viewItem(who.eid, itemId);
    if (!item) throw new AppError(ErrorCode.STUDY_TASK_ITEM_NOT_FOUND);
    const files = await this.openMaterials(who, item.taskId);
    const file = files.find((f) => f.state.item.id === itemId);
    if (!file) throw new AppError(ErrorCode.STUDY_TASK_NOTHING_TO_DOWNLOAD);
    if (file.state.locked) throw new AppError(ErrorCode.STUDY_RESOURCE_LOCKED);
    await this.d.repo.countDownloads(who.eid, [itemId]);
    const ticket = this.d.signer.seal(
      FILE_PURPOSE,
      { eid: String(who.eid), itemId: String(itemId), materialId: String(file.material.id) },
      TASK_DOWNLOAD_LINK_TTL_MS,
    );
    return { url: `${TASK_FILE_PATH}?ticket=${encodeURIComponent(ticket)}`, fileName: fileNameOf(file.material) };
  }

  /** The file a one-file link opens, or null (forged, expired, gone). */
  async fileOf(ticket: string): Promise<MaterialFile | null> {
    const data = this.d.signer.unseal(FILE_PURPOSE, ticket);
    const eid = Number(data?.eid);
    const materialId = Number(data?.materialId);
    if (!data || ![eid, materialId].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
    const materials = await withTenant(eid, () => this.d.repo.findMaterials(this.d.repo.database, eid, [materialId]));
    const material = materials.get(materialId);
    return material ? this.open(material) : null;
  }

  /**
   * The ZIP an archive link opens, streamed as it is made (stored entries: documents are
   * compressed already), or null. Files kept elsewhere (an outside address) are listed in
   * `links.txt` inside it rather than fetched by the server.
   */
  async archiveOf(ticket: string): Promise<{ stream: Readable; fileName: string } | null> {
    const data = this.d.signer.unseal(ARCHIVE_PURPOSE, ticket);
    const eid = Number(data?.eid);
    const taskId = Number(data?.taskId);
    const itemIds = new Set((data?.items ?? '').split(',').map(Number));
    if (!data || ![eid, taskId].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
    const { task, materials } = await withTenant(eid, async () => {
      const task = await this.d.repo.viewTask(eid, taskId);
      const items = (await TaskRepository.findItems(this.d.repo.database, eid, taskId)).filter((i) =>
        itemIds.has(i.id),
      );
      const found = await this.d.repo.findMaterials(
        this.d.repo.database,
        eid,
        items.map((i) => i.resourceId),
      );
      return { task, materials: items.map((i) => found.get(i.resourceId)).filter(isDownloadable) };
    });
    if (!task) return null;
    const out = new PassThrough();
    const zip = new Zip((err, chunk, final) => {
      if (err) {
        out.destroy(err);
        return;
      }
      out.write(chunk);
      if (final) out.end();
    });
    void this.fillArchive(zip, materials, out).catch((err: unknown) => out.destroy(err as Error));
    return { stream: out, fileName: `${safeName(task.title)}.zip` };
  }

  /**
   * The archive's entries, one file after another. A file is read only as fast as the learner
   * takes the archive: stored entries pass each chunk straight to `out`, so once `out` holds its
   * high-water mark the next read waits for it to drain (a slow or stalled download keeps about
   * one chunk in memory, not the whole task's files). A download given up stops the reading.
   */
  private async fillArchive(zip: Zip, materials: MaterialRow[], out: PassThrough): Promise<void> {
    const links: string[] = [];
    const used = new Set<string>();
    for (const m of materials) {
      const file = await this.open(m);
      if (!file) continue;
      if (file.kind === 'redirect') {
        links.push(`${file.fileName}\t${file.url}`);
        continue;
      }
      const entry = new ZipPassThrough(uniqueName(file.fileName, used));
      zip.add(entry);
      for await (const chunk of file.stream) {
        if (out.destroyed) {
          file.stream.destroy();
          return;
        }
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await drained(out);
      }
      entry.push(new Uint8Array(0), true);
    }
    if (links.length > 0) {
      const entry = new ZipPassThrough(uniqueName('links.txt', used));
      zip.add(entry);
      entry.push(new TextEncoder().encode(`${links.join('\r\n')}\r\n`), true);
    }
    zip.end();
  }

  /** A material's file: an upload (`/uploads/<key>`), a public file of the web app, or elsewhere. */
  private async open(m: MaterialRow): Promise<MaterialFile | null> {
    const fileName = fileNameOf(m);
    const url = m.url;
    if (/^https?:\/\//i.test(url) || url.startsWith('//')) return { kind: 'redirect', url, fileName };
    if (!url.startsWith('/')) return null;
    const pathname = decodeURIComponent(url.split(/[?#]/)[0]!);
    if (pathname.startsWith('/uploads/')) {
      const key = pathname.slice('/uploads/'.length);
      if (!isFileKey(key)) return null;
      const opened = await this.d.storage.open(key);
      return opened ? { kind: 'stream', stream: opened.stream, size: opened.size, fileName } : null;
    }
    const root = path.resolve(this.d.publicDir);
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(root + path.sep)) return null;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { kind: 'stream', stream: createReadStream(file), size: info.size, fileName };
    } catch {
      return null;
    }
  }
}

function fileNameOf(m: MaterialRow): string {
  return safeName(m.fileName || m.title || `material-${m.id}`);
}

/** A name safe inside a ZIP and a header: no path separators or control characters. */
function safeName(name: string): string {
  const printable = [...name].map((c) => (c.charCodeAt(0) < 0x20 ? '_' : c)).join('');
  return printable.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'file';
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  used.add(candidate);
  return candidate;
}

/** Resolves when `out` can take more, or is closed (a download given up). */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });
}
