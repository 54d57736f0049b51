import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { Logger } from '../../logger.js';
import type { AppServices } from '../../context.js';
import { restRoute } from '../../http/rest.js';
import { requireContentType } from '../../http/same-origin.js';
import { badInput } from '../../errors.js';
import { sqlTimestamp } from '../auth/auth.service.js';
import { csvLine, writeText } from '../exports/cells.js';
import * as q from './imports.queries.js';
import { ImportFileError } from './types.js';

class TooLarge extends Error {}

/**
 * The media types an import file may arrive as (CSV, XLSX, JSON, or bytes the reader sniffs).
 * application/vnd.ms-excel is how Windows labels .csv files. Never text/plain: docs/security.md.
 */
const IMPORT_TYPES = [
  'text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/json', 'application/octet-stream',
];

/** Counts bytes as they stream to disk and stops the upload past the limit. */
function limitBytes(max: number, seen: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen.bytes += chunk.length;
      done(seen.bytes > max ? new TooLarge() : null, chunk);
    },
  });
}

/**
 * `POST /api/imports?fileName=…&sourceName=…` with the file as the request body (streamed to disk,
 * never buffered): creates an UPLOADED batch and detects its layout, or a FAILED batch with the
 * reason when the file cannot be read. `GET /api/imports/:id/problems.csv` downloads the row problems.
 */
export function importsRouter(services: AppServices, logger: Logger): Router {
  const router = Router();
  const runtime = services.imports;

  router.post('/', requireContentType(IMPORT_TYPES), restRoute(services, logger, 'imports', async (ctx, req, res) => {
    const viewer = ctx.data.viewer();
    viewer.require('import');
    const fileName = String(req.query.fileName ?? '').trim().slice(0, 300);
    const sourceName = String(req.query.sourceName ?? '').trim().slice(0, 200);
    if (!fileName) throw badInput('fileName', 'Give the file name (fileName).');
    if (!sourceName) throw badInput('sourceName', 'Name the source the file comes from (sourceName), e.g. "Oxford City Council".');
    await mkdir(runtime.uploadDir, { recursive: true });
    const id = await q.insertBatch(services.store, { fileName, sourceName, uploadedBy: viewer.user.id, now: sqlTimestamp(new Date()) });
    const filePath = join(runtime.uploadDir, `${id}.upload`);
    const seen = { bytes: 0 };
    try {
      await pipeline(req, limitBytes(runtime.maxBytes, seen), createWriteStream(filePath));
    } catch (error) {
      await rm(filePath, { force: true });
      const message = error instanceof TooLarge
        ? `${fileName} is larger than the ${Math.round(runtime.maxBytes / 1048576)} MB an import may be.`
        : `The upload of ${fileName} was interrupted; try again.`;
      await q.markFailed(services.store, id, message, sqlTimestamp(new Date()));
      // The rest of the body is not read: say so, and close the connection once the answer is out.
      res.setHeader('connection', 'close');
      const socket = req.socket;
      res.on('finish', () => socket?.destroy());
      res.status(error instanceof TooLarge ? 413 : 400).json({ errors: [{ message, extensions: { code: 'IMPORT_INVALID', batchId: String(id) } }] });
      return;
    }
    try {
      await ctx.imports.detect(id, fileName, sourceName, filePath, seen.bytes);
    } catch (error) {
      if (!(error instanceof ImportFileError)) throw error;
      await q.markFailed(services.store, id, error.message, sqlTimestamp(new Date()));
      await rm(filePath, { force: true });
      res.status(422).json({ errors: [{ message: error.message, extensions: { code: 'IMPORT_INVALID', reason: error.reason, batchId: String(id) } }] });
      return;
    }
    res.status(201).json({ data: { id: String(id) } });
  }, { unbounded: true })); // a 200 MB upload is long by design (docs/request-limits.md)

  router.get('/:id/problems.csv', restRoute(services, logger, 'imports', async (ctx, req, res) => {
    const batch = await ctx.imports.batch(String(req.params.id));
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="import-${batch.id}-problems.csv"`);
    await writeText(res, csvLine(['Row', 'Severity', 'Column', 'Code', 'Message', 'Value']));
    for await (const chunk of ctx.data.store.stream(q.allProblems(batch.id), { name: 'imports.problemsCsv' })) {
      await writeText(res, chunk.rows.map((r) => csvLine(r.map((v) => (v === null ? null : typeof v === 'number' ? v : String(v))))).join(''));
    }
  }));

  return router;
}
