/**
 * Files (spec section 7, "Files"): editors upload, describe and remove them; everyone lists them and
 * reads them at /files/{filename}, served with the stored content type, an ETag and cache headers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { diff, recordAudit } from '../admin/audit.repository.ts';
import multipart from '@fastify/multipart';
import type { AppContext } from '../../context.ts';
import { HttpError, badRequest, notFound, parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { FILE_MAX_BYTES, FileFieldsSchema, FileListSchema, FileNameSchema, FileSaveSchema } from '../../../domain/validation.ts';
import { disposition, extensionOf, mimeOf, refusal, safeFilename } from './files.safety.ts';
import { checkContent, sanitizeSvg } from './files.content.ts';
import { findFileBytes, findFileMeta, insertFile, listFiles, removeFile, updateFile } from './files.repository.ts';
import { presentFile } from './files.presenter.ts';

const FIELD_MAX_BYTES = 2000;
/** Files never change under a name (a new upload gets a new name), so browsers may keep them a while. */
const CACHE_CONTROL = 'public, max-age=3600';
/** An SVG opened on its own is a document: it gets no scripts, no plugins, no requests. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** True when the If-None-Match header names this ETag (or is '*'). */
function notModified(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

export function filesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  // The multipart parser is registered for the upload route alone; every other route stays JSON-only.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: FIELD_MAX_BYTES, headerPairs: 100 },
    });

    scope.post('/app_files/upload', { config: { action: 'file.write' } }, async (req) => {
      const { actor } = await caller(ctx, req);
      authorize(actor, 'file.write');
      if (!req.isMultipart()) throw badRequest(MSG.uploadForm);
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (part.fieldname === 'thefile') file = { name: part.filename, bytes };
          } else {
            if (part.valueTruncated) throw badRequest(MSG.notValid);
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MSG.fileTooLarge);
        // A form the parser cannot read (cut short, no boundary, too many parts): the sender's fault, never a 500.
        throw badRequest(MSG.uploadForm);
      }
      const meta = parse(FileFieldsSchema, fields);
      if (!file) throw badRequest(MSG.fileMissing);
      if (file.bytes.length === 0) throw badRequest(MSG.fileEmpty);
      const filename = safeFilename(file.name);
      if (refusal(filename, file.bytes)) throw badRequest(MSG.fileRefused);
      const verdict = await checkContent(filename, file.bytes);
      if (verdict === 'notAllowed') throw badRequest(MSG.fileTypeNotAllowed);
      if (verdict === 'mismatch') throw badRequest(MSG.fileTypeMismatch);
      let bytes = file.bytes;
      if (extensionOf(filename) === 'svg') {
        const svg = sanitizeSvg(bytes);
        if (svg === 'active') throw badRequest(MSG.fileRefused);
        if (svg === 'unreadable') throw badRequest(MSG.svgUnreadable);
        bytes = svg.svg;
      }
      const row = await insertFile(db, { filename, title: meta.title || null, context: meta.context, mime: mimeOf(filename), bytes });
      await recordAudit(db, {
        actor: actor!,
        action: 'file.save',
        targetType: 'file',
        target: row.filename,
        changes: { uploaded: true, context: row.context, size: row.size },
      });
      return presentFile(row);
    });
  });

  app.post('/app_files/save', { config: { schema: { body: FileSaveSchema }, action: 'file.write' } }, async (req) => {
    const body = parse(FileSaveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'file.write');
    const before = await findFileMeta(db, body.filename);
    if (!before) throw notFound();
    const fields = { context: body.context, ...(body.title !== undefined ? { title: body.title || null } : {}) };
    await updateFile(db, body.filename, fields);
    await recordAudit(db, {
      actor: actor!,
      action: 'file.save',
      targetType: 'file',
      target: body.filename,
      changes: diff(before as unknown as Record<string, unknown>, fields),
    });
    return presentFile((await findFileMeta(db, body.filename))!);
  });

  app.post('/app_files/list', { config: { schema: { body: FileListSchema }, action: 'file.read' } }, async (req) => {
    const { context } = parse(FileListSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'file.read');
    return (await listFiles(db, context)).map(presentFile);
  });

  app.post('/app_files/get', { config: { schema: { body: FileNameSchema }, action: 'file.read' } }, async (req) => {
    const { filename } = parse(FileNameSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'file.read');
    const meta = await findFileMeta(db, filename);
    if (!meta) throw notFound();
    return presentFile(meta);
  });

  app.post('/app_files/remove', { config: { schema: { body: FileNameSchema }, action: 'file.write' } }, async (req) => {
    const { filename } = parse(FileNameSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'file.write');
    const before = await findFileMeta(db, filename);
    if (!before) throw notFound();
    await removeFile(db, filename);
    await recordAudit(db, {
      actor: actor!,
      action: 'file.remove',
      targetType: 'file',
      target: filename,
      changes: { context: before.context, title: before.title },
    });
    return { ok: true };
  });

  app.get('/files/:filename', { config: { schema: { params: FileNameSchema }, action: 'file.read' } }, async (req, reply) => {
    const { filename } = parse(FileNameSchema, req.params);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'file.read');
    const meta = await findFileMeta(db, filename);
    if (!meta) throw notFound();
    const etag = `"${meta.etag}"`;
    reply
      .header('etag', etag)
      .header('cache-control', CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .header('last-modified', new Date(meta.mtime).toUTCString());
    if (notModified(req, etag)) return reply.status(304).send();
    const bytes = await findFileBytes(db, filename);
    if (!bytes) throw notFound();
    if (meta.mime === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
    return reply.type(meta.mime).header('content-disposition', disposition(meta.filename, meta.mime)).send(bytes);
  });
}
